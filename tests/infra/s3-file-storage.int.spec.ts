import { randomBytes } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger';
import { ObjectStorageError, S3FileStorage } from '../../infra/storage/s3-file-storage';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';

let s3: S3StandIn;
const log = createLogger({ level: 'silent' });

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
});

/** A client of its own, to look at the bucket past the storage under test. */
function directClient() {
  return new S3Client({
    ...s3.config,
    endpoint: s3.config.endpoint!,
    credentials: s3.config.credentials!,
  });
}

async function keysInBucket(): Promise<string[]> {
  const listed = await directClient().send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

describe('the S3 file storage', () => {
  it('stores, reads, streams and removes files by area', async () => {
    const storage = new S3FileStorage(s3.config, log);
    await storage.checkBucket();
    const picture = randomBytes(2048);
    const zip = randomBytes(3 * 1024 * 1024 + 17);
    await storage.put('public', 'image-1.jpg', picture);
    await storage.put('private', 'source-1.zip', zip);

    expect(await storage.read('public', 'image-1.jpg')).toEqual(picture);
    // The same name in the other area is another object.
    expect(await storage.read('private', 'image-1.jpg')).toBeNull();

    const opened = await storage.open('private', 'source-1.zip');
    expect(opened?.size).toBe(zip.length);
    expect(opened?.etag).toMatch(/^".+"$/);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1); // it arrived as a stream, not as one buffer
    expect(Buffer.concat(chunks).equals(zip)).toBe(true);

    await storage.remove('private', 'source-1.zip');
    expect(await storage.open('private', 'source-1.zip')).toBeNull();
    expect(await storage.read('private', 'source-1.zip')).toBeNull();
    // Removing what is not there succeeds, as on disk.
    await storage.remove('private', 'source-1.zip');
    await storage.remove('public', 'image-1.jpg');
  });

  it('answers null for a missing name', async () => {
    const storage = new S3FileStorage(s3.config, log);
    expect(await storage.open('public', 'never-stored.jpg')).toBeNull();
    expect(await storage.read('private', 'never-stored.zip')).toBeNull();
  });

  it('keeps objects under the prefix, with their media type', async () => {
    const storage = new S3FileStorage({ ...s3.config, prefix: 'site-a/' }, log);
    await storage.put('public', 'image-2-card.webp', Buffer.from('webp'));
    expect(await keysInBucket()).toContain('site-a/public/image-2-card.webp');
    const head = await directClient().send(
      new HeadObjectCommand({ Bucket: s3.config.bucket, Key: 'site-a/public/image-2-card.webp' }),
    );
    expect(head.ContentType).toBe('image/webp');
    // Another prefix is another site's files.
    expect(await new S3FileStorage(s3.config, log).read('public', 'image-2-card.webp')).toBeNull();
    await storage.remove('public', 'image-2-card.webp');
    expect(await keysInBucket()).not.toContain('site-a/public/image-2-card.webp');
  });

  it('refuses names that are not server-made', async () => {
    const storage = new S3FileStorage(s3.config, log);
    await expect(storage.put('public', '../escape.jpg', Buffer.from('x'))).rejects.toThrow(
      /Unsafe file name/,
    );
    await expect(storage.read('public', '.hidden')).rejects.toThrow(/Unsafe file name/);
  });

  it('names the bucket and the cause when the store refuses, instead of answering "missing"', async () => {
    const storage = new S3FileStorage({ ...s3.config, bucket: 'no-such-bucket' }, log);
    await expect(storage.checkBucket()).rejects.toThrow(ObjectStorageError);
    await expect(storage.checkBucket()).rejects.toThrow(
      /could not reach bucket no-such-bucket \(.*HTTP 404\)/,
    );
    await expect(storage.read('public', 'image-1.jpg')).rejects.toThrow(
      /could not read public\/image-1\.jpg in bucket no-such-bucket \(NoSuchBucket/,
    );
    const wrongKeys = new S3FileStorage(
      // s3rver checks the key id (not SigV4 signatures).
      { ...s3.config, credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' } },
      log,
    );
    await expect(wrongKeys.put('public', 'image-3.jpg', Buffer.from('x'))).rejects.toThrow(
      /could not store public\/image-3\.jpg in bucket trackskins-test \(InvalidAccessKeyId/,
    );
  });
});
