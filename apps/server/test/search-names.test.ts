/**
 * The search speaks a buyer's language about makes and models (ADR 45): aliases fold to the
 * catalogue's names, a seller's misspelt make is found by its name, and model numbers match exactly
 * however they are typed. Cars are posted through the API, as sellers type them.
 */
import { carSearchResultSchema, carSuggestionsSchema } from '@redline/shared';
import { describe, expect } from 'vitest';
import { postCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as } from './helpers.ts';

/** Brand and model as sellers type them, by a name for the test. */
const POSTED = {
  golf: ['Volkswagen', 'Golf'],
  vwGolf: ['VW', 'golf'],
  rabbit: ['vokswagen', 'rabbit'],
  s10: ['chevy', 's-10'],
  malibu: ['chevroelt', 'chevelle malibu'],
  benz: ['Mercedes', '300 SL'],
  cougar: ['Mercury', 'Cougar'],
  f150: ['Ford', 'F150'],
  rx7: ['Mazda', 'RX-7'],
  rx7gs: ['mazda', 'rx-7 gs'],
  rx4: ['Mazda', 'RX-4'],
  rx3: ['maxda', 'rx3'],
  fiat128: ['Fiat', '128'],
  fiat124: ['Fiat', '124 Sport Spider'],
  fiat124b: ['fiat', '124b'],
  volvo245: ['Volvo', '245'],
  volvo244: ['volvo', '244dl'],
  etype: ['Jaguar', 'E-Type'],
  bmw320: ['BMW', '320i'],
} as const;
type Name = keyof typeof POSTED;

const it = base
  /** Every car of POSTED, through the API; by its id. */
  .extend('posted', { scope: 'file', auto: true }, async ({ t, seller }) => {
    const ids = new Map<string, Name>();
    for (const [name, [brand, model]] of Object.entries(POSTED))
      ids.set(
        await postCar(t, seller, { brand, model, about: 'Garaged.', engine: 'Original' }),
        name as Name,
      );
    return ids;
  })
  /** A search as the buyer, `params` as a query string: every car it finds, on one page. */
  .extend('carSearch', { scope: 'file' }, ({ t, buyer }) => async (params: string) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search?limit=48&${params}` });
    expect(res.statusCode, res.body).toBe(200);
    const result = carSearchResultSchema.parse(res.json());
    expect(result.nextCursor).toBeNull();
    return result;
  })
  /** The suggestions for what the buyer types. */
  .extend('suggest', { scope: 'file' }, ({ t, buyer }) => async (q: string) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return carSuggestionsSchema.parse(res.json()).items;
  })
  /** The names of every car a buyer's words find, sorted. */
  .extend('found', { scope: 'file' }, ({ carSearch, posted }) => async (q: string) => {
    const result = await carSearch(`q=${encodeURIComponent(q)}`);
    return result.items.map((car) => posted.get(car.id)).sort();
  });

describe("the search's names", () => {
  it('folds an alias of a make or a model to its name, and finds the misspelt makes by it', async ({
    found,
  }) => {
    const volkswagens = ['golf', 'rabbit', 'vwGolf'];
    expect(await found('vw')).toEqual(volkswagens);
    expect(await found('volkswagen')).toEqual(volkswagens);
    expect(await found('vee dub')).toEqual(volkswagens);
    expect(await found('vw golf')).toEqual(['golf', 'vwGolf']);
    expect(await found('volkswagen golf')).toEqual(['golf', 'vwGolf']);
    expect(await found('chevy')).toEqual(['malibu', 's10']);
    expect(await found('chevrolet')).toEqual(['malibu', 's10']);
    expect(await found('benz')).toEqual(['benz']);
    expect(await found('mercedes benz')).toEqual(['benz']);
    expect(await found('merc')).toEqual(['benz', 'cougar']);
    expect(await found('gullwing')).toEqual(['benz']);
    // A buyer's typo of a make, as a seller's.
    expect(await found('chevrolte')).toEqual(['malibu', 's10']);
    expect(await found('mazda')).toEqual(['rx3', 'rx4', 'rx7', 'rx7gs']);
  });

  it('matches model numbers exactly, however they are typed', async ({ found }) => {
    for (const q of ['f150', 'f-150', 'f 150', 'ford f150']) expect(await found(q), q).toEqual(['f150']);
    for (const q of ['rx-7', 'rx7', 'rx 7', 'mazda rx-7', 'savanna'])
      expect(await found(q), q).toEqual(['rx7', 'rx7gs']);
    expect(await found('rx3')).toEqual(['rx3']);
    for (const q of ['s-10', 's10', 's 10', 'chevrolet s-10', 'chevy s10'])
      expect(await found(q), q).toEqual(['s10']);
    expect(await found('fiat 128')).toEqual(['fiat128']);
    // Letters after a number are a version of it: 124b and 244dl.
    expect(await found('fiat 124')).toEqual(['fiat124', 'fiat124b']);
    expect(await found('volvo 245')).toEqual(['volvo245']);
    expect(await found('volvo 244')).toEqual(['volvo244']);
    expect(await found('bmw 320')).toEqual(['bmw320']);
    // A single character of a model's name is kept.
    expect(await found('e type')).toEqual(['etype']);
    expect(await found('jaguar e-type')).toEqual(['etype']);
  });

  it("lists each make once in the brand facet, by its name, and a brand filtered finds its sellers' spellings", async ({
    carSearch,
    posted,
  }) => {
    const { facets } = await carSearch('');
    const labels = facets.brand.map((brand) => brand.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(facets.brand).toContainEqual({ value: 'chevrolet', label: 'Chevrolet', count: 2 });
    expect(facets.brand).toContainEqual({ value: 'volkswagen', label: 'Volkswagen', count: 3 });
    expect(facets.brand).toContainEqual({ value: 'mazda', label: 'Mazda', count: 4 });
    const chevrolets = await carSearch('brand=chevrolet');
    expect(chevrolets.total).toBe(2);
    expect(chevrolets.items.map((car) => posted.get(car.id)).sort()).toEqual(['malibu', 's10']);
    expect(chevrolets.facets.brand.filter((brand) => brand.label === 'Chevrolet')).toHaveLength(1);
  });

  it('suggests the makes and models an alias names, with their cars for sale, and each make once by its name', async ({
    suggest,
  }) => {
    const mercedes = { label: 'Mercedes-Benz', brand: 'Mercedes-Benz', model: null, count: 1 };
    const mercury = { label: 'Mercury', brand: 'Mercury', model: null, count: 1 };
    expect((await suggest('merc')).slice(0, 2)).toEqual([mercedes, mercury]);
    expect((await suggest('vw'))[0]).toEqual({
      label: 'Volkswagen',
      brand: 'Volkswagen',
      model: null,
      count: 3,
    });
    expect((await suggest('savanna'))[0]).toEqual({
      label: 'Mazda RX-7',
      brand: 'Mazda',
      model: 'RX-7',
      count: 2,
    });
    const chev = await suggest('chev');
    expect(chev[0]).toEqual({ label: 'Chevrolet', brand: 'Chevrolet', model: null, count: 2 });
    expect(chev.map((item) => item.brand)).toEqual(chev.map(() => 'Chevrolet'));
    expect(chev.map((item) => item.label)).toContain('Chevrolet chevelle malibu');
  });

  it("reads the catalogue again when an admin changes it: a make's new name finds its cars", async ({
    t,
    admin,
    found,
  }) => {
    expect(await found('jaguar cars')).toEqual([]);
    const makes = await as(t, admin, { method: 'GET', url: '/api/vehicles/makes?q=jaguar' });
    const jaguar = (makes.json() as { items: { id: number; name: string }[] }).items[0]!;
    expect(jaguar.name).toBe('Jaguar');
    const renamed = await as(t, admin, {
      method: 'PATCH',
      url: `/api/vehicles/makes/${jaguar.id}`,
      payload: { name: 'Jaguar Cars' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The car still says "Jaguar", now an alias of the make.
    expect(await found('jaguar cars')).toEqual(['etype']);
  });
});
