/**
 * What the search reads of the catalogue besides its counts, kept in memory until the catalogue
 * changes (catalogue/catalogue-cache.ts, `Kept`; ADR 22): the brand and model names of the cars for
 * sale (`car_names`, a few thousand rows that the database keeps), indexed with MiniSearch for the
 * search box's suggestions (`GET /cars/suggest`) and giving the brands' labels, and the categories in
 * their order. A keystroke then runs no statement, and a search only its own.
 */
import { type CarSuggestions, SUGGESTIONS_MAX } from '@redline/shared';
import { gt } from 'drizzle-orm';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Db } from '../db/client.ts';
import { carNames } from '../db/schema.ts';

interface Name {
  id: number;
  /** Folded (lower case, no accents) as the database folds it: `brandKey` and `modelKey` joined by a space. */
  nameKey: string;
  brandKey: string;
  modelKey: string;
  brand: string;
  model: string;
  carsForSale: number;
}

/**
 * Lower case without accents, as the database's `redline_fold` folds the names ("Citroën" →
 * "citroen") for every letter that Unicode decomposes into a letter and its marks.
 */
export const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Typos forgiven in a word: none under four letters, one under seven, two from seven. */
const typosIn = (term: string) => (term.length < 4 ? false : term.length < 7 ? 1 : 2);

export interface SearchCatalogue {
  names: CarNameIndex;
  /** Every category, in the catalogue's order. */
  categories: { id: string; name: string }[];
}

/** A row of `car_names` (carNamesStatement). */
type NameRow = Omit<Name, 'id' | 'modelKey'>;

/** The names of the cars for sale, indexed for completion, with their brands' labels. */
export class CarNameIndex {
  private readonly index = new MiniSearch<Name>({
    fields: ['brandKey', 'modelKey'],
    searchOptions: { prefix: true, fuzzy: typosIn, combineWith: 'AND' },
  });
  private readonly names: Name[];
  private readonly labels = new Map<string, string>();
  /** How many cars are for sale. */
  readonly forSale: number;

  constructor(rows: NameRow[]) {
    this.names = rows.map((row, id) => ({
      ...row,
      id,
      modelKey: row.nameKey.slice(row.brandKey.length + 1),
    }));
    this.index.addAll(this.names);
    this.forSale = rows.reduce((sum, row) => sum + row.carsForSale, 0);
    // Of the sellers' spellings of a brand, the one that sorts first code unit by code unit (capitals first).
    for (const { brandKey, brand } of rows) {
      const label = this.labels.get(brandKey);
      if (label === undefined || brand < label) this.labels.set(brandKey, brand);
    }
  }

  /** How a brand (folded) is shown, when a car of it is for sale. */
  brandLabel(brandKey: string): string | undefined {
    return this.labels.get(brandKey);
  }

  /**
   * Up to SUGGESTIONS_MAX completions of `q`: names that start with it first, then those with a word
   * that does, then the best matches (a word completed or with a typo forgiven, or the text inside a
   * word), the most offered first. A brand that matches comes before its models.
   */
  suggest(q: string): CarSuggestions {
    const text = foldText(q.trim());
    // One or two letters complete the start of a name only; from three, any word, with typos.
    const short = [...text].length < 3;
    const found = new Map<number, SearchResult>(short ? [] : this.index.search(text).map((r) => [r.id, r]));
    const ranked = this.names
      .filter(
        (name) =>
          name.nameKey.startsWith(text) || (!short && (found.has(name.id) || name.nameKey.includes(text))),
      )
      .map((name) => ({
        name,
        rank: [
          Number(name.nameKey.startsWith(text)),
          Number(name.nameKey.includes(` ${text}`)),
          found.get(name.id)?.score ?? 0,
          name.carsForSale,
        ],
      }))
      .sort((a, b) => compareRanks(b.rank, a.rank) || (a.name.nameKey < b.name.nameKey ? -1 : 1));

    const brandMatches = (name: Name) => {
      if (name.brandKey.startsWith(text)) return true;
      const match = found.get(name.id)?.match;
      return Boolean(match) && Object.values(match!).every((fields) => fields.includes('brandKey'));
    };
    const items: CarSuggestions['items'] = [];
    const brandsShown = new Set<string>();
    for (const { name } of ranked) {
      if (items.length >= SUGGESTIONS_MAX) break;
      if (brandMatches(name) && !brandsShown.has(name.brandKey)) {
        brandsShown.add(name.brandKey);
        items.push({ label: name.brand, brand: name.brand, model: null });
      }
      items.push({ label: `${name.brand} ${name.model}`, brand: name.brand, model: name.model });
    }
    return { items: items.slice(0, SUGGESTIONS_MAX) };
  }
}

const compareRanks = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

/** The names of the cars for sale, from the few thousand rows of `car_names`. */
export function carNamesStatement(db: Db) {
  return db
    .select({
      nameKey: carNames.nameKey,
      brandKey: carNames.brandKey,
      brand: carNames.brand,
      model: carNames.model,
      carsForSale: carNames.carsForSale,
    })
    .from(carNames)
    .where(gt(carNames.carsForSale, 0));
}
