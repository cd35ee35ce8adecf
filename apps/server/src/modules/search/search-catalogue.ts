/**
 * What the search reads of the catalogue besides its counts, kept in memory until the catalogue
 * changes (`Kept`, catalogue/catalogue-cache.ts; ADR 22): the brand and model names of the cars for
 * sale (`car_names`, a few thousand rows that the database keeps), matched with Fuse.js for the
 * search box's suggestions (`GET /cars/suggest`) and giving the brands' labels, the makes and models
 * of the vehicle catalogue that each name means and that a buyer's words name (ADR 45), and the
 * categories in their order. A keystroke then runs no statement, and a search only its own. The
 * shape of each search's counts, which the app keeps the same way, is here too (SearchCounts).
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
 * A searched word (search-terms.ts), with the names of cars for sale (`car_names.name_key`) that it
 * matches, each with how much (pg_trgm's word similarity, 0 to 1; 1 for a name of the catalogue's
 * entry it names or a name that holds it whole).
 */
export interface SearchWord {
  word: string;
  /** Matched whole in the cars' text, never as the start of a longer word (a model number: ADR 45). */
  whole: boolean;
  names: Map<string, number>;
}

/** A make of the vehicle catalogue (`model` null) or one of its models, by their names. */
export interface CatalogueEntry {
  make: string;
  model: string | null;
}

/**
 * The vehicle catalogue's makes and models with their aliases, as the search reads them (the
 * vehicles module's `readCatalogueNames`, handed in by `buildApp`).
 */
export interface VehicleNames {
  /** The entries a text names by a name or an alias, folded ("vw", "rx 7"): none, one or several ("merc"). */
  named(text: string): CatalogueEntry[];
  /** The make a text is a typo of, when one make is nearest ("vokswagen"). */
  makeNear(text: string): CatalogueEntry | null;
  /** The entry that a car's brand and model mean, typos in the brand forgiven; null for a brand of no make. */
  resolve(brand: string, model: string): CatalogueEntry | null;
}

/**
 * What every sort and page of a search share, kept until the catalogue changes (search.ts): its
 * words with the names they resemble, its total and its facets (search-counts.ts).
 */
export interface SearchCounts {
  words: SearchWord[];
  total: number;
  forSale: number;
  /**
   * The brands it names, folded as the database folds the cars' (`brand_key`), with every spelling
   * of their makes that cars for sale carry (CarNameIndex.spellingsOf).
   */
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
  vehicles: VehicleNames;
  /** Every category, in the catalogue's order. */
  categories: Category[];
  /**
   * What the database answered of each word searched (the names it resembles) and each brand
   * filtered (folded as it folds the cars'), kept with the catalogue: a search of words and brands
   * asked before runs no statement for them.
   */
  words: Kept<ReadonlyMap<string, number>>;
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

/** A text's words: its runs of letters and digits, folded as they are ("rx-7 gs": rx, 7, gs). */
export const wordsOf = (text: string) =>
  foldText(text)
    .split(/[^\p{L}0-9]+/u)
    .filter(Boolean);

/** At most this many words typed apart are one name ("mustang mach e", "rx 7"). */
export const JOINED_MAX = 3;

const entryKey = ({ make, model }: CatalogueEntry) => `${make}\n${model ?? ''}`;

const add = (map: Map<string, Set<string>>, key: string, value: string) => {
  const values = map.get(key) ?? new Set();
  values.add(value);
  map.set(key, values);
};

/**
 * The names of the cars for sale, indexed for completion, with their brands' labels, the catalogue's
 * entries they mean, and the model numbers they hold.
 */
export class CarNameIndex {
  private readonly names: Name[];
  private readonly nameKeys: string[];
  private readonly labels = new Map<string, string>();
  private readonly brandKeys: string[];
  /** The names of each entry of the catalogue (a make's, a model's) that some car's name means. */
  private readonly byEntry = new Map<string, Set<string>>();
  /** The names holding each model number (namesNumbered). */
  private readonly byNumber = new Map<string, Set<string>>();
  /** Each brand (folded) of a make of the catalogue: the make's name, folded ("chevroelt": "chevrolet"). */
  private readonly makeOfBrand = new Map<string, string>();
  /** The brands (folded) of each make's cars for sale, by its name folded. */
  private readonly spellings = new Map<string, Set<string>>();
  /** The cars for sale of each name. */
  private readonly forSaleOf = new Map<string, number>();
  /** The cars for sale that a suggestion offers: a brand's (folded, its make's), a name's as shown ("Chevrolet chevelle malibu"). */
  private readonly offered = new Map<string, number>();
  private readonly vehicles: VehicleNames;
  /** How many cars are for sale. */
  readonly forSale: number;

  constructor(names: Name[], vehicles: VehicleNames) {
    this.names = names;
    this.vehicles = vehicles;
    this.nameKeys = names.map((name) => name.nameKey);
    const makeLabels = new Map<string, string>();
    for (const name of names) {
      const entry = vehicles.resolve(name.brand, name.model);
      if (entry) {
        const make = foldText(entry.make);
        this.makeOfBrand.set(name.brandKey, make);
        add(this.spellings, make, name.brandKey);
        makeLabels.set(make, entry.make);
        add(this.byEntry, entryKey({ make: entry.make, model: null }), name.nameKey);
        if (entry.model !== null) add(this.byEntry, entryKey(entry), name.nameKey);
      }
      const words = wordsOf(name.nameKey);
      for (let from = 0; from < words.length; from++)
        for (let to = from + 1; to <= Math.min(words.length, from + JOINED_MAX); to++) {
          const number = words.slice(from, to).join('');
          if (!/\d/.test(number)) continue;
          add(this.byNumber, number, name.nameKey);
          // Letters after the number are a version of it: "320i" is a 320, "244dl" a 244.
          const bare = number.replace(/\p{L}+$/u, '');
          if (bare !== number && /\d$/.test(bare)) add(this.byNumber, bare, name.nameKey);
        }
    }
    // Of the sellers' spellings of a brand, the one that sorts first code unit by code unit (capitals
    // first); a make of the catalogue, its name.
    for (const { brandKey, brand } of names) {
      const label = this.labels.get(brandKey);
      if (label === undefined || brand < label) this.labels.set(brandKey, brand);
    }
    for (const [make, label] of makeLabels) this.labels.set(make, label);
    const count = (key: string, cars: number) => this.offered.set(key, (this.offered.get(key) ?? 0) + cars);
    for (const { nameKey, brandKey, model, carsForSale } of names) {
      this.forSaleOf.set(nameKey, carsForSale);
      const make = this.makeOf(brandKey);
      count(make, carsForSale);
      count(`${this.labels.get(make)} ${model}`, carsForSale);
    }
    this.brandKeys = [...this.labels.keys()];
    this.forSale = names.reduce((sum, name) => sum + name.carsForSale, 0);
  }

  /** The names of cars for sale that mean one of these entries of the catalogue (a make's cars, a model's). */
  namesOf(entries: CatalogueEntry[]): string[] {
    return [...new Set(entries.flatMap((entry) => [...(this.byEntry.get(entryKey(entry)) ?? [])]))];
  }

  /**
   * The names of cars for sale that hold a model number (a word with a digit, folded) as one or more
   * of their words, or followed by letters only: "rx7" is in "mazda rx-7 gs", "320" in "bmw 320i";
   * "128" is not in "fiat 124", nor "rx7" in "mazda rx-4" (ADR 45).
   */
  namesNumbered(number: string): string[] {
    return [...(this.byNumber.get(number) ?? [])];
  }

  /** The brand (folded) that the brand facet lists for a brand: its make's name when it names one ("chevroelt": "chevrolet"). */
  makeOf(brandKey: string): string {
    return this.makeOfBrand.get(brandKey) ?? brandKey;
  }

  /** Every brand (folded) of cars for sale of the make that a brand names, itself included: what a filter by it finds. */
  spellingsOf(brandKey: string): string[] {
    return [...new Set([brandKey, ...(this.spellings.get(this.makeOf(brandKey)) ?? [])])];
  }

  /** How a brand (folded) is shown, when a car of it is for sale. */
  brandLabel(brandKey: string): string | undefined {
    return this.labels.get(brandKey);
  }

  /**
   * Up to SUGGESTIONS_MAX completions of `q`, each with its cars for sale: first the makes and
   * models of the catalogue that it names by a name or an alias ("merc": Mercedes-Benz and
   * Mercury; "vw": Volkswagen); then names that start with it, then those with a word that does,
   * then the best matches (the text inside a name, or with a typo forgiven), the most offered
   * first. A brand that matches comes before its models. A make of the catalogue is shown by its
   * name, whatever its sellers typed, and once.
   */
  suggest(q: string): CarSuggestions {
    const text = foldText(q.trim());
    const items: CarSuggestions['items'] = [];
    const offer = (item: CarSuggestions['items'][number]) => {
      if (item.count > 0 && !items.some((shown) => shown.label === item.label)) items.push(item);
    };
    for (const entry of this.vehicles.named(text)) {
      const count = this.namesOf([entry]).reduce((sum, nameKey) => sum + this.forSaleOf.get(nameKey)!, 0);
      offer({
        label: entry.model === null ? entry.make : `${entry.make} ${entry.model}`,
        brand: entry.make,
        model: entry.model,
        count,
      });
    }
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
    for (const { name } of ranked) {
      if (items.length >= SUGGESTIONS_MAX) break;
      const make = this.makeOf(name.brandKey);
      const brand = this.brandLabel(make)!;
      if (name.brandKey.startsWith(text) || brands.has(name.brandKey))
        offer({ label: brand, brand, model: null, count: this.offered.get(make)! });
      const label = `${brand} ${name.model}`;
      offer({ label, brand, model: name.model, count: this.offered.get(label)! });
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

/**
 * The search's catalogue, read from the database (`categories`: every category, in order;
 * `vehicles`: the vehicle catalogue's names); kept by search.ts.
 */
export async function loadSearchCatalogue(
  db: Db,
  categories: () => Promise<Category[]>,
  vehicles: () => Promise<VehicleNames>,
): Promise<SearchCatalogue> {
  const [names, listed, vehicleNames] = await Promise.all([carNamesStatement(db), categories(), vehicles()]);
  return {
    names: new CarNameIndex(names, vehicleNames),
    vehicles: vehicleNames,
    categories: listed,
    words: new Kept(WORDS_KEPT),
    brandKeys: new Kept(),
  };
}
