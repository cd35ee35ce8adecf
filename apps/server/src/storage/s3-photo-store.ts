/** Photo files in an S3-compatible bucket (S3_BUCKET); loaded only when that is configured. */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeName, IMMUTABLE_CACHE_CONTROL, type PhotoStore } from './photo-store.ts';

export interface S3PhotoStoreOptions {
  bucket: string;
  /** Base URL browsers load the files from (the bucket's public URL or a CDN in front of it). */
  publicUrl: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver …); enables path-style addressing. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const S3_PARALLEL_DELETES = 16;

export class S3PhotoStore implements PhotoStore {
  private readonly client: S3Client;
  private readonly publicUrl: string;

  private readonly options: S3PhotoStoreOptions;

  constructor(options: S3PhotoStoreOptions) {
    this.options = options;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible services reject the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeName(name);
    // A PUT is atomic in S3: the object exists whole or not at all.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async delete(names: string[]): Promise<void> {
    for (const name of names) assertSafeName(name);
    // One DeleteObject per file (every S3-compatible service has it; DeleteObjects is less portable),
    // a few at a time so that a large cleanup does not open hundreds of connections.
    for (let i = 0; i < names.length; i += S3_PARALLEL_DELETES) {
      await Promise.all(
        names
          .slice(i, i + S3_PARALLEL_DELETES)
          .map((name) =>
            this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: name })),
          ),
      );
    }
  }

  url(name: string): string {
    return `${this.publicUrl}/${name}`;
  }

  destroy(): void {
    this.client.destroy();
  }
}
