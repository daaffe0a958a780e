import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { downloadStreamId, skinDownloaded, type Downloader } from '../../domain/downloads/download.events';
import { backdated } from '../../infra/event-store/backdating';
import { rebuildProjection, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { skinDownloadsProjection } from '../../projections/skin-downloads.projection';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
const skins: Record<string, { id: number; url: string; game: string; authorId: number }> = {};

beforeAll(async () => {
  app = await createTestApp({ context: { now: () => NOW } });
  author = await createUser(app, { username: 'stats_author' });
  other = await createUser(app, { username: 'stats_other' });
  admin = await createUser(app, { roles: ['regular', 'admin'] });
  const add = async (key: string, authorId: number, game: string) => {
    const skin = await insertSkin(app.context.pool, {
      authorId,
      title: `Stats ${key}`,
      description: '',
      game,
      priceCents: 0,
    });
    skins[key] = { ...skin, game, authorId };
  };
  await add('street', author.id, 'TM2020');
  await add('retro', author.id, 'TMNF');
  await add('rival', other.id, 'TM2020');
  const download = (key: string, downloader: Downloader, at: Date) => {
    const event = skinDownloaded(skins[key]!, downloader);
    return app.context.pool.transaction((tx) =>
      app.context.store.append(tx, {
        streamId: downloadStreamId(skins[key]!.id, event.data.downloader),
        streamType: 'skin-downloads',
        expectedVersion: 'any',
        events: [
          {
            ...event,
            metadata: { actor: { system: 'test' }, correlationId: 'statistics-test' },
            occurredAt: backdated(at),
          },
        ],
      }),
    );
  };
  await download('street', { userId: other.id }, daysAgo(5));
  await download('street', { userId: other.id }, daysAgo(5));
  await download('street', { visitorKey: 'visitor-1' }, daysAgo(40)); // 2026-05-06
  await download('retro', { userId: other.id }, daysAgo(200)); // 2025-11-27
  await download('retro', { userId: other.id }, daysAgo(400)); // 2025-05-11
  await download('rival', { userId: author.id }, daysAgo(1));
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 2 },
    skinDownloadsProjection,
  );
});
afterAll(async () => {
  await app.close();
});

const COUNT = `query ($site: Boolean) { downloadCount(site: $site) {
  allTime { total unique } last30Days { total unique } lastYear { total unique } } }`;
const HISTORY = `query ($site: Boolean) { downloadHistory(site: $site) { game year month total unique } }`;
const POPULAR = `query ($site: Boolean, $length: Int) { skinDownloadPopularity(site: $site, length: $length) {
  last30Days { skin { title } total unique } lastYear { skin { title } total unique } } }`;

describe('download statistics', () => {
  it("give an author their own skins' totals and unique downloaders, all time, 30 days and a year", async () => {
    const { body } = await graphql(app, COUNT, {}, author.token);
    expect(body.data.downloadCount).toEqual({
      allTime: { total: 5, unique: 3 },
      last30Days: { total: 2, unique: 1 },
      lastYear: { total: 4, unique: 3 },
    });
  });

  it('give admins the whole site with site: true, and refuse it to others', async () => {
    const site = await graphql(app, COUNT, { site: true }, admin.token);
    expect(site.body.data.downloadCount.allTime).toEqual({ total: 6, unique: 4 });
    const refused = await graphql(app, COUNT, { site: true }, author.token);
    expect(refused.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await graphql(app, COUNT, {});
    expect(anonymous.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('keep a monthly history per game, a downloader counted once per skin and month', async () => {
    const { body } = await graphql(app, HISTORY, {}, author.token);
    expect(body.data.downloadHistory).toEqual([
      { game: 'TMNF', year: 2025, month: 5, total: 1, unique: 1 },
      { game: 'TMNF', year: 2025, month: 11, total: 1, unique: 1 },
      { game: 'TM2020', year: 2026, month: 5, total: 1, unique: 1 },
      { game: 'TM2020', year: 2026, month: 6, total: 2, unique: 1 },
    ]);
  });

  it('rank the most downloaded skins of the last 30 days and of the last year', async () => {
    const { body } = await graphql(app, POPULAR, {}, author.token);
    expect(body.data.skinDownloadPopularity).toEqual({
      last30Days: [{ skin: { title: 'Stats street' }, total: 2, unique: 1 }],
      lastYear: [
        { skin: { title: 'Stats street' }, total: 3, unique: 2 },
        { skin: { title: 'Stats retro' }, total: 1, unique: 1 },
      ],
    });
    const site = await graphql(app, POPULAR, { site: true, length: 1 }, admin.token);
    expect(site.body.data.skinDownloadPopularity.lastYear).toEqual([
      { skin: { title: 'Stats street' }, total: 3, unique: 2 },
    ]);
  });

  it('rebuild to the same figures when the projection is replayed', async () => {
    const before = (await graphql(app, HISTORY, { site: true }, admin.token)).body;
    await rebuildProjection(
      { pool: app.context.pool, store: app.context.store, batchSize: 3 },
      skinDownloadsProjection,
    );
    expect((await graphql(app, HISTORY, { site: true }, admin.token)).body).toEqual(before);
  });
});
