/**
 * Time to a rendered page's first byte and to its whole HTML:
 * `node bench/first-byte.ts <base URL> [<base URL> …]`, against Redline servers already running with
 * the demo data (e.g. two builds of two commits, side by side). Pages: `/` signed out, and as the demo
 * buyer a car page and My Bookings. The servers are asked in turn, request by request, so that other
 * work on the machine weighs on each alike. Five rounds of 30 requests per page and server; the
 * median of the rounds' medians is reported, with the rounds' range.
 */
import { DEMO_PASSWORD } from '@redline/demo-art/data';
import type { Car, Page } from '@redline/shared';
import { machine, printMachine, printTable, round } from './lib/cli.ts';
import { signIn } from './lib/sessions.ts';

const ROUNDS = 5;
const PER_ROUND = 30;
const DEMO_BUYER = 'buyer@redline.test';

type Server = { base: string; cookie: string; carId: string };
type Sample = { firstByte: number; whole: number };

const PAGES: Record<string, (server: Server) => [path: string, headers: Record<string, string>]> = {
  '/': () => ['/', {}],
  '/cars/id/… (buyer)': (s) => [`/cars/id/${s.carId}`, { cookie: s.cookie }],
  '/dash/buyer/bookings': (s) => ['/dash/buyer/bookings', { cookie: s.cookie }],
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function prepare(base: string): Promise<Server> {
  const cookie = await signIn(base, DEMO_BUYER, DEMO_PASSWORD);
  const cars = (await (await fetch(`${base}/api/advertise?limit=1`)).json()) as Page<Car>;
  const carId = cars.items[0]?.id;
  if (!carId) throw new Error(`${base} has no advertised car: start it with the demo data`);
  return { base, cookie, carId };
}

async function sample(server: Server, page: string): Promise<Sample> {
  const [path, headers] = PAGES[page]!(server);
  const start = performance.now();
  const res = await fetch(server.base + path, { headers });
  const firstByte = performance.now() - start;
  await res.text();
  if (res.status !== 200) throw new Error(`${server.base}${path} answered ${res.status}`);
  return { firstByte, whole: performance.now() - start };
}

const bases = process.argv.slice(2);
if (bases.length === 0) throw new Error('usage: node bench/first-byte.ts <base URL> [<base URL> …]');
const servers = await Promise.all(bases.map(prepare));
const m = machine();
const rounds = new Map<string, Sample[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const page of Object.keys(PAGES)) {
    const samples = new Map<Server, Sample[]>(servers.map((s) => [s, []]));
    for (let i = 0; i < PER_ROUND; i++) {
      // Alternating who goes first, so that neither always follows the other's request.
      const order = i % 2 ? [...servers].reverse() : servers;
      for (const server of order) samples.get(server)?.push(await sample(server, page));
    }
    for (const [server, list] of samples) {
      const key = `${page}\t${server.base}`;
      rounds.set(key, [
        ...(rounds.get(key) ?? []),
        { firstByte: median(list.map((s) => s.firstByte)), whole: median(list.map((s) => s.whole)) },
      ]);
    }
  }
}
printMachine(m);
const range = (values: number[]) => `${round(Math.min(...values))}–${round(Math.max(...values))}`;
printTable(
  [...rounds].map(([key, list]) => {
    const [page, base] = key.split('\t');
    const firstBytes = list.map((s) => s.firstByte);
    const wholes = list.map((s) => s.whole);
    return {
      page: page ?? '',
      server: base ?? '',
      'first byte ms': round(median(firstBytes)),
      'rounds ms': range(firstBytes),
      'whole page ms': round(median(wholes)),
      'rounds ms ': range(wholes),
    };
  }),
);
