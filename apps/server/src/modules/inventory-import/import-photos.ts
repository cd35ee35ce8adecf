/**
 * The photos an import's rows name (ADR 67): files of the upload's zip, put through the photo
 * pipeline as the dealer's uploads while the preview is made, or keys of photos the dealer's team
 * uploaded. Each row then carries keys, as a commit needs them.
 */
import {
  IMPORT_EXTRA_PHOTOS_LISTED,
  IMPORT_PHOTO_SEPARATOR,
  IMPORT_PHOTOS_FIELD,
  IMPORT_ZIP_MAX_MEGAPIXELS,
  type InventoryImport,
} from '@redline/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { teamOf } from '../dealers/index.ts';
import { ingestPhoto, PHOTOS_NOT_FOUND, photosOfUploaders, pixelsOf } from '../photos/index.ts';
import type { FileRow } from './inventory-file.ts';
import { openPhotoZip, type PhotoZip, type ZipPhoto } from './photo-zip.ts';

/**
 * Photos of one import in the pipeline at once: it decodes two at a time whoever asks (its own
 * slots), and a third here reads the next photo's header meanwhile.
 */
const INGESTING_AT_ONCE = 3;

export interface RowPhotos {
  /** The rows, each valid `photos` cell rewritten as the keys of its photos. */
  rows: FileRow[];
  /** Each row's photos error, by position (undefined when its photos are all found). */
  errors: (string | undefined)[];
  extraPhotos: InventoryImport['extraPhotos'];
}

/**
 * The photos of the rows found: a zip's checked whole (a 400 for an unsafe or damaged zip, before any
 * photo is stored), the named ones ingested; a name neither in the zip nor a key of the dealer's
 * team's uploads fails its row, naming it, as does a photo the pipeline refuses.
 */
export async function photosOfRows(
  context: Pick<AppContext, 'database' | 'photos'>,
  dealerId: string,
  rows: FileRow[],
  zipBytes: Buffer | undefined,
): Promise<RowPhotos> {
  const zip = zipBytes ? await openPhotoZip(zipBytes) : undefined;
  const namesOf = (row: FileRow) =>
    row.data.photos?.trim() ? row.data.photos.split(IMPORT_PHOTO_SEPARATOR).map((name) => name.trim()) : [];
  const names = [...new Set(rows.flatMap(namesOf))];
  const inZip = new Map(
    names.flatMap((name) => {
      const found = zip?.find(name);
      return found ? [[name, found] as const] : [];
    }),
  );
  const { db } = context.database;
  const teamKeys = await photosOfUploaders(
    db,
    names.filter((name) => !inZip.has(name)),
    [dealerId, ...(await teamOf(db, dealerId)).map((member) => member.id)],
  );
  const named = [...new Set([...inZip.values()].flatMap((found) => (found.photo ? [found.photo] : [])))];
  const ingested = zip ? await ingestAll(context, dealerId, zip, named) : new Map<ZipPhoto, Ingested>();

  const errors = rows.map((row) => {
    const missing: string[] = [];
    for (const name of namesOf(row)) {
      const found = inZip.get(name);
      if (found?.error) return found.error;
      const result = found?.photo && ingested.get(found.photo);
      if (result?.error) return `${name}: ${result.error}`;
      // An empty name (`a.jpg||b.jpg`) is left to the form's rule on photos.
      if (!found && name !== '' && !teamKeys.has(name)) missing.push(name);
    }
    if (missing.length === 0) return undefined;
    if (!zip) return PHOTOS_NOT_FOUND;
    return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the zip`;
  });
  const keyOf = (name: string) => {
    const photo = inZip.get(name)?.photo;
    return photo ? ingested.get(photo)!.key! : name;
  };
  const extras = zip?.photos.filter((photo) => !ingested.has(photo)) ?? [];
  return {
    rows: rows.map((row, i) =>
      errors[i] || !row.data.photos?.trim()
        ? row
        : { ...row, data: { ...row.data, photos: namesOf(row).map(keyOf).join(IMPORT_PHOTO_SEPARATOR) } },
    ),
    errors,
    extraPhotos: {
      count: extras.length,
      names: extras.slice(0, IMPORT_EXTRA_PHOTOS_LISTED).map((photo) => photo.name),
    },
  };
}

type Ingested = { key: string; error?: never } | { key?: never; error: string };

/**
 * Every named photo inflated once to check its size against the zip's directory and count its pixels
 * from its header (a 400 before any is stored), then ingested as the dealer's upload; a photo the
 * pipeline refuses answers its message. Keys are hashes of the bytes and the uploader: the same zip
 * again stores nothing new.
 */
async function ingestAll(
  context: Pick<AppContext, 'database' | 'photos'>,
  dealerId: string,
  zip: PhotoZip,
  photos: ZipPhoto[],
): Promise<Map<ZipPhoto, Ingested>> {
  let pixels = 0;
  for (const photo of photos) pixels += await pixelsOf(await zip.read(photo));
  if (pixels > IMPORT_ZIP_MAX_MEGAPIXELS * 1_000_000) {
    const message = `The photos the rows name come to ${Math.round(pixels / 1_000_000)} megapixels; one import takes at most ${IMPORT_ZIP_MAX_MEGAPIXELS}. Split the import.`;
    throw badRequest(message, { [IMPORT_PHOTOS_FIELD]: message });
  }
  const results = new Map<ZipPhoto, Ingested>();
  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const photo = photos[next++]!;
      try {
        results.set(photo, { key: (await ingestPhoto(context, await zip.read(photo), dealerId)).key });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        results.set(photo, { error: error.message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(INGESTING_AT_ONCE, photos.length) }, worker));
  return results;
}
