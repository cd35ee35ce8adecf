/**
 * The catalogue's makes and models with their aliases, held in memory for the search, which folds a
 * buyer's words to them and finds which entry each car's name means (docs/catalogue.md, ADR 45).
 */
import type { VehicleMake, VehicleModel } from '@redline/shared';
import { type Named, resolveName } from './vehicle-matching.ts';
import { foldName } from './vehicle-names.ts';

/** A make of the catalogue (`model` null) or one of its models, by their names. */
export interface CatalogueEntry {
  make: string;
  model: string | null;
}

/** A model's words as its car's name holds them ("rx-7 gs": rx, 7, gs), folded. */
const wordsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldName)
    .filter(Boolean);

export class CatalogueNames {
  private readonly makes: Named<VehicleMake>[];
  /** Every entry by the folded name or alias that names it ("vw", "rx7", "mercedesbenz"). */
  private readonly byKey = new Map<string, CatalogueEntry[]>();
  /** The make each brand (as sellers typed it) resolves to, once per brand. */
  private readonly brands = new Map<string, VehicleMake | null>();

  constructor(makes: Named<VehicleMake>[], models: Named<VehicleModel>[]) {
    this.makes = makes;
    const makeNames = new Map(makes.map((named) => [named.entry.id, named.name]));
    const add = (key: string, entry: CatalogueEntry) => {
      const entries = this.byKey.get(key) ?? [];
      if (!entries.some((e) => e.make === entry.make && e.model === entry.model)) entries.push(entry);
      this.byKey.set(key, entries);
    };
    for (const named of makes)
      for (const name of [named.name, ...named.aliases])
        add(foldName(name), { make: named.name, model: null });
    for (const named of models) {
      const make = makeNames.get(named.entry.makeId)!;
      for (const name of [named.name, ...named.aliases]) add(foldName(name), { make, model: named.name });
    }
  }

  /** The entries a text names by a name or an alias, folded ("vw", "rx 7", "Mercedes Benz"): none, one or several ("merc"). */
  named(text: string): CatalogueEntry[] {
    return this.byKey.get(foldName(text)) ?? [];
  }

  /** The make a text is a typo of, when one make is nearest within its budget (vehicle-matching.ts). */
  makeNear(text: string): CatalogueEntry | null {
    const match = resolveName(text, this.makes);
    return match ? { make: match.entry.name, model: null } : null;
  }

  /**
   * The entry a car's brand and model mean, as sellers type them: the make its brand names, typos
   * forgiven ("chevroelt"), and the model of that make that the model's first words name ("rx-7 gs":
   * RX-7; "chevelle malibu": Chevelle), none when they name none; null when the brand names no make.
   */
  resolve(brand: string, model: string): CatalogueEntry | null {
    const key = foldName(brand);
    if (!this.brands.has(key)) this.brands.set(key, resolveName(brand, this.makes)?.entry ?? null);
    const make = this.brands.get(key);
    if (!make) return null;
    const words = wordsOf(model);
    for (let count = words.length; count > 0; count--) {
      const found = this.byKey
        .get(words.slice(0, count).join(''))
        ?.find((e) => e.make === make.name && e.model);
      if (found) return found;
    }
    return { make: make.name, model: null };
  }
}
