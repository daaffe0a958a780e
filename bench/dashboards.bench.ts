import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kind, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { sql } from 'slonik';
import { z } from 'zod';
import { findUserById, sessionClaimsOf } from '../api/accounts/users.repository';
import { reactors } from '../api/reactors';
import { orderStreamId } from '../domain/orders/order.events';
import { SessionTokens } from '../infra/auth/session-tokens';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { createDatabasePool } from '../infra/db/pool';
import { createLogger } from '../infra/logger';
import {
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../infra/projection-engine/catch-up-runner';
import { projections } from '../projections';
import { eventActivityProjection } from '../projections/event-activity.projection';
import { salesStatisticsProjection } from '../projections/sales-statistics.projection';
import { skinDownloadsProjection } from '../projections/skin-downloads.projection';
import { CreativityDashboardQuery } from '../web/src/features/statistics/lib/creativity-dashboard.documents';
import { SiteDashboardQuery } from '../web/src/features/statistics/lib/site-dashboard.documents';
import type { BenchDatabase } from './bench-database';
import { startServer, stopServer } from '../tests/support/server-process';
import { insertOrderEvents, paidOrders, refundOf, type GeneratedEvent } from './order-history';

export type DashboardsOptions = {
  skins: number;
  orders: number;
  downloads: number;
  /** Seconds of load for each dashboard and period. */
  seconds: number;
  requestsPerSecond: number;
  /** The last downloads, applied by the skin-downloads projection itself; the earlier ones by SQL. */
  projectedDownloads: number;
  /** Rebuild the SQL-filled read models by their projections afterwards and compare (slow). */
  verifyFill: boolean;
};

const DAY_MS = 86_400_000;
/** Orders run over the last 30 months, downloads over the last two years, both growing with time. */
const ORDER_SPAN_MS = 913 * DAY_MS;
const DOWNLOAD_SPAN_MS = 730 * DAY_MS;
const SKINS_PER_AUTHOR = 50;
/** The buyers of bench/order-history.ts are users 1,000,001 … 1,020,000. */
const FIRST_BUYER_ID = 1_000_001;
const BUYERS = 20_000;
const VISITOR_KEYS = 1_000_000;
const ORDERS_PER_INSERT = 5_000;
const DOWNLOADS_PER_INSERT = 100_000;
const REBUILD_BATCH_SIZE = 10_000;
const GAMES = [
  ['TM2020', 0.6],
  ['TMNF', 0.15],
  ['TM2', 0.1],
  ['TMUF', 0.08],
  ['TM_TURBO', 0.04],
  ['TM_SUNRISE', 0.02],
  ['TM', 0.01],
] as const;
const ANSWER_TIMEOUT_MS = 30_000;
/** Requests of each root field alone, one after the other, to see which query costs what. */
const FIELD_SAMPLES = 5;
const AIMS = { authorP99Ms: 50, siteP99Ms: 200 };

/** Progress on stderr, so that stdout stays the JSON figures. */
const progress = (step: string) =>
  console.error(`[dashboards ${new Date().toISOString().slice(11, 19)}] ${step}`);
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

/**
 * Catalogue sizes of `authors` authors summing to `skins`, Zipf-like (1 / (rank + authors / 20)):
 * with 2,000 authors the largest has about 330 skins and the smallest about 16.
 */
function catalogueSizes(skins: number, authors: number): number[] {
  const offset = Math.max(1, authors / 20);
  const weights = Array.from({ length: authors }, (_, i) => 1 / (i + 1 + offset));
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / sum) * skins)));
  let left = skins - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % authors, left--) sizes[i]! += 1;
  for (let i = authors - 1; left < 0; i = i === 0 ? authors - 1 : i - 1) {
    if (sizes[i]! > 1) {
      sizes[i]! -= 1;
      left++;
    }
  }
  return sizes;
}

type Skin = { id: number; authorId: number; title: string };

/**
 * Users (an admin, the authors, the buyers of the order history) and skins: each author's skins
 * in one run of ids, over the games (60 % TM2020), created over the last three years.
 */
async function fillCatalogue(db: BenchDatabase, skinCount: number, now: Date) {
  const { pool } = db;
  const authors = Math.max(1, Math.ceil(skinCount / SKINS_PER_AUTHOR));
  const sizes = catalogueSizes(skinCount, authors);
  const nowIso = now.toISOString();
  await pool.query(sql.unsafe`
    insert into users (url, username, email, country, roles, created_at)
    values ('bench-admin', 'bench_admin', 'bench-admin@example.com', 'cz', array['regular', 'admin'],
            ${nowIso}::timestamptz - interval '1100 days')`);
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`select setseed(0.17)`);
    await tx.query(sql.unsafe`
    insert into users (url, username, email, country, roles, created_at)
    select 'bench-author-' || i, 'bench_author_' || i, 'bench-author-' || i || '@example.com', 'cz',
           array['regular'], ${nowIso}::timestamptz - interval '1100 days' * random()
    from generate_series(1, ${authors}::int) i order by i`);
    await tx.query(sql.unsafe`
    insert into users (id, url, username, email, country, roles, created_at)
    overriding system value
    select i, 'bench-buyer-' || i, 'bench_buyer_' || i, 'bench-buyer-' || i || '@example.com', 'de',
           array['regular'], ${nowIso}::timestamptz - interval '1000 days' * random()
    from generate_series(${FIRST_BUYER_ID}::int, ${FIRST_BUYER_ID + BUYERS - 1}::int) i`);
    const cumulative: number[] = [];
    let total = 0;
    for (const [, share] of GAMES) cumulative.push((total += share));
    await tx.query(sql.unsafe`
    insert into skins (url, author_id, title, description, game, price_cents, created_at, modified_at)
    select 'bench-skin-' || a.i || '-' || k, u.id, 'Bench Skin ' || a.i || '-' || k, 'Generated for the benchmark',
           (${sql.array(
             GAMES.map(([game]) => game),
             'text',
           )}::text[])[least((select count(*)::int from unnest(${sql.array(cumulative, 'float8')}::float8[]) c where c < g.r) + 1, ${GAMES.length})],
           200 + 50 * ((a.i * 31 + k) % 57),
           ${nowIso}::timestamptz - interval '1100 days' * g.c, ${nowIso}::timestamptz - interval '1100 days' * g.c
    from unnest(${sql.array(sizes, 'int4')}::int[]) with ordinality a(size, i)
    join users u on u.username = 'bench_author_' || a.i
    cross join lateral generate_series(1, a.size) k
    cross join lateral (select random() + 0 * k as r, random() + 0 * k as c) g
    order by a.i, k`);
  });
  const skins = await pool.any(sql.type(
    z.object({ id: z.number(), author_id: z.number(), title: z.string() }),
  )`
    select id, author_id, title from skins order by id`);
  await pool.query(sql.unsafe`
    create table bench_skin_slots as
    select (row_number() over (order by id) - 1)::int as slot, id as skin_id, game, author_id from skins`);
  await pool.query(sql.unsafe`alter table bench_skin_slots add primary key (slot)`);
  return {
    authors,
    largestCatalogue: sizes[0]!,
    smallestCatalogue: sizes[sizes.length - 1]!,
    skins: skins.map((s): Skin => ({ id: s.id, authorId: s.author_id, title: s.title })),
  };
}

/** Moves an event's own times (recordedAt and the data's …At fields) by `deltaMs`. */
function shifted(event: GeneratedEvent, deltaMs: number): GeneratedEvent {
  const move = (iso: string) => new Date(Date.parse(iso) + deltaMs).toISOString();
  const data = { ...(event.data as Record<string, unknown>) };
  for (const key of ['placedAt', 'openedAt', 'receivedAt', 'refundedAt', 'cancelledAt']) {
    if (typeof data[key] === 'string') data[key] = move(data[key]);
  }
  return { ...event, recordedAt: move(event.recordedAt), data };
}

type OrderedLine = {
  itemType: 'SKIN' | 'BUNDLE';
  itemId: number;
  name: string;
  authorId: number;
  skinIds?: number[];
};

/**
 * The order history of bench/order-history.ts (paidOrders: real fee rules, 1–3 items, bundles and
 * tips), moved onto this catalogue and these months: its item ids 1 … 100 × authors are read as
 * positions in the skin list (so an author sells in proportion to their catalogue), and its 60 days
 * are stretched over ORDER_SPAN_MS with more orders in later months. One order in 20 is left
 * unpaid and cancelled when it expires, one paid order in 50 is refunded a day after its payment.
 */
async function fillOrders(db: BenchDatabase, skins: readonly Skin[], orders: number, now: number) {
  const slots = Math.ceil(skins.length / 100);
  const outcomes = { paid: 0, refunded: 0, cancelled: 0 };
  let pending: GeneratedEvent[] = [];
  let written = 0;
  const inFlight: Promise<void>[] = [];
  const end = now - 2 * 60 * 60 * 1000;
  for (const order of paidOrders({ orders, authors: slots, firstAuthorId: 1 })) {
    const n = Number(order.orderId);
    const [placed, session, payment] = order.events as [GeneratedEvent, GeneratedEvent, GeneratedEvent];
    const placedData = placed.data as { items: OrderedLine[]; placedAt: string };
    for (const item of placedData.items) {
      const skin = skins[(item.itemId - 1) % skins.length]!;
      item.authorId = skin.authorId;
      if (item.itemType === 'SKIN') {
        item.itemId = skin.id;
        item.name = skin.title;
      } else {
        // Bundles are items of their own (not in the catalogue tables): three skins of the author.
        const at = (item.itemId - 1) % skins.length;
        item.skinIds = [skins[at], skins[at + 1], skins[at + 2]]
          .filter((s): s is Skin => s !== undefined && s.authorId === skin.authorId)
          .map((s) => s.id);
      }
    }
    const at = end - ORDER_SPAN_MS + ORDER_SPAN_MS * Math.sqrt(n / orders);
    const delta = at - Date.parse(placedData.placedAt);
    const move = (event: GeneratedEvent) => shifted(event, delta);
    if (n % 20 === 7) {
      const cancelledAt = new Date(at + DAY_MS).toISOString();
      if (Date.parse(cancelledAt) < now) {
        pending.push(move(placed), move(session), {
          streamId: orderStreamId(order.orderId),
          streamVersion: 3,
          type: 'OrderCancelled',
          data: { orderId: order.orderId, reason: 'EXPIRED', cancelledAt },
          recordedAt: cancelledAt,
        });
        outcomes.cancelled++;
      }
    } else {
      pending.push(move(placed), move(session), move(payment));
      const refund = move(refundOf(order));
      if (n % 50 === 0 && Date.parse(refund.recordedAt) < now) {
        pending.push(refund);
        outcomes.refunded++;
      } else {
        outcomes.paid++;
      }
    }
    if (n % ORDERS_PER_INSERT === 0) {
      // Two statements in flight: one writes while the next 5,000 orders are generated.
      const events = pending;
      pending = [];
      written += events.length;
      inFlight.push(insertOrderEvents(db.pool, events));
      if (inFlight.length >= 2) await inFlight.shift();
    }
  }
  await Promise.all(inFlight);
  await insertOrderEvents(db.pool, pending);
  written += pending.length;
  return { outcomes, events: written };
}

/**
 * Downloads written with INSERT … SELECT, in time order: a skin drawn with a skew (the most
 * downloaded 1 % of skins get about a fifth of the downloads, scattered over the authors), a
 * signed-in buyer half of the time and otherwise one of a million visitor keys, over the last two
 * years with more downloads in later months; stream per skin and downloader, as the recorder
 * appends them.
 */
async function fillDownloads(db: BenchDatabase, skinCount: number, downloads: number, now: Date) {
  // A multiplier coprime with the skin count spreads the popular positions over the catalogue.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let spread = 7919;
  while (gcd(spread, skinCount) !== 1) spread += 2;
  for (let from = 0; from < downloads; from += DOWNLOADS_PER_INSERT) {
    const to = Math.min(downloads, from + DOWNLOADS_PER_INSERT);
    await db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`select setseed(${(from / downloads) * 0.9})`);
      await tx.query(sql.unsafe`
        create temporary table bench_downloads on commit drop as
        select n, s.skin_id, s.game, s.author_id,
               case when r.who < 0.5 then 'user:' || (${FIRST_BUYER_ID} + floor(r.id * ${BUYERS})::int)
                    else 'visitor:bench-' || floor(r.id * ${VISITOR_KEYS})::int end as downloader,
               case when r.who < 0.5 then ${FIRST_BUYER_ID} + floor(r.id * ${BUYERS})::int end as user_id,
               -- Whole milliseconds, as the store records a JavaScript Date.
               date_trunc('milliseconds', ${now.toISOString()}::timestamptz - interval '1 millisecond'
                 * ${DOWNLOAD_SPAN_MS} * (1 - sqrt((n - 1 + r.jitter) / ${downloads}::float8))) as at
        from (select n, random() as skew, random() as who, random() as id, random() as jitter
              from generate_series(${from + 1}::int, ${to}::int) n) r
        join bench_skin_slots s
          on s.slot = (floor(${skinCount} * r.skew ^ 3)::int8 * ${spread}) % ${skinCount}`);
      await tx.query(sql.unsafe`alter table bench_downloads add column stream_id text`);
      await tx.query(
        sql.unsafe`update bench_downloads set stream_id = 'skin-downloads-' || skin_id || '-' || downloader`,
      );
      await tx.query(sql.unsafe`
        create temporary table bench_download_streams on commit drop as
        select d.stream_id, count(*) as added, coalesce(max(s.version), 0) as before
        from bench_downloads d left join streams s using (stream_id) group by d.stream_id`);
      await tx.query(sql.unsafe`
        insert into streams (stream_id, stream_type, version)
        select stream_id, 'skin-downloads', before + added from bench_download_streams
        on conflict (stream_id) do update set version = excluded.version, updated_at = now()`);
      await tx.query(sql.unsafe`
        insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
        select d.stream_id, ds.before + row_number() over (partition by d.stream_id order by d.at, d.n),
               gen_random_uuid(), 'SkinDownloaded', 1,
               jsonb_build_object('skinId', d.skin_id, 'downloader', d.downloader, 'userId', d.user_id,
                                  'game', d.game, 'authorId', d.author_id),
               '{"actor": {"system": "bench"}, "correlationId": "bench-dashboards"}'::jsonb, d.at
        from bench_downloads d join bench_download_streams ds using (stream_id)
        order by d.at, d.n`);
      await tx.query(sql.unsafe`drop table bench_downloads, bench_download_streams`);
    });
  }
}

type Timed = { events: number; seconds: number; eventsPerSecond: number };
type FeedPoint = { transaction_id: string; global_position: number };

const timed = async (run: () => Promise<number>): Promise<Timed> => {
  const started = performance.now();
  const events = await run();
  const ms = performance.now() - started;
  return { events, seconds: seconds(ms), eventsPerSecond: perSecond(events, ms) };
};

/** Puts a catch-up projection's checkpoint at a point of the feed (what it has applied so far). */
async function checkpointAt(db: BenchDatabase, name: string, point: FeedPoint, applied: number) {
  await db.pool.query(sql.unsafe`
    update projection_checkpoints
    set last_transaction_id = ${point.transaction_id}::xid8, last_position = ${point.global_position},
        events_applied = ${applied}, updated_at = now()
    where projection_name = ${name}`);
}

/**
 * The rows skin-downloads writes, computed in SQL from the SkinDownloaded events up to `cut`:
 * per skin and downloader the first and last download, per skin the total and unique downloaders,
 * per skin and UTC day the total, per skin and UTC month the downloaders and the totals, and the
 * days and months summed per author and for the site (author 0).
 */
async function skinDownloadsBySql(db: BenchDatabase, cut: FeedPoint) {
  await db.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      create temporary table bench_counted on commit drop as
      select (data ->> 'skinId')::bigint as skin_id, data ->> 'downloader' as downloader, recorded_at as at,
             (data ->> 'authorId')::bigint as author_id
      from events
      where event_type = 'SkinDownloaded'
        and (transaction_id, global_position) <= (${cut.transaction_id}::xid8, ${cut.global_position})`);
    await tx.query(sql.unsafe`
      insert into skin_downloaders (skin_id, downloader, first_at, last_at)
      select skin_id, downloader, min(at), max(at) from bench_counted group by skin_id, downloader`);
    await tx.query(sql.unsafe`
      insert into skin_stats (skin_id, downloads_total, downloads_unique)
      select skin_id, count(*), count(distinct downloader) from bench_counted group by skin_id
      on conflict (skin_id) do update set
        downloads_total = excluded.downloads_total, downloads_unique = excluded.downloads_unique`);
    await tx.query(sql.unsafe`
      insert into skin_download_daily (skin_id, day, total)
      select skin_id, (at at time zone 'UTC')::date, count(*) from bench_counted group by 1, 2`);
    await tx.query(sql.unsafe`
      insert into download_daily_by_author (author_id, day, total)
      select a.author_id, d.day, sum(d.total)
      from (select author_id, (at at time zone 'UTC')::date as day, count(*) as total
            from bench_counted group by 1, 2) d
      cross join lateral (values (d.author_id), (0)) a(author_id)
      group by 1, 2`);
    await tx.query(sql.unsafe`
      create temporary table bench_counted_months on commit drop as
      select skin_id, downloader, date_trunc('month', at at time zone 'UTC')::date as month from bench_counted`);
    await tx.query(sql.unsafe`
      insert into skin_downloader_months (skin_id, downloader, month)
      select distinct skin_id, downloader, month from bench_counted_months`);
    await tx.query(sql.unsafe`
      insert into skin_download_monthly (skin_id, month, total, "unique")
      select skin_id, month, count(*), count(distinct downloader) from bench_counted_months group by 1, 2`);
    await tx.query(sql.unsafe`
      insert into download_last_daily_by_author (author_id, day, downloaders)
      select a.author_id, w.day, sum(w.downloaders)
      from (select s.author_id, (w.last_at at time zone 'UTC')::date as day, count(*) as downloaders
            from skin_downloaders w join bench_skin_slots s using (skin_id) group by 1, 2) w
      cross join lateral (values (w.author_id), (0)) a(author_id)
      group by 1, 2`);
    await tx.query(sql.unsafe`
      insert into skin_download_last_monthly (skin_id, month, downloaders)
      select skin_id, date_trunc('month', last_at at time zone 'UTC')::date, count(*)
      from skin_downloaders group by 1, 2`);
    // The bench's skins never change game: each skin month's downloads are of one game.
    await tx.query(sql.unsafe`
      insert into download_monthly_by_game (author_id, month, game, total, "unique")
      select a.author_id, m.month, m.game, sum(m.total), sum(m."unique")
      from (select s.author_id, m.month, s.game, m.total, m."unique"
            from skin_download_monthly m join bench_skin_slots s using (skin_id)) m
      cross join lateral (values (m.author_id), (0)) a(author_id)
      group by 1, 2, 3`);
  });
}

/** The rows event-activity writes (events per type and UTC day), computed in SQL up to `cut`. */
async function eventActivityBySql(db: BenchDatabase, cut: FeedPoint) {
  await db.pool.query(sql.unsafe`
    insert into event_activity_daily (event_type, day, events)
    select event_type, (recorded_at at time zone 'UTC')::date, count(*) from events
    where (transaction_id, global_position) <= (${cut.transaction_id}::xid8, ${cut.global_position})
    group by 1, 2`);
}

/**
 * The read models the dashboards read. sales-statistics is rebuilt from all its events by the
 * project's own engine (rebuildProjection, as `npm run replay` runs it); it runs while the downloads
 * are written. skin-downloads and event-activity are filled by set-based SQL from the events up to
 * a cut (all but the last `projectedDownloads` downloads), their checkpoints put there, and the
 * real projections apply the rest through the catch-up path the live runner uses.
 */
async function buildReadModels(
  db: BenchDatabase,
  options: DashboardsOptions,
  writeDownloads: () => Promise<void>,
) {
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const engine = { pool: db.pool, store, batchSize: REBUILD_BATCH_SIZE };
  await ensureCheckpoints(db.pool, [
    salesStatisticsProjection,
    skinDownloadsProjection,
    eventActivityProjection,
  ]);
  progress('rebuilding sales-statistics while the downloads are written');
  const writing = performance.now();
  const [sales, downloadsMs] = await Promise.all([
    timed(() => rebuildProjection(engine, salesStatisticsProjection)),
    writeDownloads().then(() => performance.now() - writing),
  ]);
  progress('sales-statistics rebuilt, downloads written');
  await db.pool.query(sql.unsafe`vacuum analyze events`);

  const bySql = Math.max(0, options.downloads - options.projectedDownloads);
  const started = performance.now();
  let eventsBySql = 0;
  if (bySql > 0) {
    const cut: FeedPoint = await db.pool.one(sql.type(
      z.object({ transaction_id: z.string(), global_position: z.number() }),
    )`
      select transaction_id::text as transaction_id, global_position from events
      where event_type = 'SkinDownloaded'
      order by transaction_id, global_position offset ${bySql - 1} limit 1`);
    progress(`skin-downloads and event-activity by SQL over the first ${bySql} downloads`);
    await skinDownloadsBySql(db, cut);
    await checkpointAt(db, skinDownloadsProjection.name, cut, bySql);
    await eventActivityBySql(db, cut);
    eventsBySql = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int8 as n from events
      where (transaction_id, global_position) <= (${cut.transaction_id}::xid8, ${cut.global_position})`);
    await checkpointAt(db, eventActivityProjection.name, cut, eventsBySql);
  }
  const sqlMs = performance.now() - started;
  progress('skin-downloads and event-activity by the projections over the rest');
  const projected: Record<string, Timed> = {};
  for (const projection of [skinDownloadsProjection, eventActivityProjection]) {
    projected[projection.name] = await timed(() => runUntilCaughtUp(engine, projection));
  }
  return {
    downloadsMs,
    readModels: {
      'sales-statistics': { method: 'rebuildProjection over all its events, batches of 10,000', ...sales },
      'skin-downloads': {
        method:
          'set-based SQL over the first downloads (the rows the projection writes), then the projection (runUntilCaughtUp, batches of 10,000) over the last ones',
        bySql: { events: bySql },
        byProjection: projected[skinDownloadsProjection.name],
      },
      'event-activity': {
        method: 'set-based SQL over the events up to the same cut, then the projection over the rest',
        bySql: { events: eventsBySql },
        byProjection: projected[eventActivityProjection.name],
      },
      setBasedSqlSeconds: seconds(sqlMs),
      notBuilt:
        'orders, ownership (inline projections): no dashboard query reads them; payouts: no payout was allocated',
    },
  };
}

/**
 * Checks the set-based fill against the projections: the two read models rebuilt from every event
 * by rebuildProjection must give back the very rows the fill and the tail gave.
 */
async function verifyFill(db: BenchDatabase) {
  const store = createEventStore({ inlineProjections: [] });
  const tables = Object.entries({
    skin_downloaders: ['skin_id', 'downloader', 'first_at', 'last_at'],
    skin_stats: ['skin_id', 'downloads_total', 'downloads_unique'],
    skin_download_daily: ['skin_id', 'day', 'total'],
    skin_downloader_months: ['skin_id', 'downloader', 'month'],
    skin_download_monthly: ['skin_id', 'month', 'total', 'unique'],
    download_monthly_by_game: ['author_id', 'month', 'game', 'total', 'unique'],
    download_daily_by_author: ['author_id', 'day', 'total'],
    download_last_daily_by_author: ['author_id', 'day', 'downloaders'],
    skin_download_last_monthly: ['skin_id', 'month', 'downloaders'],
    event_activity_daily: ['event_type', 'day', 'events'],
  }).map(([table, names]) => ({
    table,
    columns: sql.join(
      names.map((name) => sql.identifier([name])),
      sql.fragment`, `,
    ),
  }));
  for (const { table, columns } of tables) {
    await db.pool.query(
      sql.unsafe`create table ${sql.identifier([`bench_${table}_filled`])} as select ${columns} from ${sql.identifier([table])}`,
    );
  }
  for (const projection of [skinDownloadsProjection, eventActivityProjection]) {
    await rebuildProjection({ pool: db.pool, store, batchSize: REBUILD_BATCH_SIZE }, projection);
  }
  const differences: Record<string, number> = {};
  for (const { table, columns } of tables) {
    const filled = sql.identifier([`bench_${table}_filled`]);
    const live = sql.identifier([table]);
    differences[table] = await db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select ((select count(*) from (select ${columns} from ${live} except all select * from ${filled}) a)
            + (select count(*) from (select * from ${filled} except all select ${columns} from ${live}) b))::int as n`);
    await db.pool.query(sql.unsafe`drop table ${filled}`);
  }
  if (Object.values(differences).some((n) => n > 0)) {
    throw new Error(`The set-based fill differs from the projections: ${JSON.stringify(differences)}`);
  }
  return { differences: 0, tables: Object.keys(differences) };
}

/**
 * The reactors (order mails, payout allocation) would have handled these events as they came: their
 * checkpoints are put at the end of the feed, so that the app does not start by mailing a million
 * order confirmations while the dashboards are measured.
 */
async function reactorsAtFeedEnd(db: BenchDatabase) {
  const store = createEventStore({ inlineProjections: [] });
  const consumers = reactors({ store, log: createLogger({ level: 'silent' }) });
  await ensureCheckpoints(db.pool, consumers);
  await db.pool.query(sql.unsafe`
    update projection_checkpoints c
    set last_transaction_id = e.transaction_id, last_position = e.global_position, updated_at = now()
    from (select transaction_id, global_position from events
          order by transaction_id desc, global_position desc limit 1) e
    where c.projection_name = any(${sql.array(
      consumers.map((consumer) => consumer.name),
      'text',
    )})`);
  return consumers.map((consumer) => consumer.name);
}

type Answer = { ok: boolean; bytes: number; error?: string };

async function post(url: string, token: string, body: string): Promise<Answer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    // An answer later than this counts as an error, so that a dashboard far off its aim cannot keep
    // the bench running for hours.
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) return { ok: false, bytes: text.length, error: `HTTP ${response.status}` };
  const answer = JSON.parse(text) as { data?: unknown; errors?: { message: string }[] };
  if (answer.errors?.length || !answer.data) {
    return { ok: false, bytes: text.length, error: answer.errors?.[0]?.message ?? 'no data' };
  }
  return { ok: true, bytes: text.length };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * An open-loop load at a fixed rate: a request is sent every 1/rate seconds whether or not the
 * earlier ones were answered (so a slow answer cannot hold the next requests back and hide its
 * cost), and each answer is checked (HTTP 200, data, no GraphQL error).
 */
async function pacedLoad(url: string, token: string, body: string, rate: number, durationSeconds: number) {
  const count = Math.round(rate * durationSeconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const errors: string[] = [];
  let lateSends = 0;
  let bytes = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let lastSend = started;
  for (let i = 0; i < count; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSend = performance.now();
    if (lastSend - due > 10) lateSends++;
    const sentAt = lastSend;
    inFlight.push(
      post(url, token, body).then(
        (answer) => {
          latencies.push(performance.now() - sentAt);
          bytes = answer.bytes;
          if (!answer.ok) errors.push(answer.error ?? 'error');
        },
        (error: unknown) => {
          latencies.push(performance.now() - sentAt);
          errors.push(error instanceof Error ? error.message : String(error));
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: count,
    requestsPerSecond: Math.round((count / (lastSend - started + interval)) * 1000 * 100) / 100,
    lateSends,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    errors: errors.length,
    ...(errors.length > 0 ? { firstError: errors[0] } : {}),
    answerBytes: bytes,
  };
}

/** The document with only one of its root fields (and the fragments), to time each query alone. */
function withOnlyField(document: DocumentNode, field: string): string {
  const operation = operationOf(document);
  const selections = operation.selectionSet.selections.filter(
    (selection) => selection.kind === Kind.FIELD && selection.name.value === field,
  );
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const body = print({ kind: Kind.SELECTION_SET, selections });
  // Only the fragments and variables the field uses: GraphQL refuses unused ones.
  const used = fragments.filter((f) => body.includes(`...${f.name.value}`));
  const text = [body, ...used.map((f) => print(f))].join('\n');
  const variableDefinitions = (operation.variableDefinitions ?? []).filter((v) =>
    new RegExp(`\\$${v.variable.name.value}\\b`).test(text),
  );
  return print({
    ...document,
    definitions: [
      { ...operation, variableDefinitions, selectionSet: { ...operation.selectionSet, selections } },
      ...used,
    ],
  });
}

const operationOf = (document: DocumentNode) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;

/** The periods measured when the document takes one: 30 days, the pages' default (a year), all time. */
function periodsOf(document: DocumentNode): { name: string; variables: Record<string, unknown> }[] {
  const takesPeriod = operationOf(document).variableDefinitions?.some(
    (v) => v.variable.name.value === 'period',
  );
  if (!takesPeriod) return [{ name: 'default', variables: {} }];
  return [
    { name: 'LAST_30_DAYS', variables: { period: { window: 'LAST_30_DAYS' } } },
    { name: 'LAST_YEAR', variables: { period: { window: 'LAST_YEAR' } } },
    { name: 'ALL_TIME', variables: { period: { window: 'ALL_TIME' } } },
  ];
}

/** Each dashboard's document at the fixed rate, per period, then each of its root fields alone. */
async function measureDashboard(
  url: string,
  token: string,
  document: DocumentNode,
  options: DashboardsOptions,
  aimP99Ms: number,
) {
  const query = print(document);
  const operation = operationOf(document);
  const results: Record<string, unknown> = {};
  for (const period of periodsOf(document)) {
    const body = JSON.stringify({ query, variables: period.variables, operationName: operation.name?.value });
    // Warm-up (and a check that the answer is whole) before the figures count.
    for (let i = 0; i < 5; i++) {
      const answer = await post(url, token, body);
      if (!answer.ok) throw new Error(`${operation.name?.value} (${period.name}) failed: ${answer.error}`);
    }
    progress(
      `${operation.name?.value} ${period.name}: ${options.requestsPerSecond} requests/s for ${options.seconds} s`,
    );
    const loadAverageBefore = os.loadavg()[0]!;
    const load = await pacedLoad(url, token, body, options.requestsPerSecond, options.seconds);
    progress(`  p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, max ${load.maxMs} ms, errors ${load.errors}`);
    const perField: Record<string, { p50Ms: number; p99Ms: number; maxMs: number; errors: number }> = {};
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const field = selection.name.value;
      const fieldBody = JSON.stringify({
        query: withOnlyField(document, field),
        variables: period.variables,
      });
      const times: number[] = [];
      let fieldErrors = 0;
      for (let i = 0; i < FIELD_SAMPLES; i++) {
        const sent = performance.now();
        // A timeout (the server still busy with the load's backlog) is counted, not fatal.
        const answer = await post(url, token, fieldBody).catch((error: unknown) => ({
          ok: false,
          bytes: 0,
          error: String(error),
        }));
        if (!answer.ok) fieldErrors++;
        times.push(performance.now() - sent);
      }
      const sorted = times.sort((a, b) => a - b);
      perField[field] = {
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted[sorted.length - 1]!),
        errors: fieldErrors,
      };
    }
    results[period.name] = {
      ...load,
      // Other work on the machine (the 1-minute load average, 2 cores) weighs on every figure.
      loadAverage: { before: round(loadAverageBefore), after: round(os.loadavg()[0]!) },
      aimP99Ms: aimP99Ms,
      met: load.p99Ms < aimP99Ms && load.errors === 0,
      eachFieldAloneSequential: perField,
    };
  }
  return { operation: operation.name?.value, ...results };
}

/**
 * The Creativity Dashboard and the Site Dashboard under load: a catalogue of `skins` skins, an
 * order history of `orders` orders and `downloads` downloads written as events, the read models
 * rebuilt from them by the real projections, then the exact documents the pages send, over HTTP to
 * the real app (as npm start runs it), signed in as the author with the largest catalogue and as
 * an admin, at a fixed rate.
 */
export async function benchDashboards(bench: BenchDatabase, options: DashboardsOptions) {
  // A pool of its own: the set-based statements over millions of rows outlast the usual timeout.
  const pool = await createDatabasePool(bench.url, { maxPoolSize: 8, statementTimeoutMs: 3_600_000 });
  try {
    const db = { ...bench, pool };
    const data = await buildDashboardData(db, options);
    return { ...data, ...(await measureDashboards(db, options)) };
  } finally {
    await pool.end();
  }
}

/** Writes the data and builds the read models; returns how and how long. */
export async function buildDashboardData(db: BenchDatabase, options: DashboardsOptions) {
  const now = new Date();
  const timings: Record<string, number> = {};
  let started = performance.now();
  progress(`catalogue of ${options.skins} skins`);
  const catalogue = await fillCatalogue(db, options.skins, now);
  timings.catalogueSeconds = seconds(performance.now() - started);

  started = performance.now();
  progress(`${options.orders} orders`);
  const orders = await fillOrders(db, catalogue.skins, options.orders, now.getTime());
  const ordersMs = performance.now() - started;

  started = performance.now();
  const built = await buildReadModels(db, options, () =>
    fillDownloads(db, options.skins, options.downloads, now),
  );
  const buildMs = performance.now() - started;
  const verified = options.verifyFill ? await verifyFill(db) : 'not asked (--dashboard-verify-fill)';
  const reactorsSkipped = await reactorsAtFeedEnd(db);
  await db.pool.query(sql.unsafe`drop table bench_skin_slots`);
  await db.pool.query(sql.unsafe`vacuum analyze`);

  // The author with the most skins, and their share of the downloads and sales.
  const author = await db.pool.one(sql.type(
    z.object({ id: z.number(), skins: z.number(), downloads: z.number(), items_sold: z.number() }),
  )`
    select a.author_id as id, a.skins,
           (select coalesce(sum(st.downloads_total), 0)::int8 from skin_stats st
            join skins s on s.id = st.skin_id where s.author_id = a.author_id) as downloads,
           (select coalesce(sum(items_sold), 0)::int8 from sales_author_monthly m
            where m.author_id = a.author_id) as items_sold
    from (select author_id, count(*)::int as skins from skins group by author_id
          order by count(*) desc, author_id limit 1) a`);
  const totals = await db.pool.one(sql.type(
    z.object({ downloads: z.number(), items_sold: z.number(), events: z.number() }),
  )`
    select (select coalesce(sum(downloads_total), 0)::int8 from skin_stats) as downloads,
           (select coalesce(sum(items_sold), 0)::int8 from sales_author_monthly where author_id = 0) as items_sold,
           (select count(*)::int8 from events) as events`);
  return {
    data: {
      skins: options.skins,
      authors: catalogue.authors,
      catalogueSizes: { largest: catalogue.largestCatalogue, smallest: catalogue.smallestCatalogue },
      orders: {
        ...orders.outcomes,
        total: options.orders,
        months: Math.round(ORDER_SPAN_MS / DAY_MS / 30.4),
      },
      downloads: { total: options.downloads, months: Math.round(DOWNLOAD_SPAN_MS / DAY_MS / 30.4) },
      events: totals.events,
      author: {
        id: author.id,
        skins: author.skins,
        downloads: author.downloads,
        downloadShare: Math.round((author.downloads / Math.max(1, totals.downloads)) * 10_000) / 10_000,
        itemsSold: author.items_sold,
        salesShare: Math.round((author.items_sold / Math.max(1, totals.items_sold)) * 10_000) / 10_000,
      },
    },
    build: {
      method:
        'events written with INSERT … SELECT (orders: bench/order-history.ts paidOrders, 5,000 orders a statement; downloads: generated in SQL, 100,000 a statement)',
      catalogueSeconds: timings.catalogueSeconds,
      orderEvents: {
        events: orders.events,
        seconds: seconds(ordersMs),
        eventsPerSecond: perSecond(orders.events, ordersMs),
      },
      downloadEvents: {
        events: options.downloads,
        seconds: seconds(built.downloadsMs),
        eventsPerSecond: perSecond(options.downloads, built.downloadsMs),
        note: 'written while sales-statistics was rebuilt',
      },
      readModels: { ...built.readModels, fillVerified: verified },
      downloadsAndReadModelsSeconds: seconds(buildMs),
      reactorsPutAtFeedEnd: reactorsSkipped,
    },
  };
}

/**
 * The dashboards under load, on data that buildDashboardData wrote: the app started on it in a
 * process of its own, the author with the most skins and an admin signed in.
 */
export async function measureDashboards(db: BenchDatabase, options: DashboardsOptions) {
  const author = await db.pool.oneFirst(sql.type(z.object({ id: z.number() }))`
    select author_id as id from skins group by author_id order by count(*) desc, author_id limit 1`);
  const admin = await db.pool.oneFirst(sql.type(z.object({ id: z.number() }))`
    select id from users where username = 'bench_admin'`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-dashboards-'));
  progress('starting the app in a process of its own');
  // The app as npm start runs it, so the load's own work never shares its event loop.
  const secret = randomBytes(32).toString('hex');
  const { url, child } = await startServer(db, dataDir, { LOG_LEVEL: 'silent', JWT_SECRET: secret });
  const tokens = new SessionTokens(secret);
  try {
    const tokenOf = async (id: number) => {
      const user = await findUserById(db.pool, id);
      if (!user) throw new Error(`No user ${id}`);
      return tokens.sign(sessionClaimsOf(user));
    };
    const authorToken = await tokenOf(author);
    const typename = JSON.stringify({ query: '{ __typename }' });
    // A fresh process compiles as it serves: a few seconds of answers that do not count.
    await pacedLoad(url, authorToken, typename, options.requestsPerSecond, 5);
    // The floor of this machine at this moment: the same load with a query that reads nothing.
    progress('baseline: { __typename } at the same rate');
    const baseline = await pacedLoad(
      url,
      authorToken,
      typename,
      options.requestsPerSecond,
      Math.max(5, Math.round(options.seconds / 3)),
    );
    const authorDashboard = await measureDashboard(
      url,
      authorToken,
      CreativityDashboardQuery,
      options,
      AIMS.authorP99Ms,
    );
    const siteDashboard = await measureDashboard(
      url,
      await tokenOf(admin),
      SiteDashboardQuery,
      options,
      AIMS.siteP99Ms,
    );
    return {
      load: { requestsPerSecond: options.requestsPerSecond, secondsEach: options.seconds },
      author: { id: author, chosenAs: 'the author with the most skins' },
      baseline: { query: '{ __typename }', ...baseline, loadAverage: round(os.loadavg()[0]!) },
      authorDashboard,
      siteDashboard,
    };
  } finally {
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
