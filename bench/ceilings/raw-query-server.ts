/**
 * The raw-query ceiling: a bare node:http server that answers each benchmark route by sending the
 * same SQL as Redline (captured from its repositories, see statements.ts) through the same driver
 * with the same pool settings, and writes the rows out with JSON.stringify. No framework, no
 * validation, no session check, no shaping: the least work each request needs.
 *
 * Environment: BENCH_ENGINE (postgres | pglite), DATABASE_URL or BENCH_PGLITE_DIR, BENCH_EXAMPLE
 * (JSON: carId, sellerId, buyerId, conversationId, categoryId, posterId, photoKey, payment), BENCH_BUYER_IDS (JSON list of the buyers the
 * load uses), PORT.
 */
import http from 'node:http';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PAGE_SIZE_DEFAULT, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from '../../apps/server/src/db/client.ts';
import { isUuid } from '../../apps/server/src/db/pagination.ts';
import { PGLITE_EXTENSIONS } from '../../apps/server/src/db/pglite-extensions.ts';
import { bind, captureStatements, type Driver, type Example, type Statement } from './statements.ts';

type Row = unknown[];
type Query = (statement: Statement, inputs?: Record<string, unknown>) => Promise<Row[]>;

const engine = process.env.BENCH_ENGINE;
const example = JSON.parse(process.env.BENCH_EXAMPLE ?? '{}') as Example;

let driver: Driver;
if (engine === 'postgres') {
  // The app's pool settings (apps/server/src/db/client.ts).
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 20,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: 10_000,
  });
  pool.on('error', () => {});
  driver = { engine, pool };
} else {
  driver = {
    engine: 'pglite',
    client: new PGlite({ dataDir: process.env.BENCH_PGLITE_DIR, extensions: PGLITE_EXTENSIONS }),
  };
}

const statements = await captureStatements(driver, { ...example, pageSize: PAGE_SIZE_DEFAULT });

function queryWith(
  run: (text: string, values: unknown[], name: string | undefined) => Promise<{ rows: Row[] }>,
): Query {
  return async (statement, inputs = {}) =>
    (await run(statement.text, bind(statement, inputs), statement.name)).rows;
}

const query: Query =
  driver.engine === 'postgres'
    ? queryWith((text, values, name) =>
        (driver as { pool: pg.Pool }).pool.query({ name, text, values, rowMode: 'array' }),
      )
    : queryWith((text, values) =>
        (driver as { client: PGlite }).client.query<Row>(text, values, { rowMode: 'array' }),
      );

/** One transaction, as Drizzle runs one on each driver. */
async function transaction<T>(work: (q: Query) => Promise<T>): Promise<T> {
  if (driver.engine === 'pglite') {
    return driver.client.transaction((tx: Transaction) =>
      work(queryWith((text, values) => tx.query<Row>(text, values, { rowMode: 'array' }))),
    );
  }
  const client = await driver.pool.connect();
  try {
    await client.query('begin');
    const result = await work(
      queryWith((text, values, name) => client.query({ name, text, values, rowMode: 'array' })),
    );
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const buyerIds = new Set(JSON.parse(process.env.BENCH_BUYER_IDS ?? '[]') as string[]);
const buyers = new Map<string, { name: string; email: string }>();
for (const row of await query({
  text: 'select id, name, email from users where id = any($1)',
  slots: [{ value: [...buyerIds] }],
})) {
  buyers.set(row[0] as string, { name: row[1] as string, email: row[2] as string });
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function book(req: http.IncomingMessage, res: http.ServerResponse) {
  const input = JSON.parse(await readBody(req)) as {
    carId: string;
    phone: string;
    city: string;
    date: string;
    time: string;
  };
  const buyerId = String(req.headers['x-user-id']);
  const buyer = buyers.get(buyerId);
  if (!buyer) return send(res, 401, { error: 'unknown buyer' });
  const booking = await transaction(async (q) => {
    const [car] = await q(statements.lockCarWithSeller, { carId: input.carId });
    if (!car) return undefined;
    // Column order of lockCarWithSeller: id, year, brand, model, trim, photos, coverWidth, soldAt,
    // askingPrice, reservedAt, seller id, name, email, verified.
    const [inserted] = await q(statements.insertBooking, {
      carId: input.carId,
      carName: `${car[1]} ${car[2]} ${car[3]}`,
      carPhoto: `/uploads/${(car[5] as string[])[0]}-480.webp`,
      sellerId: car[10],
      sellerName: car[11],
      sellerEmail: car[12],
      buyerId,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerPhone: input.phone,
      requestedDate: input.date,
      requestedTime: input.time,
      requestedLocation: input.city,
      price: TEST_DRIVE_FEE_CENTS,
      isPaid: false,
    });
    return inserted!;
  });
  if (!booking) return send(res, 404, { error: 'no such car' });
  // The id on top, as the load reads it to cancel the booking next.
  send(res, 201, { id: booking[0], row: booking });
}

async function cancel(bookingId: string, res: http.ServerResponse) {
  const deletedCount = await transaction(async (q) => {
    const [booking] = await q(statements.lockBooking, { bookingId });
    if (!booking) return 0;
    await q(statements.cancelBooking, { bookingId });
    return 1;
  });
  send(res, 200, { deletedCount });
}

/** A message from the buyer the load names, in a conversation they are in (the access check Redline makes). */
async function sendMessage(req: http.IncomingMessage, res: http.ServerResponse, conversationId: string) {
  const { body } = JSON.parse(await readBody(req)) as { body: string };
  const senderId = String(req.headers['x-user-id']);
  const [conversation] = isUuid(conversationId)
    ? await query(statements.conversationAccess, { conversationId })
    : [];
  // Column order of conversationAccess: id, buyer id, seller id, reported.
  if (!conversation || (conversation[1] !== senderId && conversation[2] !== senderId)) {
    return send(res, 404, { error: 'not found' });
  }
  const id = await transaction(async (q) => {
    const [message] = await q(statements.insertMessage, { conversationId, senderId, body });
    // Column order of insertMessage: the message's id, the conversation's buyer and seller.
    return message![0];
  });
  send(res, 201, { id });
}

/** A car posted by the seller the load names, with their photo, then read back as Redline answers it. */
async function postCar(req: http.IncomingMessage, res: http.ServerResponse) {
  const input = JSON.parse(await readBody(req)) as { categoryId: string; photos: string[] };
  const sellerId = String(req.headers['x-user-id']);
  if ((await query(statements.categoryExists, { categoryId: input.categoryId })).length === 0) {
    return send(res, 400, { error: 'no such category' });
  }
  const carId = await transaction(async (q) => {
    let rows: Row[] = [];
    for (const statement of statements.postCar)
      rows = await q(statement, { sellerId, photoKey: input.photos[0] });
    return rows[0]![0];
  });
  send(res, 201, (await query(statements.carPage, { carId }))[0]);
}

/**
 * A test drive's fee recorded for the buyer the load names, as Redline records it: the booking must be
 * theirs and unpaid, and the intent succeeded; the amount is the intent's, the rest the booking's.
 */
async function recordPayment(req: http.IncomingMessage, res: http.ServerResponse) {
  const { bookingId, transactionId } = JSON.parse(await readBody(req)) as {
    bookingId: string;
    transactionId: string;
  };
  const buyerId = String(req.headers['x-user-id']);
  const ofBuyer = { bookingId, buyerId };
  // Column order of bookingAccess: id, buyer id, seller id.
  const [access] = await query(statements.bookingAccess, { bookingId });
  if (!access || access[1] !== buyerId) return send(res, 404, { error: 'not found' });
  // Column order of bookingToPay: id, car name, seller e-mail, buyer e-mail, is paid, …
  const [booking] = await query(statements.bookingToPay, ofBuyer);
  if (!booking) return send(res, 404, { error: 'not found' });
  const [earlier] = await query(statements.paymentOfBooking, { bookingId });
  if (earlier) return send(res, 200, { insertedId: earlier[0] });
  // Column order of paymentIntent: id, client secret, amount, currency, status, …
  const [intent] = await query(statements.paymentIntent, { transactionId });
  if (intent?.[4] !== 'succeeded') return send(res, 402, { error: 'not paid' });
  const insertedId = await transaction(async (q) => {
    // Column order of lockBookingToPay: is paid, car id, …
    const [locked] = await q(statements.lockBookingToPay, ofBuyer);
    if (!locked || locked[0]) return undefined;
    if (locked[1]) await q(statements.carOfBooking, { carId: locked[1] });
    if ((await q(statements.paymentOfBooking, { bookingId })).length > 0) return undefined;
    const [payment] = await q(statements.insertPayment, {
      bookingId,
      transactionId,
      price: intent[2],
      currency: intent[3],
      carName: booking[1],
      sellerEmail: booking[2],
      paidBy: booking[3],
    });
    await q(statements.markPaid, { bookingId });
    return payment![0];
  });
  if (!insertedId) return send(res, 409, { error: 'paid already' });
  send(res, 201, { insertedId });
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? '/';
  const path = url.split('?')[0]!;
  // Goes through the driver like Redline's health check, so that waiting for it waits for queued queries.
  if (req.method === 'GET' && path === '/api/health/ready') {
    await query({ text: 'select 1', slots: [] });
    return send(res, 200, { status: 'ok' });
  }
  if (req.method === 'GET' && path === '/api/categories')
    return send(res, 200, await query(statements.categories));
  if (req.method === 'GET' && path === '/api/advertise') {
    return send(res, 200, await query(statements.advertisedPage));
  }
  if (req.method === 'GET' && path.startsWith('/api/cars/id/')) {
    const carId = path.slice('/api/cars/id/'.length);
    const rows = isUuid(carId) ? await query(statements.carPage, { carId }) : [];
    if (rows.length === 0) return send(res, 404, { error: 'not found' });
    return send(res, 200, rows[0]);
  }
  if (req.method === 'GET' && path.startsWith('/api/cars/')) {
    const categoryId = decodeURIComponent(path.slice('/api/cars/'.length));
    if ((await query(statements.categoryExists, { categoryId })).length === 0) {
      return send(res, 404, { error: 'not found' });
    }
    return send(res, 200, await query(statements.categoryPage, { categoryId }));
  }
  if (req.method === 'POST' && path === '/api/testdrivebooking') return book(req, res);
  if (req.method === 'DELETE' && path.startsWith('/api/testdrivebooking/')) {
    return cancel(path.slice('/api/testdrivebooking/'.length), res);
  }
  if (req.method === 'POST' && path === '/api/cars') return postCar(req, res);
  if (req.method === 'POST' && path === '/api/payment') return recordPayment(req, res);
  const messages = /^\/api\/conversations\/([^/]+)\/messages$/.exec(path);
  if (req.method === 'POST' && messages) return sendMessage(req, res, messages[1]!);
  send(res, 404, { error: 'no route' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { error: 'failed' });
  });
});
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  const closing = driver.engine === 'postgres' ? driver.pool.end() : driver.client.close();
  void closing.finally(() => process.exit(0));
});
