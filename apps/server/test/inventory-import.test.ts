import {
  type CarDetail,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type InventoryImport,
  type InventoryImportRow,
  type Page,
} from '@redline/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, vi } from 'vitest';
import { cars, inventoryImports, notifications, photos } from '../src/db/schema.ts';
import { importJob } from '../src/modules/inventory-import/inventory-import.job.ts';
import { addTeamMember, carInput, dealerProfileInput, ensureCategory, uploadedPhoto } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';
import { csv, multipart, row } from './inventory-files.ts';
import { cameraJpeg, zipOf } from './photo-zips.ts';

const DECLARATIONS = { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true };

const preview = (
  t: TestApp,
  user: TestUser | undefined,
  file: Buffer | string,
  mode = 'partial',
  photos?: Buffer,
) =>
  as(t, user, {
    method: 'POST',
    url: `/api/dealer/imports?mode=${mode}`,
    ...multipart(Buffer.from(file), 'stock.csv', photos),
  });
const commit = (
  t: TestApp,
  user: TestUser | undefined,
  id: string,
  body: object = { declarations: DECLARATIONS },
) => as(t, user, { method: 'POST', url: `/api/dealer/imports/${id}/commit`, payload: body });
const importOf = async (t: TestApp, user: TestUser, id: string) =>
  (await as(t, user, { method: 'GET', url: `/api/dealer/imports/${id}` })).json() as InventoryImport;
const rowsOf = async (t: TestApp, user: TestUser, id: string, query = '') =>
  (
    (
      await as(t, user, { method: 'GET', url: `/api/dealer/imports/${id}/rows?limit=500${query}` })
    ).json() as Page<InventoryImportRow>
  ).items;

/** A seller with a dealer profile and one uploaded photo. */
async function aDealer(t: TestApp) {
  const dealer = await signUpUser(t, 'Seller');
  const saved = await as(t, dealer, {
    method: 'PUT',
    url: '/api/me/dealer',
    payload: dealerProfileInput({ businessName: `Dealer ${dealer.id.slice(0, 6)}`, street: '1 Main St' }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await ensureCategory(t);
  return { dealer, photo: await uploadedPhoto(t, dealer) };
}

const carsOf = (t: TestApp, dealer: TestUser) =>
  t.db.select().from(cars).where(eq(cars.sellerId, dealer.id)).orderBy(cars.stockNumber);

/** The photos uploaded as `uploader`'s; only those of `keys`, in their order, when given. */
async function photosOf(t: TestApp, uploader: TestUser, keys?: string[]) {
  const rows = await t.db.select().from(photos).where(eq(photos.uploaderId, uploader.id));
  return keys ? keys.map((key) => rows.find((r) => r.key === key)) : rows;
}

/** Previews the file and commits it; answers the import once its job has applied it. */
async function importFile(t: TestApp, dealer: TestUser, file: string, mode = 'partial', photos?: Buffer) {
  const previewed = await preview(t, dealer, file, mode, photos);
  expect(previewed.statusCode, previewed.body).toBe(201);
  const { id } = previewed.json() as InventoryImport;
  expect((await commit(t, dealer, id)).statusCode).toBe(200);
  return applied(t, dealer, id);
}

/** The import once its job has applied it, polled as the import page polls it. */
function applied(t: TestApp, dealer: TestUser, id: string) {
  return vi.waitFor(
    async () => {
      const polled = await importOf(t, dealer, id);
      if (polled.status !== 'done') throw new Error(`import ${id} is ${polled.status}`);
      return polled;
    },
    { timeout: 600_000, interval: 200 },
  );
}

describe('who may import (POST /api/dealer/imports)', () => {
  it('a visitor is asked to sign in, a buyer and a private seller are refused, and nothing is stored', async ({
    t,
    buyer,
    seller,
  }) => {
    const file = csv([row('x', 1)]);
    expect((await preview(t, undefined, file)).statusCode).toBe(401);
    expect((await preview(t, buyer, file)).statusCode).toBe(403);
    const privateSeller = await preview(t, seller, file);
    expect(privateSeller.statusCode).toBe(403);
    expect(errorOf(privateSeller).message).toBe(
      'Only dealers can import inventory: add your dealer profile first.',
    );
    expect(await t.db.select().from(inventoryImports)).toEqual([]);
  });

  it("another dealer's import is not found, to read, list or commit", async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const { dealer: stranger } = await aDealer(t);
    const { id } = (await preview(t, dealer, csv([row(photo, 1)]))).json() as InventoryImport;
    expect((await as(t, stranger, { method: 'GET', url: `/api/dealer/imports/${id}` })).statusCode).toBe(404);
    expect((await as(t, stranger, { method: 'GET', url: `/api/dealer/imports/${id}/rows` })).statusCode).toBe(
      404,
    );
    expect((await commit(t, stranger, id)).statusCode).toBe(404);
    const theirs = (
      await as(t, stranger, { method: 'GET', url: '/api/dealer/imports' })
    ).json() as Page<InventoryImport>;
    expect(theirs.items).toEqual([]);
    expect((await importOf(t, dealer, id)).status).toBe('previewed');
  });
});

describe('reading the file', () => {
  it('a preview judges each row by the car form’s rules and changes no car', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const file = csv([
      row(photo, 1),
      row(photo, 2, { year: '', askingPrice: '130000', fuel: 'Steam' }),
      row(photo, 1, { kmDriven: '5' }),
      row(photo, 4, { categoryId: 'hovercraft' }),
      row('not-an-upload', 5),
    ]);
    const res = await preview(t, dealer, file);
    expect(res.statusCode, res.body).toBe(201);
    const previewed = res.json() as InventoryImport;
    expect(previewed).toMatchObject({
      status: 'previewed',
      counts: { read: 5, valid: 1, created: 1, updated: 0, unchanged: 0, failed: 4 },
    });
    const rows = await rowsOf(t, dealer, previewed.id);
    expect(rows.map(({ rowNumber, errors, outcome }) => ({ rowNumber, errors, outcome }))).toEqual([
      { rowNumber: 2, errors: {}, outcome: 'create' },
      {
        rowNumber: 3,
        errors: {
          year: 'Year is required',
          fuel: 'Choose Petrol, Diesel, Electric, Hybrid',
          originalPrice: 'The original price must be at least the asking price',
        },
        outcome: 'failed',
      },
      {
        rowNumber: 4,
        errors: { stockNumber: 'Stock number S-1 is already on row 2 of this file' },
        outcome: 'failed',
      },
      { rowNumber: 5, errors: { categoryId: 'Choose a category from the list' }, outcome: 'failed' },
      { rowNumber: 6, errors: { photos: 'Upload the photos again: some were not found' }, outcome: 'failed' },
    ]);
    expect((await rowsOf(t, dealer, previewed.id, '&failed=true')).map((r) => r.rowNumber)).toEqual([
      3, 4, 5, 6,
    ]);
    expect(await carsOf(t, dealer)).toEqual([]);
  });

  it('takes UTF-8 with a BOM, a semicolon-separated file and the same rows as JSON alike', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const rows = [row(photo, 1, { about: 'Zuffenhausen’s finest; één eigenaar' })];
    const answers = await Promise.all([
      preview(t, dealer, `\uFEFF${csv(rows)}`),
      preview(t, dealer, csv(rows, ';')),
      preview(t, dealer, JSON.stringify(rows)),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as InventoryImport).counts).toMatchObject({ read: 1, valid: 1, created: 1 });
    }
  });

  it('a file not in UTF-8 is refused, naming the line, and nothing is stored', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const text = csv([row(photo, 1), row(photo, 2, { about: 'Caf\u00e9 racer' })]);
    const latin1 = Buffer.from(text, 'latin1');
    const res = await preview(t, dealer, latin1);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      'The file is not UTF-8 text: line 3 has bytes that are not UTF-8 (it may be saved as Windows-1252 or Latin-1). Save it as UTF-8 and upload it again.',
    );
    const bad = ['', 'stockNumber,colour\r\nS-1,red', '{"rows": []}', 'not json ['];
    for (const file of bad) expect((await preview(t, dealer, file)).statusCode, file).toBe(400);
    expect(
      await t.db.select().from(inventoryImports).where(eq(inventoryImports.dealerId, dealer.id)),
    ).toEqual([]);
  });

  it('a file over the row or size limit is refused before anything is stored; uploads are limited per dealer', async ({
    t,
  }) => {
    const { dealer } = await aDealer(t);
    const manyRows = `stockNumber,brand\r\n${'S,Porsche\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const tooMany = await preview(t, dealer, manyRows);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toBe(
      'The file has 25,001 rows; one import takes at most 25,000. Split it.',
    );
    const tooLarge = await preview(t, dealer, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    expect(
      await t.db.select().from(inventoryImports).where(eq(inventoryImports.dealerId, dealer.id)),
    ).toEqual([]);
    // 30 uploads an hour, the two refused above included.
    const answers: number[] = [];
    for (let i = 0; i < 28; i += 1) answers.push((await preview(t, dealer, 'stockNumber\r\nS-1')).statusCode);
    expect(answers.every((status) => status === 201)).toBe(true);
    expect((await preview(t, dealer, 'stockNumber\r\nS-1')).statusCode).toBe(429);
  });

  it('the template downloads as a CSV file of the columns and an example', async ({ t }) => {
    const { dealer } = await aDealer(t);
    const res = await as(t, dealer, { method: 'GET', url: '/api/dealer/imports/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(IMPORT_COLUMNS.join(','));
    // Its example is a car the form's rules accept, but for its photos: they stand for the dealer's uploads.
    const previewed = (await preview(t, dealer, res.body)).json() as InventoryImport;
    expect((await rowsOf(t, dealer, previewed.id)).map((r) => r.errors)).toEqual([
      { photos: 'Upload the photos again: some were not found' },
    ]);
  });
});

describe("a car's stock number", () => {
  it("is the seller's: unique among their cars, shown to them and not to buyers", async ({ t, buyer }) => {
    const { dealer, photo } = await aDealer(t);
    const { dealer: other, photo: otherPhoto } = await aDealer(t);
    const car = (stockNumber: string, p: string) => ({ ...carInput([p]), stockNumber });
    const posted = await as(t, dealer, { method: 'POST', url: '/api/cars', payload: car('P-1', photo) });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ stockNumber: 'P-1' });
    const again = await as(t, dealer, { method: 'POST', url: '/api/cars', payload: car('P-1', photo) });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).fields).toEqual({ stockNumber: 'You already have a car with this stock number' });
    const theirs = await as(t, other, { method: 'POST', url: '/api/cars', payload: car('P-1', otherPhoto) });
    expect(theirs.statusCode).toBe(201);
    const { id } = posted.json() as { id: string };
    const seen = (await as(t, buyer, { method: 'GET', url: `/api/cars/id/${id}` })).json() as object;
    expect(seen).not.toHaveProperty('stockNumber');
    const second = (
      await as(t, dealer, { method: 'POST', url: '/api/cars', payload: car('P-2', photo) })
    ).json() as {
      id: string;
    };
    const renumbered = await as(t, dealer, {
      method: 'PATCH',
      url: `/api/cars/${second.id}`,
      payload: { stockNumber: 'P-1' },
    });
    expect(renumbered.statusCode).toBe(400);
  });

  it('given to several cars at once, by posts and an edit, ends on one car: the others are refused with a 400', async ({
    t,
  }) => {
    const { dealer, photo } = await aDealer(t);
    const car = (stockNumber: string) => ({ ...carInput([photo]), stockNumber });
    const other = (await as(t, dealer, { method: 'POST', url: '/api/cars', payload: car('Q-2') })).json() as {
      id: string;
    };
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () =>
        as(t, dealer, { method: 'POST', url: '/api/cars', payload: car('Q-1') }),
      ),
      as(t, dealer, { method: 'PATCH', url: `/api/cars/${other.id}`, payload: { stockNumber: 'Q-1' } }),
    ]);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    // One write wins (a post's 201 or the edit's 200); the others are the check's refusal, never the index's 500.
    expect(answers.length - refused.length).toBe(1);
    expect(answers.every((answer) => [200, 201, 400].includes(answer.statusCode))).toBe(true);
    for (const answer of refused)
      expect(errorOf(answer).fields).toEqual({
        stockNumber: 'You already have a car with this stock number',
      });
    expect((await carsOf(t, dealer)).filter((row) => row.stockNumber === 'Q-1')).toHaveLength(1);
  });
});

describe('committing an import', () => {
  it('creates 1,000 cars; the same file again changes nothing', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const file = csv(Array.from({ length: 1000 }, (_, n) => row(photo, n + 1)));
    const first = await importFile(t, dealer, file);
    expect(first).toMatchObject({
      status: 'done',
      applied: 1000,
      counts: { read: 1000, created: 1000, updated: 0, unchanged: 0, failed: 0 },
    });
    const before = await carsOf(t, dealer);
    expect(before).toHaveLength(1000);
    const again = await importFile(t, dealer, file);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1000, failed: 0 });
    expect(await carsOf(t, dealer)).toEqual(before);
  });

  it('imports 20,000 rows, the most a dealer is promised', { timeout: 900_000 }, async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const file = csv(Array.from({ length: 20_000 }, (_, n) => row(photo, n + 1)));
    const done = await importFile(t, dealer, file);
    expect(done).toMatchObject({ status: 'done', applied: 20_000, counts: { created: 20_000, failed: 0 } });
    const stockNumbers = new Set((await carsOf(t, dealer)).map((car) => car.stockNumber));
    expect(stockNumbers.size).toBe(20_000);
  });

  it('a changed price updates the car as an edit does: its price history, and its savers hear', async ({
    t,
    buyer,
  }) => {
    const { dealer, photo } = await aDealer(t);
    await importFile(t, dealer, csv([row(photo, 1)]));
    const [car] = await carsOf(t, dealer);
    await as(t, buyer, { method: 'POST', url: '/api/savedpost', payload: { carId: car!.id } });
    const done = await importFile(t, dealer, csv([row(photo, 1, { askingPrice: '89000' })]));
    expect(done.counts).toMatchObject({ updated: 1, created: 0 });
    const detail = (
      await as(t, buyer, { method: 'GET', url: `/api/cars/id/${car!.id}` })
    ).json() as CarDetail;
    expect(detail.askingPrice).toBe(8_900_000);
    expect(detail.priceHistory.map((p) => p.askingPrice)).toEqual([9_500_000, 8_900_000]);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'saved-car.price-dropped')));
    expect(told).toHaveLength(1);
  });

  it('a full import marks the cars it does not name sold; a partial one leaves them', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    await importFile(t, dealer, csv([row(photo, 1), row(photo, 2), row(photo, 3)]));
    const partial = await importFile(t, dealer, csv([row(photo, 1)]), 'partial');
    expect(partial.counts.markedSold).toBe(0);
    const full = await preview(t, dealer, csv([row(photo, 1)]), 'full');
    expect((full.json() as InventoryImport).counts.markedSold).toBe(2);
    expect((await carsOf(t, dealer)).filter((c) => c.soldAt)).toEqual([]);
    const { id } = full.json() as InventoryImport;
    expect((await commit(t, dealer, id)).statusCode).toBe(200);
    expect((await applied(t, dealer, id)).counts.markedSold).toBe(2);
    expect((await carsOf(t, dealer)).map((c) => [c.stockNumber, c.soldAt !== null])).toEqual([
      ['S-1', false],
      ['S-2', true],
      ['S-3', true],
    ]);
  });

  it('a second commit while one is applied is refused clearly; a committed import cannot commit again', async ({
    t,
  }) => {
    const { dealer, photo } = await aDealer(t);
    const a = (await preview(t, dealer, csv([row(photo, 1)]))).json() as InventoryImport;
    const b = (await preview(t, dealer, csv([row(photo, 2)]))).json() as InventoryImport;
    const [first, second] = await Promise.all([commit(t, dealer, a.id), commit(t, dealer, b.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(errorOf(refused).message).toBe(
      'Another import of yours is being applied. Commit this one when it has finished.',
    );
    const committed = first.statusCode === 200 ? a : b;
    await applied(t, dealer, committed.id);
    expect((await commit(t, dealer, committed.id)).statusCode).toBe(409);
  });

  it('an import whose job gave up is failed, saying so, and the dealer may commit another', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const stuck = (await preview(t, dealer, csv([row(photo, 1)]))).json() as InventoryImport;
    await t.db.update(inventoryImports).set({ status: 'running' }).where(eq(inventoryImports.id, stuck.id));
    const next = (await preview(t, dealer, csv([row(photo, 2)]))).json() as InventoryImport;
    expect((await commit(t, dealer, next.id)).statusCode).toBe(409);
    // What the queue calls once the sixth attempt failed (test/jobs.test.ts drives the attempts).
    await importJob(t.context).gaveUp!({ importId: stuck.id }, new Error('disk full'));
    expect(await importOf(t, dealer, stuck.id)).toMatchObject({
      status: 'failed',
      error:
        'The import stopped after repeated failures. The cars applied so far stay; upload the file again to apply the rest.',
    });
    expect((await commit(t, dealer, next.id)).statusCode).toBe(200);
    expect((await applied(t, dealer, next.id)).counts.created).toBe(1);
  });

  it('the declarations must be made to commit: a 400 and nothing queued', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const { id } = (await preview(t, dealer, csv([row(photo, 1)]))).json() as InventoryImport;
    const res = await commit(t, dealer, id, { declarations: { ...DECLARATIONS, noAccident: false } });
    expect(res.statusCode).toBe(400);
    expect((await importOf(t, dealer, id)).status).toBe('previewed');
  });

  it('a job that fails part-way goes on where it stopped when retried, without duplicates', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const file = csv(Array.from({ length: 600 }, (_, n) => row(photo, n + 1)));
    const { id } = (await preview(t, dealer, file)).json() as InventoryImport;
    // The database refuses row 400's car: the attempt fails in its second chunk, after one was applied.
    await t.db.execute(sql`create function refuse_s400() returns trigger language plpgsql as $$
      begin if new.stock_number = 'S-400' then raise exception 'disk full'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger refuse_s400 before insert on cars for each row execute function refuse_s400()`,
    );
    expect((await commit(t, dealer, id)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const attempts = await t.context.jobs.boss.findJobs('inventory-import.run', {
          data: { importId: id },
        });
        expect(attempts.map((job) => job.state)).toEqual(['retry']);
      },
      { timeout: 30_000, interval: 100 },
    );
    const stopped = await importOf(t, dealer, id);
    expect(stopped).toMatchObject({ status: 'running', applied: 250 * Math.floor(399 / 250) });
    expect(await carsOf(t, dealer)).toHaveLength(stopped.applied);
    await t.db.execute(sql`drop trigger refuse_s400 on cars`);
    // The retry, run now rather than in its back-off's 30 s.
    await importJob(t.context).run({ importId: id }, t.app.log);
    const done = await importOf(t, dealer, id);
    expect(done).toMatchObject({ status: 'done', applied: 600, counts: { created: 600, failed: 0 } });
    const stock = (await carsOf(t, dealer)).map((c) => c.stockNumber);
    expect(new Set(stock).size).toBe(600);
  });
});

describe("a dealer's feed (POST /api/dealer/feed, by API key)", () => {
  const makeKey = (t: TestApp, user: TestUser | undefined) =>
    as(t, user, { method: 'POST', url: '/api/dealer/api-key', payload: { declarations: DECLARATIONS } });
  /** The feed call with the key: the multipart body and its boundary go together. */
  const send = (t: TestApp, key: string | undefined, file: string, mode = 'partial', photos?: Buffer) => {
    const body = multipart(Buffer.from(file), 'stock.csv', photos);
    return t.app.inject({
      method: 'POST',
      url: `/api/dealer/feed?mode=${mode}`,
      payload: body.payload,
      headers: { ...body.headers, ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
    });
  };

  it('imports and commits the file at once, as the dealer', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const made = await makeKey(t, dealer);
    expect(made.statusCode).toBe(201);
    const { key } = made.json() as { key: string };
    const kept = (await as(t, dealer, { method: 'GET', url: '/api/dealer/api-key' })).json();
    expect(kept).toMatchObject({ prefix: key.slice(0, 10), lastUsedAt: null });
    expect(JSON.stringify(kept)).not.toContain(key);
    const res = await send(t, key, csv([row(photo, 1), row(photo, 2)]));
    expect(res.statusCode, res.body).toBe(201);
    const fed = res.json() as InventoryImport;
    expect(fed).toMatchObject({ source: 'feed', status: 'queued', createdBy: null });
    expect((await applied(t, dealer, fed.id)).counts).toMatchObject({ created: 2 });
    expect((await carsOf(t, dealer)).map((c) => c.stockNumber)).toEqual(['S-1', 'S-2']);
  });

  it('takes a zip of photos as an upload does: the car gets the photo the row names', async ({ t }) => {
    const { dealer } = await aDealer(t);
    const { key } = (await makeKey(t, dealer)).json() as { key: string };
    const zip = zipOf([{ name: 'lot/front.jpg', data: await cameraJpeg() }]);
    const res = await send(t, key, csv([row('front.jpg', 1)]), 'partial', zip);
    expect(res.statusCode, res.body).toBe(201);
    const fed = res.json() as InventoryImport;
    expect((await applied(t, dealer, fed.id)).counts).toMatchObject({ created: 1, failed: 0 });
    const [car] = await carsOf(t, dealer);
    const [stored] = await photosOf(t, dealer, car!.photos);
    expect(stored).toMatchObject({ width: 2000, height: 1500 });
  });

  it('no key, a wrong, rotated or revoked key is a 401 and imports nothing; a private seller gets no key', async ({
    t,
    seller,
    buyer,
  }) => {
    const { dealer, photo } = await aDealer(t);
    const file = csv([row(photo, 1)]);
    const old = ((await makeKey(t, dealer)).json() as { key: string }).key;
    const current = ((await makeKey(t, dealer)).json() as { key: string }).key;
    expect((await send(t, undefined, file)).statusCode).toBe(401);
    expect((await send(t, `rdk_${'x'.repeat(43)}`, file)).statusCode).toBe(401);
    const rotated = await send(t, old, file);
    expect(rotated.statusCode).toBe(401);
    expect(errorOf(rotated).message).toBe('The API key is not valid: it may have been rotated or revoked.');
    expect((await as(t, dealer, { method: 'DELETE', url: '/api/dealer/api-key' })).json()).toEqual({
      deletedCount: 1,
    });
    expect((await send(t, current, file)).statusCode).toBe(401);
    expect((await makeKey(t, seller)).statusCode).toBe(403);
    expect((await makeKey(t, buyer)).statusCode).toBe(403);
    expect((await makeKey(t, undefined)).statusCode).toBe(401);
    expect(
      await t.db.select().from(inventoryImports).where(eq(inventoryImports.dealerId, dealer.id)),
    ).toEqual([]);
  });

  it('a feed while an import of the dealer is applied is refused clearly', async ({ t }) => {
    const { dealer, photo } = await aDealer(t);
    const { key } = (await makeKey(t, dealer)).json() as { key: string };
    const { id } = (await preview(t, dealer, csv([row(photo, 1)]))).json() as InventoryImport;
    await t.db.update(inventoryImports).set({ status: 'running' }).where(eq(inventoryImports.id, id));
    const res = await send(t, key, csv([row(photo, 2)]));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'Another import of yours is being applied. Commit this one when it has finished.',
    );
  });
});

describe('photos in a zip, named by file name', () => {
  it('a row naming a photo not in the zip fails, naming it; photos no row names are listed, not stored', async ({
    t,
  }) => {
    const { dealer } = await aDealer(t);
    const zip = zipOf([
      { name: 'front.jpg', data: await cameraJpeg(2000, 1500, 1) },
      { name: 'spare/extra.jpg', data: await cameraJpeg(2000, 1500, 2) },
      { name: 'unused.png', data: await cameraJpeg(2000, 1500, 3) },
      { name: '__MACOSX/._front.jpg', data: Buffer.from('resource fork') },
      { name: '.DS_Store', data: Buffer.from('finder') },
      { name: 'spare/', data: Buffer.alloc(0) },
    ]);
    const res = await preview(
      t,
      dealer,
      csv([row('front.jpg', 1), row('front.jpg|rear.jpg', 2), row('side.jpg|back.jpg', 3)]),
      'partial',
      zip,
    );
    expect(res.statusCode, res.body).toBe(201);
    const previewed = res.json() as InventoryImport;
    expect(previewed.extraPhotos).toEqual({ count: 2, names: ['spare/extra.jpg', 'unused.png'] });
    expect(previewed.counts).toMatchObject({ read: 3, valid: 1, created: 1, failed: 2 });
    const rows = await rowsOf(t, dealer, previewed.id);
    expect(rows.map((r) => r.errors)).toEqual([
      {},
      { photos: 'rear.jpg is not in the zip' },
      { photos: 'side.jpg, back.jpg are not in the zip' },
    ]);
    // The one named photo is stored (beside the dealer's earlier upload); the extra ones are not.
    expect(await photosOf(t, dealer)).toHaveLength(2);
    expect((await importOf(t, dealer, previewed.id)).extraPhotos.count).toBe(2);
  });

  it('a photo the pipeline refuses fails its row alone, naming the file and why', async ({ t }) => {
    const { dealer } = await aDealer(t);
    const zip = zipOf([
      { name: 'good.jpg', data: await cameraJpeg() },
      { name: 'broken.jpg', data: Buffer.from('this is no image') },
      { name: 'tiny.jpg', data: await cameraJpeg(320, 240) },
    ]);
    const res = await preview(
      t,
      dealer,
      csv([row('good.jpg', 1), row('broken.jpg', 2), row('good.jpg|tiny.jpg', 3)]),
      'partial',
      zip,
    );
    expect(res.statusCode, res.body).toBe(201);
    const rows = await rowsOf(t, dealer, (res.json() as InventoryImport).id);
    expect(rows.map((r) => [r.outcome, r.errors])).toEqual([
      ['create', {}],
      ['failed', { photos: 'broken.jpg: Upload a JPEG, PNG, WebP, AVIF or HEIC image.' }],
      [
        'failed',
        {
          photos:
            'tiny.jpg: Use a photo at least 480 × 480 pixels: smaller ones look blurry. This one is 320 × 240.',
        },
      ],
    ]);
  });

  it('a zip that is unsafe or unreadable is refused whole, saying why, and nothing is stored', async ({
    t,
  }) => {
    const { dealer } = await aDealer(t);
    const photo = await cameraJpeg();
    const file = csv([row('front.jpg', 1)]);
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    const cases: [Buffer, string][] = [
      [
        Buffer.from('PK but not really a zip'),
        'The photos file is not a zip. Zip the photos and upload the zip.',
      ],
      // 16 MB of zeros deflate to 16 kB: an entry larger than a photo may be is refused from the directory.
      [
        zipOf([{ name: 'front.jpg', data: zeros }]),
        'front.jpg in the zip is larger than 15 MB, the most a photo may be.',
      ],
      // The directory says 1 MB; inflating finds more, and stops there.
      [
        zipOf([{ name: 'front.jpg', data: zeros, declaredSize: 1024 * 1024 }]),
        "front.jpg in the zip is damaged: its data does not match the zip's directory.",
      ],
      [
        zipOf(Array.from({ length: 101 }, (_, i) => ({ name: `p${i}.jpg`, data: Buffer.from([i]) }))),
        'The zip has 101 photos; one import takes at most 100.',
      ],
      [
        zipOf([{ name: 'front.jpg', data: photo, encrypted: true }]),
        'front.jpg in the zip is encrypted. Zip the photos without a password.',
      ],
      [
        zipOf([{ name: 'front.jpg', data: photo, method: 12 }]),
        'front.jpg in the zip is compressed in a way Redline cannot read. Zip it with the usual compression.',
      ],
      [
        zipOf([{ name: '../../etc/front.jpg', data: photo }]),
        'The zip cannot be read: invalid relative path: ../../etc/front.jpg.',
      ],
    ];
    for (const [zip, message] of cases) {
      const res = await preview(t, dealer, file, 'partial', zip);
      expect(res.statusCode, message).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
    // Twelve photos of 36 megapixels: each may be uploaded, but together they would keep the preview
    // in the pipeline for longer than the proxy waits.
    const big = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 200, g: 30, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const names = Array.from({ length: 12 }, (_, i) => `big-${i}.jpg`);
    const tooManyPixels = await preview(
      t,
      dealer,
      csv([row(names.slice(0, 6).join('|'), 1), row(names.slice(6).join('|'), 2)]),
      'partial',
      zipOf(names.map((name) => ({ name, data: big }))),
    );
    expect(tooManyPixels.statusCode).toBe(400);
    expect(errorOf(tooManyPixels).message).toBe(
      'The photos the rows name come to 432 megapixels; one import takes at most 300. Split the import.',
    );
    // A good photo sent with the lying one is not stored either: every named photo is checked first.
    const mixed = zipOf([
      { name: 'a.jpg', data: photo },
      { name: 'front.jpg', data: zeros, declaredSize: 1024 * 1024 },
    ]);
    expect(
      (await preview(t, dealer, csv([row('a.jpg', 1), row('front.jpg', 2)]), 'partial', mixed)).statusCode,
    ).toBe(400);
    expect(
      await t.db.select().from(inventoryImports).where(eq(inventoryImports.dealerId, dealer.id)),
    ).toEqual([]);
    expect(await photosOf(t, dealer)).toHaveLength(1);
  });

  it('puts the photos on the cars in the row’s order; the same file and zip again change nothing', async ({
    t,
  }) => {
    const { dealer } = await aDealer(t);
    const zip = zipOf([
      { name: 'a/side.jpg', data: await cameraJpeg(2000, 1500, 1) },
      { name: 'b/side.jpg', data: await cameraJpeg(1600, 1200, 2) },
      { name: 'front.jpg', data: await cameraJpeg(1800, 1200, 3) },
    ]);
    const file = csv([row('b/side.jpg|front.jpg|a/side.jpg', 1), row('side.jpg', 2)]);
    const first = await importFile(t, dealer, file, 'partial', zip);
    // side.jpg alone names two photos: the row fails, saying how to name one.
    expect(first.counts).toMatchObject({ created: 1, failed: 1 });
    const [car] = await carsOf(t, dealer);
    const onCar = await photosOf(t, dealer, car!.photos);
    expect(onCar.map((p) => p && [p.width, p.height])).toEqual([
      [1600, 1200],
      [1800, 1200],
      [2000, 1500],
    ]);
    const stored = await photosOf(t, dealer);
    const again = await importFile(t, dealer, file, 'partial', zip);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1, failed: 1 });
    expect(await carsOf(t, dealer)).toEqual([car]);
    expect((await photosOf(t, dealer)).map((p) => p!.key).sort()).toEqual(stored.map((p) => p!.key).sort());
    const failed = await rowsOf(t, dealer, again.id, '&failed=true');
    expect(failed[0]!.errors).toEqual({
      photos: 'side.jpg is in the zip more than once: name it by its path (a/side.jpg)',
    });
  });
});

describe("the photos column takes the team's uploads", () => {
  it("a manager's uploaded photo ends on the imported car; a stranger's is refused", async ({ t }) => {
    const { dealer } = await aDealer(t);
    const manager = await signUpUser(t, 'Seller');
    await addTeamMember(t, dealer, manager, 'manager');
    const stranger = await signUpUser(t, 'Seller');
    const managers = await uploadedPhoto(t, manager);
    const strangers = await uploadedPhoto(t, stranger);
    const previewed = await preview(t, manager, csv([row(managers, 1), row(strangers, 2)]));
    expect(previewed.statusCode, previewed.body).toBe(201);
    const { id } = previewed.json() as InventoryImport;
    expect((await rowsOf(t, manager, id)).map((r) => r.errors)).toEqual([
      {},
      { photos: 'Upload the photos again: some were not found' },
    ]);
    expect((await commit(t, manager, id)).statusCode).toBe(200);
    expect((await applied(t, manager, id)).counts).toMatchObject({ created: 1, failed: 1 });
    expect((await carsOf(t, dealer)).map((c) => c.photos)).toEqual([[managers]]);
  });
});
