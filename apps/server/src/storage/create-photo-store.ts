/** Kept apart from photo-store.ts, whose interface the stores implement, so that no import cycle forms. */
import path from 'node:path';
import { type Config, ConfigError } from '../config/config.ts';
import { LocalPhotoStore, type PhotoStore } from './photo-store.ts';

/** The photo store the configuration asks for; the S3 client is loaded only when S3 is configured. */
export async function createPhotoStore(config: Config): Promise<PhotoStore> {
  if (!config.S3_BUCKET) return new LocalPhotoStore(path.join(config.dataDir, 'uploads'));
  if (!config.S3_PUBLIC_URL) {
    // Browsers load photos from this URL, and the content security policy allows only its origin.
    throw new ConfigError('Invalid configuration:\n  S3_PUBLIC_URL: required when S3_BUCKET is set');
  }
  const { S3PhotoStore } = await import('./s3-photo-store.ts');
  return new S3PhotoStore({
    bucket: config.S3_BUCKET,
    publicUrl: config.S3_PUBLIC_URL,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}
