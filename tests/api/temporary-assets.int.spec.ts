import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredUploads } from '../../api/authoring/remove-expired-uploads.handler';
import { UPLOADS_PER_MINUTE } from '../../api/authoring/temporary-assets.routes';
import { imageVariantNames } from '../../infra/media/image-variants';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import {
  declareUnpackedSize,
  patchBytes,
  pixelBombPng,
  skinZip,
  testImage,
  testZip,
  upload,
} from '../support/upload-files';

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const assetRow = z.object({
  id: z.number(),
  owner_id: z.number(),
  type: z.string(),
  filename: z.string(),
  original_name: z.string(),
  size_bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
const assetById = (id: string) =>
  app.context.pool.maybeOne(sql.type(assetRow)`
    select id, owner_id, type, filename, original_name, size_bytes, width, height
    from temporary_assets where id = ${Number(id)}`);

describe('uploading pictures', () => {
  it('keeps a PNG or JPEG, judged by its content, re-encoded without metadata in the three sizes', async () => {
    const withExif = await sharp(await testImage({ format: 'jpeg', width: 800, height: 450 }))
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Jane Doe' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const answer = await upload(app, 'IMAGE', 'Screenshot 1.JPG', withExif, author.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: null });
    expect(answer.body.id).toMatch(/^\d+$/);

    const row = (await assetById(answer.body.id!))!;
    expect(row).toMatchObject({
      owner_id: author.id,
      type: 'IMAGE',
      original_name: 'Screenshot 1.JPG',
      width: 800,
      height: 450,
    });
    const names = imageVariantNames(row.filename);
    const full = (await app.context.storage.read('public', names.full))!;
    expect((await sharp(full).metadata()).exif).toBeUndefined();
    expect(await app.context.storage.read('public', names.card)).not.toBeNull();
    expect(await app.context.storage.read('public', names.preview)).not.toBeNull();

    // A PNG named as anything still counts as a picture: the bytes decide.
    const png = await upload(app, 'IMAGE', 'shot.webp', await testImage(), author.token);
    expect(png.body).toMatchObject({ success: true, message: null });
  });

  it('refuses text renamed .png', async () => {
    const answer = await upload(
      app,
      'IMAGE',
      'shot.png',
      Buffer.from('just some text, not a picture'),
      author.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
  });

  it('refuses other picture formats and damaged pictures', async () => {
    const webp = await sharp(await testImage())
      .webp()
      .toBuffer();
    expect((await upload(app, 'IMAGE', 'shot.png', webp, author.token)).body.message).toBe(
      'INVALID_FILENAME',
    );
    const png = await testImage({ width: 400, height: 300 });
    const cut = png.subarray(0, Math.floor(png.length / 2));
    expect((await upload(app, 'IMAGE', 'cut.png', cut, author.token)).body.message).toBe('INVALID_FILENAME');
  });

  it('refuses a picture over 8,000,000 bytes, and one whose pixels would not fit in memory', async () => {
    const justOver = Buffer.concat([await testImage(), randomBytes(8_000_001)]);
    const answer = await upload(app, 'IMAGE', 'big.png', justOver, author.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, message: 'IMAGE_TOO_LARGE' });
    // Far over: refused from the declared length, before the body is read.
    const farOver = await upload(app, 'IMAGE', 'huge.png', Buffer.alloc(12_000_000), author.token);
    expect(farOver.body).toMatchObject({ success: false, message: 'IMAGE_TOO_LARGE' });
    expect(farOver.headers.connection).toBe('close');

    const bomb = pixelBombPng(60_000, 60_000);
    expect(bomb.length).toBeLessThan(10_000);
    const bombAnswer = await upload(app, 'IMAGE', 'bomb.png', bomb, author.token);
    expect(bombAnswer.body).toMatchObject({ success: false, message: 'IMAGE_TOO_LARGE' });
    expect(bombAnswer.body.detail).toContain('60000x60000');
  });

  it('refuses a part without a file name', async () => {
    const answer = await upload(app, 'IMAGE', null, await testImage(), author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'UNKNOWN_FILENAME' });
  });
});

describe('uploading skin files', () => {
  it('keeps a real zip in the private area', async () => {
    const zip = await skinZip();
    const answer = await upload(app, 'SKIN_SOURCE', 'Neon Runner.zip', zip, author.token);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^\d+$/), success: true, message: null });
    const row = (await assetById(answer.body.id!))!;
    expect(row).toMatchObject({
      type: 'SKIN_SOURCE',
      original_name: 'Neon Runner.zip',
      size_bytes: zip.length,
    });
    expect(await app.context.storage.read('private', row.filename)).toEqual(zip);
  });

  it('warns when every file sits in one extra folder', async () => {
    const zip = await testZip([
      ['NeonRunner/Diffuse.dds', randomBytes(128)],
      ['NeonRunner/Icon.png', randomBytes(32)],
      ['__MACOSX/NeonRunner/._Icon.png', randomBytes(8)],
    ]);
    const answer = await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, author.token);
    expect(answer.body).toMatchObject({ success: true, message: null });
    expect(answer.body.warning).toContain('"NeonRunner"');
    expect(answer.body.warning).toContain('top of the zip');
  });

  it('refuses a name that does not end in .zip', async () => {
    const answer = await upload(app, 'SKIN_SOURCE', 'skin.rar', await skinZip(), author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
  });

  it('refuses what is not a zip, and a RAR renamed .zip', async () => {
    const text = await upload(
      app,
      'SKIN_SOURCE',
      'skin.zip',
      Buffer.from('not an archive at all'),
      author.token,
    );
    expect(text.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    const rar = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), randomBytes(2000)]);
    const rarAnswer = await upload(app, 'SKIN_SOURCE', 'skin.zip', rar, author.token);
    expect(rarAnswer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(rarAnswer.body.detail).toContain('RAR');
  });

  it('refuses a zip bomb by the sizes its entries declare', async () => {
    const bomb = declareUnpackedSize(await skinZip(), 0xf0000000);
    const answer = await upload(app, 'SKIN_SOURCE', 'skin.zip', bomb, author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(answer.body.detail).toContain('unpacks to more than');
  });

  it('refuses too many entries', async () => {
    const zip = await testZip(
      Array.from({ length: 501 }, (_, n) => [`file-${n}.txt`, 'x'] as [string, string]),
    );
    const answer = await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(answer.body.detail).toContain('501 entries');
  });

  it('refuses entries with a ".." path or an absolute path', async () => {
    const traversal = patchBytes(await testZip([['xx/escape.txt', 'evil']]), 'xx/escape', '../escape');
    const answer = await upload(app, 'SKIN_SOURCE', 'skin.zip', traversal, author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(answer.body.detail).toContain('leaves its folder');

    const absolute = patchBytes(await testZip([['xetc/passwd', 'evil']]), 'xetc/passwd', '/etc/passwd');
    const absoluteAnswer = await upload(app, 'SKIN_SOURCE', 'skin.zip', absolute, author.token);
    expect(absoluteAnswer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(absoluteAnswer.body.detail).toContain('leaves its folder');
  });

  it('refuses a file over 26214400 bytes', async () => {
    const answer = await upload(
      app,
      'SKIN_SOURCE',
      'skin.zip',
      Buffer.concat([await skinZip(), Buffer.alloc(26_214_401)]),
      author.token,
    );
    expect(answer.body).toMatchObject({ success: false, message: 'ZIP_TOO_LARGE' });
    const farOver = await upload(app, 'SKIN_SOURCE', 'skin.zip', Buffer.alloc(40_000_000), author.token);
    expect(farOver.body).toMatchObject({ success: false, message: 'ZIP_TOO_LARGE' });
  });
});

describe('who may upload', () => {
  it('answers 401 without a session, and takes the session from the token cookie too', async () => {
    const anonymous = await upload(app, 'IMAGE', 'shot.png', await testImage());
    expect(anonymous.status).toBe(401);
    const forged = await upload(app, 'IMAGE', 'shot.png', await testImage(), 'not-a-token');
    expect(forged.status).toBe(401);
    const byCookie = await upload(app, 'IMAGE', 'shot.png', await testImage(), undefined, {
      cookie: `theme=dark; token=${author.token}`,
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.success).toBe(true);
  });

  it('refuses an unknown type', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/assets/temporary?type=VIDEO',
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(response.statusCode).toBe(422);
  });

  it(`answers 429 past ${UPLOADS_PER_MINUTE} uploads a minute by one user, others unaffected`, async () => {
    const busy = await createUser(app);
    const zip = await skinZip();
    const statuses: number[] = [];
    for (let n = 0; n <= UPLOADS_PER_MINUTE; n++)
      statuses.push((await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, busy.token)).status);
    expect(statuses.slice(0, UPLOADS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses[UPLOADS_PER_MINUTE]).toBe(429);
    expect((await upload(app, 'SKIN_SOURCE', 'skin.zip', zip, author.token)).status).toBe(200);
  });
});

describe('the cleanup of unused uploads', () => {
  it('removes uploads older than a day with their files, and keeps newer ones', async () => {
    const uploader = await createUser(app);
    const old = await upload(app, 'IMAGE', 'old.png', await testImage(), uploader.token);
    const oldZip = await upload(app, 'SKIN_SOURCE', 'old.zip', await skinZip(), uploader.token);
    const oldRow = (await assetById(old.body.id!))!;
    const oldZipRow = (await assetById(oldZip.body.id!))!;

    const realNow = app.context.now;
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    app.context.now = () => later;
    try {
      const fresh = await upload(app, 'IMAGE', 'fresh.png', await testImage(), uploader.token);
      expect(await removeExpiredUploads(app.context)).toBeGreaterThanOrEqual(2);
      expect(await assetById(old.body.id!)).toBeNull();
      expect(await assetById(oldZip.body.id!)).toBeNull();
      for (const name of Object.values(imageVariantNames(oldRow.filename)))
        expect(await app.context.storage.read('public', name)).toBeNull();
      expect(await app.context.storage.read('private', oldZipRow.filename)).toBeNull();

      const freshRow = (await assetById(fresh.body.id!))!;
      expect(freshRow).not.toBeNull();
      expect(await app.context.storage.read('public', freshRow.filename)).not.toBeNull();
    } finally {
      app.context.now = realNow;
    }
  });
});
