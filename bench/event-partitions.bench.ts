import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { startEmbeddedPostgres } from '../infra/db/embedded-postgres';
import { migrate } from '../infra/db/migrate';
import { createDatabasePool, type DatabasePool } from '../infra/db/pool';
import { createLogger } from '../infra/logger';
import { freePort } from '../tests/support/free-port';
import { linkEventsWrittenByHand } from './event-chain-links';
import { insertOrderEvents, paidOrders, type GeneratedEvent } from './order-history';

/** The schema before the event log was partitioned (migration 061). */
const BEFORE_PARTITIONS = 60;
const ORDERS_PER_INSERT = 5_000;
const DOWNLOADS_PER_INSERT = 100_000;
const SEEDED = 'bench_seeded';
const MIGRATED = 'bench_migrated';

const countRow = z.object({ n: z.number() });
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Migration 061 (the monthly partitions of the event log) on an existing database of the reconcile
 * bench's size: an order history and downloads, about a million events spread over the past year,
 * written once at schema 60 into `bench_seeded` (kept in `dataDir` when given, so later runs reuse it),
 * then copied (CREATE DATABASE … TEMPLATE) and migrated in place, timed. The copy is checked to hold
 * every event, and dropped.
 */
export async function benchEventPartitions(options: {
  dataDir?: string;
  orders: number;
  downloads: number;
  authors: number;
}) {
  const log = createLogger({ level: 'warn' });
  const dataDir =
    options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-partitions-')));
  await fs.mkdir(dataDir, { recursive: true });
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log, databaseName: SEEDED });
  const urlOf = (name: string) => {
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: urlOf('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    const { to: seededVersion } = await migrate(urlOf(SEEDED), log, { to: BEFORE_PARTITIONS });
    if (seededVersion > BEFORE_PARTITIONS)
      throw new Error(
        `${SEEDED} is at schema ${seededVersion}, past ${BEFORE_PARTITIONS}: remove ${dataDir}.`,
      );
    const seeding = await seedOnce(urlOf(SEEDED), options);

    await admin(`drop database if exists ${MIGRATED} with (force)`);
    let started = performance.now();
    await admin(`create database ${MIGRATED} template ${SEEDED}`);
    const copySeconds = seconds(performance.now() - started);

    started = performance.now();
    await migrate(urlOf(MIGRATED), log);
    const migrateSeconds = seconds(performance.now() - started);

    const pool = await createDatabasePool(urlOf(MIGRATED), { maxPoolSize: 2 });
    try {
      const events = await pool.oneFirst(sql.type(countRow)`select count(*)::int as n from events`);
      const partitions = await pool.any(sql.type(z.object({ name: z.string(), n: z.number() }))`
        select c.relname as name, (select count(*)::int from events e where e.tableoid = c.oid) as n
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'events'::regclass order by 1`);
      if (events !== seeding.events)
        throw new Error(`The migrated copy holds ${events} events, the seeded database ${seeding.events}.`);
      const inDefault = partitions.find((p) => p.name === 'events_default')?.n ?? 0;
      if (inDefault !== 0) throw new Error(`${inDefault} events were left in the default partition.`);
      const size = await pool.oneFirst(sql.type(z.object({ bytes: z.number() }))`
        select sum(pg_total_relation_size(i.inhrelid))::int8 as bytes
        from pg_inherits i where i.inhparent = 'events'::regclass`);
      return {
        events,
        seeding,
        copyDatabaseSeconds: copySeconds,
        migration061Seconds: migrateSeconds,
        eventsPerSecond: Math.round(events / migrateSeconds),
        partitionedBytes: size,
        partitions: partitions.map((p) => `${p.name}: ${p.n}`),
        loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
      };
    } finally {
      await pool.end();
      await admin(`drop database if exists ${MIGRATED} with (force)`);
    }
  } finally {
    await server.stop();
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The reconcile bench's history (orders, then downloads), its recorded times spread over the past year. */
async function seedOnce(
  url: string,
  options: { orders: number; downloads: number; authors: number },
): Promise<{ events: number; reused: boolean; seconds: number }> {
  const pool = await createDatabasePool(url, { maxPoolSize: 4, statementTimeoutMs: 3_600_000 });
  try {
    const done = await pool.oneFirst(sql.type(z.object({ done: z.boolean() }))`
      select to_regclass('bench_seeding_done') is not null as done`);
    if (done) {
      const events = await pool.oneFirst(sql.type(countRow)`select count(*)::int as n from events`);
      return { events, reused: true, seconds: 0 };
    }
    // A seeding cut short leaves rows: start again from none.
    await pool.query(sql.unsafe`truncate events, streams`);
    const started = performance.now();
    let pending: GeneratedEvent[] = [];
    for (const order of paidOrders({
      orders: options.orders,
      authors: options.authors,
      firstAuthorId: 1_001,
    })) {
      // The history spans 60 days; spread over the year, as a site a year old has it.
      const shiftMs = (Number(order.orderId) % 300) * DAY_MS;
      pending.push(
        ...order.events.map((event) => ({
          ...event,
          recordedAt: new Date(Date.parse(event.recordedAt) - shiftMs).toISOString(),
        })),
      );
      if (Number(order.orderId) % ORDERS_PER_INSERT === 0) {
        await insertOrderEvents(pool, pending);
        pending = [];
      }
    }
    await insertOrderEvents(pool, pending);
    for (let from = 0; from < options.downloads; from += DOWNLOADS_PER_INSERT) {
      const to = Math.min(options.downloads, from + DOWNLOADS_PER_INSERT);
      await insertDownloads(pool, { from, to, total: options.downloads, authors: options.authors });
    }
    await linkEventsWrittenByHand(pool);
    await pool.query(sql.unsafe`vacuum analyze`);
    await pool.query(sql.unsafe`create table bench_seeding_done ()`);
    const events = await pool.oneFirst(sql.type(countRow)`select count(*)::int as n from events`);
    return { events, reused: false, seconds: seconds(performance.now() - started) };
  } finally {
    await pool.end();
  }
}

/** Downloads as the reconcile bench writes them: streams of one skin and downloader, over 365 days. */
async function insertDownloads(
  pool: DatabasePool,
  { from, to, total, authors }: { from: number; to: number; total: number; authors: number },
) {
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      create temporary table bench_downloads on commit drop as
      select 'skin-downloads-' || skin || '-user:' || user_id as stream_id, skin, user_id, n
      from generate_series(${from + 1}::int, ${to}::int) n,
           lateral (select 1 + (n::int8 * 7919) % 20000 as skin, 1000001 + (n / 3) % 20000 as user_id) d`);
    await tx.query(sql.unsafe`
      insert into streams (stream_id, stream_type, version)
      select stream_id, 'skin-downloads', count(*) from bench_downloads group by stream_id
      on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = now()`);
    await tx.query(sql.unsafe`
      insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
      select d.stream_id,
             coalesce((select max(stream_version) from events e where e.stream_id = d.stream_id), 0)
               + row_number() over (partition by d.stream_id order by d.n),
             gen_random_uuid(), 'SkinDownloaded', 1,
             jsonb_build_object('skinId', d.skin, 'downloader', 'user:' || d.user_id, 'userId', d.user_id,
                                'game', 'TM2020', 'authorId', 1001 + d.skin % ${authors}),
             '{"actor": {"system": "bench"}, "correlationId": "bench-partitions"}'::jsonb,
             now() - interval '1 day' * (365 - 365.0 * d.n / ${total})
      from bench_downloads d order by d.n`);
  });
}
