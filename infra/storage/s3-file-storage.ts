import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { Logger } from '../logger';
import {
  assertSafeName,
  contentTypeOf,
  type FileStorage,
  type StorageArea,
  type StoredFileStream,
} from './file-storage';

/** An object store call that failed for another reason than a missing object. */
export class ObjectStorageError extends Error {}

/**
 * Stored files as objects in an S3-compatible bucket, under `{prefix}{area}/{name}`. A missing
 * object reads as null, like a missing file on disk; every other failure is logged with the bucket
 * and key and thrown as an ObjectStorageError. `open` hands on GetObject's body as it arrives.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    private readonly log: Logger,
  ) {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Not every S3-compatible store accepts the SDK's newer default checksums (CRC32 headers and
      // trailers): with another store, send them only where S3 requires one.
      ...(config.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  localFolder(): null {
    return null;
  }

  /** Fails at start, with the reason, when the bucket cannot be reached with these settings. */
  async checkBucket(): Promise<void> {
    // HEAD answers carry no error code: a 404 here is the bucket itself missing, not an object.
    const head = () => this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    await this.call('reach', '', head, { missingIsNull: false });
  }

  async put(area: StorageArea, name: string, content: Buffer): Promise<void> {
    const key = this.key(area, name);
    await this.call('store', key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Body: content,
          ContentLength: content.length,
          ContentType: contentTypeOf(name),
        }),
      ),
    );
  }

  async read(area: StorageArea, name: string): Promise<Buffer | null> {
    const file = await this.open(area, name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(area: StorageArea, name: string): Promise<StoredFileStream | null> {
    const key = this.key(area, name);
    const answer = await this.call('read', key, () =>
      this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key })),
    );
    if (!answer) return null;
    if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
      throw new ObjectStorageError(`Object storage answered ${key} without a readable body and length`);
    }
    return {
      stream: answer.Body,
      size: answer.ContentLength,
      ...(answer.ETag ? { etag: answer.ETag } : {}),
    };
  }

  async remove(area: StorageArea, name: string): Promise<void> {
    const key = this.key(area, name);
    // Deleting a missing object succeeds in S3, as removing a missing file does on disk.
    await this.call('remove', key, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key })),
    );
  }

  private key(area: StorageArea, name: string): string {
    assertSafeName(name);
    return `${this.config.prefix}${area}/${name}`;
  }

  /** Runs one call; a missing object gives null, any other failure is logged and thrown. */
  private async call<T>(
    action: string,
    key: string,
    send: () => Promise<T>,
    options = { missingIsNull: true },
  ): Promise<T | null> {
    try {
      return await send();
    } catch (error) {
      if (options.missingIsNull && isMissingObject(error)) return null;
      const status = error instanceof S3ServiceException ? `, HTTP ${error.$metadata.httpStatusCode}` : '';
      const reason = error instanceof Error ? `${error.name}: ${error.message}${status}` : String(error);
      const what = key ? `${key} in bucket ${this.config.bucket}` : `bucket ${this.config.bucket}`;
      this.log.error({ err: error, bucket: this.config.bucket, key, action }, 'object storage call failed');
      throw new ObjectStorageError(`Object storage could not ${action} ${what} (${reason})`, {
        cause: error,
      });
    }
  }
}

function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  // Some stores answer a missing object with a bare 404; a missing bucket is a configuration error.
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
