/**
 * The car search (`GET /api/cars/search`), its suggestions and a car's price history, as a buyer
 * sees them: every filter and sort, typos, invalid parameters, the answer cache, and changes shown
 * at once. The counts' promise: search-counts.test.ts; paging: search-pages.test.ts.
 */
import { carDetailSchema, carSuggestionsSchema } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { cars, photos } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { carInput, createCar } from './factories.ts';
import { as, errorOf, signUpUser } from './helpers.ts';
import { it as base, CATALOGUE, UNSOLD } from './search-fixture.ts';

/** The suggestions for what the buyer types. */
const it = base.extend('suggest', { scope: 'file' }, ({ t, buyer }) => async (q: string) => {
  const res = await as(t, buyer, { method: 'GET', url: `/api/cars/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return carSuggestionsSchema.parse(res.json()).items;
});

describe('GET /api/cars/search', () => {
  it('answers a visitor without a session, as the category pages do (BROWSING=public)', async ({ t }) => {
    const res = await as(t, undefined, { method: 'GET', url: '/api/cars/search' });
    expect(res.statusCode).toBe(200);
  });

  it('without parameters lists every car for sale, newest first, never a sold one', async ({
    search,
    names,
  }) => {
    const result = await search();
    expect(result.total).toBe(UNSOLD);
    expect(names(result)).toEqual(CATALOGUE.map((entry) => entry.name).reverse());
    expect(result.nextCursor).toBeNull();
    expect(names(result)).not.toContain('sold');
  });

  it('filters by each parameter', async ({ search, sortedNames }) => {
    expect(sortedNames(await search('category=suv'))).toEqual(['c5', 'cruiser', 'macan', 'modelx']);
    expect(sortedNames(await search('category=suv&category=electric'))).toEqual([
      'c5',
      'cruiser',
      'macan',
      'modelx',
      'taycan',
    ]);
    // Brands compare without case or accents: "porsche" and "Porsche" are one brand.
    expect(sortedNames(await search('brand=PORSCHE'))).toEqual(['gt3', 'macan', 'taycan']);
    expect(sortedNames(await search('brand=citroen&brand=Tesla'))).toEqual(['c5', 'modelx']);
    expect(sortedNames(await search('fuel=Electric&fuel=Hybrid'))).toEqual(['c5', 'modelx', 'taycan']);
    expect(sortedNames(await search('yearMin=2021'))).toEqual(['c5', 'gt3', 'modelx', 'taycan']);
    expect(sortedNames(await search('yearMax=2019'))).toEqual(['cruiser', 'huracan']);
    expect(sortedNames(await search('yearMin=2020&yearMax=2020'))).toEqual(['f8', 'macan']);
    expect(sortedNames(await search('priceMin=9000000&priceMax=18000000'))).toEqual([
      'cruiser',
      'modelx',
      'taycan',
    ]);
    expect(sortedNames(await search('kmMax=8400'))).toEqual(['c5', 'gt3', 'taycan']);
    expect(sortedNames(await search('verified=true'))).toEqual(['c5', 'f8', 'gt3', 'modelx']);
    expect(sortedNames(await search('verified=false'))).toHaveLength(UNSOLD);
  });

  it('combines filters: each must hold', async ({ search, sortedNames }) => {
    expect(sortedNames(await search('category=suv&fuel=Electric&fuel=Petrol&verified=true'))).toEqual([
      'modelx',
    ]);
    expect(sortedNames(await search('brand=porsche&priceMax=20000000&kmMax=10000'))).toEqual(['taycan']);
    expect((await search('category=classic')).total).toBe(0);
  });

  it('finds text in any case, without accents and with small typos', async ({ search, sortedNames }) => {
    expect(sortedNames(await search('q=ferari'))).toEqual(['f8']);
    expect(sortedNames(await search('q=porshe'))).toEqual(['gt3', 'macan', 'taycan']);
    expect(sortedNames(await search('q=lamborgini'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=HURACAN'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=citroen'))).toEqual(['c5']);
    // The engine and the about text are searched too; every word must match.
    expect(sortedNames(await search('q=v10'))).toEqual(['huracan']);
    expect(sortedNames(await search('q=porsche%20turbo'))).toEqual(['taycan']);
    expect((await search('q=bugatti')).total).toBe(0);
    // From three letters a word matches the start of a word of the text ("condition"); two letters
    // match a whole word ("in", "v8"), not the start of every word they begin ("co").
    expect((await search('q=cond')).total).toBe(UNSOLD);
    expect((await search('q=in')).total).toBe(UNSOLD);
    expect(sortedNames(await search('q=v8'))).toEqual(['f8']);
    expect((await search('q=co')).total).toBe(0);
    // Punctuation alone searches nothing: the whole catalogue, newest first.
    expect((await search('q=%21%21')).total).toBe(UNSOLD);
    // Whatever is typed, the text query is built from letters and digits only: never a 500.
    for (const q of [
      "porsche's 911:*",
      '¼ ½',
      'straße',
      'æøå',
      '日本車',
      'a & b | !c',
      "'; drop table cars; --",
      '😀🚗',
    ]) {
      await search(`q=${encodeURIComponent(q)}`);
    }
  });

  it('puts the best matches first when sorting by relevance, the default with text', async ({
    t,
    otherSeller,
    search,
    names,
  }) => {
    const result = await search('q=porsche%20macan');
    expect(names(result)).toEqual(['macan']);
    const byName = await search('q=tesla');
    expect(names(byName)[0]).toBe('modelx');
    // A name that matches exactly outranks one that matches with a typo.
    await createCar(t, otherSeller, { brand: 'Ferrary', model: 'Replica', categoryId: 'classic' });
    try {
      const ranked = await search('q=ferrari');
      expect(names(ranked)[0]).toBe('f8');
    } finally {
      await t.db.delete(cars).where(eq(cars.brand, 'Ferrary'));
    }
  });

  it('finds every car of the facet values its words name, those with the values first, and the cars whose text has the words', async ({
    t,
    otherSeller,
    search,
    names,
  }) => {
    const wagon = { categoryId: 'classic', bodyStyle: 'Wagon', about: 'Well kept.' } as const;
    const posted = {
      // Diesel wagons whose text says neither word.
      v70: await createCar(t, otherSeller, {
        ...wagon,
        brand: 'Volvo',
        model: 'V70',
        fuel: 'Diesel',
        engine: 'D5',
      }),
      avant: await createCar(t, otherSeller, {
        ...wagon,
        brand: 'Audi',
        model: 'A6 Avant',
        fuel: 'Diesel',
        engine: '2.0 TDI',
      }),
      // A petrol wagon whose text has "diesel"; a diesel saloon whose text has neither.
      touring: await createCar(t, otherSeller, {
        ...wagon,
        brand: 'BMW',
        model: '530i Touring',
        fuel: 'Petrol',
        engine: '3.0 L six',
        about: 'Not a diesel.',
      }),
      saloon: await createCar(t, otherSeller, {
        ...wagon,
        bodyStyle: 'Sedan',
        brand: 'Mercedes-Benz',
        model: 'E 220d',
        fuel: 'Diesel',
        engine: '2.0 L four',
      }),
    };
    for (const car of Object.values(posted))
      await publish(t.db, 'car.posted', { carId: car.id, sellerId: otherSeller.id });
    try {
      const nameOf = (id: string) => Object.entries(posted).find(([, car]) => car.id === id)?.[0];
      const found = await search('q=diesel+wagon');
      expect(found.total).toBe(3);
      const ids = found.items.map((car) => nameOf(car.id));
      expect(ids.slice(0, 2).sort()).toEqual(['avant', 'v70']);
      expect(ids[2]).toBe('touring');
      // Counted as they are found, and the same by every order.
      expect((await search('q=diesel+wagon&sort=price_asc')).items).toHaveLength(3);
      // "red": the red cars of the catalogue, whatever their text.
      expect(names(await search('q=red')).sort()).toEqual(['f8', 'macan']);
      expect(names(await search('q=awd+automatic')).sort()).toEqual(['macan', 'taycan']);
    } finally {
      for (const car of Object.values(posted)) {
        await t.db.delete(cars).where(eq(cars.id, car.id));
        await publish(t.db, 'car.deleted', { carId: car.id });
      }
    }
  });

  it('sorts by each order, ties broken the same way every time', async ({ posted, search, names }) => {
    const unsold = CATALOGUE.map((entry, i) => ({ ...entry, id: posted[entry.name]!.id, posted: i }));
    const order = (entry: (typeof unsold)[number]) => entry.posted;
    const expectOrder = async (
      sort: string,
      compare: (a: (typeof unsold)[number], b: (typeof unsold)[number]) => number,
    ) =>
      expect(names(await search(`sort=${sort}`))).toEqual(
        [...unsold].sort(compare).map((entry) => entry.name),
      );
    await expectOrder('price_asc', (a, b) => a.price - b.price);
    await expectOrder('price_desc', (a, b) => b.price - a.price);
    await expectOrder('km_asc', (a, b) => a.km - b.km);
    await expectOrder('year_desc', (a, b) => b.car.year - a.car.year || (b.id > a.id ? 1 : -1));
    await expectOrder('newest', (a, b) => order(b) - order(a));
    // Relevance without text: newest first.
    await expectOrder('relevance', (a, b) => order(b) - order(a));
  });

  it('answers invalid parameters with 400 and a message per field', async ({ t, buyer }) => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['sort=cheapest', 'sort'],
      ['fuel=Gas', 'fuel.0'],
      ['yearMin=abc', 'yearMin'],
      ['yearMin=1899', 'yearMin'],
      ['body=Limousine', 'body.0'],
      ['colour=Teal', 'colour.0'],
      ['doorsMin=0', 'doorsMin'],
      ['seatsMin=10', 'seatsMin'],
      ['ownersMax=-1', 'ownersMax'],
      ['classic=yes', 'classic'],
      ['yearMin=3000', 'yearMin'],
      ['priceMax=1e12', 'priceMax'],
      ['yearMin=2022&yearMax=2020', 'yearMax'],
      ['priceMin=500&priceMax=100', 'priceMax'],
      ['priceMin=-1', 'priceMin'],
      ['kmMax=1.5', 'kmMax'],
      ['verified=yes', 'verified'],
      [`q=${'x'.repeat(101)}`, 'q'],
      [Array.from({ length: 21 }, (_, i) => `category=c${i}`).join('&'), 'category'],
    ];
    for (const [params, field] of cases) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/search?${params}` });
      expect(res.statusCode, params).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), params).toContain(field);
    }
  });

  it('answers a search again from the cache with its ETag, privately, whatever the order of its parameters', async ({
    t,
    buyer,
  }) => {
    const first = await as(t, buyer, {
      method: 'GET',
      url: '/api/cars/search?fuel=Petrol&fuel=Electric&sort=price_asc',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const reordered = await as(t, buyer, {
      method: 'GET',
      url: '/api/cars/search?sort=price_asc&fuel=Electric&fuel=Petrol',
      headers: { 'if-none-match': etag },
    });
    expect(reordered.statusCode).toBe(304);
    // Another buyer's search for the same is the same answer, and so is a visitor's (its ETag too).
    const other = await signUpUser(t, 'Buyer');
    const again = await as(t, other, {
      method: 'GET',
      url: '/api/cars/search?fuel=Electric&fuel=Petrol&sort=price_asc',
    });
    expect(again.json()).toEqual(first.json());
    const signedOut = await as(t, undefined, {
      method: 'GET',
      url: '/api/cars/search?fuel=Petrol&fuel=Electric&sort=price_asc',
      headers: { 'if-none-match': etag },
    });
    expect(signedOut.statusCode).toBe(304);
  });

  it('shows a car posted, edited, sold or deleted at once', async ({ t, buyer, seller, search }) => {
    // Posted through the API, as a seller does: the cached searches are emptied by its event.
    expect((await search('q=bugatti')).total).toBe(0);
    const photo = `search-${Date.now()}`;
    await t.db.insert(photos).values({ key: photo, uploaderId: seller.id, width: 1600, height: 1200 });
    const posted = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: { ...carInput([photo]), brand: 'Bugatti', model: 'Chiron', categoryId: 'super-car' },
    });
    expect(posted.statusCode).toBe(201);
    const car = posted.json() as { id: string };
    expect((await search('q=bugatti')).total).toBe(1);
    // Another sort or page of a search shares its counts: they were emptied too.
    const sorted = await search('q=bugatti&sort=price_asc&limit=5');
    expect([sorted.total, sorted.items.map((item) => item.id)]).toEqual([1, [car.id]]);
    const suggested = async () =>
      (await as(t, buyer, { method: 'GET', url: '/api/cars/suggest?q=bugat' })).json().items;
    expect(await suggested()).toContainEqual({
      label: 'Bugatti Chiron',
      brand: 'Bugatti',
      model: 'Chiron',
      count: 1,
    });
    const edit = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 10_000 },
    });
    expect(edit.statusCode).toBe(200);
    expect((await search('q=bugatti&priceMax=10000')).total).toBe(1);
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    expect((await search('q=bugatti')).total).toBe(0);
    expect((await search('q=bugatti&sort=price_asc&limit=5')).total).toBe(0);
    expect(await suggested()).toEqual([]);
    await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { sold: false } });
    expect((await search('q=bugatti')).total).toBe(1);
    const deleted = await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await search('q=bugatti')).total).toBe(0);
    expect(await suggested()).toEqual([]);
  });
});

describe("a seller's page", () => {
  it("shows a seller's name, badge, member-since date and cars for sale, never the e-mail", async ({
    t,
    buyer,
    seller,
    search,
    sortedNames,
  }) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/sellers/${seller.id}` });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toEqual({
      id: seller.id,
      name: 'Vera Verified',
      verified: true,
      memberSince: expect.any(String),
      carsForSale: 4,
      // A private seller (dealers.test.ts: a dealer's).
      dealer: null,
      // Not reviewed (reviews.test.ts: the figures).
      reviews: { count: 0, experience: null, accuracy: null, communication: null, overall: null },
    });
    expect(res.body).not.toContain(seller.email);
    // The cars are the search's, with the seller as a filter; each car names its seller's id.
    const listed = await search(`seller=${seller.id}`);
    expect(sortedNames(listed)).toEqual(['c5', 'f8', 'gt3', 'modelx']);
    expect(listed.items.every((car) => car.sellerId === seller.id)).toBe(true);
  });

  it("answers 404 for a buyer and an unknown id, and a seller's page to a visitor too", async ({
    t,
    buyer,
    seller,
  }) => {
    for (const id of [buyer.id, 'nobody']) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/sellers/${id}` });
      expect(res.statusCode, id).toBe(404);
    }
    const signedOut = await as(t, undefined, { method: 'GET', url: `/api/sellers/${seller.id}` });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toMatchObject({ id: seller.id, name: seller.name });
  });
});

describe('GET /api/cars/suggest', () => {
  it('completes brands and models of cars for sale, the brand first', async ({ suggest }) => {
    const porsche = await suggest('por');
    expect(porsche[0]).toEqual({ label: 'Porsche', brand: 'Porsche', model: null, count: 3 });
    expect(
      porsche
        .slice(1)
        .map((s) => s.model)
        .sort(),
    ).toEqual(['911 GT3', 'Macan', 'Taycan Turbo S']);
    // A word inside the name, a typo, an accent.
    expect((await suggest('tributo')).map((s) => s.label)).toEqual(['Ferrari F8 Tributo']);
    expect((await suggest('porshe'))[0]!.label).toBe('Porsche');
    // A typo in a word still being typed.
    expect((await suggest('porsh'))[0]!.label).toBe('Porsche');
    expect((await suggest('ferar')).map((s) => s.label)).toEqual(['Ferrari', 'Ferrari F8 Tributo']);
    expect((await suggest('lamborgini huracn')).map((s) => s.label)).toEqual(['Lamborghini Huracán EVO']);
    // A model's name in the catalogue offers it, then the cars' names.
    const huracan = ['Lamborghini Huracan', 'Lamborghini Huracán EVO'];
    expect((await suggest('huracan')).map((s) => s.label)).toEqual(huracan);
    // Capitals and accents in what is typed, and text inside a word.
    expect((await suggest('HURACÁN')).map((s) => s.label)).toEqual(huracan);
    expect((await suggest('ribut')).map((s) => s.label)).toEqual(['Ferrari F8 Tributo']);
    // The sold Ferrari 296 is not offered.
    expect((await suggest('296')).length).toBe(0);
  });

  it('completes from one character, at most eight suggestions', async ({ suggest }) => {
    const short = await suggest('t');
    expect(short.map((s) => s.label)).toEqual(['Tesla', 'Tesla Model X', 'Toyota', 'Toyota Land Cruiser']);
    expect((await suggest('e')).length).toBeLessThanOrEqual(8);
  });

  it('takes what is typed literally and refuses an empty or long text', async ({ t, buyer, suggest }) => {
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_')).toEqual([]);
    for (const q of ['', '%20', 'x'.repeat(101)]) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/suggest?q=${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    const signedOut = await as(t, undefined, { method: 'GET', url: '/api/cars/suggest?q=por' });
    expect(signedOut.statusCode).toBe(200);
  });
});

describe('price history', () => {
  it('keeps every asking price, oldest first, and dates the last drop', async ({
    t,
    buyer,
    seller,
    search,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 10_000_000, categoryId: 'classic' });
    const read = async () => {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` });
      expect(res.statusCode).toBe(200);
      return carDetailSchema.parse(res.json());
    };
    const start = await read();
    expect(start.priceHistory.map((p) => p.askingPrice)).toEqual([10_000_000]);
    expect(start.priceHistory[0]!.changedAt).toBe(car.addedDate.toISOString());
    expect(start.priceDroppedAt).toBeNull();

    const edit = (payload: object) => as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
    expect((await edit({ askingPrice: 9_000_000 })).statusCode).toBe(200);
    const dropped = await read();
    expect(dropped.priceDroppedAt).not.toBeNull();
    // Other edits keep the history and the drop as they are.
    expect((await edit({ about: 'Fresh service.' })).statusCode).toBe(200);
    expect((await read()).priceHistory).toHaveLength(2);
    expect((await read()).priceDroppedAt).toBe(dropped.priceDroppedAt);

    expect((await edit({ askingPrice: 9_500_000 })).statusCode).toBe(200);
    const raised = await read();
    expect(raised.priceHistory.map((p) => p.askingPrice)).toEqual([10_000_000, 9_000_000, 9_500_000]);
    expect(raised.priceDroppedAt).toBeNull();
    const times = raised.priceHistory.map((p) => Date.parse(p.changedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Lists carry the drop date too (the card's badge).
    expect((await edit({ askingPrice: 8_000_000 })).statusCode).toBe(200);
    const listed = (await search('category=classic')).items.find((c) => c.id === car.id);
    expect(listed?.priceDroppedAt).not.toBeNull();
  });
});
