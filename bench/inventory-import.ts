/**
 * Inventory import benchmark (issue 49, ADRs 66 and 67): `npm run bench:import [-- --rows 20k]
 * [--runs 3] [--engine postgres|pglite] [--photos 200]`.
 *
 * A real app on a fresh database (PostgreSQL by default: BENCH_PG_URL, else the local one), as the
 * server tests build it; each run a new dealer uploads a file of `rows` valid cars (the tests' rows,
 * apps/server/test/inventory-files.ts) and commits it. Timed: the preview (upload, read, judge,
 * store; the answer of `POST /api/dealer/imports`) and the commit (from `POST …/commit` until the
 * import, polled as its page polls it, is done: every car created through the cars module). Printed:
 * each run's times and their median. With `--photos N`, the upload carries a zip of N camera JPEGs
 * of 2 to 4 megapixels (made once with sharp, apps/server/test/photo-zips.ts), each row naming one:
 * the preview then puts every photo through the photo pipeline as the new dealer's upload. The
 * preview's CPU time in this process is printed too: on a machine other work shares, it is what the
 * preview costs, where the wall time depends on the neighbours.
 */
import type { InventoryImport } from '@redline/shared';
import { ensureCategory, uploadedPhoto } from '../apps/server/test/factories.ts';
import { as, createTestApp, signUpUser, type TestApp } from '../apps/server/test/helpers.ts';
import { csv, multipart, row } from '../apps/server/test/inventory-files.ts';
import { cameraJpeg, zipOf } from '../apps/server/test/photo-zips.ts';
import {
  countFlag,
  formatCount,
  machine,
  parseFlags,
  printMachine,
  printTable,
  round,
  saveResults,
  stringFlag,
} from './lib/cli.ts';
import { PG_BASE_URL } from './lib/database.ts';
import { sleep } from './lib/processes.ts';

const DECLARATIONS = { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true };
const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;

/** 2.1, 3 and 4 megapixels, as phones and dealers' cameras save them. */
const PHOTO_SIZES = [
  [1920, 1080],
  [2000, 1500],
  [2304, 1728],
] as const;

/** The zip of `count` photos, `photo-<i>.jpg`, each unlike the others. */
async function photoZip(count: number) {
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const [width, height] = PHOTO_SIZES[i % PHOTO_SIZES.length]!;
    entries.push({ name: `photo-${i}.jpg`, data: await cameraJpeg(width, height, i + 1) });
  }
  return zipOf(entries);
}

async function oneRun(t: TestApp, rows: number, zip: { bytes: Buffer; photos: number } | undefined) {
  const dealer = await signUpUser(t, 'Seller');
  const profile = await as(t, dealer, {
    method: 'PUT',
    url: '/api/me/dealer',
    payload: {
      businessName: `Bench Motors ${dealer.id.slice(0, 6)}`,
      logo: null,
      street: '1 Bench Way',
      postalCode: '90210',
      hours: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
      phone: '(310) 555-0142',
      website: '',
      about: '',
    },
  });
  if (profile.statusCode !== 200) throw new Error(`dealer profile: ${profile.body}`);
  const photo = await uploadedPhoto(t, dealer);
  const file = Buffer.from(
    csv(Array.from({ length: rows }, (_, n) => row(zip ? `photo-${n % zip.photos}.jpg` : photo, n + 1))),
  );

  let started = performance.now();
  const cpuBefore = process.cpuUsage();
  const previewed = await as(t, dealer, {
    method: 'POST',
    url: '/api/dealer/imports',
    ...multipart(file, 'stock.csv', zip?.bytes),
  });
  const previewMs = performance.now() - started;
  // This process's CPU time in the preview (the app runs in it; PostgreSQL's share is not counted):
  // what the preview costs whatever else the machine runs.
  const cpu = process.cpuUsage(cpuBefore);
  const previewCpuMs = (cpu.user + cpu.system) / 1000;
  if (previewed.statusCode !== 201) throw new Error(`preview: ${previewed.body.slice(0, 300)}`);
  const { id } = previewed.json() as InventoryImport;

  started = performance.now();
  const committed = await as(t, dealer, {
    method: 'POST',
    url: `/api/dealer/imports/${id}/commit`,
    payload: { declarations: DECLARATIONS },
  });
  if (committed.statusCode !== 200) throw new Error(`commit: ${committed.body}`);
  for (;;) {
    const polled = (
      await as(t, dealer, { method: 'GET', url: `/api/dealer/imports/${id}` })
    ).json() as InventoryImport;
    if (polled.status === 'done') {
      if (polled.counts.created !== rows) throw new Error(`created ${polled.counts.created} of ${rows}`);
      break;
    }
    await sleep(200);
  }
  return { previewMs, previewCpuMs, commitMs: performance.now() - started };
}

const flags = parseFlags();
const rows = countFlag(flags, 'rows', 20_000);
const runs = countFlag(flags, 'runs', 3);
const engine = stringFlag(flags, 'engine') ?? 'postgres';
const photos = countFlag(flags, 'photos', 0);
if (engine === 'postgres') process.env.TEST_DATABASE_URL = PG_BASE_URL;
else delete process.env.TEST_DATABASE_URL;

const m = machine();
printMachine(m);
console.log(
  `importing ${formatCount(rows)} rows${photos ? ` naming ${photos} photos of a zip` : ''}, ${runs} runs, on ${engine}`,
);
const zip = photos ? { bytes: await photoZip(photos), photos } : undefined;
if (zip) console.log(`zip of ${photos} photos: ${round(zip.bytes.length / 1024 / 1024)} MB`);
const t = await createTestApp({ LOG_LEVEL: 'silent' });
await ensureCategory(t);
const results: { previewMs: number; previewCpuMs: number; commitMs: number }[] = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    results.push(await oneRun(t, rows, zip));
    const last = results.at(-1)!;
    console.log(
      `run ${run}: preview ${round(last.previewMs / 1000)} s (${round(last.previewCpuMs / 1000)} s of CPU), commit ${round(last.commitMs / 1000)} s`,
    );
  }
} finally {
  await t.close();
}
const summary = {
  previewS: round(median(results.map((r) => r.previewMs)) / 1000),
  previewCpuS: round(median(results.map((r) => r.previewCpuMs)) / 1000),
  commitS: round(median(results.map((r) => r.commitMs)) / 1000),
};
printTable([
  { what: 'preview (median)', seconds: summary.previewS },
  { what: 'preview CPU (median)', seconds: summary.previewCpuS },
  { what: 'commit (median)', seconds: summary.commitS },
]);
console.log(
  `saved ${saveResults('inventory-import', { machine: m, rows, photos, runs, engine, results, summary })}`,
);
process.exit(0);
