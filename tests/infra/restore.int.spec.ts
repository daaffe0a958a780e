import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApp, type RunningApp } from '../../app/app';
import { loadConfig } from '../../infra/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../infra/db/embedded-postgres';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool, type DatabasePool } from '../../infra/db/pool';
import {
  assertTransactionIdsSafeAt,
  inspectTransactionIds,
  TransactionIdsAheadError,
} from '../../infra/db/transaction-id-guard';
import { advanceTransactionCounter, repairTransactionIds } from '../../infra/db/transaction-id-repair';
import { FEED_START } from '../../infra/event-store/event-store';
import { createLogger } from '../../infra/logger';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { ordersProjection } from '../../projections/orders.projection';
import { ownershipProjection } from '../../projections/ownership.projection';
import { payoutsProjection } from '../../projections/payouts.projection';
import { freePort } from '../support/free-port';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import type { TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createUser } from '../support/test-users';

// A logical restore (what pg_dump's data section and pg_restore do: COPY table by table) of a
// database into a FRESH cluster, whose transaction counter is far behind the stored events'.

const log = createLogger({ level: 'silent' });
const tsx = path.resolve('node_modules/.bin/tsx');
const folders: string[] = [];
const clusters: EmbeddedDatabase[] = [];
const apps: RunningApp[] = [];

async function folder(prefix: string, mode: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // The servers run as the postgres user: it must enter these, and write the dump's files.
  await fs.chmod(dir, mode);
  folders.push(dir);
  return dir;
}

async function startCluster(): Promise<EmbeddedDatabase> {
  const dataDir = await folder('restore-cluster-', 0o755);
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), log });
  clusters.push(cluster);
  return cluster;
}

/** The marketplace on a database, as `npm start` runs it, shaped for the shop helpers. */
async function startMarketplace(databaseUrl: string): Promise<TestApp> {
  const dataDir = await folder('restore-app-', 0o755);
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      PAYOUT_SCHEDULE: 'false',
      PROJECTION_POLL_MS: '60000',
    }),
    webDistDir: path.join(dataDir, 'no-web-build'),
  };
  const running = await startApp(config, log);
  apps.push(running);
  // The shop and user helpers read only the server and the context of a test app.
  return { server: running.server, context: running.context, close: running.close } as unknown as TestApp;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pg_dump's data section and pg_restore, by hand: every table COPYed out to a file and into the
 * target's schema (made by the same migrations), with triggers off as pg_restore loads data, and
 * every sequence set to the source's value. Stored values, transaction ids included, arrive as they were.
 */
async function dumpAndRestore(sourceUrl: string, targetUrl: string) {
  const dumpDir = await folder('restore-dump-', 0o777);
  const { tables, sequences } = await withClient(sourceUrl, async (source) => {
    const tables = (
      await source.query<{ name: string }>(`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`)
    ).rows.map((row) => row.name);
    for (const table of tables) {
      const file = path.join(dumpDir, `${table}.copy`);
      await source.query(`copy public.${source.escapeIdentifier(table)} to ${source.escapeLiteral(file)}`);
    }
    const sequences: { name: string; value: string; called: boolean }[] = [];
    const names = await source.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S'`);
    for (const { name } of names.rows) {
      const row = await source.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from public.${source.escapeIdentifier(name)}`,
      );
      sequences.push({ name, ...row.rows[0]! });
    }
    return { tables, sequences };
  });
  await migrate(targetUrl, log);
  await withClient(targetUrl, async (target) => {
    await target.query('begin');
    await target.query('set local session_replication_role = replica');
    await target.query(`truncate ${tables.map((t) => `public.${target.escapeIdentifier(t)}`).join(', ')}`);
    for (const table of tables) {
      const file = path.join(dumpDir, `${table}.copy`);
      await target.query(`copy public.${target.escapeIdentifier(table)} from ${target.escapeLiteral(file)}`);
    }
    for (const sequence of sequences) {
      await target.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${target.escapeIdentifier(sequence.name)}`,
        sequence.value,
        sequence.called,
      ]);
    }
    await target.query('commit');
  });
}

type CommandResult = { code: number; output: string };

/** A command-line tool run against a database, as `npm run <tool>` runs it. */
async function command(script: string, databaseUrl: string, args: string[] = []): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', NODE_ENV: 'test' },
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** Each catch-up consumer's processed events: those at or before its checkpoint in the feed. */
async function processedEvents(pool: DatabasePool) {
  const rows = await pool.any(sql.type(
    z.object({ projection_name: z.string(), events: z.array(z.string()) }),
  )`
    select c.projection_name,
           coalesce(array_agg(e.event_id::text order by e.event_id) filter (where e.event_id is not null), '{}')
             as events
    from projection_checkpoints c
    left join events e on (e.transaction_id, e.global_position) <= (c.last_transaction_id, c.last_position)
    group by c.projection_name order by c.projection_name`);
  return Object.fromEntries(rows.map((row) => [row.projection_name, row.events]));
}

const readModels = async (pool: DatabasePool) => ({
  orders: await pool.any(sql.unsafe`select * from orders order by id`),
  items: await pool.any(sql.unsafe`select * from order_items order by order_id, position`),
  owned: await pool.any(sql.unsafe`select * from owned_skins order by user_id, skin_id`),
  payouts: await pool.any(sql.unsafe`select * from payouts order by id`),
  lines: await pool.any(sql.unsafe`select * from payout_lines order by payout_id, line_no`),
});

const statusOf = (pool: DatabasePool, orderId: number) =>
  pool.oneFirst(sql.type(z.object({ status: z.string() }))`select status from orders where id = ${orderId}`);

let source: EmbeddedDatabase;
let target: EmbeddedDatabase;
let targetPool: DatabasePool;
let paidOrderId: number;
let unpaidOrder: { id: number; reference: string };
let skinId: number;
let eventsInDump: number;
let processedBeforeRestore: Record<string, string[]>;

describe('a database restored logically into a fresh cluster', () => {
  beforeAll(async () => {
    [source, target] = await Promise.all([startCluster(), startCluster()]);
    // A cluster that has run for a while: the events below get ids far above a fresh cluster's.
    const sourcePool = await createDatabasePool(source.url, { maxPoolSize: 1 });
    const next = (await inspectTransactionIds(sourcePool)).nextTransactionId;
    await advanceTransactionCounter(sourcePool, BigInt(next) + 50_000n);
    await sourcePool.end();

    // The live marketplace: an order paid (and allocated to its author's payout), one still unpaid.
    const live = await startMarketplace(source.url);
    const author = await createUser(live);
    skinId = (await addSkin(live, { authorId: author.id, priceCents: 3000 })).id;
    const paid = await cardCheckout(live, checkoutForm({ skins: [skinId] }));
    await payLocally(live, paid.reference);
    paidOrderId = (await orderBySession(live, paid.reference)).id;
    const unpaid = await cardCheckout(live, checkoutForm({ skins: [skinId] }));
    unpaidOrder = { id: (await orderBySession(live, unpaid.reference)).id, reference: unpaid.reference };
    await live.context.runner.catchUp();
    await live.close();

    await dumpAndRestore(source.url, target.url);
    targetPool = await createDatabasePool(target.url, { maxPoolSize: 4 });
    eventsInDump = await targetPool.oneFirst(
      sql.type(z.object({ count: z.number() }))`select count(*)::int as count from events`,
    );
    processedBeforeRestore = await processedEvents(targetPool);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await targetPool?.end();
    for (const cluster of clusters) await cluster.stop().catch(() => undefined);
    for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
  });

  it('is refused by the app start-up, npm run replay and npm run reconcile, which write nothing', async () => {
    const report = await inspectTransactionIds(targetPool);
    expect(report.ahead.map((c) => `${c.table}.${c.column}`)).toEqual([
      'events.transaction_id',
      'projection_checkpoints.last_transaction_id',
    ]);
    expect(BigInt(report.ahead[0]!.highest!)).toBeGreaterThan(BigInt(report.nextTransactionId) + 40_000n);

    const refusal =
      /restored into a PostgreSQL cluster whose transaction counter is behind the stored events.*`npm run restore` \(see docs\/operations\.md/;
    await expect(assertTransactionIdsSafeAt(target.url)).rejects.toThrow(refusal);
    await expect(startMarketplace(target.url)).rejects.toBeInstanceOf(TransactionIdsAheadError);
    const [replay, reconcile] = await Promise.all([
      command('app/cli/replay.ts', target.url, ['--all']),
      command('app/cli/reconcile.ts', target.url),
    ]);
    expect(replay.code).toBe(1);
    expect(replay.output).toMatch(refusal);
    expect(reconcile.code).toBe(1);
    expect(reconcile.output).toMatch(refusal);

    expect(await processedEvents(targetPool)).toEqual(processedBeforeRestore);
    const events = await targetPool.oneFirst(
      sql.type(z.object({ count: z.number() }))`select count(*)::int as count from events`,
    );
    expect(events).toBe(eventsInDump);
  });

  it('npm run restore re-bases it, keeps what every projection and reactor processed, and changes nothing when run again', async () => {
    const restore = await command('app/cli/restore.ts', target.url);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('transaction ids re-based');
    expect(restore.output).toContain('"checkpoint re-based"');
    await expect(assertTransactionIdsSafeAt(target.url)).resolves.toMatchObject({ ahead: [] });
    // Each consumer still has exactly the events it had processed, so none is applied again.
    expect(await processedEvents(targetPool)).toEqual(processedBeforeRestore);
    expect(processedBeforeRestore['payout-allocation']!.length).toBeGreaterThan(0);

    // Run again (or on any healthy database), it changes nothing.
    const idsBefore = await processedEvents(targetPool);
    await expect(repairTransactionIds(targetPool, log)).resolves.toMatchObject({ status: 'healthy' });
    expect(await processedEvents(targetPool)).toEqual(idsBefore);
  });

  it('then takes new events after the restored ones: feed order, catch-up, allocation and replay all hold', async () => {
    const app = await startMarketplace(target.url);
    const pool = app.context.pool;
    // The order placed before the backup is paid now; a new order is placed and paid.
    await payLocally(app, unpaidOrder.reference);
    const fresh = await cardCheckout(app, checkoutForm({ skins: [skinId] }));
    await payLocally(app, fresh.reference);
    const freshOrderId = (await orderBySession(app, fresh.reference)).id;
    await app.context.runner.catchUp();

    // Every stream, old and new, reads in version order on the feed.
    const feed = await app.context.store.readFeed(pool, FEED_START, { limit: 10_000 });
    const versionsOf = (streamId: string) =>
      feed.events.filter((event) => event.streamId === streamId).map((event) => event.streamVersion);
    for (const orderId of [unpaidOrder.id, freshOrderId]) {
      const versions = versionsOf(`order-${orderId}`);
      expect(versions.length).toBeGreaterThanOrEqual(3);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }
    const outOfOrder = await pool.anyFirst(sql.type(z.object({ stream_id: z.string() }))`
      select stream_id from (
        select stream_id, stream_version,
               lag(stream_version) over (partition by stream_id order by transaction_id, global_position) as previous
        from events) ordered
      where previous > stream_version`);
    expect(outOfOrder).toEqual([]);
    expect(feed.events.length).toBeGreaterThan(eventsInDump);

    // The catch-up projection counted every event, the new ones included, and nothing is behind.
    const counted = await pool.oneFirst(
      sql.type(
        z.object({ events: z.number() }),
      )`select coalesce(sum(events), 0)::int as events from event_activity_daily`,
    );
    expect(counted).toBe(feed.events.length);
    for (const lag of await app.context.runner.lag(pool)) expect(lag.eventsBehind).toBe(0);

    // The allocation reactor took the two new payments once and did not take the old one again.
    const allocated = await pool.any(sql.type(z.object({ order_id: z.number(), lines: z.number() }))`
      select order_id, count(*)::int as lines from payout_lines where kind = 'ITEM' group by order_id order by 1`);
    expect(allocated).toEqual(
      [paidOrderId, unpaidOrder.id, freshOrderId]
        .sort((a, b) => a - b)
        .map((order_id) => ({ order_id, lines: 1 })),
    );

    // Replay gives the same read models, and paid orders stay paid.
    const before = await readModels(pool);
    for (const projection of [ordersProjection, ownershipProjection, payoutsProjection]) {
      await rebuildProjection({ pool, store: app.context.store, batchSize: 3 }, projection);
    }
    expect(await readModels(pool)).toEqual(before);
    for (const orderId of [paidOrderId, unpaidOrder.id, freshOrderId]) {
      expect(await statusOf(pool, orderId)).toBe('PAYMENT_RECEIVED');
    }
  });
});

describe('npm run restore refuses what it cannot re-base safely, changing nothing', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ maxPoolSize: 2 });
  });
  afterAll(async () => {
    await db.drop();
  });

  const storedIds = () =>
    db.pool.anyFirst(sql.type(z.object({ id: z.string() }))`
      select transaction_id::text as id from events order by stream_id, stream_version`);

  it('a stream whose events are out of version order in the feed (appended after the restore, past the guard)', async () => {
    await db.pool.query(sql.unsafe`
      insert into streams (stream_id, stream_type, version) values ('order-1', 'order', 2), ('order-2', 'order', 1)`);
    // order-1's second event was appended in the restored cluster, with a lower id than its first.
    await db.pool.query(sql.unsafe`
      insert into events (stream_id, stream_version, transaction_id, event_id, event_type, data) values
        ('order-1', 1, '90000000'::xid8, gen_random_uuid(), 'OrderPlaced', '{}'),
        ('order-2', 1, '90000001'::xid8, gen_random_uuid(), 'OrderPlaced', '{}'),
        ('order-1', 2, '5'::xid8, gen_random_uuid(), 'PaymentReceived', '{}')`);
    const before = await storedIds();
    await expect(repairTransactionIds(db.pool, log)).rejects.toThrow(
      /order-1 contradicts their stream versions.*Restore the backup again/,
    );
    expect(await storedIds()).toEqual(before);
  });

  it('an xid8 column it does not know', async () => {
    await db.pool.query(sql.unsafe`delete from events where stream_version = 2`);
    await db.pool.query(sql.unsafe`create table snapshot_marks (taken_by xid8 not null)`);
    await db.pool.query(sql.unsafe`insert into snapshot_marks values ('1'::xid8)`);
    const before = await storedIds();
    await expect(repairTransactionIds(db.pool, log)).rejects.toThrow(
      /does not know how to re-base: public\.snapshot_marks\.taken_by\. Nothing was changed/,
    );
    expect(await storedIds()).toEqual(before);
  });
});
