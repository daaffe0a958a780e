import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger';
import { S3FileStorage } from '../../infra/storage/s3-file-storage';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { testImage, testZip, upload } from '../support/upload-files';

let s3: S3StandIn;
let app: TestApp;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn();
  app = await createTestApp({ config: { s3: { ...s3.config, prefix: 'shop/' } } });
  bucket = new S3Client({ ...s3.config, endpoint: s3.config.endpoint!, credentials: s3.config.credentials! });
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const CREATE_SKIN = `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id url success } }`;
const SKIN = `query ($url: String!) { skin(url: $url) { resources { type filename url } } }`;

/** An author uploads a picture and `zip` and publishes a skin at `price`; returns its url and picture. */
async function publish(token: string, zip: Buffer, price: number, title: string) {
  const image = await upload(app, 'IMAGE', 'shot.png', await testImage(), token);
  const source = await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, token);
  expect(image.body.success && source.body.success).toBe(true);
  const dto = {
    title,
    description: 'Stored in a bucket',
    type: 'TM2020',
    price,
    images: [{ id: image.body.id, temporary: true, type: 'IMAGE', order: 0 }],
    skinSource: { id: source.body.id, temporary: true, type: 'SKIN_SOURCE', order: 0 },
  };
  const created = await graphql(app, CREATE_SKIN, { dto }, token);
  expect(created.body.errors).toBeUndefined();
  const url = created.body.data.createSkin.url as string;
  const skin = (await graphql(app, SKIN, { url })).body.data.skin;
  const picture = skin.resources.find((r: { type: string }) => r.type === 'IMAGE') as {
    filename: string;
    url: string;
  };
  return { url, picture };
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

describe('files in an S3-compatible bucket', () => {
  it('serves an uploaded picture and a paid skin zip from the bucket, and writes nothing to disk', async () => {
    const author = await createUser(app);
    const buyer = await createUser(app);
    const zip = await testZip([
      ['Diffuse.dds', randomBytes(4096)],
      ['README.txt', 'A skin kept in a bucket'],
    ]);
    const { url, picture } = await publish(author.token, zip, 4.5, 'Bucket Runner');

    const image = await app.server.inject({ method: 'GET', url: picture.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(await objectBytes(`shop/public/${picture.filename}`))).toBe(true);
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // A browser's revalidation gets 304 without the body.
    const again = await app.server.inject({
      method: 'GET',
      url: picture.url,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const card = await app.server.inject({
      method: 'GET',
      url: `/public/${picture.filename.replace(/\.jpg$/, '-card.webp')}`,
    });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/webp');

    // The paid zip: refused to a visitor and to a player who did not buy it, served to its author.
    expect((await app.server.inject({ method: 'GET', url: `/assets/skin/${url}` })).statusCode).toBe(401);
    const notBought = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${url}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(notBought.statusCode).toBe(403);
    const download = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${url}`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.equals(zip)).toBe(true);

    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: 'shop/' }));
    const keys = (listed.Contents ?? []).map((object) => object.Key);
    expect(keys).toContain(`shop/public/${picture.filename}`);
    expect(keys.filter((key) => key?.startsWith('shop/private/source-'))).toHaveLength(1);
    // The local folder for stored files was never created.
    await expect(fs.stat(app.context.config.storageDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('streams a zip too large for the memory cache from the bucket', async () => {
    const author = await createUser(app);
    // Random bytes do not compress: a zip of about 9 MB, over the 8 MB the download cache keeps.
    const zip = await testZip([['Diffuse.dds', randomBytes(9 * 1024 * 1024)]]);
    const { url } = await publish(author.token, zip, 0, 'Heavy Bucket Runner');
    const download = await app.server.inject({ method: 'GET', url: `/assets/skin/${url}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(zip.length));
    expect(download.rawPayload.equals(zip)).toBe(true);
  });

  it('answers 404 for a picture that is not in the bucket, and for names that are not server-made', async () => {
    for (const name of ['image-00000000-0000-0000-0000-000000000000.jpg', '..%2Fprivate%2Fx.zip', '.env'])
      expect((await app.server.inject({ method: 'GET', url: `/public/${name}` })).statusCode).toBe(404);
  });
  it('answers 500 with the request id when the store fails, not 404', async () => {
    const working = app.context.storage;
    // A bucket that is gone: the store answers NoSuchBucket, which is no missing picture.
    app.context.storage = new S3FileStorage(
      { ...s3.config, bucket: 'deleted-bucket' },
      createLogger({ level: 'silent' }),
    );
    try {
      const answer = await app.server.inject({ method: 'GET', url: '/public/image-1.jpg' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ requestId: expect.any(String) });
    } finally {
      app.context.storage = working;
    }
  });
});
