/**
 * `npm run db:copy -- --to postgres://…` (issue 21, item 6): an embedded database with every kind of
 * row (accounts, sessions, photos, cars, bookings, payments, a refund, notifications, the e-mail
 * outbox) copied into an empty PostgreSQL is the same table for table, and Redline runs on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { type Db, openDatabase } from '../src/db/client.ts';
import { tablesToCopy, verifyCopy } from '../src/db/copy-to-postgres.ts';
import { ingestPhoto } from '../src/modules/photos/index.ts';
import { createAppOn, runScript } from './embedded-app.ts';
import { carInput, createBooking, createCar, ensureCategory, recordPayment } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, signUpUser, TEST_PASSWORD } from './helpers.ts';
import { freshPostgres } from './postgres-databases.ts';

/** The rows of a statement, on either engine. */
async function rowsOf(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Figures of a database that the copy must keep: counts, the money, the kept search counts. */
const FIGURES = sql`select
    (select count(*)::int from users) as users, (select count(*)::int from sessions) as sessions,
    (select count(*)::int from photos) as photos, (select count(*)::int from cars) as cars,
    (select count(*)::int from car_prices) as car_prices, (select count(*)::int from bookings) as bookings,
    (select sum(price)::int from payments) as paid, (select sum(amount)::int from refunds) as refunded,
    (select count(*)::int from notifications) as notifications,
    (select sum(cars_for_sale)::int from car_counts) as counted_for_sale, (select max(seq) from cars) as last_seq`;

/**
 * An embedded database with every kind of row in a data directory, its figures, and `npm run db:copy`
 * run once into an empty PostgreSQL database of its own (`target`).
 */
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
const it = base.extend('copied', { scope: 'file' }, async ({}, { onCleanup }) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'redline-copy-'));
  const target = await freshPostgres(process.env.TEST_DATABASE_URL!);
  onCleanup(async () => {
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const t = await createAppOn(dataDir);
  const seller = await signUpUser(t, 'Seller', { isVerified: true });
  const buyer = await signUpUser(t, 'Buyer');
  // A car posted as a seller posts it, with an uploaded photo (its metadata row and files).
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  const photo = await ingestPhoto(t.context, image, seller.id);
  await ensureCategory(t, carInput([]).categoryId);
  const posted = await as(t, seller, { method: 'POST', url: '/api/cars', payload: carInput([photo.key]) });
  expect(posted.statusCode).toBe(201);
  // A paid test drive the seller declines: a refund, notifications and their e-mails; and an unpaid one.
  const car = await createCar(t, seller);
  const paid = await createBooking(t, buyer, car, seller);
  await recordPayment(t, paid);
  const declined = await as(t, seller, { method: 'POST', url: `/api/testdrivebooking/${paid.id}/decline` });
  expect(declined.statusCode).toBe(200);
  await createBooking(t, buyer, await createCar(t, seller, { soldAt: new Date() }), seller);
  const sourceFigures = (await rowsOf(t.db, FIGURES))[0]!;
  await t.close();

  const copy = await runScript('db-copy', ['--to', target.url], dataDir);
  return { dataDir, target, seller, buyer, postedCarId: posted.json().id as string, sourceFigures, copy };
});

// Only with a PostgreSQL to copy into: the PGlite run (npm test) has none, `npm run test:postgres`
// (TEST_DATABASE_URL) has one whose role may create the empty database this copies into.
describe.skipIf(!process.env.TEST_DATABASE_URL)('copying the embedded database to PostgreSQL', () => {
  it('copies every table, verified, and says so (exit 0)', async ({
    copied: { target, sourceFigures, copy },
  }) => {
    expect(copy.stderr).toBe('');
    expect(copy).toMatchObject({ code: 0, stdout: expect.stringContaining('the copy is committed') });
    expect(copy.stdout).toMatch(/^payments +1 +1 +same$/m);
    expect(copy.stdout).not.toContain('DIFFERENT');
    expect(sourceFigures).toMatchObject({ paid: TEST_DRIVE_FEE_CENTS, refunded: TEST_DRIVE_FEE_CENTS });
    const database = await openDatabase({ databaseUrl: target.url });
    try {
      // The same figures: the kept counts and price histories copied once, not made again by triggers.
      expect(await rowsOf(database.db, FIGURES)).toEqual([sourceFigures]);
      // The kept counts are the cars' own.
      const recounted = await rowsOf(
        database.db,
        sql`
        select count(*)::int as differing from (
          (select name_key, category_id, fuel, year, seller_verified, count(*)::int from cars where sold_at is null group by 1, 2, 3, 4, 5)
          except (select name_key, category_id, fuel, year, seller_verified, cars_for_sale from car_counts)) d`,
      );
      expect(recounted).toEqual([{ differing: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('refuses a database that holds rows (exit 1), writing nothing', async ({
    copied: { dataDir, target },
  }) => {
    const again = await runScript('db-copy', ['--to', target.url], dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /is not empty \(rows in .*users.*\): the copy goes into an empty database only/,
    );
    expect(again.stdout).not.toContain('Copying');
  });

  it('finds a table that differs', async ({ copied: { dataDir, target } }) => {
    const source = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const tables = await tablesToCopy(source.pglite!);
      expect((await verifyCopy(source.pglite!, client, tables)).every((check) => check.matches)).toBe(true);
      await client.query('update payments set price = price + 1');
      const checks = await verifyCopy(source.pglite!, client, tables);
      await client.query('update payments set price = price - 1');
      expect(checks.filter((check) => !check.matches)).toEqual([
        expect.objectContaining({ table: 'payments', sourceRows: 1, targetRows: 1 }),
      ]);
    } finally {
      await client.end();
      await source.close();
    }
  });

  it('gives a PostgreSQL that Redline runs on: its sessions, passwords and cars, its identity going on after the copied numbers', async ({
    copied: { dataDir, target, seller, buyer, postedCarId, sourceFigures },
  }) => {
    const t = await createAppOn(dataDir, target.url);
    try {
      expect((await as(t, buyer, { method: 'GET', url: '/api/me' })).json()).toMatchObject({
        email: buyer.email,
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: seller.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const car = await as(t, buyer, { method: 'GET', url: `/api/cars/id/${postedCarId}` });
      expect(car.statusCode).toBe(200);
      expect(car.json()).toMatchObject({ id: postedCarId, brand: 'Porsche' });
      // The cars' identity goes on after the copied numbers.
      const seq = await rowsOf(t.db, sql`select nextval(pg_get_serial_sequence('cars', 'seq'))::int as next`);
      expect(seq[0]).toEqual({ next: Number(sourceFigures.last_seq) + 1 });
    } finally {
      await t.close();
    }
  });
});
