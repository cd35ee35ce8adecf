/**
 * Which catalogue entry a typed name means. Resolving is for code that must pick one entry or none
 * (a free-text brand mapped to a make): it answers only when sure. Ranking is for a person choosing
 * from a list (the pickers of make and model): it offers every plausible entry, best first.
 */
import type { MatchKind } from '@redline/shared';
import { foldName } from './vehicle-names.ts';

export interface Named<T> {
  entry: T;
  name: string;
  aliases: readonly string[];
}

export interface Match<T> {
  entry: T;
  match: MatchKind;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and the swap of two
 * neighbours ("chevroelt" → "chevrolet") each count 1.
 */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How many edits a folded text of this length may be from a name and still be offered as a typo of
 * it, to a person choosing from a list: none below 5 characters ("mini" is not "fiat"'s neighbour),
 * one up to 8 ("maxda"), two from 9 ("vokswagen", "lamborgini"). Never in a text with a digit:
 * model numbers differ by one digit ("128" is not "124", "rx8" is not "rx7").
 */
function typoBudget(key: string): number {
  if (/\d/.test(key)) return 0;
  if (key.length >= 9) return 2;
  return key.length >= 5 ? 1 : 0;
}

/**
 * How many edits code that picks alone (a free-text brand mapped to a make) may take for a typo:
 * counted on the shorter of the text and the name, one from 5 letters ("maxda", "porshce"), two
 * from 9 ("chevroelt" is one swap), none below: four letters leave no room ("fird" is no Ford). A
 * short name's neighbour is often another real make, which the rule that one entry alone is nearest
 * refuses ("Tatta" is one edit from Tatra and from Tata).
 */
function confidentBudget(key: string, name: string): number {
  if (/\d/.test(key)) return 0;
  const length = Math.min(key.length, name.length);
  if (length >= 9) return 2;
  return length >= 5 ? 1 : 0;
}

/** The fewest edits from `key` to the entry's name or one of its aliases, and that name folded. */
function nearest(key: string, named: Named<unknown>): { distance: number; name: string } {
  return [named.name, ...named.aliases]
    .map((name) => ({ distance: editDistance(key, foldName(name)), name: foldName(name) }))
    .reduce((best, next) => (next.distance < best.distance ? next : best));
}

/** The one entry of those found, or none when they are several different entries. */
function onlyOne<T>(found: Named<T>[], match: MatchKind): Match<T> | null {
  const entries = new Set(found.map((named) => named.entry));
  return entries.size === 1 ? { entry: found[0]!.entry, match } : null;
}

/**
 * The entry a text names, and how; none when nothing matches or when the text could mean several
 * ("merc": Mercedes-Benz and Mercury). A typo counts only when one entry is nearest, and within the
 * confident budget of the text and that name.
 */
export function resolveName<T>(text: string, candidates: readonly Named<T>[]): Match<T> | null {
  const key = foldName(text);
  if (!key) return null;
  const lower = text.trim().toLowerCase();
  const exact = candidates.filter((named) => named.name.toLowerCase() === lower);
  if (exact.length > 0) return onlyOne(exact, 'exact');
  const folded = candidates.filter((named) => foldName(named.name) === key);
  if (folded.length > 0) return onlyOne(folded, 'folded');
  const aliased = candidates.filter((named) => named.aliases.some((alias) => foldName(alias) === key));
  if (aliased.length > 0) return onlyOne(aliased, 'alias');
  if (candidates.length === 0) return null;
  const distances = candidates.map((named) => ({ named, ...nearest(key, named) }));
  const best = Math.min(...distances.map((d) => d.distance));
  const nearestOnes = distances.filter((d) => d.distance === best);
  const typo = onlyOne(
    nearestOnes.map((d) => d.named),
    'typo',
  );
  return typo && best <= confidentBudget(key, nearestOnes[0]!.name) ? typo : null;
}

/**
 * The entries a text may be the start of, best first, at most `limit`: the name itself, then names
 * one of whose words starts with it ("rover": Land Rover), then aliases ("vw", "merc": both makes),
 * then typos within the text's budget; alphabetical within each.
 */
export function rankNames<T>(text: string, candidates: readonly Named<T>[], limit: number): T[] {
  const key = foldName(text);
  const budget = typoBudget(key);
  const rank = (named: Named<T>): number | undefined => {
    const name = foldName(named.name);
    if (name === key) return 0;
    if (name.startsWith(key)) return 1;
    if (named.name.split(/[\s-]+/).some((word) => foldName(word).startsWith(key))) return 2;
    if (named.aliases.some((alias) => foldName(alias).startsWith(key))) return 3;
    if (budget > 0 && nearest(key, named).distance <= budget) return 4;
    return undefined;
  };
  return candidates
    .map((named) => ({ named, rank: rank(named) }))
    .filter((ranked): ranked is { named: Named<T>; rank: number } => ranked.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.named.name.localeCompare(b.named.name, 'en'))
    .slice(0, limit)
    .map((ranked) => ranked.named.entry);
}
