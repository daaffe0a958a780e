import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { downloadStreamId, skinDownloaded, type Downloader } from '../../domain/downloads/download.events';
import { backdated } from '../../infra/event-store/backdating';
import { mostDownloadedInDays } from '../../api/statistics/statistics.repository';
import { resolvePeriod } from '../../api/statistics/statistics-period';
import { rebuildProjection, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { eventActivityProjection } from '../../projections/event-activity.projection';
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

/** A download of the skin at `at`; `game` stands for the game the skin had then, if another. */
const download = (key: string, downloader: Downloader, at: Date, game?: string) => {
  const event = skinDownloaded({ ...skins[key]!, ...(game ? { game } : {}) }, downloader);
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
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 100 },
    eventActivityProjection,
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

describe('download statistics in a period', () => {
  const IN_PERIOD = `query ($site: Boolean, $period: StatisticsPeriodInput!) {
    downloadCount(site: $site) { last30Days { total unique } inPeriod(period: $period) { total unique } } }`;
  const TOP = `query ($site: Boolean, $period: StatisticsPeriodInput!) {
    topDownloadedSkins(site: $site, period: $period) { skin { title } total unique } }`;

  it('count total and unique downloads in whole UTC months, a downloader once per skin', async () => {
    const figures = async (fromMonth: string, toMonth: string) =>
      (await graphql(app, IN_PERIOD, { period: { fromMonth, toMonth } }, author.token)).body.data
        .downloadCount.inPeriod;
    // Retro twice by the same downloader, in May and November 2025.
    expect(await figures('2025-05', '2025-11')).toEqual({ total: 2, unique: 1 });
    expect(await figures('2025-05', '2026-06')).toEqual({ total: 5, unique: 3 });
    expect(await figures('2025-06', '2025-10')).toEqual({ total: 0, unique: 0 });
    const window = await graphql(app, IN_PERIOD, { period: { window: 'LAST_30_DAYS' } }, author.token);
    expect(window.body.data.downloadCount.inPeriod).toEqual(window.body.data.downloadCount.last30Days);
  });

  it('limit the monthly history to the months of the period', async () => {
    const { body } = await graphql(
      app,
      `
        query ($period: StatisticsPeriodInput) {
          downloadHistory(period: $period) {
            game
            year
            month
            total
          }
        }
      `,
      { period: { fromMonth: '2025-11', toMonth: '2026-05' } },
      author.token,
    );
    expect(body.data.downloadHistory).toEqual([
      { game: 'TMNF', year: 2025, month: 11, total: 1 },
      { game: 'TM2020', year: 2026, month: 5, total: 1 },
    ]);
  });

  it('rank the most downloaded skins of a period, for an author or the site', async () => {
    const site = await graphql(
      app,
      TOP,
      { site: true, period: { fromMonth: '2026-05', toMonth: '2026-06' } },
      admin.token,
    );
    expect(site.body.data.topDownloadedSkins).toEqual([
      { skin: { title: 'Stats street' }, total: 3, unique: 2 },
      { skin: { title: 'Stats rival' }, total: 1, unique: 1 },
    ]);
    const own = await graphql(app, TOP, { period: { window: 'ALL_TIME' } }, author.token);
    expect(own.body.data.topDownloadedSkins).toEqual([
      { skin: { title: 'Stats street' }, total: 3, unique: 2 },
      { skin: { title: 'Stats retro' }, total: 2, unique: 1 },
    ]);
    expect(
      (await graphql(app, TOP, { site: true, period: { window: 'LAST_YEAR' } }, author.token)).body
        .errors?.[0].extensions.code,
    ).toBe('FORBIDDEN');
  });

  it('refuse a period that is not one window or two months in order', async () => {
    for (const period of [
      { fromMonth: '2026-06', toMonth: '2026-05' },
      { fromMonth: '2026-13', toMonth: '2026-13' },
      { fromMonth: '2026-05' },
      { window: 'LAST_YEAR', fromMonth: '2026-01', toMonth: '2026-02' },
      {},
    ]) {
      const { body } = await graphql(app, TOP, { period }, author.token);
      expect(body.errors?.[0].extensions.code, JSON.stringify(period)).toBe('BAD_USER_INPUT');
    }
  });

  it('refuse months outside 2000-01 to 2099-12 in every query that takes a period, naming the field', async () => {
    const PERIOD_QUERIES = {
      downloadCountInPeriod: `query ($period: StatisticsPeriodInput!) {
        downloadCount(site: true) { inPeriod(period: $period) { total } } }`,
      downloadHistory: `query ($period: StatisticsPeriodInput) { downloadHistory(site: true, period: $period) { total } }`,
      topDownloadedSkins: `query ($period: StatisticsPeriodInput!) {
        topDownloadedSkins(site: true, period: $period, length: 5) { total } }`,
      purchaseHistory: `query ($period: StatisticsPeriodInput) { purchaseHistory(site: true, period: $period) { year } }`,
      moneySpentInPeriod: `query ($period: StatisticsPeriodInput!) {
        moneySpent { inPeriod(period: $period) { paymentCount } } }`,
      skinPurchasePopularity: `query ($period: StatisticsPeriodInput) {
        skinPurchasePopularity(site: true, period: $period, length: 5) { totalCount } }`,
      earningsHistory: `query ($period: StatisticsPeriodInput) { earningsHistory(site: true, period: $period) { year } }`,
      siteActivity: `query ($period: StatisticsPeriodInput!) { siteActivity(period: $period) { newUsers { count } } }`,
    };
    const refused = [
      [{ fromMonth: '2026-01', toMonth: '9999-12' }, 'period.toMonth'],
      [{ fromMonth: '0000-01', toMonth: '2026-01' }, 'period.fromMonth'],
      [{ fromMonth: '0000-01', toMonth: '9999-12' }, 'period.fromMonth'],
      [{ fromMonth: '1969-12', toMonth: '2026-01' }, 'period.fromMonth'],
      [{ fromMonth: '2026-01', toMonth: '2100-01' }, 'period.toMonth'],
    ] as const;
    for (const [name, query] of Object.entries(PERIOD_QUERIES)) {
      for (const [period, field] of refused) {
        const { body } = await graphql(app, query, { period }, admin.token);
        expect(body.errors?.[0].extensions, `${name} ${JSON.stringify(period)}`).toEqual({
          code: 'BAD_USER_INPUT',
          field,
        });
        expect(body.errors?.[0].message).toBe('A month is between 2000-01 and 2099-12.');
      }
      const widest = await graphql(
        app,
        query,
        { period: { fromMonth: '2000-01', toMonth: '2099-12' } },
        admin.token,
      );
      expect(widest.body.errors, name).toBeUndefined();
    }
  });

  it('give admins the events recorded per day and the accounts and skins created per month', async () => {
    const ACTIVITY = `query ($period: StatisticsPeriodInput!) { siteActivity(period: $period) {
      newUsers { year month count } newSkins { year month count } eventsPerDay { day count } } }`;
    const { body } = await graphql(
      app,
      ACTIVITY,
      { period: { fromMonth: '2025-05', toMonth: '2026-06' } },
      admin.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.siteActivity.eventsPerDay).toEqual([
      { day: '2025-05-11', count: 1 },
      { day: '2025-11-27', count: 1 },
      { day: '2026-05-06', count: 1 },
      { day: '2026-06-10', count: 2 },
      { day: '2026-06-14', count: 1 },
    ]);
    // The accounts and skins were made now, on the real clock: all time holds them in this month.
    const all = await graphql(app, ACTIVITY, { period: { window: 'ALL_TIME' } }, admin.token);
    const thisMonth = new Date();
    const inThisMonth = (rows: { year: number; month: number; count: number }[]) =>
      rows.find((row) => row.year === thisMonth.getUTCFullYear() && row.month === thisMonth.getUTCMonth() + 1)
        ?.count;
    expect(inThisMonth(all.body.data.siteActivity.newUsers)).toBeGreaterThanOrEqual(3);
    expect(inThisMonth(all.body.data.siteActivity.newSkins)).toBe(3);
    for (const token of [undefined, author.token]) {
      const refused = await graphql(app, ACTIVITY, { period: { window: 'ALL_TIME' } }, token);
      expect(refused.body.errors?.[0].extensions.code).toBe(token ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
  });
});

describe('download statistics per game', () => {
  it('count a download under the game the skin had when it was downloaded', async () => {
    // The event records the game: as if "retro" had been a TM2 skin in April 2026.
    await download('retro', { visitorKey: 'visitor-2' }, new Date('2026-04-10T10:00:00Z'), 'TM2');
    await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 100 },
      skinDownloadsProjection,
    );
    for (const [token, site] of [
      [author.token, false],
      [admin.token, true],
    ] as const) {
      const { body } = await graphql(app, HISTORY, { site }, token);
      expect(body.data.downloadHistory).toContainEqual({
        game: 'TM2',
        year: 2026,
        month: 4,
        total: 1,
        unique: 1,
      });
      expect(body.data.downloadHistory).toContainEqual({
        game: 'TMNF',
        year: 2025,
        month: 11,
        total: 1,
        unique: 1,
      });
    }
  });

  it("count a window's unique downloaders from its first moment, on its first day too", async () => {
    const since = daysAgo(30);
    const hour = 3_600_000;
    const before = (await graphql(app, COUNT, { site: true }, admin.token)).body.data.downloadCount
      .last30Days;
    await download('rival', { visitorKey: 'visitor-3' }, new Date(since.getTime() - hour));
    await download('rival', { visitorKey: 'visitor-4' }, new Date(since.getTime() + hour));
    await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 100 },
      skinDownloadsProjection,
    );
    const after = (await graphql(app, COUNT, { site: true }, admin.token)).body.data.downloadCount.last30Days;
    // Totals count whole days from the window's first day; unique downloaders from its first moment.
    expect(after).toEqual({ total: before.total + 2, unique: before.unique + 1 });
  });

  it('find the most downloaded of a window the same however few skins are summed at a time', async () => {
    const now = NOW;
    const periods = [
      resolvePeriod({ window: 'LAST_30_DAYS' }, now),
      resolvePeriod({ window: 'LAST_YEAR' }, now),
      resolvePeriod({ fromMonth: '2025-05', toMonth: '2026-05' }, now),
    ];
    for (const period of periods) {
      for (const scope of [{ authorId: null }, { authorId: author.id }]) {
        const whole = await mostDownloadedInDays(app.context.pool, scope, period, 2, 1_000);
        expect(whole.length).toBeGreaterThan(0);
        // The same as summing every day of the period.
        const byDays = await app.context.pool.any(sql.unsafe`
          select d.skin_id, sum(d.total)::int as total from skin_download_daily d join skins s on s.id = d.skin_id
          where d.day >= ${period.fromDay}::date and (${period.toDay}::date is null or d.day < ${period.toDay}::date)
            and (${scope.authorId}::int8 is null or s.author_id = ${scope.authorId}::int8)
          group by d.skin_id order by 2 desc, 1 limit 2`);
        expect(whole).toEqual(byDays);
        for (const batch of [1, 2, undefined]) {
          expect(await mostDownloadedInDays(app.context.pool, scope, period, 2, batch)).toEqual(whole);
        }
      }
    }
  });

  it('move a skin to the month of its new creation time, from the counts the triggers keep', async () => {
    const ACTIVITY = `query ($period: StatisticsPeriodInput!) { siteActivity(period: $period) { newSkins { year month count } } }`;
    const newSkins = async () =>
      (await graphql(app, ACTIVITY, { period: { window: 'ALL_TIME' } }, admin.token)).body.data.siteActivity
        .newSkins as { year: number; month: number; count: number }[];
    const before = await newSkins();
    await app.context.pool.query(
      sql.unsafe`update skins set created_at = '2025-05-20T10:00:00Z' where id = ${skins.rival!.id}`,
    );
    await app.context.pool.query(sql.unsafe`update skins set title = title where id = ${skins.street!.id}`);
    const after = await newSkins();
    expect(after.find((row) => row.year === 2025 && row.month === 5)).toEqual({
      year: 2025,
      month: 5,
      count: 1,
    });
    expect(after.reduce((sum, row) => sum + row.count, 0)).toBe(
      before.reduce((sum, row) => sum + row.count, 0),
    );
  });
});
