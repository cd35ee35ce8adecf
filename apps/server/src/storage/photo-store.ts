/**
 * Where photo files live, behind one small interface: a local directory by default
 * (DATA_DIR/uploads, served at /uploads), or an S3-compatible bucket when S3_BUCKET is set.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface PhotoStore {
  /** Stores a file under a name made of [a-z0-9.-] only; replaces nothing partially. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes files; a name that does not exist is not an error. */
  delete(names: string[]): Promise<void>;
  /** Public URL of a stored file. */
  url(name: string): string;
}

export const SAFE_NAME = /^[a-z0-9][a-z0-9.-]{0,127}$/;
/** Names are content hashes, so a stored file never changes and may be cached for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe photo name: ${name}`);
}

export class LocalPhotoStore implements PhotoStore {
  readonly directory: string;
  private readonly baseUrl: string;

  constructor(directory: string, baseUrl = '/uploads') {
    this.directory = directory;
    this.baseUrl = baseUrl;
  }

  async put(name: string, data: Buffer): Promise<void> {
    assertSafeName(name);
    await mkdir(this.directory, { recursive: true });
    // Write to a temporary file first so a failure never leaves a partial photo behind.
    const temporary = path.join(this.directory, `.${name}.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, path.join(this.directory, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async delete(names: string[]): Promise<void> {
    for (const name of names) {
      assertSafeName(name);
      await rm(path.join(this.directory, name), { force: true });
    }
  }

  url(name: string): string {
    return `${this.baseUrl}/${name}`;
  }
}
