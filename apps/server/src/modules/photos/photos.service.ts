/**
 * The photo pipeline: decode with sharp (the bytes decide the type, not the name), refuse
 * decompression bombs before decoding, rotate by EXIF, drop all metadata, store WebP variants
 * under a content-hash name. Used by the upload call and by the demo seed alike.
 */
import { createHash } from 'node:crypto';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_SIDE,
  PHOTO_TOO_SMALL_MESSAGE,
  PHOTO_TYPES_MESSAGE,
} from '@redline/shared';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, tooLarge, unavailable, unsupportedMedia } from '../../errors.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { PhotoStore } from '../../storage/photo-store.ts';
import { decodeHeicInWorker, type HeicBudget } from './heic-decoder.ts';
import { tooManyPixels, unreadableImage } from './photo-errors.ts';
import { type PhotoSize, variantName, variantNames, variantWidths } from './photo-urls.ts';
import * as repo from './photos.repository.ts';

/** What the pipeline and the cleanup use of the app's context; the seed and the benchmarks run them without an app. */
export type PhotoContext = Pick<AppContext, 'database' | 'photos'>;

/** What the cleanup uses: the pipeline's, and what keeps a photo, which the photos module is handed (`photosModule`, index.ts). */
export type PhotoCleanupContext = PhotoContext & { inUse: repo.PhotoInUse[] };

export interface StoredPhoto extends PhotoSize {
  key: string;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
const WEBP_QUALITY = 78;
/**
 * The prebuilt libvips of sharp decodes AVIF but not HEVC-coded HEIC (the format iPhones save):
 * HEVC is patent-encumbered and left out. Those photos are decoded by libheif compiled to
 * WebAssembly (heic-decode) into raw pixels, which sharp then takes from there.
 */
const nativeHevcHeic = (sharp.format.heif.input.fileSuffix ?? []).includes('.heic');

/**
 * A HEIC decode runs in WebAssembly in a worker thread, not in libvips' threads: a 40-megapixel one
 * takes about a second, and a crafted file could take longer, holding one of the pipeline's slots.
 */
export const HEIC_DECODE_BUDGET: HeicBudget = { maxPixels: PHOTO_MAX_PIXELS, timeoutMs: 10_000 };

/** What sharp decodes: the upload itself, or raw RGBA pixels for HEVC-coded HEIC. */
interface PixelSource {
  input: Buffer;
  options: sharp.SharpOptions;
}

/**
 * Runs the whole pipeline and records the photo; returns its key and the size of the normalised
 * original. Only the header is read before the duplicate check; pixels are decoded in a pipeline slot.
 */
export async function ingestPhoto(
  context: PhotoContext,
  input: Buffer,
  uploaderId: string | null,
  heicBudget = HEIC_DECODE_BUDGET,
): Promise<StoredPhoto> {
  if (input.length > PHOTO_MAX_BYTES) throw tooLarge('The photo is larger than 15 MB.');
  const { size, hevcHeic } = await readImage(input);
  // The uploader is part of the hash so that every photo has exactly one owner who may attach it.
  const key = createHash('sha256')
    .update(`${uploaderId ?? ''}\n`)
    .update(input)
    .digest('hex')
    .slice(0, 32);

  if (uploaderId) {
    const [existing] = await repo.claimPhotos(context.database.db, [key], [uploaderId]);
    if (existing) return existing;
  }

  const widths = variantWidths(size.width);
  const variants = await withPipelineSlot(async () =>
    encodeVariants(hevcHeic ? await decodeHevcHeic(input, heicBudget) : { input, options: {} }, widths),
  );
  const names = widths.map((w) => variantName(key, w));
  await storeAll(context.photos, names, variants);
  try {
    await repo.insertPhoto(context.database.db, { key, uploaderId, ...size });
  } catch (error) {
    await context.photos.delete(names).catch(() => undefined);
    throw error;
  }
  return { key, ...size };
}

/**
 * How many pixels the image has, from its header only (no decode): what a batch of photos budgets
 * its pipeline time by. 0 for bytes that are no image, which the pipeline then refuses itself.
 */
export async function pixelsOf(input: Buffer): Promise<number> {
  try {
    const { width = 0, height = 0 } = await sharp(input).metadata();
    return width * height;
  } catch {
    return 0;
  }
}

/**
 * From the header: width and height once rotated by EXIF, and whether sharp needs the HEIC decoder.
 * Refuses what is not one of our image types, too big or too small.
 */
async function readImage(input: Buffer): Promise<{ size: PhotoSize; hevcHeic: boolean }> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw unsupportedMedia(PHOTO_TYPES_MESSAGE);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedMedia(PHOTO_TYPES_MESSAGE);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw unsupportedMedia(PHOTO_TYPES_MESSAGE);
  if (width * height > PHOTO_MAX_PIXELS) throw tooManyPixels();
  if (Math.min(width, height) < PHOTO_MIN_SIDE) {
    throw badRequest(`${PHOTO_TOO_SMALL_MESSAGE} This one is ${width} × ${height}.`, {
      file: PHOTO_TOO_SMALL_MESSAGE,
    });
  }
  const hevcHeic = metadata.format === 'heif' && metadata.compression === 'hevc' && !nativeHevcHeic;
  return { size: { width, height }, hevcHeic };
}

async function decodeHevcHeic(input: Buffer, budget: HeicBudget): Promise<PixelSource> {
  const { width, height, data } = await decodeHeicInWorker(input, budget);
  return { input: data, options: { raw: { width, height, channels: 4 } } };
}

/**
 * Decodes the image once, rotated by EXIF and cut down to the widest variant, then encodes every
 * variant from those pixels. No withMetadata(): sharp writes no EXIF, XMP, GPS or ICC unless asked.
 */
async function encodeVariants(source: PixelSource, widths: number[]): Promise<Buffer[]> {
  let pixels: { data: Buffer; info: sharp.OutputInfo };
  try {
    pixels = await sharp(source.input, {
      ...source.options,
      limitInputPixels: PHOTO_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw unreadableImage();
  }
  const { width, height, channels } = pixels.info;
  return Promise.all(
    widths.map((w) =>
      sharp(pixels.data, { raw: { width, height, channels } })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    ),
  );
}

/** Writes every variant or none: on a storage failure what was written is removed again. */
async function storeAll(store: PhotoStore, names: string[], variants: Buffer[]) {
  try {
    for (const [i, name] of names.entries()) await store.put(name, variants[i]!, 'image/webp');
  } catch (error) {
    await store.delete(names).catch(() => undefined);
    throw Object.assign(unavailable('The photo could not be stored right now. Please try again later.'), {
      cause: error,
    });
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** Decoding a 40-megapixel image takes hundreds of MB; two at a time keep the server's memory bounded. */
const MAX_PARALLEL_PIPELINES = 2;
let runningPipelines = 0;
const waitingPipelines: (() => void)[] = [];

async function withPipelineSlot<T>(run: () => Promise<T>): Promise<T> {
  while (runningPipelines >= MAX_PARALLEL_PIPELINES) {
    await new Promise<void>((resolve) => waitingPipelines.push(resolve));
  }
  runningPipelines += 1;
  try {
    return await run();
  } finally {
    runningPipelines -= 1;
    waitingPipelines.shift()?.();
  }
}

export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;
const CLEANUP_BATCH = 500;

/**
 * Deletes photos uploaded before `olderThan` that no car lists, rows and files, a batch at a time.
 * Files go first, inside the transaction that holds the rows: if the store fails, the rows stay
 * and the next run tries again. Returns the keys removed.
 */
async function removeUnattachedPhotos(context: PhotoCleanupContext, olderThan: Date): Promise<string[]> {
  const removed: string[] = [];
  for (;;) {
    const batch = await context.database.db.transaction(async (tx) => {
      const rows = await repo.lockUnattachedPhotos(tx, context.inUse, olderThan, CLEANUP_BATCH);
      await context.photos.delete(rows.flatMap((r) => variantNames(r.key, r.width)));
      await repo.deletePhotoRows(
        tx,
        rows.map((r) => r.key),
      );
      return rows.map((r) => r.key);
    });
    removed.push(...batch);
    if (batch.length < CLEANUP_BATCH) return removed;
  }
}

/** Every hour, on one instance: removes photos uploaded more than a day ago that no car lists. */
export function photoCleanupJob(context: PhotoCleanupContext): JobDefinition<'photos.cleanup'> {
  return {
    name: 'photos.cleanup',
    cron: '0 * * * *',
    async run(_data, log) {
      const removed = await removeUnattachedPhotos(context, new Date(Date.now() - UNATTACHED_PHOTO_TTL_MS));
      if (removed.length > 0) log.info({ count: removed.length }, 'removed unattached photos');
      return { removed };
    },
  };
}

/**
 * Claims a photo a seller shows elsewhere than on a car (a dealer's logo), inside that record's
 * transaction: its size, or undefined when the key is not one of the seller's uploads.
 */
export async function claimPhoto(tx: Tx, key: string, uploaderId: string): Promise<StoredPhoto | undefined> {
  const [claimed] = await repo.claimPhotos(tx, [key], [uploaderId]);
  return claimed;
}

/** What the car form (and an import's row) says of a photo that is not one of the seller's uploads. */
export const PHOTOS_NOT_FOUND = 'Upload the photos again: some were not found';

/**
 * Claims the photos a seller puts on a car, inside the car's transaction: every key must be one
 * of `uploaderIds`' uploads (the seller's, or its team's: ADR 65), except keys the car already has.
 */
export async function claimPhotosForCar(
  tx: Tx,
  keys: string[],
  uploaderIds: readonly string[],
  alreadyOnCar: string[] = [],
) {
  const claimed = new Set((await repo.claimPhotos(tx, keys, uploaderIds)).map((r) => r.key));
  const missing = keys.filter((k) => !claimed.has(k) && !alreadyOnCar.includes(k));
  if (missing.length > 0) {
    throw badRequest('Some photos were not found. Upload them again.', { photos: PHOTOS_NOT_FOUND });
  }
}
