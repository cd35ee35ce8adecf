import { randomUUID } from 'node:crypto';
import {
  BODY_STYLES,
  COLOURS,
  carComparisonSchema,
  carDetailSchema,
  carSchema,
  carYearMax,
  distanceKm,
  PRICE_HISTORY_SHOWN,
  sellerCarSchema,
  VIN_CHECK_DIGIT_MESSAGE,
  VIN_LENGTH_MESSAGE,
} from '@redline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  advertisements,
  bookings,
  carPrices,
  cars,
  notifications,
  reportedCars,
  savedCars,
  users,
} from '../src/db/schema.ts';
import { placeOf } from '../src/places/gazetteer.ts';
import {
  advertise,
  BEVERLY_HILLS,
  carInput,
  createBooking,
  createCar,
  ensureCategory,
  NO_PLACE,
  uploadedPhoto,
} from './factories.ts';
import { it as base } from './fixtures.ts';
import {
  as,
  errorOf,
  sameBytesSpellings,
  signUpUser,
  type TestApp,
  type TestUser,
  together,
} from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller', isVerified: true },
  },
);
it.beforeAll(async ({ t }) => {
  await ensureCategory(t, 'super-car');
  await ensureCategory(t, 'suv');
});

async function validInput(t: TestApp, seller: TestUser, owner: TestUser = seller) {
  return carInput([await uploadedPhoto(t, owner), await uploadedPhoto(t, owner)]);
}

const carCount = async (t: TestApp) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(cars))[0]!.n;

describe('POST /api/cars', () => {
  it('requires a session', async ({ t, seller }) => {
    const res = await as(t, undefined, {
      method: 'POST',
      url: '/api/cars',
      payload: await validInput(t, seller),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses buyers and admins', async ({ t, seller, buyer, admin }) => {
    for (const user of [buyer, admin]) {
      const res = await as(t, user, {
        method: 'POST',
        url: '/api/cars',
        payload: await validInput(t, seller, user),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('stores the car for the signed-in seller and ignores seller fields in the body', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const input = await validInput(t, seller);
    const before = Date.now();
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: {
        ...input,
        id: '00000000-0000-4000-8000-000000000000',
        seller: 'Mallory',
        sellerId: otherSeller.id,
        sellerEmail: otherSeller.email,
        addedDate: '2001-01-01T00:00:00.000Z',
        soldAt: '2001-01-01T00:00:00.000Z',
        isAdvertised: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const car = sellerCarSchema.parse(res.json());
    expect(car).toMatchObject({
      brand: 'Porsche',
      model: '911 GT3',
      categoryId: 'super-car',
      categoryName: 'Category super-car',
      askingPrice: 21_500_000,
      seller: 'Sam Seller',
      sellerEmail: seller.email,
      sellerVerified: true,
      soldAt: null,
      isAdvertised: false,
    });
    expect(car.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(Date.parse(car.addedDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(car.photos.map((p) => p.key)).toEqual(input.photos);
    expect(car.photo).toBe(`/uploads/${input.photos[0]}-960.webp`);

    const row = await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) });
    expect(row?.sellerId).toBe(seller.id);
    expect(row?.soldAt).toBeNull();
  });

  it('refuses photos the seller did not upload, and stores nothing', async ({ t, seller, otherSeller }) => {
    const before = await carCount(t);
    const input = await validInput(t, seller);
    const foreign = await uploadedPhoto(t, otherSeller);
    for (const keys of [[input.photos[0]!, foreign], ['0123456789abcdef0123456789abcdef']]) {
      const res = await as(t, seller, {
        method: 'POST',
        url: '/api/cars',
        payload: { ...input, photos: keys },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ photos: 'Upload the photos again: some were not found' });
    }
    expect(await carCount(t)).toBe(before);
  });

  it("links the make and model to the catalogue, by name, alias or folded spelling, and keeps a seller's own words for what it lacks", async ({
    t,
    seller,
  }) => {
    const post = async (brand: string, model: string) => {
      const res = await as(t, seller, {
        method: 'POST',
        url: '/api/cars',
        payload: { ...(await validInput(t, seller)), brand, model },
      });
      expect(res.statusCode).toBe(201);
      return sellerCarSchema.parse(res.json());
    };
    const golf = await post('vw', 'golf');
    expect(golf).toMatchObject({ brand: 'Volkswagen', model: 'Golf', makeId: expect.any(Number) });
    expect(golf.modelId).toEqual(expect.any(Number));
    const rx7 = await post('Mazda', 'rx7');
    expect(rx7).toMatchObject({ brand: 'Mazda', model: 'RX-7', modelId: expect.any(Number) });
    // A model the make lacks is the seller's; so is a make the catalogue lacks, and a typo is not guessed.
    expect(await post('Porsche', '911 Sport Classic')).toMatchObject({
      brand: 'Porsche',
      model: '911 Sport Classic',
      makeId: expect.any(Number),
      modelId: null,
    });
    expect(await post('Zagato Special', 'Uno')).toMatchObject({
      brand: 'Zagato Special',
      makeId: null,
      modelId: null,
    });
    expect(await post('Volkswagn', 'Golf')).toMatchObject({
      brand: 'Volkswagn',
      makeId: null,
      modelId: null,
    });

    // An edit of the model alone links it under the make as stored.
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${golf.id}`,
      payload: { model: 'beetle' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ brand: 'Volkswagen', model: 'Beetle', makeId: golf.makeId });
    expect(res.json().modelId).not.toBe(golf.modelId);
  });

  it('keeps the specifications a seller gives, and clears one sent as null', async ({ t, seller }) => {
    const posted = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: {
        ...(await validInput(t, seller)),
        trim: 'GT3 RS',
        interiorColour: 'Red',
        interiorColourName: 'Bordeaux',
      },
    });
    const car = sellerCarSchema.parse(posted.json());
    const page = carDetailSchema.parse(
      (await as(t, seller, { method: 'GET', url: `/api/cars/id/${car.id}` })).json(),
    );
    expect(page).toMatchObject({
      trim: 'GT3 RS',
      bodyStyle: 'Coupe',
      transmission: 'Dual-clutch',
      drivetrain: 'RWD',
      exteriorColour: 'Grey',
      exteriorColourName: 'GT Silver',
      interiorColour: 'Red',
      interiorColourName: 'Bordeaux',
      doors: 2,
      seats: 2,
      previousOwners: 1,
      titleStatus: 'Clean',
    });
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { trim: null, seats: 4 },
    });
    expect(res.json()).toMatchObject({ trim: null, seats: 4, doors: 2 });
  });

  it("stores a VIN upper case without spaces, and an older car's chassis number as the seller gives it", async ({
    t,
    seller,
  }) => {
    for (const [given, stored, year] of [
      [' 1hgcm826 33a004352 ', '1HGCM82633A004352', 2003],
      ['911-300123', '911-300123', 1965],
    ] as const) {
      const res = await as(t, seller, {
        method: 'POST',
        url: '/api/cars',
        payload: { ...(await validInput(t, seller)), year, vin: given },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ year, vin: stored });
    }
  });

  it('places the car at its ZIP code: the city, state and coordinates derived from it, stored and answered', async ({
    t,
    seller,
    buyer,
  }) => {
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: { ...(await validInput(t, seller)), postalCode: '33139-1234', deliveryRadiusKm: 160.9344 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const place = { postalCode: '33139', country: 'US', city: 'Miami Beach', region: 'FL' };
    expect(res.json()).toMatchObject({ location: place, deliveryRadiusKm: 160.9344 });
    const { id } = res.json() as { id: string };
    const row = await t.db.query.cars.findFirst({ where: eq(cars.id, id) });
    expect(row).toMatchObject({
      ...place,
      latitude: 25.7873,
      longitude: -80.1564,
      deliveryRadiusKm: 160.9344,
    });
    const page = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${id}` });
    expect(carDetailSchema.parse(page.json())).toMatchObject({ location: place, deliveryRadiusKm: 160.9344 });

    const withoutDelivery = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: await validInput(t, seller),
    });
    expect(withoutDelivery.json()).toMatchObject({
      location: { city: 'Beverly Hills' },
      deliveryRadiusKm: null,
    });
  });

  it('refuses a ZIP code the gazetteer does not know, or none, at its field, storing nothing', async ({
    t,
    seller,
  }) => {
    const before = await carCount(t);
    const input = await validInput(t, seller);
    const attempts = [
      [{ ...input, postalCode: '00000' }, "We don't know the ZIP code 00000"],
      [{ ...input, postalCode: 'SW1A 1AA' }, 'Enter a 5-digit ZIP code'],
      [{ ...input, postalCode: undefined }, 'Enter a ZIP code'],
      [{ ...input, deliveryRadiusKm: 0 }, 'The delivery distance must be more than 0'],
      [{ ...input, deliveryRadiusKm: 1001 }, 'The delivery distance must be at most 1000 km'],
    ] as const;
    for (const [payload, message] of attempts) {
      const res = await as(t, seller, { method: 'POST', url: '/api/cars', payload });
      expect(res.statusCode).toBe(400);
      expect(Object.values(errorOf(res).fields ?? {})).toEqual([message]);
    }
    expect(await carCount(t)).toBe(before);
  });

  it('refuses an unknown category', async ({ t, seller }) => {
    const before = await carCount(t);
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: { ...(await validInput(t, seller)), categoryId: 'no-such-category' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ categoryId: 'Choose a category from the list' });
    expect(await carCount(t)).toBe(before);
  });

  describe('refuses every rule of the add-car form with a per-field message, storing nothing', () => {
    const year = carYearMax();
    const yearMessage = `Year must be between 1900 and ${year}`;
    const cases: [string, (input: Record<string, unknown>) => void, string, string][] = [
      ['a year before 1900', (i) => (i.year = 1899), 'year', yearMessage],
      ['a year after next year', (i) => (i.year = year + 1), 'year', yearMessage],
      ['a missing year', (i) => delete i.year, 'year', 'Year is required'],
      ['a fractional year', (i) => (i.year = 2020.5), 'year', 'Year must be a whole number'],
      ['an empty brand', (i) => (i.brand = '  '), 'brand', 'Brand is required'],
      ['a missing brand', (i) => delete i.brand, 'brand', 'Brand is required'],
      ['a missing model', (i) => delete i.model, 'model', 'Model is required'],
      ['a missing engine', (i) => (i.engine = ''), 'engine', 'Engine is required'],
      ['a missing about', (i) => delete i.about, 'about', 'About is required'],
      ['a missing category', (i) => delete i.categoryId, 'categoryId', 'Category is required'],
      ['a missing fuel', (i) => delete i.fuel, 'fuel', 'Fuel is required'],
      ['an unknown fuel', (i) => (i.fuel = 'Steam'), 'fuel', 'Choose Petrol, Diesel, Electric, Hybrid'],
      ['a missing body style', (i) => delete i.bodyStyle, 'bodyStyle', 'Body style is required'],
      ['a missing transmission', (i) => delete i.transmission, 'transmission', 'Transmission is required'],
      ['a missing drivetrain', (i) => (i.drivetrain = null), 'drivetrain', 'Drivetrain is required'],
      ['a missing colour', (i) => delete i.exteriorColour, 'exteriorColour', 'Colour is required'],
      [
        'an unknown body style',
        (i) => (i.bodyStyle = 'Limousine'),
        'bodyStyle',
        `Choose ${BODY_STYLES.join(', ')}`,
      ],
      ['an unknown drivetrain', (i) => (i.drivetrain = '6WD'), 'drivetrain', 'Choose FWD, RWD, AWD, 4WD'],
      [
        'an unknown colour',
        (i) => (i.exteriorColour = 'Rosso Corsa'),
        'exteriorColour',
        `Choose ${COLOURS.join(', ')}`,
      ],
      ['no doors', (i) => (i.doors = 0), 'doors', 'Doors must be at least 1'],
      ['too many seats', (i) => (i.seats = 10), 'seats', 'At most 9 seats'],
      [
        'negative owners',
        (i) => (i.previousOwners = -1),
        'previousOwners',
        'Previous owners cannot be negative',
      ],
      [
        'an unknown title',
        (i) => (i.titleStatus = 'Stolen'),
        'titleStatus',
        'Choose Clean, Salvage, Rebuilt, Lemon',
      ],
      [
        'a VIN whose check digit does not match (a typo in its last character)',
        (i) => (i.vin = '1HGCM82633A004353'),
        'vin',
        VIN_CHECK_DIGIT_MESSAGE,
      ],
      ['a short number on a car from 1981 on', (i) => (i.vin = '911-300123'), 'vin', VIN_LENGTH_MESSAGE],
      [
        'a VIN with an O',
        (i) => (i.vin = '1HGCM82633AOO4352'),
        'vin',
        'A VIN has the letters A to Z but I, O and Q, and the digits 0 to 9',
      ],
      ['a missing top speed', (i) => delete i.topSpeed, 'topSpeed', 'Top speed is required'],
      ['a zero top speed', (i) => (i.topSpeed = 0), 'topSpeed', 'Top speed must be greater than 0'],
      ['a missing mileage', (i) => delete i.kmDriven, 'kmDriven', 'Mileage is required'],
      ['a negative mileage', (i) => (i.kmDriven = -1), 'kmDriven', 'Mileage cannot be negative'],
      ['a missing asking price', (i) => delete i.askingPrice, 'askingPrice', 'Asking price is required'],
      ...(
        [
          ['a zero asking price', 'askingPrice', 0],
          ['a negative asking price', 'askingPrice', -100],
          ['an asking price of $1', 'askingPrice', 100],
          ['an asking price of $99.99', 'askingPrice', 9_999],
          ['a zero original price', 'originalPrice', 0],
          ['a negative original price', 'originalPrice', -1],
        ] as const
      ).map(
        ([name, field, cents]) =>
          [
            name,
            (i: Record<string, unknown>) => (i[field] = cents),
            field,
            `${field === 'askingPrice' ? 'Asking' : 'Original'} price must be at least $100`,
          ] as [string, (input: Record<string, unknown>) => void, string, string],
      ),
      [
        'an asking price above the original price',
        (i) => Object.assign(i, { askingPrice: 23_000_100, originalPrice: 23_000_000 }),
        'originalPrice',
        'The original price must be at least the asking price',
      ],
      [
        'a fractional price',
        (i) => (i.askingPrice = 100.5),
        'askingPrice',
        'Asking price must be a whole number of cents',
      ],
      [
        'a missing original price',
        (i) => delete i.originalPrice,
        'originalPrice',
        'Original price is required',
      ],
      ['a price as text', (i) => (i.originalPrice = '1000'), 'originalPrice', 'Original price is required'],
      ['no photos', (i) => (i.photos = []), 'photos', 'Photo is required'],
      ['a missing photo list', (i) => delete i.photos, 'photos', 'Photo is required'],
      [
        'more than 10 photos',
        (i) => (i.photos = Array.from({ length: 11 }, (_, n) => `p${n}`)),
        'photos',
        'At most 10 photos',
      ],
      ['a malformed photo key', (i) => (i.photos = ['../etc/passwd']), 'photos.0', 'Invalid photo'],
      [
        'missing declarations',
        (i) => delete i.declarations,
        'declarations',
        'You must confirm the declarations',
      ],
      ...(['noAccident', 'noLitigation', 'odometerGenuine', 'acceptLegalAction'] as const).map(
        (name) =>
          [
            `an unticked ${name} declaration`,
            (i: Record<string, unknown>) =>
              (i.declarations = { ...(i.declarations as object), [name]: false }),
            `declarations.${name}`,
            'You must confirm this declaration',
          ] as [string, (input: Record<string, unknown>) => void, string, string],
      ),
    ];

    it.for(cases)('%s', async ([_name, change, field, message], { t, seller }) => {
      const before = await carCount(t);
      const input: Record<string, unknown> = await validInput(t, seller);
      change(input);
      const res = await as(t, seller, { method: 'POST', url: '/api/cars', payload: input });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field]).toBe(message);
      expect(await carCount(t)).toBe(before);
    });
  });
});

describe("GET /api/cars/:id (a category's cars)", () => {
  it('answers a visitor without a session (BROWSING=public)', async ({ t }) => {
    // A page size of its own: the factories' cars below announce nothing to the cached pages.
    const res = await as(t, undefined, { method: 'GET', url: '/api/cars/super-car?limit=7' });
    expect(res.statusCode).toBe(200);
  });

  it("lists the category's unsold cars, newest first, to any signed-in user", async ({
    t,
    seller,
    otherSeller,
    buyer,
    admin,
  }) => {
    await ensureCategory(t, 'listing');
    const older = await createCar(t, seller, { categoryId: 'listing', addedDate: new Date('2024-01-01') });
    const newer = await createCar(t, otherSeller, {
      categoryId: 'listing',
      addedDate: new Date('2024-02-01'),
    });
    await createCar(t, seller, { categoryId: 'listing', soldAt: new Date() });
    await createCar(t, seller, { categoryId: 'suv' });
    for (const user of [buyer, seller, admin]) {
      const res = await as(t, user, { method: 'GET', url: '/api/cars/listing' });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
      expect(res.json().nextCursor).toBeNull();
    }
  });

  it('answers 404 for an unknown category', async ({ t, buyer }) => {
    const res = await as(t, buyer, { method: 'GET', url: '/api/cars/no-such-category' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('The category was not found.');
  });

  it('pages with a cursor without skipping or repeating cars, even cars stored in one statement', async ({
    t,
    seller,
    buyer,
  }) => {
    await ensureCategory(t, 'paged');
    // One insert: every row gets the same added date to the microsecond, so only the id orders them.
    const base = await createCar(t, seller, { categoryId: 'paged' });
    const { id: _id, addedDate: _added, updatedAt: _updated, seq: _seq, ...values } = base;
    await t.db.insert(cars).values(Array.from({ length: 4 }, () => ({ ...values })));
    const all = await t.db.select({ id: cars.id }).from(cars).where(eq(cars.categoryId, 'paged'));
    expect(all).toHaveLength(5);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/paged?${query}` });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('takes a cursor only as the server wrote it: other spellings of the same bytes are 400', async ({
    t,
    seller,
    buyer,
  }) => {
    await ensureCategory(t, 'spelled');
    for (let i = 0; i < 3; i++) await createCar(t, seller, { categoryId: 'spelled' });
    const first = await as(t, buyer, { method: 'GET', url: '/api/cars/spelled?limit=2' });
    const cursor = (first.json() as { nextCursor: string }).nextCursor;
    const spellings = sameBytesSpellings(cursor);
    expect(spellings.length).toBeGreaterThan(0);
    for (const spelling of spellings) {
      const res = await as(t, buyer, {
        method: 'GET',
        url: `/api/cars/spelled?limit=2&cursor=${encodeURIComponent(spelling)}`,
      });
      expect(res.statusCode, spelling).toBe(400);
      expect(errorOf(res).fields).toEqual({ cursor: 'Invalid cursor' });
    }
    const next = await as(t, buyer, { method: 'GET', url: `/api/cars/spelled?limit=2&cursor=${cursor}` });
    expect(next.statusCode).toBe(200);
    expect(next.json().items).toHaveLength(1);
  });

  it('refuses a forged cursor with 400, and a limit above the maximum', async ({ t, buyer }) => {
    const forged = Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000000Z', 'not-a-uuid'])).toString(
      'base64url',
    );
    for (const query of [`cursor=${forged}`, 'cursor=%%%', 'limit=500', 'limit=0']) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/super-car?${query}` });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /api/cars/id/:id', () => {
  it('answers a visitor without a session (BROWSING=public)', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    expect((await as(t, undefined, { method: 'GET', url: `/api/cars/id/${car.id}` })).statusCode).toBe(200);
  });

  it('shows every field with photo URLs limited to the stored variants', async ({ t, seller, buyer }) => {
    const wide = await uploadedPhoto(t, seller, { width: 4000, height: 3000 });
    const medium = await uploadedPhoto(t, seller, { width: 1200, height: 800 });
    const small = await uploadedPhoto(t, seller, { width: 300, height: 200 });
    const car = await createCar(t, seller, { photos: [wide, medium, small] });
    await advertise(t, car.id);
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` });
    expect(res.statusCode).toBe(200);
    const body = carSchema.parse(res.json());
    expect(body).toMatchObject({
      id: car.id,
      year: 2020,
      brand: 'Ferrari',
      model: 'F8 Tributo',
      engine: '3.9 L twin-turbo V8',
      fuel: 'Petrol',
      topSpeed: 340,
      kmDriven: 12_000,
      askingPrice: 25_000_000,
      originalPrice: 30_000_000,
      seller: 'Sam Seller',
      sellerId: seller.id,
      sellerVerified: true,
      isAdvertised: true,
      soldAt: null,
      photo: `/uploads/${wide}-960.webp`,
    });
    expect(body.photos).toEqual([
      {
        key: wide,
        src: `/uploads/${wide}-960.webp`,
        srcSet: `/uploads/${wide}-480.webp 480w, /uploads/${wide}-960.webp 960w, /uploads/${wide}-1600.webp 1600w`,
        width: 1600,
        height: 1200,
      },
      {
        key: medium,
        src: `/uploads/${medium}-960.webp`,
        srcSet: `/uploads/${medium}-480.webp 480w, /uploads/${medium}-960.webp 960w`,
        width: 960,
        height: 640,
      },
      {
        key: small,
        src: `/uploads/${small}-300.webp`,
        srcSet: `/uploads/${small}-300.webp 300w`,
        width: 300,
        height: 200,
      },
    ]);
  });

  it('still shows a sold car, with the date it was sold', async ({ t, seller, buyer }) => {
    const soldAt = new Date('2025-05-05T10:00:00.000Z');
    const car = await createCar(t, seller, { soldAt });
    const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().soldAt).toBe(soldAt.toISOString());
  });

  it('shows the listing price and the latest changes, counting the earlier ones it leaves out', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 30_000_000 });
    const read = async () => {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` });
      expect(res.statusCode).toBe(200);
      return carDetailSchema.parse(res.json());
    };
    expect(await read()).toMatchObject({
      priceHistory: [{ askingPrice: 30_000_000 }],
      earlierPriceChanges: 0,
    });

    // 30 changes, a day apart, each $100 below the one before.
    const listedAt = car.addedDate.getTime();
    await t.db.insert(carPrices).values(
      Array.from({ length: 30 }, (_, i) => ({
        carId: car.id,
        askingPrice: 29_990_000 - i * 10_000,
        changedAt: new Date(listedAt + (i + 1) * 86_400_000),
      })),
    );
    const detail = await read();
    expect(detail.priceHistory).toHaveLength(PRICE_HISTORY_SHOWN);
    expect(detail.priceHistory[0]).toEqual({
      askingPrice: 30_000_000,
      changedAt: car.addedDate.toISOString(),
    });
    // The latest 19 changes, oldest first: the 12th to the 30th.
    expect(detail.priceHistory.slice(1).map((price) => price.askingPrice)).toEqual(
      Array.from({ length: 19 }, (_, i) => 29_990_000 - (i + 11) * 10_000),
    );
    expect(detail.earlierPriceChanges).toBe(11);
  });

  it('answers 404 for an unknown or malformed id', async ({ t, buyer }) => {
    for (const id of ['6b1e1c1e-1111-4111-8111-111111111111', 'not-a-uuid', '1']) {
      const res = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${id}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('The car was not found.');
    }
  });

  it('answers 410 Gone for a car that was deleted, by its seller or with its seller, and a sold car as it is', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const read = (id: string) => as(t, buyer, { method: 'GET', url: `/api/cars/id/${id}` });
    const deleted = await createCar(t, seller);
    expect((await read(deleted.id)).statusCode).toBe(200);
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${deleted.id}` })).statusCode).toBe(200);
    const gone = await read(deleted.id);
    expect(gone.statusCode).toBe(410);
    expect(errorOf(gone)).toMatchObject({
      code: 'gone',
      message: 'The car was deleted: it is no longer on Redline.',
    });

    const leaving = await signUpUser(t, 'Seller');
    const withSeller = await createCar(t, leaving);
    expect((await as(t, admin, { method: 'DELETE', url: `/api/users/${leaving.email}` })).statusCode).toBe(
      200,
    );
    expect((await read(withSeller.id)).statusCode).toBe(410);

    const sold = await createCar(t, seller, { soldAt: new Date() });
    const soldAnswer = await read(sold.id);
    expect(soldAnswer.statusCode).toBe(200);
    expect(soldAnswer.json().soldAt).not.toBeNull();
  });
});

describe('GET /api/cars/compare', () => {
  const compare = (t: TestApp, query: string, user?: TestUser) =>
    as(t, user, { method: 'GET', url: `/api/cars/compare?${query}` });

  it('answers a visitor the cars for sale in the order asked, leaving out unknown, deleted and sold ones', async ({
    t,
    seller,
  }) => {
    const [first, second] = [
      await createCar(t, seller),
      await createCar(t, seller, { brand: 'Lamborghini' }),
    ];
    const sold = await createCar(t, seller, { soldAt: new Date() });
    const deleted = await createCar(t, seller);
    expect((await as(t, seller, { method: 'DELETE', url: `/api/cars/${deleted.id}` })).statusCode).toBe(200);
    const unknown = '6b1e1c1e-1111-4111-8111-111111111111';

    const res = await compare(t, `ids=${second.id},${sold.id},${unknown},${first.id}`);
    expect(res.statusCode).toBe(200);
    const { items } = carComparisonSchema.parse(res.json());
    expect(items.map((car) => [car.id, car.brand, car.distanceKm])).toEqual([
      [second.id, 'Lamborghini', null],
      [first.id, 'Ferrari', null],
    ]);
    // An id that is no car's id in shape is left out alike, and an id repeated counts once.
    const again = await compare(t, `ids=${first.id},not-a-car,${first.id}, ${deleted.id}`);
    expect(again.json().items.map((car: { id: string }) => car.id)).toEqual([first.id]);
  });

  it("measures each car's distance from near, a ZIP code or a point, as a search does", async ({
    t,
    seller,
  }) => {
    const newYork = placeOf('10001')!;
    const here = await createCar(t, seller);
    const there = await createCar(t, seller, {
      postalCode: '10001',
      country: 'US',
      city: newYork.city,
      region: newYork.region,
      latitude: newYork.latitude,
      longitude: newYork.longitude,
    });
    const placeless = await createCar(t, seller, NO_PLACE);
    const ids = `ids=${here.id},${there.id},${placeless.id}`;
    const fromPoint = (await compare(t, `${ids}&near=34.0901,-118.4065`)).json();
    expect(fromPoint.items.map((car: { distanceKm: number | null }) => car.distanceKm)).toEqual([
      0,
      distanceKm(BEVERLY_HILLS, newYork),
      null,
    ]);
    const fromZip = (await compare(t, `${ids}&near=10001`)).json();
    expect(fromZip.items.map((car: { distanceKm: number | null }) => car.distanceKm)).toEqual([
      distanceKm(newYork, BEVERLY_HILLS),
      0,
      null,
    ]);
  });

  it('refuses no ids, more than four, an id of other characters, or a ZIP code not known, at their fields', async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller);
    const five = Array.from({ length: 5 }, () => randomUUID()).join(',');
    for (const [query, field] of [
      ['', 'ids'],
      ['ids=', 'ids'],
      ['ids=,,', 'ids'],
      [`ids=${five}`, 'ids'],
      [`ids=${car.id},<script>`, 'ids'],
      [`ids=${car.id}&near=00000`, 'near'],
    ] as const) {
      const res = await compare(t, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), query).toEqual([field]);
    }
  });
});

describe('GET /api/cars/email/:email', () => {
  it('requires a session', async ({ t, seller }) => {
    expect(
      (await as(t, undefined, { method: 'GET', url: `/api/cars/email/${seller.email}` })).statusCode,
    ).toBe(401);
  });

  it('refuses buyers and other sellers', async ({ t, seller, otherSeller, buyer }) => {
    expect((await as(t, buyer, { method: 'GET', url: `/api/cars/email/${seller.email}` })).statusCode).toBe(
      403,
    );
    const res = await as(t, otherSeller, { method: 'GET', url: `/api/cars/email/${seller.email}` });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe('You can only list your own cars.');
  });

  it("lists the seller's own cars, sold ones included, with the advertised flag; and to an admin", async ({
    t,
    otherSeller,
    admin,
  }) => {
    const lister = await signUpUser(t, 'Seller');
    const first = await createCar(t, lister, { addedDate: new Date('2024-03-01') });
    const sold = await createCar(t, lister, { addedDate: new Date('2024-03-02'), soldAt: new Date() });
    await advertise(t, first.id);
    await createCar(t, otherSeller);
    for (const user of [lister, admin]) {
      const res = await as(t, user, { method: 'GET', url: `/api/cars/email/${lister.email.toUpperCase()}` });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: string; isAdvertised: boolean; soldAt: string | null }[];
      expect(items.map((c) => [c.id, c.isAdvertised, c.soldAt !== null])).toEqual([
        [sold.id, false, true],
        [first.id, true, false],
      ]);
    }
  });

  it("gives the seller's e-mail to that seller and to an admin, and to no one else's car answers", async ({
    t,
    buyer,
    admin,
  }) => {
    const lister = await signUpUser(t, 'Seller');
    const car = await createCar(t, lister, { brand: 'Lamborghini', model: 'Huracan Evo' });
    for (const user of [lister, admin]) {
      const res = await as(t, user, { method: 'GET', url: `/api/cars/email/${lister.email}` });
      expect(res.json().items).toEqual([expect.objectContaining({ id: car.id, sellerEmail: lister.email })]);
    }
    const seen = [
      `/api/cars/id/${car.id}`,
      '/api/cars/super-car',
      '/api/cars/search?q=huracan',
      `/api/cars/search?seller=${lister.id}`,
    ];
    for (const url of seen) {
      const res = await as(t, buyer, { method: 'GET', url });
      expect(res.body, url).toContain(car.id);
      expect(res.body, url).not.toContain(lister.email);
      expect(res.body, url).not.toContain('sellerEmail');
    }
  });

  it('answers 404 to an admin for an e-mail that is not a seller', async ({ t, buyer, admin }) => {
    expect((await as(t, admin, { method: 'GET', url: `/api/cars/email/${buyer.email}` })).statusCode).toBe(
      404,
    );
    expect(
      (await as(t, admin, { method: 'GET', url: '/api/cars/email/nobody@example.test' })).statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/cars/:id', () => {
  it('requires a session', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    const res = await as(t, undefined, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { brand: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses buyers, admins and other sellers, changing nothing', async ({
    t,
    seller,
    otherSeller,
    buyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    for (const user of [buyer, admin, otherSeller]) {
      const res = await as(t, user, {
        method: 'PATCH',
        url: `/api/cars/${car.id}`,
        payload: { brand: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) }))?.brand).toBe('Ferrari');
  });

  it("edits the seller's own car; server fields in the body are ignored", async ({
    t,
    seller,
    otherSeller,
  }) => {
    const car = await createCar(t, seller);
    const photo = await uploadedPhoto(t, seller);
    const res = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: {
        askingPrice: 19_900_000,
        about: 'Price reduced.',
        photos: [photo, car.photos[0]],
        sellerId: otherSeller.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      askingPrice: 19_900_000,
      about: 'Price reduced.',
      sellerEmail: seller.email,
    });
    expect(res.json().photos.map((p: { key: string }) => p.key)).toEqual([photo, car.photos[0]]);
    const row = await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) });
    expect(row).toMatchObject({ askingPrice: 19_900_000, sellerId: seller.id, brand: 'Ferrari' });
  });

  it("refuses another seller's photo, an empty change and invalid values", async ({
    t,
    seller,
    otherSeller,
  }) => {
    const car = await createCar(t, seller);
    const foreign = await uploadedPhoto(t, otherSeller);
    const attempts = [
      [{ photos: [foreign] }, 'photos'],
      [{}, 'body'],
      [{ year: 1899 }, 'year'],
      [{ transmission: 'Sequential' }, 'transmission'],
      [{ bodyStyle: null }, 'bodyStyle'],
      [{ exteriorColour: null }, 'exteriorColour'],
      [{ postalCode: null }, 'postalCode'],
      [{ photos: [] }, 'photos'],
      [{ categoryId: 'no-such-category' }, 'categoryId'],
      [{ sold: 'yes' }, 'sold'],
    ] as const;
    for (const [payload, field] of attempts) {
      const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field);
    }
    const row = await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) });
    expect(row).toMatchObject({ photos: car.photos, year: 2020, categoryId: car.categoryId });
  });

  it('refuses a price below $100 or an asking price above the original, storing nothing and telling no saver', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { askingPrice: 25_000_000, originalPrice: 30_000_000 });
    expect(
      (await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car.id } })).statusCode,
    ).toBe(201);
    const told = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id))).length;
    const history = async () =>
      (await t.db.select().from(carPrices).where(eq(carPrices.carId, car.id))).length;
    const [toldBefore, historyBefore] = [await told(), await history()];
    const attempts = [
      [{ askingPrice: 0 }, 'askingPrice', 'Asking price must be at least $100'],
      [{ askingPrice: -1 }, 'askingPrice', 'Asking price must be at least $100'],
      [{ askingPrice: 100 }, 'askingPrice', 'Asking price must be at least $100'],
      [{ askingPrice: 9_999 }, 'askingPrice', 'Asking price must be at least $100'],
      [{ originalPrice: 0 }, 'originalPrice', 'Original price must be at least $100'],
      [{ askingPrice: 1e9 * 3 }, 'askingPrice', 'Asking price must be at most $20,000,000'],
      [
        { askingPrice: 30_000_100 },
        'askingPrice',
        'The asking price must be at most the original price ($300,000)',
      ],
      [
        { originalPrice: 24_999_900 },
        'originalPrice',
        'The original price must be at least the asking price',
      ],
      [
        { askingPrice: 20_000_000, originalPrice: 19_999_900 },
        'originalPrice',
        'The original price must be at least the asking price',
      ],
    ] as const;
    for (const [payload, field, message] of attempts) {
      const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    const row = await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) });
    expect(row).toMatchObject({ askingPrice: 25_000_000, originalPrice: 30_000_000 });
    expect(await history()).toBe(historyBefore);
    expect(await told()).toBe(toldBefore);

    // At the bounds: $100 with an original of $100 (no saving) is a price.
    const lowest = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { askingPrice: 10_000, originalPrice: 10_000 },
    });
    expect(lowest.statusCode).toBe(200);
    expect(lowest.json()).toMatchObject({ askingPrice: 10_000, originalPrice: 10_000 });
  });

  it('checks an edit of the VIN alone, or of the year alone, against the other as stored', async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller, { year: 1970, vin: '911-300123' });
    const attempts = [
      [{ year: 1990 }, 'year', `The car's VIN (911-300123) does not fit this year: ${VIN_LENGTH_MESSAGE}`],
      [{ year: 1990, vin: '1HGCM82633A004353' }, 'vin', VIN_CHECK_DIGIT_MESSAGE],
    ] as const;
    for (const [payload, field, message] of attempts) {
      const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields).toEqual({ [field]: message });
    }
    const newer = await createCar(t, seller, { year: 2003, vin: '1HGCM82633A004352' });
    const short = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${newer.id}`,
      payload: { vin: '911-300123' },
    });
    expect(errorOf(short).fields).toEqual({ vin: VIN_LENGTH_MESSAGE });
    const rows = await t.db.select({ year: cars.year, vin: cars.vin }).from(cars);
    expect(rows).toEqual(
      expect.arrayContaining([
        { year: 1970, vin: '911-300123' },
        { year: 2003, vin: '1HGCM82633A004352' },
      ]),
    );
    // Both at once, by the same rules: the older car becomes a 2003 one with its VIN.
    const both = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { year: 2003, vin: '1hgcm82633a004352' },
    });
    expect(both.json()).toMatchObject({ year: 2003, vin: '1HGCM82633A004352' });
  });

  it('moves the car to another ZIP code, and stops or starts its delivery', async ({ t, seller }) => {
    const car = await createCar(t, seller, { deliveryRadiusKm: 100 });
    const patch = (payload: object) =>
      as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });

    const moved = await patch({ postalCode: '10001' });
    expect(moved.json()).toMatchObject({
      location: { postalCode: '10001', country: 'US', city: 'New York', region: 'NY' },
      deliveryRadiusKm: 100,
    });
    expect(await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) })).toMatchObject({
      latitude: 40.7484,
      longitude: -73.9967,
    });
    expect((await patch({ deliveryRadiusKm: null })).json()).toMatchObject({ deliveryRadiusKm: null });

    const unknown = await patch({ postalCode: '00000', askingPrice: 20_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ postalCode: "We don't know the ZIP code 00000" });
    expect(await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) })).toMatchObject({
      postalCode: '10001',
      askingPrice: car.askingPrice,
    });
  });

  it('asks a car posted before locations for its ZIP code at its next edit, but not to mark it sold', async ({
    t,
    seller,
  }) => {
    const car = await createCar(t, seller, NO_PLACE);
    const patch = (payload: object) =>
      as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload });

    const refused = await patch({ askingPrice: 20_000_000 });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ postalCode: 'Enter a ZIP code' });
    expect((await t.db.query.cars.findFirst({ where: eq(cars.id, car.id) }))?.askingPrice).toBe(
      car.askingPrice,
    );

    const sold = await patch({ sold: true });
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toMatchObject({ location: null });

    const placed = await patch({ askingPrice: 20_000_000, postalCode: '60611' });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      askingPrice: 20_000_000,
      location: { postalCode: '60611', city: 'Chicago', region: 'IL' },
    });
  });

  it('marks a car sold (it leaves the lists, stays viewable) and back on sale', async ({
    t,
    seller,
    buyer,
  }) => {
    await ensureCategory(t, 'sold-test');
    const car = await createCar(t, seller, { categoryId: 'sold-test' });
    await advertise(t, car.id);
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    const soldAt = sold.json().soldAt as string;
    expect(Date.parse(soldAt)).toBeGreaterThan(Date.now() - 60_000);

    const category = await as(t, buyer, { method: 'GET', url: '/api/cars/sold-test' });
    expect(category.json().items).toEqual([]);
    const ads = await as(t, undefined, { method: 'GET', url: '/api/advertise?limit=50' });
    expect(ads.json().items.map((c: { id: string }) => c.id)).not.toContain(car.id);
    expect((await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car.id}` })).json().soldAt).toBe(soldAt);

    const again = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: true },
    });
    expect(again.json().soldAt).toBe(soldAt);

    const back = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${car.id}`,
      payload: { sold: false },
    });
    expect(back.json().soldAt).toBeNull();
    expect((await as(t, buyer, { method: 'GET', url: '/api/cars/sold-test' })).json().items).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async ({ t, seller }) => {
    for (const id of ['6b1e1c1e-1111-4111-8111-111111111111', 'nope']) {
      const res = await as(t, seller, { method: 'PATCH', url: `/api/cars/${id}`, payload: { brand: 'X' } });
      expect(res.statusCode).toBe(404);
    }
  });
});

/**
 * Races that PGlite's one connection cannot run. The test holds what every write of a car waits for
 * after its stock-number check (the seller's account row, which a new car's foreign key reads; the
 * edited cars' rows), so two writes of one stock number pass their checks together unless the
 * number's lock keeps the second one waiting before it looks.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two writes of one stock number at once, on PostgreSQL', () => {
  const TAKEN = { stockNumber: 'You already have a car with this stock number' };

  const stocked = (t: TestApp, seller: TestUser, stockNumber: string) =>
    t.db
      .select({ id: cars.id })
      .from(cars)
      .where(and(eq(cars.sellerId, seller.id), eq(cars.stockNumber, stockNumber)));

  it('two new cars: one is posted, the other refused at its field as the check refuses it, storing nothing', async ({
    t,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const inputs = [await validInput(t, seller), await validInput(t, seller)];
    const results = await together(
      t,
      (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, seller.id)).for('update'),
      () =>
        inputs.map((input) =>
          as(t, seller, { method: 'POST', url: '/api/cars', payload: { ...input, stockNumber: 'R-1' } }),
        ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(errorOf(results.find((r) => r.statusCode === 400)!).fields).toEqual(TAKEN);
    expect(await t.db.select({ id: cars.id }).from(cars).where(eq(cars.sellerId, seller.id))).toHaveLength(1);
  });

  it('two cars renumbered to one number: one takes it, the other keeps its own', async ({ t }) => {
    const seller = await signUpUser(t, 'Seller');
    const mine = [
      await createCar(t, seller, { stockNumber: 'E-1' }),
      await createCar(t, seller, { stockNumber: 'E-2' }),
    ];
    const results = await together(
      t,
      (tx) =>
        tx
          .select({ id: cars.id })
          .from(cars)
          .where(
            inArray(
              cars.id,
              mine.map((car) => car.id),
            ),
          )
          .for('update'),
      () =>
        mine.map((car) =>
          as(t, seller, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { stockNumber: 'E-3' } }),
        ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(errorOf(results.find((r) => r.statusCode === 400)!).fields).toEqual(TAKEN);
    const loser = mine[results.findIndex((r) => r.statusCode === 400)]!;
    expect(await stocked(t, seller, 'E-3')).toHaveLength(1);
    expect(await stocked(t, seller, loser.stockNumber!)).toEqual([{ id: loser.id }]);
  });
});

describe('DELETE /api/cars/:id', () => {
  /** A car with everything that hangs on it: advertisement, saved car, report, unpaid and paid bookings. */
  async function carWithDependents(t: TestApp, seller: TestUser, buyer: TestUser) {
    const car = await createCar(t, seller);
    await advertise(t, car.id);
    await t.db.insert(savedCars).values({ buyerId: buyer.id, carId: car.id });
    await t.db.insert(reportedCars).values({ buyerId: buyer.id, carId: car.id, reason: 'Fake listing' });
    const unpaid = await createBooking(t, buyer, car, seller);
    const paid = await createBooking(t, buyer, car, seller, { isPaid: true });
    return { car, unpaid, paid };
  }

  const rowsOf = async (t: TestApp, carId: string) => ({
    cars: (await t.db.select().from(cars).where(eq(cars.id, carId))).length,
    advertisements: (await t.db.select().from(advertisements).where(eq(advertisements.carId, carId))).length,
    savedCars: (await t.db.select().from(savedCars).where(eq(savedCars.carId, carId))).length,
    reports: (await t.db.select().from(reportedCars).where(eq(reportedCars.carId, carId))).length,
    bookings: (await t.db.select().from(bookings).where(eq(bookings.carId, carId))).length,
  });

  it('requires a session', async ({ t, seller }) => {
    const car = await createCar(t, seller);
    expect((await as(t, undefined, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(401);
  });

  it('refuses buyers and other sellers, deleting nothing', async ({ t, seller, otherSeller, buyer }) => {
    const { car } = await carWithDependents(t, seller, buyer);
    expect((await as(t, buyer, { method: 'DELETE', url: `/api/cars/${car.id}` })).statusCode).toBe(403);
    const res = await as(t, otherSeller, { method: 'DELETE', url: `/api/cars/${car.id}` });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(t, car.id)).toEqual({
      cars: 1,
      advertisements: 1,
      savedCars: 1,
      reports: 1,
      bookings: 2,
    });
  });

  it('lets the seller delete their car with its advertisement, saved cars and reports; its bookings stay, cancelled', async ({
    t,
    seller,
    buyer,
  }) => {
    const { car, unpaid, paid } = await carWithDependents(t, seller, buyer);
    const res = await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await rowsOf(t, car.id)).toEqual({
      cars: 0,
      advertisements: 0,
      savedCars: 0,
      reports: 0,
      bookings: 0,
    });
    // The bookings stay, cancelled, with the car summary they carry.
    const gone = { carId: null, status: 'cancelled', cancelReason: 'car-removed' };
    const cancelled = await t.db.query.bookings.findFirst({ where: eq(bookings.id, unpaid.id) });
    expect(cancelled).toMatchObject({ isPaid: false, ...gone });
    const kept = await t.db.query.bookings.findFirst({ where: eq(bookings.id, paid.id) });
    expect(kept).toMatchObject({ isPaid: true, carName: paid.carName, ...gone });
  });

  it('lets an admin delete any car', async ({ t, seller, buyer, admin }) => {
    const { car } = await carWithDependents(t, seller, buyer);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/cars/${car.id}` });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await rowsOf(t, car.id)).cars).toBe(0);
  });

  it('changes nothing when a step fails part-way (one transaction)', async ({ t, seller, buyer }) => {
    const { car, unpaid } = await carWithDependents(t, seller, buyer);
    await t.db.update(cars).set({ brand: 'Undeletable' }).where(eq(cars.id, car.id));
    // The bookings are cancelled first; then deleting the car itself fails.
    await t.db.execute(sql`
      create or replace function refuse_car_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_car_delete before delete on cars
      for each row when (old.brand = 'Undeletable') execute function refuse_car_delete()`);
    try {
      const res = await as(t, seller, { method: 'DELETE', url: `/api/cars/${car.id}` });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_car_delete on cars`);
    }
    expect(await rowsOf(t, car.id)).toEqual({
      cars: 1,
      advertisements: 1,
      savedCars: 1,
      reports: 1,
      bookings: 2,
    });
    expect(await t.db.query.bookings.findFirst({ where: eq(bookings.id, unpaid.id) })).toBeDefined();
  });

  it('answers 404 for an unknown or malformed id', async ({ t, admin }) => {
    for (const id of ['6b1e1c1e-1111-4111-8111-111111111111', 'nope']) {
      expect((await as(t, admin, { method: 'DELETE', url: `/api/cars/${id}` })).statusCode).toBe(404);
    }
  });
});
