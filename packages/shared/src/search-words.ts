/**
 * What the car search searches in its text, shared so that the search page knows when a text has
 * nothing to search for (only emoji or punctuation) instead of claiming results for it. No zod here:
 * the search page shows it without loading the schemas (docs/decisions/0002).
 */
import { COLOURS, SEARCH_WORDS_MAX, type SearchSpecFacet } from './constants.ts';

/**
 * The searched words: runs of letters and digits 0-9, at least two characters, each once. Nothing
 * else reaches a text-search query (ADR 19).
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.split(/[^\p{L}0-9]+/u).filter((word) => word.length >= 2);
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, SEARCH_WORDS_MAX);
}

/**
 * The words of a buyer that name a value of a facet ("diesel", "wagon", "manual", "red", "awd"),
 * the one table of them: such a word of the search matches the cars with that value as well as
 * those whose text has it, and ranks the cars with the value first (ADR 44).
 */
const FACET_WORDS: Record<string, FacetWord> = {};
export interface FacetWord {
  facet: 'fuel' | SearchSpecFacet;
  value: string;
}
const named: [FacetWord['facet'], string, string[]][] = [
  ['fuel', 'Petrol', ['petrol', 'gasoline', 'gas']],
  ['fuel', 'Diesel', ['diesel']],
  ['fuel', 'Electric', ['electric', 'ev']],
  ['fuel', 'Hybrid', ['hybrid']],
  ['body', 'Sedan', ['sedan', 'saloon']],
  ['body', 'Coupe', ['coupe', 'coupé']],
  ['body', 'Convertible', ['convertible', 'cabriolet', 'cabrio']],
  ['body', 'Hatchback', ['hatchback', 'hatch']],
  ['body', 'Wagon', ['wagon', 'estate']],
  ['body', 'SUV', ['suv']],
  ['body', 'Pickup', ['pickup', 'truck']],
  ['body', 'Van', ['van', 'minivan']],
  ['body', 'Roadster', ['roadster']],
  ['transmission', 'Manual', ['manual', 'stick']],
  ['transmission', 'Automatic', ['automatic', 'auto']],
  ['transmission', 'Dual-clutch', ['dct', 'pdk']],
  ['transmission', 'CVT', ['cvt']],
  ['drivetrain', 'FWD', ['fwd']],
  ['drivetrain', 'RWD', ['rwd']],
  ['drivetrain', 'AWD', ['awd']],
  ['drivetrain', '4WD', ['4wd', '4x4']],
  ...COLOURS.map((colour): [FacetWord['facet'], string, string[]] => [
    'colour',
    colour,
    colour === 'Grey' ? ['grey', 'gray'] : [colour.toLowerCase()],
  ]),
];
for (const [facet, value, words] of named) for (const word of words) FACET_WORDS[word] = { facet, value };

/** The facet value a searched word (searchWords: lower case) names, if it names one. */
export const facetOfWord = (word: string): FacetWord | undefined =>
  Object.hasOwn(FACET_WORDS, word) ? FACET_WORDS[word] : undefined;
