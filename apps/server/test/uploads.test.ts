import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { PHOTO_TYPES_MESSAGE, photoSchema } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { photos } from '../src/db/schema.ts';
import { AppError } from '../src/errors.ts';
import { decodeHeicInWorker } from '../src/modules/photos/heic-decoder.ts';
import { ingestPhoto } from '../src/modules/photos/index.ts';
import { HEIC_DECODE_BUDGET } from '../src/modules/photos/photos.service.ts';
import { LocalPhotoStore, type PhotoStore } from '../src/storage/photo-store.ts';
import { ensureCategory } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, runJob, signUpUser, type TestApp, type TestUser } from './helpers.ts';

let uploadsDir: string;

it.beforeAll(async ({ t }) => {
  uploadsDir = path.join(t.dataDir, 'uploads');
});

/** A multipart body with one file part, as a browser's FormData would send it. */
function multipart(data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file') {
  const boundary = `----redline${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  t: TestApp,
  user: TestUser | undefined,
  data: Buffer,
  filename?: string,
  contentType?: string,
  field?: string,
) {
  return as(t, user, {
    method: 'POST',
    url: '/api/uploads',
    ...multipart(data, filename, contentType, field),
  });
}

/** A smooth test image from random colours: every call has its own content hash, and it encodes fast. */
async function testImage(
  width: number,
  height: number,
  encode: (image: sharp.Sharp) => sharp.Sharp = (i) => i.jpeg(),
) {
  const colours = sharp(randomBytes(8 * 4 * 3), { raw: { width: 8, height: 4, channels: 3 } });
  const smooth = await colours
    .resize(width, height, { kernel: 'linear' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return encode(sharp(smooth)).toBuffer();
}

const storedFiles = async () => (existsSync(uploadsDir) ? (await readdir(uploadsDir)).sort() : []);
const photoRows = async (t: TestApp) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(photos))[0]!.n;

/** A valid PNG of one flat colour, 1 bit per pixel: tiny on disk, `width × height` pixels decoded. */
function flatPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buf) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1, greyscale
  const rows = deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/uploads: who may upload', () => {
  it('requires a session', async ({ t }) => {
    const res = await upload(t, undefined, await testImage(50, 50));
    expect(res.statusCode).toBe(401);
  });

  it('refuses buyers and admins', async ({ t, buyer, admin }) => {
    const jpeg = await testImage(50, 50);
    expect((await upload(t, buyer, jpeg)).statusCode).toBe(403);
    expect((await upload(t, admin, jpeg)).statusCode).toBe(403);
    expect(await photoRows(t)).toBe(0);
  });
});

describe('POST /api/uploads: accepted images', () => {
  const encoders: [string, (s: sharp.Sharp) => sharp.Sharp, string][] = [
    ['JPEG', (s) => s.jpeg(), 'image/jpeg'],
    ['PNG', (s) => s.png(), 'image/png'],
    ['WebP', (s) => s.webp(), 'image/webp'],
    ['AVIF', (s) => s.avif(), 'image/avif'],
  ];

  it.for(encoders)(
    'stores a %s as WebP at 480, 960 and 1600 px',
    async ([_name, encode, type], { t, seller }) => {
      const input = await testImage(2000, 1000, encode);
      // The declared type and name are ignored: the bytes decide.
      const res = await upload(
        t,
        seller,
        input,
        'whatever.bin',
        type === 'image/png' ? 'application/octet-stream' : type,
      );
      expect(res.statusCode).toBe(201);
      const photo = photoSchema.parse(res.json());
      expect(photo.key).toMatch(/^[0-9a-f]{32}$/);
      expect(photo).toMatchObject({
        src: `/uploads/${photo.key}-960.webp`,
        srcSet: `/uploads/${photo.key}-480.webp 480w, /uploads/${photo.key}-960.webp 960w, /uploads/${photo.key}-1600.webp 1600w`,
        width: 1600,
        height: 800,
      });
      for (const [width, height] of [
        [480, 240],
        [960, 480],
        [1600, 800],
      ]) {
        const meta = await sharp(path.join(uploadsDir, `${photo.key}-${width}.webp`)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      }
      const row = await t.db.query.photos.findFirst({ where: eq(photos.key, photo.key) });
      expect(row).toMatchObject({ uploaderId: seller.id, width: 2000, height: 1000 });
    },
  );

  it('stores an HEVC-coded HEIC as iPhones save them (made with libheif heif-enc, 640×480)', async ({
    t,
    seller,
  }) => {
    const input = await readFile(path.resolve(import.meta.dirname, 'fixtures/iphone-like.heic'));
    const res = await upload(t, seller, input, 'IMG_0001.HEIC', 'image/heic');
    expect(res.statusCode).toBe(201);
    const photo = photoSchema.parse(res.json());
    expect([photo.width, photo.height]).toEqual([480, 360]);
    const meta = await sharp(path.join(uploadsDir, `${photo.key}-480.webp`)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 480, 360, undefined]);
  });

  it('never upscales: a 1200 px photo gets 480 and 960, a 560 px photo only 480', async ({ t, seller }) => {
    const medium = photoSchema.parse(
      (await upload(t, seller, await testImage(1200, 900, (i) => i.png()))).json(),
    );
    expect(medium.srcSet).toBe(`/uploads/${medium.key}-480.webp 480w, /uploads/${medium.key}-960.webp 960w`);
    expect(existsSync(path.join(uploadsDir, `${medium.key}-1600.webp`))).toBe(false);

    const small = photoSchema.parse(
      (await upload(t, seller, await testImage(560, 480, (i) => i.png()))).json(),
    );
    expect(small).toMatchObject({ src: `/uploads/${small.key}-480.webp`, width: 480, height: 411 });
    expect((await storedFiles()).filter((f) => f.startsWith(small.key))).toEqual([`${small.key}-480.webp`]);
  });

  it('removes GPS and every other EXIF field from every stored variant', async ({ t, seller }) => {
    const input = await testImage(2000, 1500, (i) =>
      i.jpeg().withExif({
        IFD0: { Make: 'Redline Test Camera', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      }),
    );
    const original = await sharp(input).metadata();
    const gpsTag = (exif: Buffer) =>
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
    expect(original.exif && gpsTag(original.exif)).toBe(true);

    const photo = photoSchema.parse((await upload(t, seller, input)).json());
    const variants = (await storedFiles()).filter((f) => f.startsWith(photo.key));
    expect(variants).toHaveLength(3);
    for (const file of variants) {
      const bytes = await readFile(path.join(uploadsDir, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('Redline Test Camera'))).toBe(false);
    }
  });

  it('applies the EXIF orientation: a 1000×500 photo marked "rotate 90°" is stored 500×1000', async ({
    t,
    seller,
  }) => {
    const input = await testImage(1000, 500, (i) => i.jpeg().withMetadata({ orientation: 6 }));
    const res = await upload(t, seller, input);
    expect(res.statusCode).toBe(201);
    const photo = photoSchema.parse(res.json());
    expect(photo).toMatchObject({ width: 480, height: 960, src: `/uploads/${photo.key}-480.webp` });
    const meta = await sharp(path.join(uploadsDir, `${photo.key}-480.webp`)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([480, 960, undefined]);
  });

  it('gives the same key to the same photo uploaded twice by one seller, a different one for another seller', async ({
    t,
    seller,
    otherSeller,
  }) => {
    const input = await testImage(720, 480);
    const first = (await upload(t, seller, input)).json().key;
    const again = await upload(t, seller, input);
    expect(again.statusCode).toBe(201);
    expect(again.json().key).toBe(first);
    const other = (await upload(t, otherSeller, input)).json().key;
    expect(other).not.toBe(first);
    expect(await t.db.query.photos.findFirst({ where: eq(photos.key, other) })).toMatchObject({
      uploaderId: otherSeller.id,
    });
  });
});

describe('POST /api/uploads: refused uploads store nothing', () => {
  const refused = async (
    t: TestApp,
    res: { statusCode: number },
    status: number,
    before: { files: string[]; rows: number },
  ) => {
    expect(res.statusCode).toBe(status);
    expect(await storedFiles()).toEqual(before.files);
    expect(await photoRows(t)).toBe(before.rows);
  };
  const snapshot = async (t: TestApp) => ({ files: await storedFiles(), rows: await photoRows(t) });

  it('refuses a text file renamed .jpg with 415', async ({ t, seller }) => {
    const before = await snapshot(t);
    const res = await upload(
      t,
      seller,
      Buffer.from('This is not a photo, just text.\n'.repeat(50)),
      'car.jpg',
      'image/jpeg',
    );
    await refused(t, res, 415, before);
    expect(errorOf(res).message).toBe(PHOTO_TYPES_MESSAGE);
    expect(PHOTO_TYPES_MESSAGE).toBe('Upload a JPEG, PNG, WebP, AVIF or HEIC image.');
  });

  it('refuses images of other types (GIF, SVG, TIFF) with 415', async ({ t, seller }) => {
    const before = await snapshot(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>',
    );
    for (const input of [
      await testImage(50, 50, (i) => i.gif()),
      svg,
      await testImage(50, 50, (i) => i.tiff()),
    ]) {
      await refused(t, await upload(t, seller, input, 'car.jpg'), 415, before);
    }
  });

  it('refuses a file over 15 MB with 413', async ({ t, seller }) => {
    const before = await snapshot(t);
    const res = await upload(t, seller, Buffer.alloc(16 * 1024 * 1024, 0xff), 'huge.jpg');
    await refused(t, res, 413, before);
    expect(errorOf(res).message).toBe('The photo is larger than 15 MB.');
  });

  it('refuses a 20000×20000 image (a decompression bomb) with 400 before decoding it', async ({
    t,
    seller,
  }) => {
    const before = await snapshot(t);
    const bomb = flatPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(t, seller, bomb, 'bomb.png', 'image/png');
    await refused(t, res, 400, before);
    expect(errorOf(res).message).toBe('The image is larger than 40 megapixels.');
  });

  it.for<[number, number]>([
    [20, 20],
    [640, 400],
    [400, 640],
  ])('refuses a %i×%i photo with 400 that names the minimum size', async ([width, height], { t, seller }) => {
    const before = await snapshot(t);
    const res = await upload(t, seller, await testImage(width, height));
    await refused(t, res, 400, before);
    expect(errorOf(res).message).toBe(
      `Use a photo at least 480 × 480 pixels: smaller ones look blurry. This one is ${width} × ${height}.`,
    );
    expect(errorOf(res).fields).toEqual({
      file: 'Use a photo at least 480 × 480 pixels: smaller ones look blurry.',
    });
  });

  it('refuses a damaged image with 400', async ({ t, seller }) => {
    const before = await snapshot(t);
    const jpeg = await testImage(800, 600);
    await refused(t, await upload(t, seller, jpeg.subarray(0, jpeg.length / 2)), 400, before);
  });

  it('asks for the photo when the request has none or names another field', async ({ t, seller }) => {
    const before = await snapshot(t);
    const wrongField = await upload(t, seller, await testImage(50, 50), 'a.jpg', 'image/jpeg', 'photo');
    await refused(t, wrongField, 400, before);
    expect(errorOf(wrongField).fields).toEqual({ file: 'Photo is required' });
    const json = await as(t, seller, { method: 'POST', url: '/api/uploads', payload: { file: 'x' } });
    await refused(t, json, 415, before);
  });

  it('answers 503 and leaves no file behind when the store fails part-way', async ({ t, seller }) => {
    const inner = new LocalPhotoStore(uploadsDir);
    const calls: string[] = [];
    const failingStore: PhotoStore = {
      async put(name, data) {
        calls.push(`put ${name}`);
        if (calls.length === 2)
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        await inner.put(name, data);
      },
      delete: (names) => inner.delete(names),
      url: (name) => inner.url(name),
    };
    const before = await snapshot(t);
    const error = await ingestPhoto(
      { database: t.context.database, photos: failingStore },
      await testImage(2000, 1000, (i) => i.png()),
      seller.id,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe(
      'The photo could not be stored right now. Please try again later.',
    );
    expect(calls).toHaveLength(2);
    expect(await storedFiles()).toEqual(before.files);
    expect(await photoRows(t)).toBe(before.rows);
  });
});

describe('ingestPhoto (the pipeline the seed uses)', () => {
  it('stores a rendered PNG like an upload and returns its key and size', async ({ t, seller }) => {
    const stored = await ingestPhoto(t.context, await testImage(1000, 750, (i) => i.png()), seller.id);
    expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), width: 1000, height: 750 });
    expect(await storedFiles()).toEqual(
      expect.arrayContaining([`${stored.key}-480.webp`, `${stored.key}-960.webp`]),
    );
  });
});

describe('HEIC photos are decoded in a worker thread, within a pixel and a time budget', () => {
  const fixture = (name: string) => readFile(path.resolve(import.meta.dirname, 'fixtures', name));
  /** The worker threads this process starts while `run` runs, and how each one ended (awaited). */
  async function watchWorkers<T>(run: () => Promise<T>) {
    const started: Worker[] = [];
    const exits: Promise<'answered' | 'ended without answering'>[] = [];
    const onWorker = (worker: Worker) => {
      started.push(worker);
      let answered = false;
      worker.once('message', () => {
        answered = true;
      });
      exits.push(
        new Promise((resolve) =>
          worker.once('exit', () => resolve(answered ? 'answered' : 'ended without answering')),
        ),
      );
    };
    process.on('worker', onWorker);
    try {
      const result = await run();
      return { result, started, endings: await Promise.all(exits) };
    } finally {
      process.off('worker', onWorker);
    }
  }

  it('answers a health check sent while a 35-megapixel HEIC decodes before the upload finishes', async ({
    t,
    seller,
  }) => {
    const heic = await fixture('flat-7000x5000.heic');
    const finished: string[] = [];
    let decoderStarted = () => {};
    const onWorker = () => decoderStarted();
    process.on('worker', onWorker);
    try {
      const uploading = upload(t, seller, heic, 'IMG_0002.HEIC', 'image/heic').then((res) => {
        finished.push('upload');
        return res;
      });
      // Sent once the decoder's thread exists: on the event loop, the decode would hold it until done.
      await Promise.race([new Promise<void>((resolve) => (decoderStarted = resolve)), uploading]);
      const health = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      finished.push(`health ${health.statusCode}`);
      const res = await uploading;
      expect(finished).toEqual(['health 200', 'upload']);
      expect(res.statusCode).toBe(201);
      expect(photoSchema.parse(res.json())).toMatchObject({ width: 1600, height: 1143 });
    } finally {
      process.off('worker', onWorker);
    }
  });

  it('refuses an 8000×6000 HEIC of 11 KB with 400 naming the 40-megapixel limit, before decoding it', async ({
    t,
    seller,
  }) => {
    const before = { files: await storedFiles(), rows: await photoRows(t) };
    const heic = await fixture('flat-8000x6000.heic');
    expect(heic.length).toBeLessThan(12_000);
    const { result: res, started } = await watchWorkers(() =>
      upload(t, seller, heic, 'big.heic', 'image/heic'),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: 'The image is larger than 40 megapixels.',
      fields: { file: 'Images may be at most 40 megapixels' },
    });
    expect(started).toHaveLength(0);
    expect(await storedFiles()).toEqual(before.files);
    expect(await photoRows(t)).toBe(before.rows);
  });

  it('checks the pixel budget in the worker too, from the header of the image it would decode', async () => {
    const error = await decodeHeicInWorker(await fixture('flat-7000x5000.heic'), {
      maxPixels: 30_000_000,
      timeoutMs: HEIC_DECODE_BUDGET.timeoutMs,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'The image is larger than 30 megapixels.' });
  });

  it('ends a decode that takes longer than its time budget: 400, the worker terminated, nothing stored', async ({
    t,
  }) => {
    const before = { files: await storedFiles(), rows: await photoRows(t) };
    const [heic, newSeller] = [await fixture('iphone-like.heic'), await signUpUser(t, 'Seller')];
    const { result: error, endings } = await watchWorkers(() =>
      ingestPhoto(t.context, heic, newSeller.id, {
        ...HEIC_DECODE_BUDGET,
        timeoutMs: 1,
      }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 400,
      message:
        'This image could not be decoded in time (the limit is 0.001 seconds). Save it as a JPEG and upload that.',
      fields: { file: 'The image could not be decoded in time' },
    });
    expect(endings).toEqual(['ended without answering']);
    expect(await storedFiles()).toEqual(before.files);
    expect(await photoRows(t)).toBe(before.rows);
  });

  it('decodes after the duplicate check, and at most two at a time', async ({ t }) => {
    const heic = await fixture('iphone-like.heic');
    // Sellers who have not uploaded this photo yet: each upload is decoded.
    const sellers = [
      await signUpUser(t, 'Seller'),
      await signUpUser(t, 'Seller'),
      await signUpUser(t, 'Seller'),
    ];
    let running = 0;
    let mostAtOnce = 0;
    const {
      result: answers,
      started,
      endings,
    } = await watchWorkers(async () => {
      const count = (worker: Worker) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        worker.once('exit', () => running--);
      };
      process.on('worker', count);
      try {
        return await Promise.all(sellers.map((user) => upload(t, user, heic, 'IMG_0001.HEIC', 'image/heic')));
      } finally {
        process.off('worker', count);
      }
    });
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(started).toHaveLength(3);
    expect(endings).toEqual(['answered', 'answered', 'answered']);
    expect(mostAtOnce).toBeLessThanOrEqual(2);

    const again = await watchWorkers(() => upload(t, sellers[0], heic, 'IMG_0001.HEIC', 'image/heic'));
    expect(again.result.statusCode).toBe(201);
    expect(again.result.json().key).toBe(answers[0]!.json().key);
    expect(again.started).toHaveLength(0);
  });
});

describe('GET /uploads/*', () => {
  it('serves stored photos with long immutable caching and nosniff', async ({ t, seller }) => {
    const photo = photoSchema.parse((await upload(t, seller, await testImage(500, 500))).json());
    const res = await t.app.inject({ method: 'GET', url: photo.src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('serves nothing outside the uploads directory, no dot files and no listing', async ({ t }) => {
    const urls = [
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/....//....//etc/passwd',
      '/uploads/.hidden.tmp',
      '/uploads/',
    ];
    await writeFile(path.join(uploadsDir, '.hidden.tmp'), 'secret');
    await writeFile(path.join(t.dataDir, 'package.json'), '{"secret":true}');
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      // 400: a path with dot segments or doubled slashes is refused before routing (http/canonical-path.ts).
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('the photo cleanup job', () => {
  it('removes old photos no car uses, rows and files, and keeps attached and recent ones', async ({
    t,
    seller,
  }) => {
    await ensureCategory(t, 'super-car');
    const send = async () => photoSchema.parse((await upload(t, seller, await testImage(1000, 500))).json());
    const [attached, orphan, recent] = [await send(), await send(), await send()];
    const car = await as(t, seller, {
      method: 'POST',
      url: '/api/cars',
      payload: {
        year: 2019,
        brand: 'Lamborghini',
        model: 'Huracán',
        categoryId: 'super-car',
        engine: '5.2 L V10',
        fuel: 'Petrol',
        about: 'Verde Mantis.',
        bodyStyle: 'Coupe',
        transmission: 'Dual-clutch',
        drivetrain: 'AWD',
        exteriorColour: 'Green',
        askingPrice: 20_000_000,
        originalPrice: 26_000_000,
        topSpeed: 325,
        kmDriven: 9_000,
        postalCode: '90210',
        photos: [attached.key],
        declarations: {
          noAccident: true,
          noLitigation: true,
          odometerGenuine: true,
          acceptLegalAction: true,
        },
      },
    });
    expect(car.statusCode).toBe(201);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const key of [attached.key, orphan.key]) {
      await t.db.update(photos).set({ createdAt: twoDaysAgo }).where(eq(photos.key, key));
    }

    const { removed } = (await runJob(t, 'photos.cleanup')) as { removed: string[] };

    expect(removed).toContain(orphan.key);
    expect(removed).not.toContain(attached.key);
    expect(removed).not.toContain(recent.key);
    const files = await storedFiles();
    expect(files.filter((f) => f.startsWith(orphan.key))).toEqual([]);
    expect(files.filter((f) => f.startsWith(attached.key))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith(recent.key))).toHaveLength(2);
    expect(await t.db.query.photos.findFirst({ where: eq(photos.key, orphan.key) })).toBeUndefined();
    expect(await t.db.query.photos.findFirst({ where: eq(photos.key, attached.key) })).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: attached.src })).statusCode).toBe(200);
  });
});
