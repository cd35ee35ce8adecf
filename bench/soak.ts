/**
 * Soak: the production server (embedded PGlite, demo data, a fresh temporary data directory) under
 * mixed traffic from several signed-in users for --minutes (default 10): browse, search, book,
 * cancel, save, pay in test mode; a seller edits prices. Every answer is checked against what
 * that call must answer; anything else (and every 5xx or network error) counts as an error.
 * Prints, per minute: requests, errors, p50/p99 latency and the server's resident memory.
 *
 *   npm run bench:soak -- --minutes 10 --users 8 --think 100
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCar } from './lib/load.ts';
import {
  Client,
  futureDate,
  machine,
  noisyPng,
  percentile,
  photoForm,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
} from './reliability/harness.ts';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const MINUTES = flag('minutes', 10);
const USERS = flag('users', 8);
const THINK_MS = flag('think', 100);

interface Minute {
  requests: number;
  errors: number;
  latencies: number[];
  rss: number[];
}

const minutes: Minute[] = [];
const errorSamples: string[] = [];
let started = 0;

function minute(): Minute {
  const i = Math.floor((performance.now() - started) / 60_000);
  while (minutes.length <= i) minutes.push({ requests: 0, errors: 0, latencies: [], rss: [] });
  return minutes[i]!;
}

/** One call that must answer one of `expected`; returns the body when it did. */
async function step(client: Client, method: string, url: string, expected: number[], body?: unknown) {
  const answer = await client.request(method, url, body);
  const m = minute();
  m.requests += 1;
  m.latencies.push(answer.ms);
  if (!expected.includes(answer.status)) {
    m.errors += 1;
    if (errorSamples.length < 20) {
      errorSamples.push(`${method} ${url} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
    return undefined;
  }
  return answer.body as Record<string, unknown>;
}

interface CarRef {
  id: string;
  categoryId: string;
}

async function buyerLoop(client: Client, email: string, cars: CarRef[], categories: string[], until: number) {
  const saved = new Set<string>();
  const unpaid = new Map<string, string>(); // bookingId → carId
  const paid = new Set<string>(); // carIds: a paid test drive is not booked again (409)
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  while (performance.now() < until) {
    const roll = Math.random();
    const car = pick(cars);
    if (roll < 0.3) {
      await step(client, 'GET', '/api/advertise?limit=12', [200]);
      await step(client, 'GET', '/api/categories', [200]);
      await step(client, 'GET', `/api/cars/id/${car.id}`, [200]);
    } else if (roll < 0.5) {
      const category = pick(categories);
      const page = await step(client, 'GET', `/api/cars/${category}?limit=12`, [200]);
      const next = page?.nextCursor as string | null | undefined;
      if (next)
        await step(client, 'GET', `/api/cars/${category}?limit=12&cursor=${encodeURIComponent(next)}`, [200]);
    } else if (roll < 0.65) {
      if (saved.has(car.id)) {
        if (await step(client, 'DELETE', `/api/savedpost/${car.id}`, [200])) saved.delete(car.id);
      } else if (await step(client, 'POST', '/api/savedpost', [201], { carId: car.id })) {
        saved.add(car.id);
      }
      await step(client, 'GET', `/api/savedpost/user/${email}?limit=12`, [200]);
    } else if (roll < 0.8) {
      if (paid.has(car.id) || [...unpaid.values()].includes(car.id)) continue;
      const booking = await step(client, 'POST', '/api/testdrivebooking', [201], {
        carId: car.id,
        phone: '+1 512 555 0142',
        city: 'Miami',
        date: futureDate(1 + Math.floor(Math.random() * 60)),
        time: '10:30',
      });
      if (booking) unpaid.set(booking.id as string, car.id);
      await step(client, 'GET', `/api/testdrivebooking/buyer/${email}?limit=12`, [200]);
    } else if (roll < 0.9) {
      const [bookingId] = unpaid.keys();
      if (!bookingId) continue;
      if (await step(client, 'DELETE', `/api/testdrivebooking/${bookingId}`, [200])) unpaid.delete(bookingId);
    } else {
      const [bookingId] = unpaid.keys();
      if (!bookingId) continue;
      const intent = await step(client, 'POST', '/api/create-payment-intent', [200], { bookingId });
      if (!intent) continue;
      const confirmed = await step(client, 'POST', '/api/payments/test-mode/confirm', [200], {
        clientSecret: intent.clientSecret,
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
      });
      if (!confirmed) continue;
      if (
        await step(client, 'POST', '/api/payment', [201], {
          bookingId,
          transactionId: confirmed.transactionId,
        })
      ) {
        paid.add(unpaid.get(bookingId)!);
        unpaid.delete(bookingId);
      }
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

async function sellerLoop(client: Client, email: string, own: string[], until: number) {
  while (performance.now() < until) {
    const id = own[Math.floor(Math.random() * own.length)]!;
    await step(client, 'PATCH', `/api/cars/${id}`, [200], {
      askingPrice: 5_000_000 + Math.floor(Math.random() * 1_000_000),
    });
    await step(client, 'GET', `/api/cars/email/${email}?limit=12`, [200]);
    await step(client, 'GET', `/api/testdrivebooking/seller/${email}?limit=12`, [200]);
    await sleep(THINK_MS * 4);
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'redline-soak-'));
  const logFile = path.join(dataDir, 'server.log');
  console.log(`soak: ${MINUTES} min, ${USERS} buyers + 1 seller, think ${THINK_MS} ms; data in ${dataDir}`);
  console.log(`machine: ${machine()}; ${new Date().toISOString()}`);
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ dataDir, logFile, env: { SEED_DEMO: 'true' } });
    console.log(
      `server ${server.pid} ready in ${(server.startMs / 1000).toFixed(1)} s (first start seeds the demo data)`,
    );
    const base = server.baseUrl;

    const categories = (
      (await new Client(base).request('GET', '/api/categories')).body as { id: string }[]
    ).map((c) => c.id);
    const sellerEmail = `soak-seller-${Date.now()}@example.test`;
    const seller = new Client(base);
    await signUp(seller, 'Seller', sellerEmail);
    const own: string[] = [];
    for (let i = 0; i < 3; i++) {
      const photo = await seller.request('POST', '/api/uploads', photoForm(noisyPng(720, 480, i + 1)));
      // The car every benchmark posts (typed: a field the form comes to require breaks the build, not the soak).
      const car = await seller.request(
        'POST',
        '/api/cars',
        loadCar(categories[i % categories.length]!, (photo.body as { key: string }).key),
      );
      if (car.status !== 201) throw new Error(`posting a car: ${car.status} ${JSON.stringify(car.body)}`);
      own.push((car.body as { id: string }).id);
    }
    const cars: CarRef[] = [];
    for (const categoryId of categories) {
      // Listing a category needs a session; the seller's will do.
      const page = (await seller.request('GET', `/api/cars/${categoryId}?limit=50`)).body as {
        items: { id: string }[];
      };
      for (const c of page.items) cars.push({ id: c.id, categoryId });
    }
    const buyers: { client: Client; email: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const client = new Client(base);
      const email = `soak-buyer-${i}-${Date.now()}@example.test`;
      await signUp(client, 'Buyer', email);
      buyers.push({ client, email });
    }
    console.log(
      `${categories.length} categories, ${cars.length} cars for sale, ${buyers.length} buyers signed in`,
    );

    started = performance.now();
    const until = started + MINUTES * 60_000;
    const sampler = setInterval(() => minute().rss.push(server!.rssMb()), 5_000);
    minute().rss.push(server.rssMb());
    await Promise.all([
      ...buyers.map((b) => buyerLoop(b.client, b.email, cars, categories, until)),
      sellerLoop(seller, sellerEmail, own, until),
    ]);
    clearInterval(sampler);
    if (server.exited()) throw new Error(`the server died: ${server.exited()}`);

    const rows = minutes.slice(0, MINUTES).map((m, i) => {
      const sorted = [...m.latencies].sort((a, b) => a - b);
      const rss = m.rss.length ? m.rss.reduce((a, b) => a + b, 0) / m.rss.length : 0;
      return {
        minute: i + 1,
        requests: m.requests,
        errors: m.errors,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        rss,
      };
    });
    console.log('\n| minute | requests | errors | p50 ms | p99 ms | server RSS MB |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.minute} | ${r.requests} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rss.toFixed(0)} |`,
      );
    }
    const total = rows.reduce((a, r) => a + r.requests, 0);
    const errors = rows.reduce((a, r) => a + r.errors, 0);
    const first = rows[0]?.rss ?? 0;
    const last = rows[rows.length - 1]?.rss ?? 0;
    const growth = first ? ((last - first) / first) * 100 : 0;
    console.log(
      `\ntotal: ${total} requests, ${errors} errors; RSS ${first.toFixed(0)} MB in minute 1 → ${last.toFixed(0)} MB in minute ${rows.length} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%)`,
    );
    if (errorSamples.length) console.log(`first errors:\n  ${errorSamples.join('\n  ')}`);
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
