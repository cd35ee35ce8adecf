/**
 * Saved searches: a buyer keeps a search by name and is told of each new car that matches it, at
 * once or in a daily digest (their choice per search).
 */
import { z } from 'zod';
import { oneLineText } from './common.ts';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX } from './constants.ts';
import { routePatterns } from './routes.ts';
import { type CarSearchFilters, carSearchFiltersSchema } from './search.ts';
import { isNarrowing } from './search-filters.ts';

/** When a saved search tells of new cars: each at once, or those of a day in one notification. */
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

const nameSchema = oneLineText('Name', SAVED_SEARCH_NAME_MAX);
const frequencySchema = z.enum(ALERT_FREQUENCIES, { error: 'Alert at once (instant) or once a day (daily)' });

export const savedSearchInputSchema = z.object({
  name: nameSchema,
  filters: carSearchFiltersSchema,
  frequency: frequencySchema.default('instant'),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** A rename or a new frequency, or both. */
export const savedSearchChangeSchema = z
  .object({ name: nameSchema.optional(), frequency: frequencySchema.optional() })
  .refine(
    (change) => change.name !== undefined || change.frequency !== undefined,
    'Give a name or a frequency',
  );
export type SavedSearchChange = z.infer<typeof savedSearchChangeSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: carSearchFiltersSchema,
  frequency: frequencySchema,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema).max(SAVED_SEARCHES_MAX) });

/** The filters' names in the search page's order. */
const FILTER_NAMES = Object.keys(carSearchFiltersSchema.shape) as (keyof CarSearchFilters)[];

/**
 * The filters that narrow the search, in the search page's order (a stored search's keys come in
 * the database's): without empty text or lists, nor `verified: false`; each list's values once.
 */
export function narrowingFilters(filters: CarSearchFilters): CarSearchFilters {
  const kept: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (isNarrowing(value)) kept[name] = Array.isArray(value) ? [...new Set(value)] : value;
  }
  return kept as CarSearchFilters;
}

/** The search page's address of these filters (`/cars?brand=Porsche&priceMax=…`), in the API's terms. */
export function searchPathOf(filters: CarSearchFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(narrowingFilters(filters)))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  const query = params.toString();
  return query ? `${routePatterns.search}?${query}` : routePatterns.search;
}
