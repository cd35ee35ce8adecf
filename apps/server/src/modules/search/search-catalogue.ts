/**
 * What the search reads of the catalogue besides its counts, kept in memory until the catalogue
 * changes (`Kept`, catalogue/catalogue-cache.ts; ADR 22): the brand and model names of the cars for
 * sale (`car_names`, a few thousand rows that the database keeps), matched with Fuse.js for the
 * search box's suggestions (`GET /cars/suggest`) and giving the brands' labels, and the categories in
 * their order. A keystroke then runs no statement, and a search only its own. The shape of each
 * search's counts, which the app keeps the same way, is here too (SearchCounts).
 */
import { type CarSearchFacets, type CarSuggestions, SUGGESTIONS_MAX } from '@redline/shared';
import { gt } from 'drizzle-orm';
import Fuse, { type IFuseOptions } from 'fuse.js';
import { Kept } from '../../catalogue/catalogue-cache.ts';
import type { Db } from '../../db/client.ts';
import { carNames } from '../../db/schema.ts';

/** A row of `car_names` (carNamesStatement). */
interface Name {
  /** Folded (lower case, no accents) as the database folds it: the brand's key, a space, the model. */
  nameKey: string;
  brandKey: string;
  brand: string;
  model: string;
  carsForSale: number;
}

/**
 * A searched word, with the names of cars for sale (`car_names.name_key`) that resemble it, each with
 * how much (pg_trgm's word similarity, 0 to 1).
 */
export interface SearchWord {
  word: string;
  names: Map<string, number>;
}

/**
 * What every sort and page of a search share, kept until the catalogue changes (search.ts): its
 * words with the names they resemble, its total and its facets (search-counts.ts).
 */
export interface SearchCounts {
  words: SearchWord[];
  total: number;
  forSale: number;
  /** The brands it names, folded as the database folds the cars' (`brand_key`). */
  brandKeys: string[];
  /** The names (folded brand and model) with a car that the search matches. */
  names: ReadonlySet<string>;
  /** How many cars it matches beyond the names that every word resembles (all of them without text). */
  beyondNames: number;
  facets: CarSearchFacets;
}

/** A category as the category facet lists it. */
export interface Category {
  id: string;
  name: string;
}

export interface SearchCatalogue {
  names: CarNameIndex;
  /** Every category, in the catalogue's order. */
  categories: Category[];
  /**
   * What the database answered of each word searched (the names it resembles) and each brand
   * filtered (folded as it folds the cars'), kept with the catalogue: a search of words and brands
   * asked before runs no statement for them.
   */
  words: Kept<SearchWord>;
  brandKeys: Kept<string>;
}

/** Words kept with the catalogue at most (SearchCatalogue): a few hundred bytes each. */
export const WORDS_KEPT = 4_096;

/**
 * Lower case without accents, as the database's `redline_fold` folds the names ("Citroën" →
 * "citroen") for every letter that Unicode decomposes into a letter and its marks.
 */
export const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** At most this share of the letters typed may be wrong (a typo forgiven every three or four letters). */
const TYPOS = 0.3;
const MATCHING: IFuseOptions<string> = {
  includeScore: true,
  ignoreLocation: true,
  ignoreFieldNorm: true,
  isCaseSensitive: true,
  threshold: TYPOS,
};

/**
 * The keys that hold `text` anywhere with at most TYPOS of its letters wrong (Fuse's Bitap), each
 * with Fuse's score (0 for the text as typed), so that a word still being typed with a typo
 * ("porsh", "ferar") finds its name. With k letters wrong, one of k + 1 pieces of the text is in the
 * key as typed (each wrong letter spoils one piece at most): only keys holding a piece go to Fuse,
 * which compares the text with every key it is given. The texts are folded already.
 */
function findApproximately(text: string, keys: string[]): Map<string, number> {
  const letters = [...text];
  const count = Math.floor(TYPOS * letters.length) + 1;
  const size = Math.floor(letters.length / count);
  const pieces = Array.from({ length: count }, (_, i) =>
    letters.slice(i * size, i === count - 1 ? undefined : (i + 1) * size).join(''),
  );
  const candidates = keys.filter((key) => pieces.some((piece) => key.includes(piece)));
  if (!candidates.length) return new Map();
  return new Map(new Fuse(candidates, MATCHING).search(text).map((r) => [r.item, r.score ?? 0]));
}

/** The names of the cars for sale, indexed for completion, with their brands' labels. */
export class CarNameIndex {
  private readonly names: Name[];
  private readonly nameKeys: string[];
  private readonly labels = new Map<string, string>();
  private readonly brandKeys: string[];
  /** How many cars are for sale. */
  readonly forSale: number;

  constructor(names: Name[]) {
    this.names = names;
    this.nameKeys = names.map((name) => name.nameKey);
    // Of the sellers' spellings of a brand, the one that sorts first code unit by code unit (capitals first).
    for (const { brandKey, brand } of names) {
      const label = this.labels.get(brandKey);
      if (label === undefined || brand < label) this.labels.set(brandKey, brand);
    }
    this.brandKeys = [...this.labels.keys()];
    this.forSale = names.reduce((sum, name) => sum + name.carsForSale, 0);
  }

  /** How a brand (folded) is shown, when a car of it is for sale. */
  brandLabel(brandKey: string): string | undefined {
    return this.labels.get(brandKey);
  }

  /**
   * Up to SUGGESTIONS_MAX completions of `q`: names that start with it first, then those with a word
   * that does, then the best matches (the text inside a name, or with a typo forgiven), the most
   * offered first. A brand that matches comes before its models.
   */
  suggest(q: string): CarSuggestions {
    const text = foldText(q.trim());
    // One or two letters complete the start of a name only; from three, the text anywhere, with typos.
    const short = [...text].length < 3;
    const scores = short ? new Map<string, number>() : findApproximately(text, this.nameKeys);
    const brands = short ? new Map<string, number>() : findApproximately(text, this.brandKeys);
    const ranked = this.names
      .filter((name) => name.nameKey.startsWith(text) || scores.has(name.nameKey))
      .map((name) => ({
        name,
        rank: [
          Number(name.nameKey.startsWith(text)),
          Number(name.nameKey.includes(` ${text}`)),
          // Fuse's score: 0 for the text as it is, up to the threshold with typos.
          -(scores.get(name.nameKey) ?? 0),
          name.carsForSale,
        ],
      }))
      .sort((a, b) => compareRanks(b.rank, a.rank) || (a.name.nameKey < b.name.nameKey ? -1 : 1));

    const items: CarSuggestions['items'] = [];
    const brandsShown = new Set<string>();
    for (const { name } of ranked) {
      if (items.length >= SUGGESTIONS_MAX) break;
      const brandMatches = name.brandKey.startsWith(text) || brands.has(name.brandKey);
      if (brandMatches && !brandsShown.has(name.brandKey)) {
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

/** The search's catalogue, read from the database (`categories`: every category, in order); kept by search.ts. */
export async function loadSearchCatalogue(
  db: Db,
  categories: () => Promise<Category[]>,
): Promise<SearchCatalogue> {
  const [names, listed] = await Promise.all([carNamesStatement(db), categories()]);
  return {
    names: new CarNameIndex(names),
    categories: listed,
    words: new Kept(WORDS_KEPT),
    brandKeys: new Kept(),
  };
}
