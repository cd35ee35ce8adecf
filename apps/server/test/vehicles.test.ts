import { type VehicleMake, vehicleMakeListSchema, vehicleModelListSchema } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { vehicleAliases, vehicleMakes, vehicleModels } from '../src/db/schema.ts';
import { resolveMake, resolveModel } from '../src/modules/vehicles/index.ts';
import catalogue from '../src/modules/vehicles/vehicle-catalogue.json' with { type: 'json' };
import { resolveName } from '../src/modules/vehicles/vehicle-matching.ts';
import { fillCatalogue } from '../src/modules/vehicles/vehicles.service.ts';
import { it } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

const makes = async (t: TestApp, q?: string) => {
  const res = await as(t, undefined, { method: 'GET', url: '/api/vehicles/makes', query: q ? { q } : {} });
  expect(res.statusCode).toBe(200);
  return vehicleMakeListSchema.parse(res.json()).items;
};
const models = async (t: TestApp, makeId: number, q?: string) => {
  const res = await as(t, undefined, {
    method: 'GET',
    url: `/api/vehicles/makes/${makeId}/models`,
    query: q ? { q } : {},
  });
  expect(res.statusCode).toBe(200);
  return vehicleModelListSchema.parse(res.json()).items;
};
const makeNamed = async (t: TestApp, name: string): Promise<VehicleMake> => {
  const make = (await makes(t)).find((m) => m.name === name);
  if (!make) throw new Error(`no make ${name}`);
  return make;
};
const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

describe('the catalogue as the app starts', () => {
  it('holds every make and model of the data file, filled once', async ({ t }) => {
    const modelCount = catalogue.makes.reduce((sum, make) => sum + make.models.length, 0);
    expect(await t.db.$count(vehicleMakes)).toBe(catalogue.makes.length);
    expect(await t.db.$count(vehicleModels)).toBe(modelCount);
    const aliases = await t.db.$count(vehicleAliases);
    expect(aliases).toBeGreaterThan(0);
    // A second start (another instance, a restart) finds it filled and adds nothing.
    expect(await fillCatalogue(t.db)).toBe(false);
    expect(await t.db.$count(vehicleModels)).toBe(modelCount);
    expect(await t.db.$count(vehicleAliases)).toBe(aliases);
  });

  it('names classic and exotic makes with their country', async ({ t }) => {
    const byName = new Map((await makes(t)).map((make) => [make.name, make]));
    for (const [name, country] of [
      ['Ferrari', 'IT'],
      ['Lamborghini', 'IT'],
      ['Pagani', 'IT'],
      ['Koenigsegg', 'SE'],
      ['McLaren', 'GB'],
      ['Bugatti', 'FR'],
      ['Aston Martin', 'GB'],
      ['Lotus', 'GB'],
      ['De Tomaso', 'IT'],
      ['AMC', 'US'],
      ['Plymouth', 'US'],
      ['Studebaker', 'US'],
      ['Mercedes-Benz', 'DE'],
    ]) {
      expect(byName.get(name!), name).toMatchObject({ country, slug: expect.any(String) });
    }
    expect(byName.get('Mercedes-Benz')?.slug).toBe('mercedes-benz');
  });
});

describe('GET /api/vehicles/makes', () => {
  it('lists every make alphabetically to anyone, signed in or not', async ({ t, buyer }) => {
    const all = await makes(t);
    expect(all).toHaveLength(catalogue.makes.length);
    expect(names(all)).toEqual([...names(all)].sort((a, b) => a.localeCompare(b, 'en')));
    const signedIn = await as(t, buyer, { method: 'GET', url: '/api/vehicles/makes' });
    expect(signedIn.json()).toEqual({ items: all });
  });

  it('offers the makes a typed start, an alias or a typo names, best first', async ({ t }) => {
    expect(names(await makes(t, 'vw'))).toEqual(['Volkswagen']);
    expect(names(await makes(t, 'chevy'))).toEqual(['Chevrolet']);
    expect(names(await makes(t, 'lambo'))).toEqual(['Lamborghini']);
    expect(names(await makes(t, 'merc'))).toEqual(['Mercedes-Benz', 'Mercury']);
    expect(names(await makes(t, 'rover'))).toEqual(['Rover', 'Land Rover']);
    expect(names(await makes(t, 'maxda'))).toEqual(['Mazda']);
    expect(await makes(t, 'zzzz')).toEqual([]);
  });
});

describe('GET /api/vehicles/makes/:makeId/models', () => {
  it("lists a make's models, and those a text names", async ({ t }) => {
    const mazda = await makeNamed(t, 'Mazda');
    const all = await models(t, mazda.id);
    expect(names(all)).toEqual(expect.arrayContaining(['RX-7', 'MX-5', 'RX-8']));
    expect(all.every((model) => model.makeId === mazda.id)).toBe(true);
    expect(names(await models(t, mazda.id, 'rx 7'))).toEqual(['RX-7']);
    expect(names(await models(t, mazda.id, 'miata'))).toEqual(['MX-5']);
    expect(names(await models(t, mazda.id, 'rx'))).toEqual(['RX-2', 'RX-3', 'RX-4', 'RX-7', 'RX-8']);
  });

  it('answers 404 for a make the catalogue does not have', async ({ t }) => {
    const res = await as(t, undefined, { method: 'GET', url: '/api/vehicles/makes/999999/models' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The make was not found.');
  });
});

describe('resolveMake', () => {
  const resolved = async (t: TestApp, text: string) => {
    const found = await resolveMake(t.db, text);
    return found && { name: found.entry.name, match: found.match };
  };

  it('matches a name, its folded spelling, an alias and a confident typo', async ({ t }) => {
    expect(await resolved(t, 'Chevrolet')).toEqual({ name: 'Chevrolet', match: 'exact' });
    expect(await resolved(t, ' volkswagen ')).toEqual({ name: 'Volkswagen', match: 'exact' });
    expect(await resolved(t, 'mercedes benz')).toEqual({ name: 'Mercedes-Benz', match: 'folded' });
    expect(await resolved(t, 'Citroen')).toEqual({ name: 'Citroën', match: 'folded' });
    expect(await resolved(t, 'chevy')).toEqual({ name: 'Chevrolet', match: 'alias' });
    expect(await resolved(t, 'VW')).toEqual({ name: 'Volkswagen', match: 'alias' });
    expect(await resolved(t, 'benz')).toEqual({ name: 'Mercedes-Benz', match: 'alias' });
    expect(await resolved(t, 'lambo')).toEqual({ name: 'Lamborghini', match: 'alias' });
    expect(await resolved(t, 'beemer')).toEqual({ name: 'BMW', match: 'alias' });
    expect(await resolved(t, 'bimmer')).toEqual({ name: 'BMW', match: 'alias' });
    expect(await resolved(t, 'alfa')).toEqual({ name: 'Alfa Romeo', match: 'alias' });
    expect(await resolved(t, 'chevroelt')).toEqual({ name: 'Chevrolet', match: 'typo' });
    expect(await resolved(t, 'vokswagen')).toEqual({ name: 'Volkswagen', match: 'typo' });
    expect(await resolved(t, 'porshce')).toEqual({ name: 'Porsche', match: 'typo' });
  });

  it('refuses a text that names several makes, none, or is too short for a typo', async ({ t }) => {
    // "merc" is Mercedes-Benz and Mercury alike.
    expect(await resolved(t, 'merc')).toBeNull();
    expect(await resolved(t, 'Trabbi Sport')).toBeNull();
    // Four letters leave no room for a typo: "fird" is not Ford.
    expect(await resolved(t, 'fird')).toBeNull();
    // Five letters allow one edit, but only towards one make alone: "Tatta" is one edit from Tatra
    // and from Tata; "maxda" from Mazda only.
    expect(await resolved(t, 'Tatra')).toEqual({ name: 'Tatra', match: 'exact' });
    expect(await resolved(t, 'Tatta')).toBeNull();
    expect(await resolved(t, 'maxda')).toEqual({ name: 'Mazda', match: 'typo' });
    expect(await resolved(t, '  - ')).toBeNull();
  });
});

describe('resolveModel', () => {
  const resolved = async (t: TestApp, make: string, text: string) => {
    const found = await resolveModel(t.db, (await makeNamed(t, make)).id, text);
    return found && { name: found.entry.name, match: found.match };
  };

  it('folds case, spaces, hyphens and punctuation, and knows aliases', async ({ t }) => {
    expect(await resolved(t, 'Mazda', 'RX-7')).toEqual({ name: 'RX-7', match: 'exact' });
    expect(await resolved(t, 'Mazda', 'rx7')).toEqual({ name: 'RX-7', match: 'folded' });
    expect(await resolved(t, 'Mazda', 'rx 7')).toEqual({ name: 'RX-7', match: 'folded' });
    expect(await resolved(t, 'Ford', 'f150')).toEqual({ name: 'F-150', match: 'folded' });
    expect(await resolved(t, 'Chevrolet', 's10')).toEqual({ name: 'S-10', match: 'folded' });
    expect(await resolved(t, 'Chevrolet', 'S-10 Pickup')).toEqual({ name: 'S-10', match: 'alias' });
    expect(await resolved(t, 'Mazda', 'Miata')).toEqual({ name: 'MX-5', match: 'alias' });
    expect(await resolved(t, 'Lamborghini', 'murcielago')).toEqual({ name: 'Murcielago', match: 'exact' });
    expect(await resolved(t, 'Lamborghini', 'reventon')).toEqual({ name: 'Reventón', match: 'folded' });
    expect(await resolved(t, 'Lamborghini', 'Aventadro')).toEqual({ name: 'Aventador', match: 'typo' });
  });

  it('never takes one model number for another', async ({ t }) => {
    // The catalogue has Fiat's 124 and 128, not a 127 of one letter's difference... nor a 129.
    expect(await resolved(t, 'Fiat', '128')).toEqual({ name: '128', match: 'exact' });
    expect(await resolved(t, 'Fiat', '129')).toBeNull();
    expect(await resolved(t, 'Mazda', 'rx9')).toBeNull();
    expect(await resolved(t, 'Volvo', '246')).toBeNull();
  });

  it("finds only the make's own models", async ({ t }) => {
    expect(await resolved(t, 'Ford', 'RX-7')).toBeNull();
  });
});

describe('resolveName', () => {
  const named = (name: string, aliases: string[] = []) => ({ entry: name, name, aliases });

  it('refuses a typo two names are equally near', () => {
    const candidates = [named('Holden'), named('Golden')];
    expect(resolveName('Bolden', candidates)).toBeNull();
    expect(resolveName('Holdem', candidates)).toEqual({ entry: 'Holden', match: 'typo' });
  });

  it('refuses a typo beyond what the length allows', () => {
    expect(resolveName('Porshce', [named('Porsche')])).toEqual({ entry: 'Porsche', match: 'typo' });
    expect(resolveName('Prshce', [named('Porsche')])).toBeNull();
    // The shorter of the text and the name counts: one edit from five letters, none below.
    expect(resolveName('Matraa', [named('Matra')])).toEqual({ entry: 'Matra', match: 'typo' });
    expect(resolveName('Mtraa', [named('Matra')])).toBeNull();
    expect(resolveName('Fird', [named('Ford')])).toBeNull();
    expect(resolveName('Fordd', [named('Ford')])).toBeNull();
    expect(resolveName('Lamborgni', [named('Lamborghini')])).toEqual({ entry: 'Lamborghini', match: 'typo' });
  });

  it('prefers a name to an alias', () => {
    const candidates = [named('Scout'), named('International Harvester', ['Scout'])];
    expect(resolveName('scout', candidates)).toEqual({ entry: 'Scout', match: 'exact' });
  });
});

describe('the catalogue in the database', () => {
  it('keeps aliases with their make and model', async ({ t }) => {
    const mazda = await makeNamed(t, 'Mazda');
    const rows = await t.db
      .select({ alias: vehicleAliases.alias, model: vehicleModels.name })
      .from(vehicleAliases)
      .innerJoin(vehicleModels, eq(vehicleModels.id, vehicleAliases.modelId))
      .where(eq(vehicleAliases.makeId, mazda.id));
    expect(rows).toEqual(expect.arrayContaining([{ alias: 'Miata', model: 'MX-5' }]));
  });
});

describe('admin editing', () => {
  const post = (t: TestApp, user: TestUser | undefined, url: string, payload: object) =>
    as(t, user, { method: 'POST', url, payload });
  const patch = (t: TestApp, user: TestUser | undefined, url: string, payload: object) =>
    as(t, user, { method: 'PATCH', url, payload });

  it('refuses a visitor, a buyer and a seller, changing nothing', async ({ t, buyer, seller }) => {
    const mazda = await makeNamed(t, 'Mazda');
    const calls = [
      (user?: TestUser) => post(t, user, '/api/vehicles/makes', { name: 'Praga', country: 'CZ' }),
      (user?: TestUser) => patch(t, user, `/api/vehicles/makes/${mazda.id}`, { name: 'Mazda Motor' }),
      (user?: TestUser) => post(t, user, `/api/vehicles/makes/${mazda.id}/models`, { name: 'Cosmo Sport' }),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      expect((await call(buyer)).statusCode).toBe(403);
      expect((await call(seller)).statusCode).toBe(403);
    }
    expect(names(await makes(t))).not.toContain('Praga');
    expect((await makeNamed(t, 'Mazda')).name).toBe('Mazda');
    expect(names(await models(t, mazda.id, 'cosmo'))).toEqual(['Cosmo']);
  });

  it('adds a make and its models, which the lists and the resolver then know', async ({ t, admin }) => {
    const added = await post(t, admin, '/api/vehicles/makes', { name: 'Praga', country: 'CZ' });
    expect(added.statusCode).toBe(201);
    const praga = added.json() as VehicleMake;
    expect(praga).toMatchObject({ name: 'Praga', slug: 'praga', country: 'CZ' });
    const model = await post(t, admin, `/api/vehicles/makes/${praga.id}/models`, { name: 'Piccolo' });
    expect(model.statusCode).toBe(201);
    expect(names(await makes(t, 'prag'))).toEqual(['Praga']);
    expect(names(await models(t, praga.id))).toEqual(['Piccolo']);
    expect((await resolveModel(t.db, praga.id, 'piccolo'))?.entry.name).toBe('Piccolo');
  });

  it('refuses a name the catalogue has, folded, and a name without a letter', async ({ t, admin }) => {
    const taken = await post(t, admin, '/api/vehicles/makes', { name: 'alfa-romeo', country: 'IT' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe('The make “Alfa Romeo” is in the catalogue already.');
    const mazda = await makeNamed(t, 'Mazda');
    const model = await post(t, admin, `/api/vehicles/makes/${mazda.id}/models`, { name: 'rx 7' });
    expect(model.statusCode).toBe(409);
    const blank = await post(t, admin, '/api/vehicles/makes', { name: '--', country: 'IT' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).fields).toEqual({ name: 'Name needs a letter or a digit' });
    const country = await post(t, admin, '/api/vehicles/makes', { name: 'Praga Trucks', country: 'cz' });
    expect(country.statusCode).toBe(400);
    expect(await makes(t)).toHaveLength(catalogue.makes.length + 1); // only the Praga added above
  });

  it('adds a make once when two admins add it at once', async ({ t, admin, otherAdmin }) => {
    const answers = await Promise.all(
      [admin, otherAdmin].map((user) =>
        post(t, user, '/api/vehicles/makes', { name: 'Gutbrod', country: 'DE' }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(names(await makes(t, 'gutbrod'))).toEqual(['Gutbrod']);
  });

  it('renames a make and a model, keeping the old names as aliases', async ({ t, admin }) => {
    const make = (
      await post(t, admin, '/api/vehicles/makes', { name: 'Melkus Works', country: 'DE' })
    ).json() as VehicleMake;
    const model = (
      await post(t, admin, `/api/vehicles/makes/${make.id}/models`, { name: 'RS1000 W' })
    ).json() as {
      id: number;
    };
    const renamed = await patch(t, admin, `/api/vehicles/makes/${make.id}`, { name: 'Melkus' });
    expect(renamed.json()).toEqual({ id: make.id, name: 'Melkus', slug: 'melkus', country: 'DE' });
    expect(await resolveMake(t.db, 'Melkus Works')).toMatchObject({
      entry: { id: make.id },
      match: 'alias',
    });
    const moved = await patch(t, admin, `/api/vehicles/makes/${make.id}`, { country: 'GB' });
    expect(moved.json()).toMatchObject({ name: 'Melkus', country: 'GB' });

    const url = `/api/vehicles/makes/${make.id}/models/${model.id}`;
    expect((await patch(t, admin, url, { name: 'RS1000' })).json()).toMatchObject({
      name: 'RS1000',
      slug: 'rs1000',
    });
    expect(await resolveModel(t.db, make.id, 'RS1000 W')).toMatchObject({
      entry: { id: model.id },
      match: 'alias',
    });

    const taken = await patch(t, admin, `/api/vehicles/makes/${make.id}`, { name: 'Trabant' });
    expect(taken.statusCode).toBe(409);
    const mazda = await makeNamed(t, 'Mazda');
    const elsewhere = await patch(t, admin, `/api/vehicles/makes/${mazda.id}/models/${model.id}`, {
      name: 'X',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere).message).toBe('The model was not found.');
  });
});
