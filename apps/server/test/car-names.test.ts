/**
 * The cars' make and model as the catalogue links them: the mapping of the cars posted before it,
 * the cars following the admins' changes to the catalogue, and the "other" names and typo matches
 * the admins review.
 */
import {
  carNameMappingListSchema,
  carNameMappingSchema,
  otherCarNameListSchema,
  type VehicleAlias,
  type VehicleMake,
  type VehicleModel,
  vehicleMakeListSchema,
  vehicleModelListSchema,
} from '@redline/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  carNameMappings,
  cars,
  categories,
  users,
  vehicleAliases,
  vehicleMakes,
  vehicleModels,
} from '../src/db/schema.ts';
import { mapCarsToCatalogue } from '../src/modules/cars/car-names.ts';
import { carInput, createCar, ensureCategory, uploadedPhoto } from './factories.ts';
import { it } from './fixtures.ts';
import { as, createTestDatabase, errorOf, type TestApp, type TestUser } from './helpers.ts';

/** Cars as sellers typed them before the catalogue, then mapped as a start maps them. */
async function postedBefore(t: TestApp, seller: TestUser, names: [string, string][]) {
  const ids = [];
  for (const [brand, model] of names) ids.push((await createCar(t, seller, { brand, model })).id);
  await mapCarsToCatalogue(t.db);
  return ids;
}

/** The names the cars show and keep, in the order of `ids`. */
async function namesOf(t: TestApp, ids: string[]) {
  const rows = await t.db
    .select({
      id: cars.id,
      brand: cars.brand,
      model: cars.model,
      makeId: cars.makeId,
      modelId: cars.modelId,
      postedBrand: cars.postedBrand,
      postedModel: cars.postedModel,
    })
    .from(cars)
    .where(inArray(cars.id, ids));
  return ids.map((id) => {
    const { id: _, ...names } = rows.find((row) => row.id === id)!;
    return names;
  });
}

const makeNamed = async (t: TestApp, name: string): Promise<VehicleMake> => {
  const res = await as(t, undefined, { method: 'GET', url: '/api/vehicles/makes', query: { q: name } });
  const make = vehicleMakeListSchema.parse(res.json()).items.find((m) => m.name === name);
  if (!make) throw new Error(`no make ${name}`);
  return make;
};
const modelNamed = async (t: TestApp, makeId: number, name: string): Promise<VehicleModel> => {
  const res = await as(t, undefined, { method: 'GET', url: `/api/vehicles/makes/${makeId}/models` });
  const model = vehicleModelListSchema.parse(res.json()).items.find((m) => m.name === name);
  if (!model) throw new Error(`no model ${name}`);
  return model;
};
const call = (
  t: TestApp,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => as(t, user, { method, url, ...(payload ? { payload } : {}) });
/** A make an admin adds, with its models. */
async function addMake(t: TestApp, admin: TestUser, name: string, models: string[]): Promise<VehicleMake> {
  const make = (
    await call(t, admin, 'POST', '/api/vehicles/makes', { name, country: 'GB' })
  ).json() as VehicleMake;
  for (const model of models)
    await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name: model });
  return make;
}

describe('the mapping of the cars posted before the catalogue', () => {
  it('links exact names, aliases and confident typos, keeps the rest as other, and loses nothing', async ({
    t,
    seller,
  }) => {
    const ids = await postedBefore(t, seller, [
      ['Chevrolet', 'Corvette'],
      ['vw', 'golf'],
      ['chevroelt', 'Camaro'],
      ['Zagato Special', 'Uno'],
      ['Tatra', 'T603'],
      ['Fiat', 'Tipo Speciale'],
    ]);
    const [chevrolet, volkswagen] = [await makeNamed(t, 'Chevrolet'), await makeNamed(t, 'Volkswagen')];
    const tatra = await makeNamed(t, 'Tatra');
    expect(await namesOf(t, ids)).toEqual([
      {
        brand: 'Chevrolet',
        model: 'Corvette',
        makeId: chevrolet.id,
        modelId: expect.any(Number),
        postedBrand: null,
        postedModel: null,
      },
      {
        brand: 'Volkswagen',
        model: 'Golf',
        makeId: volkswagen.id,
        modelId: expect.any(Number),
        postedBrand: 'vw',
        postedModel: 'golf',
      },
      {
        brand: 'Chevrolet',
        model: 'Camaro',
        makeId: chevrolet.id,
        modelId: expect.any(Number),
        postedBrand: 'chevroelt',
        postedModel: null,
      },
      {
        brand: 'Zagato Special',
        model: 'Uno',
        makeId: null,
        modelId: null,
        postedBrand: null,
        postedModel: null,
      },
      // Tatra is a make of its own, not a typo of Matra.
      {
        brand: 'Tatra',
        model: 'T603',
        makeId: tatra.id,
        modelId: expect.any(Number),
        postedBrand: null,
        postedModel: null,
      },
      {
        brand: 'Fiat',
        model: 'Tipo Speciale',
        makeId: expect.any(Number),
        modelId: null,
        postedBrand: null,
        postedModel: null,
      },
    ]);

    // The report: each name once, how it matched; the typo flagged for an admin's review.
    const report = await t.db
      .select()
      .from(carNameMappings)
      .where(inArray(carNameMappings.brand, ['vw', 'chevroelt', 'Zagato Special']));
    expect(
      report
        .map(({ brand, model, shownBrand, makeMatch, modelMatch, cars, review }) => ({
          brand,
          model,
          shownBrand,
          makeMatch,
          modelMatch,
          cars,
          review,
        }))
        .sort((a, b) => a.brand.localeCompare(b.brand)),
    ).toEqual([
      {
        brand: 'chevroelt',
        model: 'Camaro',
        shownBrand: 'Chevrolet',
        makeMatch: 'typo',
        modelMatch: 'exact',
        cars: 1,
        review: null,
      },
      {
        brand: 'vw',
        model: 'golf',
        shownBrand: 'Volkswagen',
        makeMatch: 'alias',
        modelMatch: 'exact',
        cars: 1,
        review: null,
      },
      {
        brand: 'Zagato Special',
        model: 'Uno',
        shownBrand: 'Zagato Special',
        makeMatch: null,
        modelMatch: null,
        cars: 1,
        review: null,
      },
    ]);
  });

  it("maps an existing database's cars as the app starts, once the catalogue is filled", async () => {
    // A database of cars posted as free text, before the catalogue: migrated, its catalogue empty.
    const testDb = await createTestDatabase();
    try {
      const { db } = testDb.database;
      await db
        .insert(users)
        .values({ id: 'seller-before', name: 'Sam Before', email: 'before@example.test', role: 'Seller' });
      await db
        .insert(categories)
        .values({ id: 'classic', name: 'Classic', icon: '/i.svg', image: '/i.webp', position: 1 });
      const [car] = await db
        .insert(cars)
        .values({
          year: 1989,
          brand: 'vokswagen',
          model: 'Golf',
          categoryId: 'classic',
          engine: '1.8 L',
          fuel: 'Petrol',
          about: 'Posted before the catalogue.',
          askingPrice: 900_000,
          originalPrice: 1_000_000,
          topSpeed: 180,
          kmDriven: 150_000,
          sellerId: 'seller-before',
          photos: ['before-1'],
        })
        .returning({ id: cars.id });
      expect(await db.$count(vehicleMakes)).toBe(0);

      const { app } = await buildApp(testDb.config, testDb.database);
      await app.close();
      const [mapped] = await db.select().from(cars).where(eq(cars.id, car!.id));
      expect(mapped).toMatchObject({
        brand: 'Volkswagen',
        model: 'Golf',
        postedBrand: 'vokswagen',
        catalogueMapped: true,
      });
      expect(mapped!.makeId).toEqual(expect.any(Number));
    } finally {
      await testDb.close();
    }
  });

  it('maps the cars once when two instances start at once', async ({ t, seller }) => {
    const names: [string, string][] = [
      ['Borgward', 'Isabella'],
      ['chevroelt', 'Nova'],
      ['Zagato Coupe', 'Uno'],
    ];
    const ids = [];
    for (const [brand, model] of names) ids.push((await createCar(t, seller, { brand, model })).id);
    const runs = await Promise.all([mapCarsToCatalogue(t.db), mapCarsToCatalogue(t.db)]);
    expect(runs.sort()).toEqual([false, true]);
    expect((await namesOf(t, ids)).map(({ brand, model }) => `${brand} ${model}`)).toEqual([
      'Borgward Isabella',
      'Chevrolet Nova',
      'Zagato Coupe Uno',
    ]);
    const mappings = await t.db
      .select({ brand: carNameMappings.brand, model: carNameMappings.model })
      .from(carNameMappings)
      .where(
        inArray(
          carNameMappings.brand,
          names.map(([brand]) => brand),
        ),
      );
    expect(
      mappings.filter((row) => names.some(([brand, model]) => row.brand === brand && row.model === model)),
    ).toHaveLength(names.length);
  });

  it('maps each car once: a second run changes nothing', async ({ t, seller }) => {
    const ids = await postedBefore(t, seller, [
      ['chevy', 'vette'],
      ['Lambo', 'Countach Turbo'],
    ]);
    const before = await namesOf(t, ids);
    const reported = await t.db.$count(carNameMappings);
    expect(await mapCarsToCatalogue(t.db)).toBe(false);
    expect(await namesOf(t, ids)).toEqual(before);
    expect(await t.db.$count(carNameMappings)).toBe(reported);
    expect(before[0]).toMatchObject({
      brand: 'Chevrolet',
      model: 'Corvette',
      postedBrand: 'chevy',
      postedModel: 'vette',
    });
  });
});

describe('cars follow the catalogue', () => {
  it("shows a renamed make's and model's new names, keeping the seller's words", async ({
    t,
    seller,
    admin,
  }) => {
    const make = (
      await call(t, admin, 'POST', '/api/vehicles/makes', { name: 'Gutbrod', country: 'DE' })
    ).json() as VehicleMake;
    const model = (
      await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name: 'Superior' })
    ).json() as VehicleModel;
    const ids = await postedBefore(t, seller, [['gutbrod', 'superior 600']]);
    // "superior 600" is no name of the catalogue: the car is a Gutbrod of another model.
    expect((await namesOf(t, ids))[0]).toMatchObject({ brand: 'Gutbrod', makeId: make.id, modelId: null });
    await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/aliases`, {
      alias: 'Superior 600',
      modelId: model.id,
    });
    expect((await namesOf(t, ids))[0]).toMatchObject({
      model: 'Superior',
      modelId: model.id,
      postedModel: 'superior 600',
    });

    expect(
      (await call(t, admin, 'PATCH', `/api/vehicles/makes/${make.id}`, { name: 'Gutbrod Motorenbau' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, admin, 'PATCH', `/api/vehicles/makes/${make.id}/models/${model.id}`, {
          name: 'Superior 700',
        })
      ).statusCode,
    ).toBe(200);
    expect(await namesOf(t, ids)).toEqual([
      {
        brand: 'Gutbrod Motorenbau',
        model: 'Superior 700',
        makeId: make.id,
        modelId: model.id,
        postedBrand: 'gutbrod',
        postedModel: 'superior 600',
      },
    ]);
  });

  it('merges a make into another: its cars, models and aliases move, its name becomes an alias', async ({
    t,
    seller,
    admin,
  }) => {
    const kept = await addMake(t, admin, 'Jowett', ['Jupiter', 'Javelin']);
    const merged = await addMake(t, admin, 'Jowett Cars', ['Jupiter', 'Bradford']);
    await call(t, admin, 'POST', `/api/vehicles/makes/${merged.id}/aliases`, { alias: 'JCL' });
    const ids = await postedBefore(t, seller, [
      ['Jowett Cars', 'Jupiter'],
      ['jcl', 'bradford'],
      ['Jowett', 'Javelin'],
    ]);

    const res = await call(t, admin, 'POST', `/api/vehicles/makes/${merged.id}/merge`, { into: kept.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(kept);
    const jupiter = await modelNamed(t, kept.id, 'Jupiter');
    const bradford = await modelNamed(t, kept.id, 'Bradford');
    expect(await namesOf(t, ids)).toEqual([
      {
        brand: 'Jowett',
        model: 'Jupiter',
        makeId: kept.id,
        modelId: jupiter.id,
        postedBrand: 'Jowett Cars',
        postedModel: null,
      },
      {
        brand: 'Jowett',
        model: 'Bradford',
        makeId: kept.id,
        modelId: bradford.id,
        postedBrand: 'jcl',
        postedModel: 'bradford',
      },
      {
        brand: 'Jowett',
        model: 'Javelin',
        makeId: kept.id,
        modelId: expect.any(Number),
        postedBrand: null,
        postedModel: null,
      },
    ]);
    const aliases = await call(t, admin, 'GET', `/api/vehicles/makes/${kept.id}/aliases`);
    expect((aliases.json() as { items: VehicleAlias[] }).items.map((a) => a.alias)).toEqual([
      'JCL',
      'Jowett Cars',
    ]);
    expect((await call(t, admin, 'GET', `/api/vehicles/makes/${merged.id}/models`)).statusCode).toBe(404);
  });

  it('links the cars posted while their make is merged to the make it is merged into', async ({
    t,
    seller,
    admin,
  }) => {
    const kept = await addMake(t, admin, 'Harrowgate', ['TD 21']);
    const merged = await addMake(t, admin, 'Harrowgate Motor Company', ['TD 21', 'Grey Lady']);
    await ensureCategory(t);
    const photos = [];
    for (let n = 0; n < 8; n++) photos.push(await uploadedPhoto(t, seller));
    // The posts and the merge in flight together, the merge sent between them.
    const posted = photos.map((photo, n) => {
      const model = n % 2 === 0 ? 'TD 21' : 'grey lady';
      return call(t, seller, 'POST', '/api/cars', {
        ...carInput([photo]),
        brand: 'Harrowgate Motor Company',
        model,
      });
    });
    const merging = call(t, admin, 'POST', `/api/vehicles/makes/${merged.id}/merge`, { into: kept.id });
    const [merge, ...posts] = await Promise.all([merging, ...posted]);

    expect(merge.statusCode, merge.body).toBe(200);
    expect(posts.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    const td21 = await modelNamed(t, kept.id, 'TD 21');
    const greyLady = await modelNamed(t, kept.id, 'Grey Lady');
    const shown = await namesOf(
      t,
      posts.map((res) => (res.json() as { id: string }).id),
    );
    expect(shown).toEqual(
      photos.map((_, n) => ({
        brand: 'Harrowgate',
        model: n % 2 === 0 ? 'TD 21' : 'Grey Lady',
        makeId: kept.id,
        modelId: n % 2 === 0 ? td21.id : greyLady.id,
        postedBrand: 'Harrowgate Motor Company',
        postedModel: n % 2 === 0 ? null : 'grey lady',
      })),
    );
  });

  it('merges a model into another of its make', async ({ t, seller, admin }) => {
    const make = (
      await call(t, admin, 'POST', '/api/vehicles/makes', { name: 'Lea-Francis', country: 'GB' })
    ).json() as VehicleMake;
    const add = async (name: string) =>
      (
        await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name })
      ).json() as VehicleModel;
    const [kept, merged] = [await add('Lynx'), await add('Lynx Sports')];
    const ids = await postedBefore(t, seller, [['Lea-Francis', 'Lynx Sports']]);
    const res = await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models/${merged.id}/merge`, {
      into: kept.id,
    });
    expect(res.json()).toEqual(kept);
    expect((await namesOf(t, ids))[0]).toMatchObject({
      model: 'Lynx',
      modelId: kept.id,
      postedModel: 'Lynx Sports',
    });
    const [alias] = await t.db.select().from(vehicleAliases).where(eq(vehicleAliases.modelId, kept.id));
    expect(alias?.alias).toBe('Lynx Sports');
  });

  it('deletes a make or a model: its cars keep their names, as other', async ({ t, seller, admin }) => {
    const make = (
      await call(t, admin, 'POST', '/api/vehicles/makes', { name: 'Invicta', country: 'GB' })
    ).json() as VehicleMake;
    const model = (
      await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name: 'S-Type' })
    ).json() as VehicleModel;
    const other = (
      await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name: 'Black Prince' })
    ).json() as VehicleModel;
    const ids = await postedBefore(t, seller, [
      ['Invicta', 's type'],
      ['invicta', 'Black Prince'],
    ]);

    expect(
      (await call(t, admin, 'DELETE', `/api/vehicles/makes/${make.id}/models/${model.id}`)).json(),
    ).toEqual({ deletedCount: 1 });
    expect((await namesOf(t, ids))[0]).toMatchObject({
      brand: 'Invicta',
      model: 'S-Type',
      makeId: make.id,
      modelId: null,
    });
    expect((await call(t, admin, 'DELETE', `/api/vehicles/makes/${make.id}`)).json()).toEqual({
      deletedCount: 1,
    });
    expect(await namesOf(t, ids)).toEqual([
      {
        brand: 'Invicta',
        model: 'S-Type',
        makeId: null,
        modelId: null,
        postedBrand: null,
        postedModel: 's type',
      },
      {
        brand: 'Invicta',
        model: 'Black Prince',
        makeId: null,
        modelId: null,
        postedBrand: 'invicta',
        postedModel: null,
      },
    ]);
    expect(await t.db.$count(vehicleModels, eq(vehicleModels.id, other.id))).toBe(0);
    expect((await call(t, admin, 'DELETE', `/api/vehicles/makes/${make.id}`)).statusCode).toBe(404);
  });

  it('refuses what cannot be, changing nothing', async ({ t, admin }) => {
    const make = (
      await call(t, admin, 'POST', '/api/vehicles/makes', { name: 'Alvis Cars', country: 'GB' })
    ).json() as VehicleMake;
    const model = (
      await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models`, { name: 'Grey Lady' })
    ).json() as VehicleModel;
    const mazda = await makeNamed(t, 'Mazda');
    const self = await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/merge`, { into: make.id });
    expect(self.statusCode).toBe(409);
    expect(
      (await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/merge`, { into: 999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/merge`, { into: 'Mazda' })).statusCode,
    ).toBe(400);
    // A model of another make is no model of this one.
    const rx7 = await modelNamed(t, mazda.id, 'RX-7');
    expect(
      (
        await call(t, admin, 'POST', `/api/vehicles/makes/${make.id}/models/${model.id}/merge`, {
          into: rx7.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t, admin, 'DELETE', `/api/vehicles/makes/${make.id}/models/${rx7.id}`)).statusCode,
    ).toBe(404);
    // An alias that is its own name, another make's name, or one it has.
    const aliases = `/api/vehicles/makes/${make.id}/aliases`;
    expect(errorOf(await call(t, admin, 'POST', aliases, { alias: 'alvis-cars' })).message).toBe(
      '“Alvis Cars” is its name already.',
    );
    expect(errorOf(await call(t, admin, 'POST', aliases, { alias: 'mazda' })).message).toBe(
      '“Mazda” is another entry of the catalogue.',
    );
    const added = await call(t, admin, 'POST', aliases, { alias: 'Alvis Car Co' });
    expect(added.statusCode).toBe(201);
    expect((await call(t, admin, 'POST', aliases, { alias: 'ALVIS CAR CO' })).statusCode).toBe(409);
    expect((await call(t, admin, 'POST', aliases, { alias: '--' })).statusCode).toBe(400);
    expect((await call(t, admin, 'POST', aliases, { alias: 'Grey', modelId: rx7.id })).statusCode).toBe(404);
    const alias = added.json() as VehicleAlias;
    expect(
      (await call(t, admin, 'DELETE', `/api/vehicles/makes/${mazda.id}/aliases/${alias.id}`)).statusCode,
    ).toBe(404);
    expect((await call(t, admin, 'DELETE', `${aliases}/${alias.id}`)).json()).toEqual({ deletedCount: 1 });
    expect((await call(t, admin, 'GET', aliases)).json()).toEqual({ items: [] });
    expect((await modelNamed(t, make.id, 'Grey Lady')).id).toBe(model.id);
    expect((await modelNamed(t, mazda.id, 'RX-7')).id).toBe(rx7.id);
  });

  it('refuses a visitor, a buyer and a seller', async ({ t, buyer, seller }) => {
    const mazda = await makeNamed(t, 'Mazda');
    const calls = [
      (user?: TestUser) => call(t, user, 'POST', `/api/vehicles/makes/${mazda.id}/merge`, { into: mazda.id }),
      (user?: TestUser) => call(t, user, 'DELETE', `/api/vehicles/makes/${mazda.id}`),
      (user?: TestUser) =>
        call(t, user, 'POST', `/api/vehicles/makes/${mazda.id}/aliases`, { alias: 'Zoom' }),
      (user?: TestUser) => call(t, user, 'GET', '/api/cars/other-names'),
      (user?: TestUser) => call(t, user, 'GET', '/api/cars/name-mappings'),
    ];
    for (const attempt of calls) {
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt(buyer)).statusCode).toBe(403);
      expect((await attempt(seller)).statusCode).toBe(403);
    }
    expect((await makeNamed(t, 'Mazda')).id).toBe(mazda.id);
  });
});

describe('other names and typo matches, for the admins', () => {
  it('lists the names the catalogue lacks with their cars, and links them once mapped or added', async ({
    t,
    seller,
    admin,
  }) => {
    const ids = await postedBefore(t, seller, [
      ['Gordon Keeble Ltd', 'GK1'],
      ['Gordon Keeble Ltd', 'GT'],
      ['Lancia', 'Fulvia Sport Zagato'],
      ['Lancia', 'Fulvia Sport Zagato'],
    ]);
    const lancia = await makeNamed(t, 'Lancia');
    const other = async () =>
      otherCarNameListSchema.parse((await call(t, admin, 'GET', '/api/cars/other-names')).json()).items;
    expect(await other()).toEqual(
      expect.arrayContaining([
        { brand: 'Gordon Keeble Ltd', makeId: null, model: null, cars: 2 },
        { brand: 'Lancia', makeId: lancia.id, model: 'Fulvia Sport Zagato', cars: 2 },
      ]),
    );

    // Mapped to an existing model: an alias of it, and the cars linked.
    const fulvia = await modelNamed(t, lancia.id, 'Fulvia');
    await call(t, admin, 'POST', `/api/vehicles/makes/${lancia.id}/aliases`, {
      alias: 'Fulvia Sport Zagato',
      modelId: fulvia.id,
    });
    // Added to the catalogue: the cars linked.
    const added = (
      await call(t, admin, 'POST', '/api/vehicles/makes', { name: 'Gordon Keeble Ltd', country: 'GB' })
    ).json() as VehicleMake;
    const names = await namesOf(t, ids);
    expect(names.map((car) => [car.brand, car.model, car.makeId, car.modelId])).toEqual([
      ['Gordon Keeble Ltd', 'GK1', added.id, null],
      ['Gordon Keeble Ltd', 'GT', added.id, null],
      ['Lancia', 'Fulvia', lancia.id, fulvia.id],
      ['Lancia', 'Fulvia', lancia.id, fulvia.id],
    ]);
    const left = await other();
    expect(left.find((name) => name.brand === 'Gordon Keeble Ltd' && name.makeId === null)).toBeUndefined();
    expect(left).toContainEqual({ brand: 'Gordon Keeble Ltd', makeId: added.id, model: 'GK1', cars: 1 });
  });

  it('lists the typo matches, to confirm (an alias) or undo (the cars other again)', async ({
    t,
    seller,
    admin,
  }) => {
    const ids = await postedBefore(t, seller, [
      ['Porshce', '911'],
      ['Lamborgini', 'Countach'],
      ['Lamborghini', 'Diablp'],
    ]);
    const typos = carNameMappingListSchema.parse(
      (await call(t, admin, 'GET', '/api/cars/name-mappings')).json(),
    ).items;
    const [porshce, lamborgini, diablp] = ['Porshce', 'Lamborgini', 'Lamborghini'].map(
      (brand) => typos.find((m) => m.brand === brand)!,
    );
    expect(porshce).toMatchObject({ shownBrand: 'Porsche', makeMatch: 'typo', review: null });
    expect(diablp).toMatchObject({
      model: 'Diablp',
      shownModel: 'Diablo',
      makeMatch: 'exact',
      modelMatch: 'typo',
    });

    const review = (id: number, verdict: string) =>
      call(t, admin, 'POST', `/api/cars/name-mappings/${id}/review`, { review: verdict });
    const confirmed = await review(porshce!.id, 'confirmed');
    expect(carNameMappingSchema.parse(confirmed.json()).review).toBe('confirmed');
    const porsche = await makeNamed(t, 'Porsche');
    expect((await call(t, admin, 'GET', `/api/vehicles/makes/${porsche.id}/aliases`)).json()).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ alias: 'Porshce', modelId: null })]),
    });
    expect((await review(lamborgini!.id, 'undone')).statusCode).toBe(200);
    expect((await review(diablp!.id, 'undone')).statusCode).toBe(200);
    expect(await namesOf(t, ids)).toEqual([
      expect.objectContaining({ brand: 'Porsche', makeId: porsche.id, postedBrand: 'Porshce' }),
      {
        brand: 'Lamborgini',
        model: 'Countach',
        makeId: null,
        modelId: null,
        postedBrand: null,
        postedModel: null,
      },
      expect.objectContaining({ brand: 'Lamborghini', model: 'Diablp', modelId: null, postedModel: null }),
    ]);
    const again = await review(porshce!.id, 'undone');
    expect(again.statusCode).toBe(409);
    expect((await review(999_999, 'undone')).statusCode).toBe(404);
    expect((await review(porshce!.id, 'maybe')).statusCode).toBe(400);
    const left = carNameMappingListSchema.parse(
      (await call(t, admin, 'GET', '/api/cars/name-mappings')).json(),
    ).items;
    expect(left.map((m) => m.id)).not.toContain(porshce!.id);
  });
});
