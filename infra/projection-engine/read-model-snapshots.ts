import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection, Queryable } from '../db/pool';
import type { EventStore, FeedCheckpoint } from '../event-store/event-store';
import type { Logger } from '../logger';
import { rebuildProjection } from './catch-up-runner';
import type { ReadModelTable, RebuildableProjection } from './shadow-rebuild';

/**
 * Monthly snapshots of read models (docs/operations.md, "Read-model snapshots"). A snapshot copies
 * every table of a catch-up projection, in one repeatable-read transaction, together with the
 * projection's checkpoint: the runner moves the checkpoint in the transaction that writes the rows,
 * so the copy is exactly the rows as of that position. A rebuild fills its shadow tables from the
 * latest snapshot of the running code's version and replays only the events after it.
 *
 * Kept as tables in the schema `read_model_snapshots` (migration 062), not as files: the copy and
 * the checkpoint come from one database transaction, a rebuild restores with one INSERT … SELECT per
 * table (no decoding through the app, no bucket round trip), and nothing outside the database has
 * to be kept in step with it. The price is disk in the database (the tables' size, times the
 * snapshots kept); they are left out of backups, being derived.
 */

const SCHEMA = 'read_model_snapshots';
/** Snapshots kept per projection; older ones are dropped when a new one is taken. */
export const SNAPSHOTS_KEPT = 3;

export type SnapshotProjection = RebuildableProjection & { snapshotVersion: number };

export const isSnapshotted = (projection: RebuildableProjection): projection is SnapshotProjection =>
  projection.snapshotVersion !== undefined;

export type Snapshot = {
  id: number;
  projectionName: string;
  version: string;
  monthEnding: string | null;
  position: FeedCheckpoint;
  eventsApplied: number;
  rowsCopied: number;
  takenAt: Date;
};

const snapshotRow = z.object({
  id: z.number(),
  projection_name: z.string(),
  version: z.string(),
  month_ending: z.string().nullable(),
  last_transaction_id: z.string(),
  last_position: z.number(),
  events_applied: z.number(),
  rows_copied: z.number(),
  taken_at: z.coerce.date(),
});
const snapshotColumns = sql.fragment`
  id, projection_name, version, month_ending::text as month_ending, last_transaction_id::text as last_transaction_id,
  last_position, events_applied, rows_copied, taken_at`;

const toSnapshot = (row: z.infer<typeof snapshotRow>): Snapshot => ({
  id: row.id,
  projectionName: row.projection_name,
  version: row.version,
  monthEnding: row.month_ending,
  position: { transactionId: row.last_transaction_id, position: row.last_position },
  eventsApplied: row.events_applied,
  rowsCopied: row.rows_copied,
  takenAt: row.taken_at,
});

/** A table's primary-key columns, in key order. */
async function keyColumnsOf(db: Queryable, table: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ name: z.string() }))`
    select a.attname as name
    from pg_index i join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary
    order by k.n`);
}

/** The columns a snapshot keeps of a table: all of them, or of a shared table its key and the projection's. */
async function snapshotColumnsOf(db: Queryable, table: ReadModelTable): Promise<readonly string[]> {
  if (!table.columns) {
    return db.anyFirst(sql.type(z.object({ name: z.string() }))`
      select attname as name from pg_attribute
      where attrelid = ${`public.${table.name}`}::regclass and attnum > 0 and not attisdropped
      order by attnum`);
  }
  return [...(await keyColumnsOf(db, table.name)), ...table.columns];
}

/**
 * The version a snapshot is taken and used under: the projection's `snapshotVersion` (raised by hand
 * when its code writes other rows) and a digest of the kept columns' names and types (a migration
 * that changes a table makes older snapshots unusable by itself).
 */
export async function snapshotVersionOf(db: Queryable, projection: SnapshotProjection): Promise<string> {
  const parts: string[] = [];
  for (const table of projection.tables) {
    const columns = await snapshotColumnsOf(db, table);
    const types = await db.anyFirst(sql.type(z.object({ type: z.string() }))`
      select format_type(atttypid, atttypmod) as type
      from unnest(${sql.array([...columns], 'text')}::text[]) with ordinality as c(name, n)
      join pg_attribute on attrelid = ${`public.${table.name}`}::regclass and attname = c.name
      order by c.n`);
    parts.push(`${table.name}(${columns.map((column, i) => `${column} ${types[i]}`).join(',')})`);
  }
  const digest = await db.oneFirst(sql.type(z.object({ digest: z.string() }))`
    select left(md5(${parts.join(';')}), 12) as digest`);
  return `v${projection.snapshotVersion}-${digest}`;
}

const snapshotTable = (id: number, table: string) => sql.identifier([SCHEMA, `s${id}_${table}`]);
const columnList = (columns: readonly string[]) =>
  sql.join(
    columns.map((column) => sql.identifier([column])),
    sql.fragment`, `,
  );

export type TakeSnapshotResult =
  | { taken: Snapshot; dropped: number }
  | { skipped: 'live tables built by another version'; liveVersion: string; version: string };

/**
 * Copies the projection's tables as of its checkpoint into a new snapshot, in one repeatable-read
 * transaction (no lock: the runner and readers go on; the runner's in-flight guard holds back events
 * appended meanwhile until it commits, as for any writing transaction). Refused while the live tables
 * were built by another version of the projection (rebuild it first); then drops all but the latest
 * `SNAPSHOTS_KEPT` of the projection.
 */
export async function takeSnapshot(
  pool: DatabasePool,
  projection: SnapshotProjection,
  options: { monthEnding?: string | null; keep?: number } = {},
): Promise<TakeSnapshotResult> {
  const result = await pool.transaction(async (tx): Promise<TakeSnapshotResult> => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    await tx.query(sql.unsafe`set local statement_timeout = 0`);
    const version = await snapshotVersionOf(tx, projection);
    // Tables never rebuilt since snapshots came were built by the running code (or one that wrote
    // the same rows): recorded as such once.
    await tx.query(sql.unsafe`
      insert into read_model_snapshots.live_versions (projection_name, version)
      values (${projection.name}, ${version}) on conflict do nothing`);
    const liveVersion = await tx.oneFirst(sql.type(z.object({ version: z.string() }))`
      select version from read_model_snapshots.live_versions where projection_name = ${projection.name}`);
    if (liveVersion !== version)
      return { skipped: 'live tables built by another version', liveVersion, version };
    const checkpoint = await tx.maybeOne(sql.type(
      z.object({ transaction_id: z.string(), position: z.number(), applied: z.number() }),
    )`
      select last_transaction_id::text as transaction_id, last_position as position, events_applied as applied
      from projection_checkpoints where projection_name = ${projection.name}`);
    if (!checkpoint)
      throw new Error(`Projection ${projection.name} has no checkpoint: was the runner started?`);
    const id = await tx.oneFirst(sql.type(z.object({ id: z.number() }))`
      insert into read_model_snapshots.snapshots
        (projection_name, version, month_ending, last_transaction_id, last_position, events_applied, rows_copied)
      values (${projection.name}, ${version}, ${options.monthEnding ?? null}::date,
              ${checkpoint.transaction_id}::xid8, ${checkpoint.position}, ${checkpoint.applied}, 0)
      returning id`);
    let rows = 0;
    for (const table of projection.tables) {
      const columns = columnList(await snapshotColumnsOf(tx, table));
      const copied = await tx.query(sql.unsafe`
        create table ${snapshotTable(id, table.name)} as
        select ${columns} from ${sql.identifier(['public', table.name])}`);
      rows += copied.rowCount;
    }
    const taken = await tx.one(sql.type(snapshotRow)`
      update read_model_snapshots.snapshots set rows_copied = ${rows} where id = ${id}
      returning ${snapshotColumns}`);
    return { taken: toSnapshot(taken), dropped: 0 };
  });
  if (!('taken' in result)) return result;
  const dropped = await dropOlderSnapshots(pool, projection, options.keep ?? SNAPSHOTS_KEPT);
  return { ...result, dropped };
}

/** Drops the projection's snapshots but the latest `keep` (any version), tables and listing together. */
export async function dropOlderSnapshots(
  pool: DatabasePool,
  projection: RebuildableProjection,
  keep: number,
): Promise<number> {
  return pool.transaction(async (tx) => {
    const old = await tx.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from read_model_snapshots.snapshots where projection_name = ${projection.name}
      order by id desc offset ${keep}`);
    for (const id of old) {
      for (const table of projection.tables) {
        await tx.query(sql.unsafe`drop table if exists ${snapshotTable(id, table.name)}`);
      }
      await tx.query(sql.unsafe`delete from read_model_snapshots.snapshots where id = ${id}`);
    }
    return old.length;
  });
}

/** The latest snapshot of the projection whose version is the running code's, if any. */
export async function latestSnapshot(
  db: Queryable,
  projection: SnapshotProjection,
): Promise<Snapshot | null> {
  const version = await snapshotVersionOf(db, projection);
  const row = await db.maybeOne(sql.type(snapshotRow)`
    select ${snapshotColumns} from read_model_snapshots.snapshots
    where projection_name = ${projection.name} and version = ${version}
    order by id desc limit 1`);
  return row ? toSnapshot(row) : null;
}

/** Records that the projection's live tables were (re)built by the running code. */
export async function recordLiveVersion(db: Queryable, projection: SnapshotProjection): Promise<void> {
  const version = await snapshotVersionOf(db, projection);
  await db.query(sql.unsafe`
    insert into read_model_snapshots.live_versions (projection_name, version) values (${projection.name}, ${version})
    on conflict (projection_name) do update set version = excluded.version, recorded_at = now()`);
}

async function fillFromSnapshot(
  tx: DatabaseTransactionConnection,
  projection: SnapshotProjection,
  id: number,
) {
  for (const table of projection.tables) {
    const columns = columnList(await snapshotColumnsOf(tx, table));
    // Unqualified: the shadow table (the rebuild put its schema first on the search path).
    await tx.query(sql.unsafe`
      insert into ${sql.identifier([table.name])} (${columns})
      select ${columns} from ${snapshotTable(id, table.name)}`);
  }
}

export type SnapshotRebuild = { applied: number; fromSnapshot: Snapshot | null };

/**
 * Rebuilds a read model (catch-up-runner.ts, `rebuildProjection`): a snapshotted projection starts
 * from its latest snapshot of the running version unless `fromStart`, the others from the first
 * event. Afterwards the live tables are recorded as built by the running version.
 */
export async function rebuildWithSnapshots(
  options: { pool: DatabasePool; store: EventStore; batchSize: number; log?: Logger; fromStart?: boolean },
  projection: RebuildableProjection,
): Promise<SnapshotRebuild> {
  const snapshotted = isSnapshotted(projection) ? projection : null;
  const snapshot = snapshotted && !options.fromStart ? await latestSnapshot(options.pool, snapshotted) : null;
  const start =
    snapshotted && snapshot
      ? {
          position: snapshot.position,
          applied: snapshot.eventsApplied,
          fill: (tx: DatabaseTransactionConnection) => fillFromSnapshot(tx, snapshotted, snapshot.id),
        }
      : undefined;
  const applied = await rebuildProjection({ ...options, ...(start ? { start } : {}) }, projection);
  if (snapshotted) await recordLiveVersion(options.pool, snapshotted);
  return { applied: applied - (snapshot?.eventsApplied ?? 0), fromSnapshot: snapshot };
}

/** The first day of the month before `now`'s (UTC), as `YYYY-MM-DD`: the month that has ended. */
export function monthEndedBefore(now: Date): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 10);
}

/**
 * The leader's monthly step: for each snapshotted projection without a snapshot for the month that
 * ended before `now` (of the running version), takes one. Run hourly, so a leader that was down at
 * the month's turn takes it when it is back.
 */
export async function takeMonthEndSnapshots(
  pool: DatabasePool,
  projections: readonly RebuildableProjection[],
  now: Date,
  log: Logger,
): Promise<Snapshot[]> {
  const month = monthEndedBefore(now);
  const taken: Snapshot[] = [];
  for (const projection of projections.filter(isSnapshotted)) {
    const version = await snapshotVersionOf(pool, projection);
    const exists = await pool.exists(sql.unsafe`
      select from read_model_snapshots.snapshots
      where projection_name = ${projection.name} and version = ${version} and month_ending = ${month}::date`);
    if (exists) continue;
    const started = performance.now();
    const result = await takeSnapshot(pool, projection, { monthEnding: month });
    if ('skipped' in result) {
      log.warn(
        { projection: projection.name, ...result },
        'read-model snapshot skipped: the live tables were built by another version; rebuild them (npm run replay)',
      );
      continue;
    }
    log.info(
      { projection: projection.name, ...result.taken, ms: Math.round(performance.now() - started) },
      'read-model snapshot taken',
    );
    taken.push(result.taken);
  }
  return taken;
}
