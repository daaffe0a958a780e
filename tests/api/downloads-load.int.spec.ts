import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

type TestUser = Awaited<ReturnType<typeof createUser>>;

let app: TestApp;
let author: TestUser;
let player: TestUser;
const skins: Record<'hot' | 'other', { id: number; url: string }> = {} as never;

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
  player = await createUser(app);
  for (const key of ['hot', 'other'] as const) {
    skins[key] = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: `Burst ${key} skin`,
      description: 'Free for everyone',
      game: 'TM2020',
      priceCents: 0,
      createdAt: new Date('2026-11-01T12:00:00Z'),
    });
    await app.context.storage.put('private', `${key}-burst.zip`, Buffer.from(`PK zip of ${key}`));
    await insertResource(app.context.pool, {
      skinId: skins[key].id,
      type: 'SKIN_SOURCE',
      filename: `${key}-burst.zip`,
      position: 0,
    });
  }
});

afterAll(() => app?.close());

const download = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: 'GET', url: `/assets/skin/${url}`, headers });

const DOWNLOADS = sql.type(
  z.object({ skin_id: z.number(), events: z.number(), streams: z.number(), transactions: z.number() }),
)`
  select (data->>'skinId')::int as skin_id, count(*)::int as events, count(distinct stream_id)::int as streams,
         count(distinct transaction_id)::int as transactions
  from events where event_type = 'SkinDownloaded' group by 1`;

describe('downloads arriving together', () => {
  it('serves and counts every one of them exactly once, and each downloader once', async () => {
    const first = await download(skins.hot.url);
    const visitor = String(first.headers['set-cookie']).split(';')[0]!;
    const responses = await Promise.all([
      ...Array.from({ length: 240 }, () => download(skins.hot.url)),
      ...Array.from({ length: 40 }, () => download(skins.hot.url, { cookie: visitor })),
      ...Array.from({ length: 40 }, () =>
        download(skins.hot.url, { authorization: `Bearer ${player.token}` }),
      ),
      ...Array.from({ length: 80 }, () => download(skins.other.url)),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    await app.context.runner.catchUp();

    const stored = new Map((await app.context.pool.any(DOWNLOADS)).map((row) => [row.skin_id, row]));
    // One stream per downloader and skin: 240 new visitors, the returning visitor and the player.
    expect(stored.get(skins.hot.id)).toMatchObject({ events: 321, streams: 242 });
    expect(stored.get(skins.other.id)).toMatchObject({ events: 80, streams: 80 });

    const SKIN = 'query ($url: String!) { skin(url: $url) { downloads { total unique } } }';
    expect((await graphql(app, SKIN, { url: skins.hot.url })).body.data.skin.downloads).toEqual({
      total: 321,
      unique: 242,
    });
    expect((await graphql(app, SKIN, { url: skins.other.url })).body.data.skin.downloads).toEqual({
      total: 80,
      unique: 80,
    });
    const tables = await app.context.pool.one(sql.type(
      z.object({ daily: z.number(), monthly: z.number(), monthly_unique: z.number() }),
    )`
      select (select sum(total)::int from skin_download_daily) as daily,
             (select sum(total)::int from skin_download_monthly) as monthly,
             (select sum("unique")::int from skin_download_monthly) as monthly_unique`);
    expect(tables).toEqual({ daily: 401, monthly: 401, monthly_unique: 322 });
  });

  it('writes downloads that wait for a busy writer together, in one transaction', async () => {
    const before = await app.context.pool.any(DOWNLOADS);
    const transactionsBefore = before.find((row) => row.skin_id === skins.other.id)?.transactions ?? 0;
    // Two writers take the first two downloads at once; the other 98 wait and go in one batch.
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.context.downloads.record({
          skin: { id: skins.other.id, game: 'TM2020', authorId: author.id },
          downloader: { visitorKey: `batch-visitor-${i % 10}` },
          metadata: { correlationId: `batch-${i}` },
        }),
      ),
    );
    const after = (await app.context.pool.any(DOWNLOADS)).find((row) => row.skin_id === skins.other.id)!;
    expect(after.transactions - transactionsBefore).toBe(3);
    expect(after.events).toBe(180);
    // A downloader's downloads in one batch go to their stream in the order they arrived.
    const versions = await app.context.pool.anyFirst(sql.type(z.object({ c: z.string() }))`
      select metadata->>'correlationId' as c from events
      where stream_id = ${`skin-downloads-${skins.other.id}-visitor:batch-visitor-3`} order by stream_version`);
    expect(versions).toEqual(Array.from({ length: 10 }, (_, k) => `batch-${3 + k * 10}`));
  });
});
