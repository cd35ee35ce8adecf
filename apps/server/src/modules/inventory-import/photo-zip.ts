/**
 * An upload's zip of photos (ADR 67), read from memory with yauzl: its directory listed and checked
 * before a byte is inflated, and each entry's declared size held to while inflating it. Nothing is
 * written to disk; an entry's name only names it.
 */
import { basename } from 'node:path/posix';
import type { Readable } from 'node:stream';
import {
  IMPORT_PHOTOS_FIELD,
  IMPORT_ZIP_MAX_INFLATED_BYTES,
  IMPORT_ZIP_MAX_PHOTOS,
  PHOTO_MAX_BYTES,
} from '@redline/shared';
import yauzl from 'yauzl';
import { badRequest } from '../../errors.ts';

/**
 * Entries of any kind a zip may list, photos and what is skipped (folders, `__MACOSX/`, dot-files):
 * a Mac's zip lists two for each photo. A longer directory is refused before it is read through.
 */
const MAX_ENTRIES = IMPORT_ZIP_MAX_PHOTOS * 4;

export interface ZipPhoto {
  /** Its path inside the zip, as the zip names it. */
  name: string;
  entry: yauzl.Entry;
}

/** A photo a row names: the entry, or why the name finds none (in the form's words). */
export type NamedPhoto = { photo: ZipPhoto; error?: never } | { photo?: never; error: string };

export interface PhotoZip {
  /** The photos in the zip's order. */
  photos: ZipPhoto[];
  /** The photo a row names: its exact path in the zip, else its file name when one photo has it. */
  find(name: string): NamedPhoto | undefined;
  /** The photo's bytes, inflated and held to its declared size (a 400 when they are not). */
  read(photo: ZipPhoto): Promise<Buffer>;
}

const refused = (message: string) => badRequest(message, { [IMPORT_PHOTOS_FIELD]: message });

/** The zip's photos, or a 400 saying what makes the zip unsafe or unreadable. */
export async function openPhotoZip(bytes: Buffer): Promise<PhotoZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { strictFileNames: true });
  } catch {
    throw refused('The photos file is not a zip. Zip the photos and upload the zip.');
  }
  if (zip.entryCount > MAX_ENTRIES)
    throw refused(
      `The zip has ${zip.entryCount} entries; it may hold at most ${IMPORT_ZIP_MAX_PHOTOS} photos.`,
    );
  const photos: ZipPhoto[] = [];
  let inflatedBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (skipped(entry.fileName)) continue;
      checkEntry(entry);
      photos.push({ name: entry.fileName, entry });
      inflatedBytes += entry.uncompressedSize;
    }
  } catch (error) {
    if ((error as { status?: number }).status === 400) throw error;
    throw refused(`The zip cannot be read: ${(error as Error).message}.`);
  }
  if (photos.length > IMPORT_ZIP_MAX_PHOTOS)
    throw refused(`The zip has ${photos.length} photos; one import takes at most ${IMPORT_ZIP_MAX_PHOTOS}.`);
  if (inflatedBytes > IMPORT_ZIP_MAX_INFLATED_BYTES)
    throw refused(
      `The zip's photos come to ${megabytes(inflatedBytes)} MB; one import takes at most ${megabytes(IMPORT_ZIP_MAX_INFLATED_BYTES)} MB of photos.`,
    );
  return { photos, find: finder(photos), read: (photo) => inflate(zip, photo) };
}

/** Folders, a Mac's `__MACOSX/` copies and dot-files (`.DS_Store`, `._front.jpg`) are no photos. */
function skipped(name: string): boolean {
  return (
    name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.'))
  );
}

function checkEntry(entry: yauzl.Entry) {
  const name = entry.fileName;
  if (entry.isEncrypted())
    throw refused(`${name} in the zip is encrypted. Zip the photos without a password.`);
  if (!entry.canDecodeFileData())
    throw refused(
      `${name} in the zip is compressed in a way Redline cannot read. Zip it with the usual compression.`,
    );
  if (entry.uncompressedSize > PHOTO_MAX_BYTES)
    throw refused(
      `${name} in the zip is larger than ${megabytes(PHOTO_MAX_BYTES)} MB, the most a photo may be.`,
    );
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function finder(photos: ZipPhoto[]): PhotoZip['find'] {
  const byPath = new Map(photos.map((photo) => [photo.name, photo]));
  const byFileName = new Map<string, ZipPhoto[]>();
  for (const photo of photos) {
    const name = basename(photo.name);
    byFileName.set(name, [...(byFileName.get(name) ?? []), photo]);
  }
  return (name) => {
    const exact = byPath.get(name);
    if (exact) return { photo: exact };
    const same = byFileName.get(name);
    if (!same) return undefined;
    if (same.length > 1)
      return { error: `${name} is in the zip more than once: name it by its path (${same[0]!.name})` };
    return { photo: same[0]! };
  };
}

/** The entry's bytes; yauzl errors when they inflate to more or fewer than the directory declares. */
async function inflate(zip: yauzl.ZipFile, photo: ZipPhoto): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    const stream: Readable = await zip.openReadStreamPromise(photo.entry);
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch {
    // More or fewer bytes than declared (a zip bomb's trick), or data that does not inflate.
    throw refused(`${photo.name} in the zip is damaged: its data does not match the zip's directory.`);
  }
  return Buffer.concat(chunks);
}
