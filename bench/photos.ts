/**
 * Photo pipeline: `npm run bench:photos [-- --quick] [--engine pglite|postgres]`.
 *
 * 1. A 12-megapixel JPEG (4000 × 3000, camera-like noise, quality 90) goes through the real
 *    pipeline (ingestPhoto with a LocalPhotoStore on a temporary directory and an in-memory PGlite
 *    database) in a fresh child process: time per photo and the process's peak resident memory.
 * 2. Redline runs on a generated dataset; GET /api/categories is measured alone, then while ten
 *    sellers upload that JPEG through POST /api/uploads over and over: the p99 of the reads shows
 *    whether photo work stalls the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { carPhotoSvg } from '@redline/demo-art';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ingestPhoto } from '../apps/server/src/modules/photos/index.ts';
import { LocalPhotoStore } from '../apps/server/src/storage/photo-store.ts';
import { settle } from './api.ts';
import { benchSellerEmail } from './data.ts';
import {
  describeLoad,
  isMain,
  loadNow,
  machine,
  parseFlags,
  printMachine,
  printTable,
  REPO_ROOT,
  round,
  saveResults,
  stringFlag,
  WORK_DIR,
} from './lib/cli.ts';
import { benchTarget, type Engine, openTarget, targetEnv } from './lib/database.ts';
import { ensureDataset } from './lib/dataset.ts';
import { runLoad, SCENARIOS, type ScenarioInputs } from './lib/load.ts';
import { startRedline } from './lib/processes.ts';
import { signIn } from './lib/sessions.ts';

export const TARGETS = { pipelineSeconds: 1.5, categoriesP99Ms: 50 };
const PHOTO_FILE = path.join(WORK_DIR, 'photo-12mp.jpg');

/** A 12 MP JPEG that compresses like a photo: the project's own car artwork with sensor-like noise. */
export async function makeTwelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const svg = carPhotoSvg({
    brand: 'Porsche',
    model: '911 Carrera S',
    colour: '#1d4e89',
    shape: 'coupe',
    seed: 7,
    view: 'side',
  });
  const art = await sharp(Buffer.from(svg))
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .png()
    .toBuffer();
  // Texture at every scale (a photo has detail at every size, which flat artwork lacks): noise drawn
  // at four resolutions, each stretched to the full frame and blended in.
  const layers = [];
  for (const [scale, sigma] of [
    [1, 18],
    [4, 22],
    [16, 26],
    [64, 30],
  ] as const) {
    const noise = await sharp({
      create: {
        width: Math.ceil(width / scale),
        height: Math.ceil(height / scale),
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: 'cubic' })
      .png()
      .toBuffer();
    layers.push({ input: noise, blend: 'soft-light' as const });
  }
  return sharp(art).composite(layers).jpeg({ quality: 92 }).toBuffer();
}

interface PipelineRun {
  ms: number;
  /** Resident memory of the process just before the photo, and the most seen while it was processed. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  variants: { width: number; bytes: number }[];
}

/** Runs in a fresh process so that its peak memory (VmHWM) belongs to the pipeline alone. */
async function childPipeline(file: string, runs: number) {
  const status = () => readFile('/proc/self/status', 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  const input = await readFile(file);
  const database = await openDatabase({});
  const dir = await mkdtemp(path.join(tmpdir(), 'redline-photos-'));
  const photos = new LocalPhotoStore(dir);
  const before = kb(await status(), 'VmHWM');
  const results: PipelineRun[] = [];
  const rssNow = () => process.memoryUsage.rss() / 2 ** 20;
  try {
    for (let i = 0; i < runs; i++) {
      global.gc?.();
      const rssBefore = rssNow();
      let rssPeak = rssBefore;
      // libvips works in its own threads, so the main thread is free to sample.
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssNow());
      }, 2);
      const started = performance.now();
      const stored = await ingestPhoto({ database, photos }, input, null);
      const ms = performance.now() - started;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, rssNow());
      const variants = [];
      for (const width of [480, 960, 1600]) {
        const data = await readFile(path.join(dir, `${stored.key}-${width}.webp`)).catch(() => undefined);
        if (data) variants.push({ width, bytes: data.length });
      }
      results.push({
        ms: round(ms, 0),
        rssBeforeMiB: round(rssBefore, 0),
        rssPeakMiB: round(rssPeak, 0),
        variants,
      });
      // The same bytes again would be the same key; another run must do the work again.
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
  const after = await status();
  console.log(
    JSON.stringify({
      runs: results,
      baselinePeakMiB: round(before / 1024, 0),
      peakMiB: round(kb(after, 'VmHWM') / 1024, 0),
      threads: kb(after, 'Threads'),
    }),
  );
}

async function pipeline(runs: number) {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', 'bench/photos.ts', '--child', PHOTO_FILE, '--runs', String(runs)],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`the pipeline child failed:\n${child.stderr}`);
  const line = child.stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as {
    runs: PipelineRun[];
    baselinePeakMiB: number;
    peakMiB: number;
    threads: number;
  };
}

/**
 * The same picture with a unique JPEG comment segment: different bytes, so the server cannot
 * answer from the photo it already stored for this seller (uploads are keyed by content).
 */
function uniqueCopy(jpeg: Buffer): Buffer {
  const comment = Buffer.from(`bench ${crypto.randomUUID()}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

/**
 * Uploads the photo again and again until told to stop. Each uploader comes from its own address
 * (X-Forwarded-For, which the production server trusts) so that the upload rate limit, which
 * counts per address, does not turn the run into a run of cheap 429s.
 */
async function uploadLoop(
  baseUrl: string,
  cookie: string,
  address: string,
  photo: Buffer,
  until: () => boolean,
) {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  while (!until()) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(uniqueCopy(photo))], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'x-forwarded-for': address },
      body: form,
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 201) times.push(performance.now() - started);
  }
  return { times, statuses };
}

async function underUploads(
  engine: Engine,
  photo: Buffer,
  options: { seconds: number; connections: number },
) {
  const target = benchTarget(engine, 10_000);
  await ensureDataset(target, 10_000);
  // Ten sellers, so that the upload limit (per seller and address) is not what is measured.
  const { database, client } = await openTarget(target);
  const sellers = (
    await client.query('select email from users where email = any($1::text[])', [
      Array.from({ length: 10 }, (_, i) => benchSellerEmail(i)),
    ])
  ).rows.map((r) => r.email as string);
  await database.close();

  const redline = await startRedline(`photos-${engine}`, targetEnv(target));
  try {
    const cookies = [];
    for (const email of sellers) cookies.push(await signIn(redline.baseUrl, email));
    const scenario = SCENARIOS.find((s) => s.key === 'categories')!;
    const inputs: ScenarioInputs = {
      categoryId: '',
      carIds: [],
      bookableCarIds: [],
      sessions: [],
      etags: {},
      senders: [],
      posters: [],
      payments: { items: [], taken: 0 },
    };
    await runLoad(redline.baseUrl, scenario, inputs, { connections: options.connections, seconds: 2 });
    await settle(redline);
    const alone = await runLoad(redline.baseUrl, scenario, inputs, options);
    await settle(redline);

    let stop = false;
    const uploads = Promise.all(
      cookies.map((cookie, i) =>
        uploadLoop(redline.baseUrl, cookie, `198.51.100.${i + 1}`, photo, () => stop),
      ),
    );
    await new Promise((r) => setTimeout(r, 1_000)); // let the uploads get going
    const during = await runLoad(redline.baseUrl, scenario, inputs, options);
    stop = true;
    const done = await uploads;
    const times = done.flatMap((d) => d.times).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const d of done)
      for (const [s, n] of Object.entries(d.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    return {
      engine,
      connections: options.connections,
      alone,
      during,
      uploads: {
        completed: times.length,
        statuses,
        medianMs: round(times[Math.floor(times.length / 2)] ?? 0, 0),
        maxMs: round(times[times.length - 1] ?? 0, 0),
      },
      load1: loadNow()[0],
    };
  } finally {
    await redline.stop();
  }
}

export async function benchPhotos(flags: ReturnType<typeof parseFlags>, log = console.log) {
  const quick = flags.quick === true;
  const photo = await makeTwelveMegapixelJpeg();
  await writeFile(PHOTO_FILE, photo);
  const meta = await sharp(photo).metadata();
  log(`test photo: ${meta.width} × ${meta.height} JPEG, ${round(photo.length / 2 ** 20, 2)} MiB`);
  log(`pipeline: ${describeLoad(loadNow())}`);
  const single = await pipeline(quick ? 2 : 5);
  const engine = (stringFlag(flags, 'engine') as Engine | undefined) ?? 'pglite';
  log(`GET /api/categories during uploads (${engine}): ${describeLoad(loadNow())}`);
  const concurrent = await underUploads(engine, photo, { seconds: quick ? 5 : 15, connections: 10 });
  return {
    photo: { width: meta.width, height: meta.height, bytes: photo.length },
    single,
    concurrent,
  };
}

export function printPhotos(result: Awaited<ReturnType<typeof benchPhotos>>) {
  const runs = result.single.runs;
  const warm = runs.slice(1).map((r) => r.ms);
  const best = Math.min(...runs.map((r) => r.ms));
  const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? runs[0]!.ms;
  console.log(
    `\n12 MP JPEG → WebP ${runs[0]!.variants.map((v) => `${v.width} px ${round(v.bytes / 1024, 1)} KB`).join(', ')}`,
  );
  console.log(
    `time per photo: first ${runs[0]!.ms} ms, then ${warm.join(', ')} ms (median ${median} ms, best ${best} ms); target ≤ ${TARGETS.pipelineSeconds * 1000} ms: ${median <= TARGETS.pipelineSeconds * 1000 ? 'met' : 'MISSED'}`,
  );
  const adds = runs.map((r) => r.rssPeakMiB - r.rssBeforeMiB);
  console.log(
    `resident memory while a photo is processed: +${Math.max(...adds)} MiB at most over the ${runs[0]!.rssBeforeMiB} MiB the process held before (per run: ${adds.map((a) => `+${a}`).join(', ')} MiB)`,
  );
  const c = result.concurrent;
  printTable([
    {
      'GET /api/categories': 'alone',
      'req/s': c.alone.rps,
      'p50 ms': c.alone.p50,
      'p99 ms': c.alone.p99,
      errors: c.alone.errors,
    },
    {
      'GET /api/categories': 'during 10 uploads',
      'req/s': c.during.rps,
      'p50 ms': c.during.p50,
      'p99 ms': c.during.p99,
      errors: c.during.errors,
    },
  ]);
  console.log(
    `uploads meanwhile: ${c.uploads.completed} completed (statuses ${JSON.stringify(c.uploads.statuses)}), median ${c.uploads.medianMs} ms, slowest ${c.uploads.maxMs} ms; p99 target ≤ ${TARGETS.categoriesP99Ms} ms: ${c.during.p99 <= TARGETS.categoriesP99Ms ? 'met' : 'MISSED'}`,
  );
}

async function main() {
  const flags = parseFlags();
  if (flags.child === true || typeof flags.child === 'string') {
    await childPipeline(String(flags.child), Number(stringFlag(flags, 'runs') ?? 3));
    return;
  }
  const m = machine();
  printMachine(m);
  const result = await benchPhotos(flags);
  printPhotos(result);
  const file = saveResults('photos', { machine: m, loadAfter: loadNow(), ...result });
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
