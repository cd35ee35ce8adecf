/**
 * What the car search searches in its text, shared so that the search page knows when a text has
 * nothing to search for (only emoji or punctuation) instead of claiming results for it. No zod here:
 * the search page shows it without loading the schemas (docs/decisions/0002).
 */
import { SEARCH_WORDS_MAX } from './constants.ts';

/**
 * The searched words: runs of letters and digits 0-9, at least two characters, each once. Nothing
 * else reaches a text-search query (ADR 19).
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.split(/[^\p{L}0-9]+/u).filter((word) => word.length >= 2);
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, SEARCH_WORDS_MAX);
}
