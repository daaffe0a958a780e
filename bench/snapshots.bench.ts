import os from 'node:os';
import { sql } from 'slonik';
import { z } from 'zod';
import { createDatabasePool } from '../infra/db/pool';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { ensureCheckpoints } from '../infra/projection-engine/catch-up-runner';
import {
  isSnapshotted,
  rebuildWithSnapshots,
  takeSnapshot,
} from '../infra/projection-engine/read-model-snapshots';
import { projections } from '../projections';
import type { BenchDatabase } from './bench-database';

export type SnapshotsOptions = { downloads: number; skins: number; months: number };

const INSERT_BATCH = 100_000;
const REBUILD_BATCH = 5_000;

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const load = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

/**
 * `count` downloads, the `first`-th to the (first + count)-th of `total` spread evenly over `months`
 * months ending now: a few popular skins, half by signed-in users and half by visitor keys, on a
 * stream per skin and downloader as the recorder appends them. Written straight in SQL (the store's
 * appends would take an hour at this size); the rebuilds read them through the store.
 */
async function seedDownloads(db: BenchDatabase, options: SnapshotsOptions, first: number, count: number) {
  const spanMs = options.months * 30.4 * 24 * 3600 * 1000;
  const total = options.downloads;
  for (let from = first; from < first + count; from += INSERT_BATCH) {
    const to = Math.min(first + count, from + INSERT_BATCH);
    await db.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`set local statement_timeout = 0`);
      await tx.query(sql.unsafe`select setseed(${from / total})`);
      await tx.query(sql.unsafe`
        create temporary table bench_snapshot_downloads on commit drop as
        select n, skin_id, 'TM2020' as game, 1 + skin_id % 500 as author_id, downloader, user_id,
               date_trunc('milliseconds', now() - interval '1 millisecond' * ${spanMs} * (1 - n::float8 / ${total})) as at
        from (select n, 1 + floor(${options.skins} * random() ^ 3)::int as skin_id, random() as who,
                     floor(random() * 300000)::int as key
              from generate_series(${from + 1}::int, ${to}::int) n) r,
             lateral (select case when who < 0.5 then 'user:' || (100000 + key) else 'visitor:bench-' || key end
                               as downloader,
                             case when who < 0.5 then 100000 + key end as user_id) d`);
      await tx.query(sql.unsafe`
        create temporary table bench_snapshot_streams on commit drop as
        select 'skin-downloads-' || skin_id || '-' || downloader as stream_id, count(*) as added,
               coalesce(max(s.version), 0) as before
        from bench_snapshot_downloads d
        left join streams s on s.stream_id = 'skin-downloads-' || d.skin_id || '-' || d.downloader
        group by 1`);
      await tx.query(sql.unsafe`
        insert into streams (stream_id, stream_type, version)
        select stream_id, 'skin-downloads', before + added from bench_snapshot_streams
        on conflict (stream_id) do update set version = excluded.version, updated_at = now()`);
      await tx.query(sql.unsafe`
        insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
        select s.stream_id, s.before + row_number() over (partition by s.stream_id order by d.at, d.n),
               gen_random_uuid(), 'SkinDownloaded', 1,
               jsonb_build_object('skinId', d.skin_id, 'downloader', d.downloader, 'userId', d.user_id,
                                  'game', d.game, 'authorId', d.author_id),
               '{"actor": {"system": "bench"}, "correlationId": "bench-snapshots"}'::jsonb, d.at
        from bench_snapshot_downloads d
        join bench_snapshot_streams s on s.stream_id = 'skin-downloads-' || d.skin_id || '-' || d.downloader
        order by d.at, d.n`);
    });
  }
}

/** Rows and a digest of every row of each table (to compare two rebuilds without shipping the rows). */
async function digestOf(db: BenchDatabase, tables: readonly string[]) {
  const digests: Record<string, { rows: number; digest: string }> = {};
  for (const table of tables) {
    digests[table] = await db.pool.one(sql.type(z.object({ rows: z.number(), digest: z.string() }))`
      select count(*)::int as rows, coalesce(sum(hashtext(t::text)::numeric), 0)::text as digest
      from ${sql.identifier(['public', table])} t`);
  }
  return digests;
}

/**
 * The downloads read model rebuilt from the first event and from the latest monthly snapshot, on a
 * log of `downloads` events over `months` months: the snapshot is taken at the end of the
 * second-to-last month, so the rebuild from it replays the last month's events only.
 */
export async function benchSnapshots(bench: BenchDatabase, options: SnapshotsOptions) {
  // Long statements on purpose (a swap of a million rows on a busy machine): a pool without the
  // app's 30 s statement timeout.
  const pool = await createDatabasePool(bench.url, { maxPoolSize: 4, statementTimeoutMs: 3_600_000 });
  try {
    return await measure({ ...bench, pool }, options);
  } finally {
    await pool.end();
  }
}

async function measure(db: BenchDatabase, options: SnapshotsOptions) {
  const projection = projections.filter(isSnapshotted).find((p) => p.name === 'skin-downloads')!;
  const tables = projection.tables.map((table) => table.name);
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const engine = { pool: db.pool, store, batchSize: REBUILD_BATCH };
  await ensureCheckpoints(db.pool, [projection]);
  const loadAtStart = load();

  const beforeLastMonth = Math.round((options.downloads * (options.months - 1)) / options.months);
  let started = performance.now();
  await seedDownloads(db, options, 0, beforeLastMonth);
  const seedFirstMs = performance.now() - started;
  started = performance.now();
  await rebuildWithSnapshots({ ...engine, fromStart: true }, projection);
  const buildToMonthEndMs = performance.now() - started;
  started = performance.now();
  const taken = await takeSnapshot(db.pool, projection);
  const snapshotMs = performance.now() - started;
  if (!('taken' in taken)) throw new Error(`No snapshot: ${taken.skipped}`);
  const snapshotBytes = await db.pool.oneFirst(sql.type(z.object({ bytes: z.number() }))`
    select coalesce(sum(pg_total_relation_size(format('%I.%I', schemaname, tablename)::regclass)), 0)::int8 as bytes
    from pg_tables where schemaname = 'read_model_snapshots' and tablename ~ ${`^s${taken.taken.id}_`}`);

  started = performance.now();
  await seedDownloads(db, options, beforeLastMonth, options.downloads - beforeLastMonth);
  const seedLastMs = performance.now() - started;
  await db.pool.query(sql.unsafe`vacuum analyze events`);

  const loadBeforeRebuilds = load();
  started = performance.now();
  const fromSnapshot = await rebuildWithSnapshots(engine, projection);
  const fromSnapshotMs = performance.now() - started;
  const rowsFromSnapshot = await digestOf(db, tables);
  started = performance.now();
  const fromStart = await rebuildWithSnapshots({ ...engine, fromStart: true }, projection);
  const fromStartMs = performance.now() - started;
  const rowsFromStart = await digestOf(db, tables);

  return {
    events: options.downloads,
    months: options.months,
    skins: options.skins,
    seeding: { seconds: seconds(seedFirstMs + seedLastMs) },
    snapshot: {
      takenAfterEvents: taken.taken.eventsApplied,
      seconds: seconds(snapshotMs),
      rows: taken.taken.rowsCopied,
      megabytes: Math.round(snapshotBytes / 1e5) / 10,
      buildToThatMonthEndSeconds: seconds(buildToMonthEndMs),
    },
    rebuildFromFirstEvent: {
      eventsApplied: fromStart.applied,
      seconds: seconds(fromStartMs),
      eventsPerSecond: Math.round(fromStart.applied / (fromStartMs / 1000)),
    },
    rebuildFromSnapshot: {
      eventsApplied: fromSnapshot.applied,
      snapshotId: fromSnapshot.fromSnapshot?.id ?? null,
      seconds: seconds(fromSnapshotMs),
    },
    speedup: Math.round((fromStartMs / fromSnapshotMs) * 10) / 10,
    sameRows: JSON.stringify(rowsFromSnapshot) === JSON.stringify(rowsFromStart),
    rows: Object.fromEntries(Object.entries(rowsFromStart).map(([table, { rows }]) => [table, rows])),
    loadAverage: { atStart: loadAtStart, beforeRebuilds: loadBeforeRebuilds, atEnd: load() },
  };
}
