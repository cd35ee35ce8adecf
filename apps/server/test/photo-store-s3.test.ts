/** The S3 photo store against a local S3-compatible server (s3rver) on a random port. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { photoSchema } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { photos } from '../src/db/schema.ts';
import { createPhotoStore } from '../src/storage/create-photo-store.ts';
import { S3PhotoStore } from '../src/storage/s3-photo-store.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, runJob } from './helpers.ts';

const BUCKET = 'redline-photos';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface Bucket {
  endpoint: string;
  publicUrl: string;
}

/** The bucket of an S3 server at `endpoint`. */
const bucketAt = (endpoint: string): Bucket => ({ endpoint, publicUrl: `${endpoint}/${BUCKET}` });

/** The app's settings for the bucket at `endpoint`, served at `publicUrl`. */
const s3Env = ({ endpoint, publicUrl }: Bucket) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: credentials.accessKeyId,
  S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  S3_PUBLIC_URL: publicUrl,
});

/** A bucket on a local S3 server (its endpoint and public URL), and an app whose photos go to it. */
const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('bucket', { scope: 'file' }, async ({}, { onCleanup }) => {
    const directory = await mkdtemp(path.join(tmpdir(), 'redline-s3-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    onCleanup(async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    });
    return bucketAt(`http://127.0.0.1:${port}`);
  })
  .extend('env', { scope: 'file' }, ({ bucket }) => s3Env(bucket));

/** An app whose bucket is at a port nothing listens on: every S3 call fails to connect. */
const unreachable = base.extend('env', { scope: 'file' }, s3Env(bucketAt('http://127.0.0.1:9')));

async function jpeg(width: number, height: number) {
  const colours = sharp(randomBytes(4 * 4 * 3), { raw: { width: 4, height: 4, channels: 3 } });
  return colours.resize(width, height).jpeg().toBuffer();
}

function multipart(data: Buffer) {
  const boundary = `----redline${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="car.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('S3PhotoStore', () => {
  const store = ({ endpoint, publicUrl }: Bucket) =>
    new S3PhotoStore({ bucket: BUCKET, publicUrl, region: 'us-east-1', endpoint, ...credentials });

  it('puts a file that is then served at its public URL, with its type and immutable caching', async ({
    bucket,
  }) => {
    const s3 = store(bucket);
    const data = randomBytes(2048);
    await s3.put('abc123-480.webp', data, 'image/webp');
    expect(s3.url('abc123-480.webp')).toBe(`${bucket.publicUrl}/abc123-480.webp`);
    const res = await fetch(s3.url('abc123-480.webp'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    s3.destroy();
  });

  it('deletes files, and deleting a missing file is not an error', async ({ bucket }) => {
    const s3 = store(bucket);
    await s3.put('gone-960.webp', randomBytes(64), 'image/webp');
    await s3.delete(['gone-960.webp', 'never-existed-480.webp']);
    expect((await fetch(s3.url('gone-960.webp'))).status).toBe(404);
    s3.destroy();
  });

  it('refuses unsafe names', async ({ bucket }) => {
    const s3 = store(bucket);
    await expect(s3.put('../escape.webp', randomBytes(8), 'image/webp')).rejects.toThrow(/Unsafe photo name/);
    await expect(s3.delete(['a/b.webp'])).rejects.toThrow(/Unsafe photo name/);
    s3.destroy();
  });

  it('is required to have a public URL when configured', async ({ bucket }) => {
    const config = loadConfig({ NODE_ENV: 'test', S3_BUCKET: BUCKET, S3_ENDPOINT: bucket.endpoint });
    await expect(createPhotoStore(config)).rejects.toThrow(/S3_PUBLIC_URL: required when S3_BUCKET is set/);
    expect(await createPhotoStore(loadConfig({ NODE_ENV: 'test', ...s3Env(bucket) }))).toBeInstanceOf(
      S3PhotoStore,
    );
  });
});

describe('uploads with S3_BUCKET set', () => {
  it('stores the variants in the bucket, links them there, writes nothing locally, and cleans them up', async ({
    t,
    seller,
    bucket: { publicUrl },
  }) => {
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/uploads',
      ...multipart(await jpeg(1200, 800)),
    });
    expect(res.statusCode).toBe(201);
    const photo = photoSchema.parse(res.json());
    expect(photo.src).toBe(`${publicUrl}/${photo.key}-960.webp`);
    expect(photo.srcSet).toBe(
      `${publicUrl}/${photo.key}-480.webp 480w, ${publicUrl}/${photo.key}-960.webp 960w`,
    );

    for (const width of [480, 960]) {
      const file = await fetch(`${publicUrl}/${photo.key}-${width}.webp`);
      expect(file.status).toBe(200);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.exif]).toEqual(['webp', width, undefined]);
    }
    const local = await readdir(t.dataDir);
    expect(local).not.toContain('uploads');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${photo.key}-960.webp` })).statusCode).toBe(
      404,
    );

    await t.db
      .update(photos)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(photos.key, photo.key));
    expect(await runJob(t, 'photos.cleanup')).toEqual({ removed: [photo.key] });
    expect((await fetch(`${publicUrl}/${photo.key}-960.webp`)).status).toBe(404);
  });
});

describe('uploads when the bucket is unreachable', () => {
  unreachable('answers 503 with a clear message and records nothing', async ({ t, seller }) => {
    const res = await as(t, seller, {
      method: 'POST',
      url: '/api/uploads',
      ...multipart(await jpeg(720, 480)),
    });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res).message).toBe('The photo could not be stored right now. Please try again later.');
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(photos);
    expect(count!.n).toBe(0);
  });
});
