import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredUploads } from '../../api/authoring/remove-expired-uploads.handler';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { declareUnpackedSize, testZip, upload } from '../support/upload-files';

// Per-user upload limits, and zips judged by the bytes they really inflate to.

const KB = 1000;
let app: TestApp;
let clock = new Date('2026-03-10T22:00:00Z');

beforeAll(async () => {
  app = await createTestApp({
    config: {
      uploads: {
        temporaryQuotaBytes: 700 * KB,
        dailyBudgetBytes: 1000 * KB,
        zipMaxInflatedBytes: 8 * 1024 * 1024,
        zipMaxCompressionRatio: 100,
      },
    },
    context: { now: () => clock },
  });
});
afterAll(async () => {
  await app.close();
});

/** A zip of incompressible data: about `bytes` on the wire and on disk. */
const zipOf = (bytes: number) => testZip([['Diffuse.dds', randomBytes(bytes)]]);

const storedZips = async () =>
  (await fs.readdir(app.context.storage.localFolder('private')!).catch(() => [])).filter((name) =>
    name.startsWith('source-'),
  ).length;

const unsavedRows = (userId: number) =>
  app.context.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from temporary_assets where owner_id = ${userId}`);

describe('per-user upload limits', () => {
  it('keeps unsaved uploads within the quota and the bytes of a day within the budget', async () => {
    const user = await createUser(app);
    const send = async () => upload(app, 'SKIN_SOURCE', 'skin.zip', await zipOf(300 * KB), user.token);

    expect((await send()).body.success).toBe(true);
    expect((await send()).body.success).toBe(true);
    const full = await send();
    expect(full.body).toMatchObject({ success: false, message: 'UPLOAD_QUOTA_FULL' });
    expect(full.body.detail).toMatch(/^Your uploads waiting to be saved hold 0\.6 MB of the 0\.7 MB/);
    expect(await unsavedRows(user.id)).toBe(2);

    // Unused uploads expire after a day, and their room comes back; today's bytes stay counted.
    await removeExpiredUploads(app.context, new Date(clock.getTime() + 86_400_000 + 60_000));
    expect((await send()).body.success).toBe(true);
    const spent = await send();
    expect(spent.body).toMatchObject({ success: false, message: 'DAILY_UPLOAD_LIMIT' });
    expect(spent.body.detail).toMatch(/^You have uploaded 0\.9 MB today, and the limit is 1 MB a day/);

    // A new UTC day brings a new budget.
    clock = new Date('2026-03-11T00:00:01Z');
    expect((await send()).body.success).toBe(true);

    // The cleanup forgets the counts of the days before yesterday.
    await removeExpiredUploads(app.context, new Date('2026-03-12T12:00:00Z'));
    const days = await app.context.pool.anyFirst(sql.type(z.object({ day: z.string() }))`
      select day::text as day from upload_usage_daily where user_id = ${user.id} order by day`);
    expect(days).toEqual(['2026-03-11']);
  });

  it('lets only as many uploads sent at once through as the quota holds, and keeps no file of the others', async () => {
    const user = await createUser(app);
    const before = await storedZips();
    const zips = await Promise.all([1, 2, 3].map(() => zipOf(300 * KB)));
    const answers = await Promise.all(
      zips.map((zip) => upload(app, 'SKIN_SOURCE', 'skin.zip', zip, user.token)),
    );
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(2);
    expect(answers.filter((answer) => answer.body.message === 'UPLOAD_QUOTA_FULL')).toHaveLength(1);
    expect(await unsavedRows(user.id)).toBe(2);
    expect((await storedZips()) - before).toBe(2);
  });
});

describe('zips judged by what they inflate to', () => {
  let author: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    author = await createUser(app);
  });

  it('stops a zip whose file inflates beyond the size it declares, early', async () => {
    // 20 MB of zeros deflate to about 20 KB; the zip then claims the file holds 1,000 bytes.
    const bomb = declareUnpackedSize(await testZip([['Diffuse.dds', Buffer.alloc(20 * 1024 * 1024)]]), 1000);
    expect(bomb.length).toBeLessThan(100 * KB);
    const started = Date.now();
    const answer = await upload(app, 'SKIN_SOURCE', 'bomb.zip', bomb, author.token);
    expect(answer.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(answer.body.detail).toBe(
      'The zip archive is damaged: Diffuse.dds inflates to more than the size the zip declares.',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a zip that inflates more than 100 times its size, or beyond the total cap', async () => {
    const squeezed = await testZip([['Diffuse.dds', Buffer.alloc(3 * 1024 * 1024)]]);
    const ratio = await upload(app, 'SKIN_SOURCE', 'flat.zip', squeezed, author.token);
    expect(ratio.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(ratio.body.detail).toMatch(/inflates to more than 100 times its size/);

    // Honest sizes over the cap are refused from the declared sizes, before any inflating.
    const large = await testZip([
      ['Diffuse.dds', randomBytes(100 * KB)],
      ['Padding.dds', Buffer.alloc(9 * 1024 * 1024, 'a')],
    ]);
    const total = await upload(app, 'SKIN_SOURCE', 'large.zip', large, author.token);
    expect(total.body).toMatchObject({ success: false, message: 'INVALID_FILENAME' });
    expect(total.body.detail).toBe('The zip unpacks to more than 8 MB.');

    // A real skin's textures pass and report what they inflated to.
    const skin = await upload(
      app,
      'SKIN_SOURCE',
      'skin.zip',
      await testZip([
        ['Diffuse.dds', randomBytes(200 * KB)],
        ['Details.dds', Buffer.alloc(400 * KB, 7)],
      ]),
      author.token,
    );
    expect(skin.body).toMatchObject({ success: true });
  });
});
