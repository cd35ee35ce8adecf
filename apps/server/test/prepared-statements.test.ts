/**
 * The prepared statements' rows (db/prepared-statements.ts, ADR 74): mapped by a mapping resolved
 * once a statement, they answer exactly what Drizzle's own mapping answers for the same query, for
 * every kind of field a selection holds; a nested selection keeps Drizzle's mapping.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { PreparedStatements } from '../src/db/prepared-statements.ts';
import { bookings, cars, dealerProfiles, users } from '../src/db/schema.ts';
import { createCar } from './factories.ts';
import { it } from './fixtures.ts';

it('a prepared statement answers what Drizzle maps, each field decoded as its column or expression says', async ({
  t,
  seller,
}) => {
  const car = await createCar(t, seller, { soldAt: null, latitude: 34.07, photos: ['kinds-1', 'kinds-2'] });
  const everyKind = (db: Db) =>
    db
      .select({
        id: cars.id,
        brand: cars.brand,
        askingPrice: cars.askingPrice,
        latitude: cars.latitude,
        photos: cars.photos,
        addedDate: cars.addedDate,
        soldAt: cars.soldAt,
        sellerVerified: sql<boolean>`${users.isVerified}`.as('seller_verified'),
        photoCount: sql`cardinality(${cars.photos})`.mapWith(Number),
        hours: sql`'{"monday": [["09:00", "17:00"]]}'::jsonb`.mapWith(dealerProfiles.hours),
        requestedDate: sql`date '2026-12-24'`.mapWith(bookings.requestedDate),
        addedAt: sql`${cars.addedDate}`.mapWith(cars.addedDate).as('added_at'),
        nothing: sql<string | null>`null::text`.as('nothing'),
      })
      .from(cars)
      .innerJoin(users, eq(users.id, cars.sellerId))
      .where(eq(cars.id, sql.placeholder('id')));

  const statements = new PreparedStatements(t.db);
  const prepared = statements.get('every_kind', everyKind);
  const [row] = await prepared.execute({ id: car.id });
  const [drizzles] = await everyKind(t.db).execute({ id: car.id });

  expect(row).toStrictEqual(drizzles);
  expect(row).toMatchObject({
    id: car.id,
    photos: ['kinds-1', 'kinds-2'],
    addedDate: car.addedDate,
    addedAt: car.addedDate,
    soldAt: null,
    photoCount: 2,
    hours: { monday: [['09:00', '17:00']] },
    nothing: null,
  });
  expect(row?.addedDate).toBeInstanceOf(Date);
  // The mapping is the statement's own, set once (Drizzle's internals it relies on are still there).
  expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeInstanceOf(
    Function,
  );
  expect(statements.get('every_kind', everyKind)).toBe(prepared);
});

it('a nested selection keeps Drizzle’s mapping: a left join that found nothing is null', async ({
  t,
  seller,
}) => {
  const car = await createCar(t, seller);
  const nested = (db: Db) =>
    db
      .select({
        car: { id: cars.id, brand: cars.brand },
        dealer: { id: dealerProfiles.sellerId, name: dealerProfiles.businessName },
      })
      .from(cars)
      .leftJoin(dealerProfiles, eq(dealerProfiles.sellerId, cars.sellerId))
      .where(eq(cars.id, sql.placeholder('id')));

  const [row] = await new PreparedStatements(t.db).get('nested', nested).execute({ id: car.id });

  expect(row).toStrictEqual({ car: { id: car.id, brand: 'Ferrari' }, dealer: null });
});

it('a statement run by a transaction runs inside it: it reads the transaction’s writes, and the rollback undoes its own', async ({
  t,
  seller,
}) => {
  const car = await createCar(t, seller, { brand: 'Ferrari' });
  const statements = new PreparedStatements(t.db);
  const rename = (db: Db) =>
    db
      .update(cars)
      .set({ brand: sql`${sql.placeholder('brand')}` })
      .where(eq(cars.id, sql.placeholder('id')))
      .returning({ brand: cars.brand, addedDate: cars.addedDate });
  const brandOf = (db: Db) =>
    db
      .select({ brand: cars.brand })
      .from(cars)
      .where(eq(cars.id, sql.placeholder('id')));

  const renaming = t.db.transaction(async (tx) => {
    const [renamed] = await statements.on(tx, 'rename_car', rename).execute({ id: car.id, brand: 'Porsche' });
    expect(renamed).toStrictEqual({ brand: 'Porsche', addedDate: car.addedDate });
    await tx.update(cars).set({ model: '911 GT3' }).where(eq(cars.id, car.id));
    const [seen] = await statements.on(tx, 'brand_of', brandOf).execute({ id: car.id });
    expect(seen).toStrictEqual({ brand: 'Porsche' });
    throw new Error('rolled back');
  });

  await expect(renaming).rejects.toThrow('rolled back');
  expect(await statements.on(t.db, 'brand_of', brandOf).execute({ id: car.id })).toStrictEqual([
    { brand: 'Ferrari' },
  ]);
  // Run again in another transaction, on whichever connection it has: the same statement.
  const [again] = await t.db.transaction((tx) =>
    statements.on(tx, 'rename_car', rename).execute({ id: car.id, brand: 'Lamborghini' }),
  );
  expect(again?.brand).toBe('Lamborghini');
});
