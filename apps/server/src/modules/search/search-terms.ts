/**
 * A buyer's words as the search matches them (ADR 45): words typed apart that are one name joined
 * ("rx 7", "s 10", "alfa romeo"), each word that names a make or model of the catalogue, by its
 * name, an alias or a typo of a make ("vw", "chevy", "vokswagen"), matching that entry's cars
 * whatever their sellers typed, and model numbers (a word with a digit) matched whole.
 */
import { SEARCH_WORDS_MAX } from '@redline/shared';
import {
  type CarNameIndex,
  type CatalogueEntry,
  JOINED_MAX,
  type VehicleNames,
  wordsOf,
} from './search-catalogue.ts';

/** A word of a search as it is matched: see SearchWord, which adds the names it matches. */
export interface SearchTerm {
  /** Folded letters and digits: a word typed, or the words of one name typed apart, joined ("rx7"). */
  word: string;
  /** Matched whole: a model number, or a name typed in words (ADR 45). */
  whole: boolean;
  /** The entries of the catalogue it names. */
  entries: CatalogueEntry[];
}

const hasDigit = (word: string) => /\d/.test(word);

/** A word as typed, naming nothing of the catalogue: a model number is matched whole. */
export const typedTerm = (word: string): SearchTerm => ({ word, whole: hasDigit(word), entries: [] });

/**
 * The words of `q` to match, at most SEARCH_WORDS_MAX, each once. Two or three words in a row are
 * one (joined, matched whole) when together they name an entry of the catalogue ("mercedes benz",
 * "e type", "rx 7") or, with a single character among them, a model number that a car's name holds
 * ("s 10"); the longest such run is taken first. A single character that joins nothing is dropped,
 * as the shared `searchWords` drops it. A word of letters that names nothing in the catalogue may be
 * a typo of a make's name ("vokswagen").
 */
export function searchTerms(
  q: string | undefined,
  names: CarNameIndex,
  vehicles: VehicleNames,
): SearchTerm[] {
  const typed = wordsOf(q ?? '');
  const terms = new Map<string, SearchTerm>();
  let at = 0;
  while (at < typed.length) {
    const joined = joinedAt(typed, at, names, vehicles);
    if (joined) {
      terms.set(`${joined.term.word}=`, joined.term);
      at += joined.count;
      continue;
    }
    const word = typed[at]!;
    at += 1;
    if ([...word].length < 2) continue;
    const named = vehicles.named(word);
    const near = named.length || hasDigit(word) ? null : vehicles.makeNear(word);
    const term = { ...typedTerm(word), entries: near ? [near] : named };
    terms.set(`${word}${term.whole ? '=' : ''}`, term);
  }
  return [...terms.values()].slice(0, SEARCH_WORDS_MAX);
}

/** The longest run of words from `at` that is one name (see searchTerms), with how many words it takes. */
function joinedAt(typed: string[], at: number, names: CarNameIndex, vehicles: VehicleNames) {
  for (let count = Math.min(JOINED_MAX, typed.length - at); count >= 2; count--) {
    const run = typed.slice(at, at + count);
    const word = run.join('');
    const entries = vehicles.named(word);
    const numbered =
      hasDigit(word) && run.some((w) => [...w].length === 1) && names.namesNumbered(word).length > 0;
    if (entries.length || numbered) return { term: { word, whole: true, entries }, count };
  }
  return undefined;
}
