/**
 * Which of a search's filters narrow it, read without zod: the saved searches' rules
 * (saved-searches.ts) and the search page's Save this search button (ADR 2) read them alike.
 */
import type { CarSearchFilters } from './search.ts';

/** Whether one filter's value narrows the search: not empty text or an empty list, nor `verified: false`. */
export const isNarrowing = (value: unknown): boolean =>
  value !== undefined && value !== '' && value !== false && !(Array.isArray(value) && value.length === 0);

/**
 * Whether the filters narrow the search at all: a saved search must (or every car would match it).
 * A place alone (`near` without a radius) measures distances and keeps every car.
 */
export const hasFilters = (filters: CarSearchFilters): boolean =>
  Object.entries(filters).some(([name, value]) => name !== 'near' && isNarrowing(value));
