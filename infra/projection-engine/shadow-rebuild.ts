import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection, Queryable } from '../db/pool';
import {
  FEED_START,
  type EventStore,
  type FeedCheckpoint,
  type StoredEvent,
} from '../event-store/event-store';
import { FeedCopyReader } from '../event-store/feed-copy-reader';
import type { Logger } from '../logger';
import { handlesEvent, type Projection } from './projection';
import { applyReadingAhead } from './read-ahead';

/** A live read-model table (schema public) that a projection writes. */
export type ReadModelTable = {
  name: string;
  /**
   * For a table shared with other projections: the columns this one writes (its rows are never
   * deleted, those columns are set). Absent: the projection owns the whole table.
   */
  columns?: readonly string[];
};

/**
 * A projection that names its tables, so that it can be rebuilt beside the live tables. List
 * referenced tables before the tables that reference them (orders before order_items), in the order
 * `apply` first writes them: the swap locks and fills them in this order.
 */
export type RebuildableProjection = Projection & {
  tables: readonly ReadModelTable[];
  /**
   * Present: the leader snapshots the projection's tables monthly and a rebuild starts from the
   * latest snapshot of this version (read-model-snapshots.ts). Raise it whenever the rows the
   * projection writes for the same events change (its SQL, its helpers, what it reads from events).
   */
  snapshotVersion?: number;
};

/**
 * Where a rebuild starts instead of the first event: `fill` copies a snapshot's rows into the shadow
 * tables (unqualified names resolve to them), which are then as of `position` with `applied` events.
 */
export type ShadowStart = {
  position: FeedCheckpoint;
  applied: number;
  fill(tx: DatabaseTransactionConnection, shadowSchema: string): Promise<void>;
};

export type ShadowRebuildOptions = {
  pool: DatabasePool;
  store: EventStore;
  batchSize: number;
  /** Takes the catch-up runner's advisory lock on the projection until the transaction ends. */
  lockCatchUp(tx: DatabaseTransactionConnection, name: string): Promise<void>;
  log?: Logger;
  /** How long the swap waits for a lock before it builds on and tries again. */
  lockTimeoutMs?: number;
  swapAttempts?: number;
  /** Start from a snapshot's rows and position; absent, from empty tables and the first event. */
  start?: ShadowStart;
};

export type ShadowRebuildResult = {
  /** Events the projection was given, in the build and in the swap. */
  applied: number;
  /** Events committed during the build, applied inside the swap. */
  appliedInSwap: number;
  /** How long the swap transaction held the live tables' locks, in milliseconds. */
  swapMs: number;
  /** Live rows written (deleted, inserted or updated) by the swap. */
  rowsWritten: number;
};

/** The private schema a projection is rebuilt in; dropped afterwards (and left-overs on the next run). */
export const shadowSchemaOf = (projection: Pick<Projection, 'name'>) =>
  `rebuild_${projection.name.replaceAll(/[^a-z0-9]/gi, '_').toLowerCase()}`;

// Two-key advisory locks: the runner's class is 7220, the event store's stream locks take one key.
const REBUILD_LOCK_CLASS = 7221;
const LOCK_NOT_AVAILABLE = '55P03';
const DEADLOCK_DETECTED = '40P01';

/**
 * Rebuilds a projection's read model beside the live one and swaps the result in with one short
 * transaction, so the app keeps reading (and, but for that transaction, writing) while it runs:
 *
 * 1. Build: empty copies of the live tables in a private schema are filled from the feed, one
 *    short transaction per batch (a long one would hold back every catch-up reader), with the
 *    schema first on the `search_path` so the projection's own SQL writes the copies.
 * 2. Swap, in one transaction: take the catch-up runner's lock (catch-up projections), lock the live
 *    tables in EXCLUSIVE mode (plain reads go on, writes wait), apply the events committed since
 *    the build to the copies, then write into the live tables only the rows that differ, and for a
 *    catch-up projection move its checkpoint to where the copies are.
 * 3. Drop the private schema.
 *
 * The live tables are never replaced, only their differing rows rewritten: they keep their
 * identity, indexes, triggers (the skin cards and the change notices follow the new rows), foreign
 * keys, grants and statistics, and readers never wait, not even during the swap.
 */
export async function rebuildInShadow(
  options: ShadowRebuildOptions,
  projection: RebuildableProjection,
): Promise<ShadowRebuildResult> {
  // One rebuild of a projection at a time (they would share the private schema): a session lock
  // held on a connection of its own for the whole rebuild.
  return options.pool.connect(async (guard) => {
    const free = await guard.oneFirst(sql.type(z.object({ free: z.boolean() }))`
      select pg_try_advisory_lock(${REBUILD_LOCK_CLASS}, hashtext(${projection.name})) as free`);
    if (!free) throw new Error(`${projection.name} is already being rebuilt.`);
    try {
      return await FeedCopyReader.using(options.pool, (reader) =>
        rebuildWhileGuarded(options, projection, reader),
      );
    } finally {
      await guard.query(
        sql.unsafe`select pg_advisory_unlock(${REBUILD_LOCK_CLASS}, hashtext(${projection.name}))`,
      );
    }
  });
}

async function rebuildWhileGuarded(
  options: ShadowRebuildOptions,
  projection: RebuildableProjection,
  reader: FeedCopyReader,
): Promise<ShadowRebuildResult> {
  const schema = shadowSchemaOf(projection);
  const log = options.log?.child({ projection: projection.name, shadowSchema: schema });
  await createShadowTables(options.pool, schema, projection.tables);
  try {
    let position = FEED_START;
    let applied = 0;
    const start = options.start;
    if (start) {
      await options.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`set local statement_timeout = 0`);
        await useShadow(tx, schema);
        await start.fill(tx, schema);
      });
      position = start.position;
      applied = start.applied;
      log?.info({ applied, position }, 'shadow tables filled from a snapshot');
    }
    const attempts = options.swapAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      const built = await buildShadow(options, projection, schema, position, reader);
      position = built.position;
      applied += built.applied;
      log?.info({ applied, position }, 'shadow tables built; swapping them in');
      try {
        const swap = await swapIn(options, projection, schema, position, applied);
        log?.info({ ...swap, applied: applied + swap.appliedInSwap }, 'rebuilt read model swapped in');
        return { ...swap, applied: applied + swap.appliedInSwap };
      } catch (error) {
        const code =
          (error as { cause?: { code?: string }; code?: string }).cause?.code ??
          (error as { code?: string }).code;
        if (attempt >= attempts || (code !== LOCK_NOT_AVAILABLE && code !== DEADLOCK_DETECTED)) throw error;
        // Busy writers: give them the tables back, catch up with what they wrote, try again.
        log?.warn({ attempt, code }, 'live tables busy; building on and trying the swap again');
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await options.pool.query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`);
  }
}

/**
 * Empty unlogged copies of the live tables (columns, defaults, checks, unique indexes; no foreign
 * keys and no triggers, so building them notifies nobody and needs no order between tables). Other
 * indexes only slow the build down.
 */
async function createShadowTables(pool: DatabasePool, schema: string, tables: readonly ReadModelTable[]) {
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`);
    await tx.query(sql.unsafe`create schema ${sql.identifier([schema])}`);
    for (const table of tables) {
      await tx.query(sql.unsafe`
        create unlogged table ${sql.identifier([schema, table.name])}
        (like ${sql.identifier(['public', table.name])} including all)`);
      const indexes = await tx.anyFirst(sql.type(z.object({ name: z.string() }))`
        select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = ${`${schema}.${table.name}`}::regclass and not i.indisunique`);
      for (const index of indexes) await tx.query(sql.unsafe`drop index ${sql.identifier([schema, index])}`);
    }
  });
}

/** Unqualified names in the projection's SQL resolve to the shadow tables until the transaction ends. */
async function useShadow(tx: DatabaseTransactionConnection, schema: string) {
  await tx.query(sql.unsafe`select set_config('search_path', ${`${schema}, public`}, true)`);
}

/**
 * Applies the feed after `from` to the shadow tables, one short transaction per batch. The batches
 * are read on `reader` (a connection of its own, feed-copy-reader.ts), one ahead of the writes.
 */
function buildShadow(
  options: ShadowRebuildOptions,
  projection: RebuildableProjection,
  schema: string,
  from: FeedCheckpoint,
  reader: FeedCopyReader,
): Promise<{ position: FeedCheckpoint; applied: number }> {
  return applyReadingAhead(
    replayPages(options, reader, projection, from, true, options.pool),
    from,
    async ({ events }) => {
      if (events.length === 0) return;
      await options.pool.transaction(async (tx) => {
        await useShadow(tx, schema);
        await projection.apply(tx, events);
      });
    },
  );
}

/**
 * The projection's events after a position for a replay, in pages of the batch size: with
 * `inFlightGuard`, only from transactions older than every one still running (the catch-up
 * runner's rule), so none is skipped when it commits late; without, every committed event.
 */
function replayPages(
  options: Pick<ShadowRebuildOptions, 'store' | 'batchSize'>,
  reader: FeedCopyReader,
  projection: Projection,
  after: FeedCheckpoint,
  inFlightGuard: boolean,
  /** Where personal data's keys are read: the pool, or the transaction a rebuild in place runs in. */
  keys: Queryable,
) {
  return options.store.readFeedPages(reader, after, {
    pageSize: options.batchSize,
    inFlightGuard,
    keys,
    ...(projection.eventTypes === 'all' ? {} : { eventTypes: projection.eventTypes }),
  });
}

/**
 * The projection's events after a position, in feed order, only from transactions older than every
 * one still running (the catch-up runner's rule), so none is skipped when it commits late.
 */
function readHandled(
  store: EventStore,
  tx: Queryable,
  projection: Projection,
  after: FeedCheckpoint,
  limit: number,
): Promise<{ events: StoredEvent[]; scannedTo: FeedCheckpoint | null }> {
  return store.readFeed(tx, after, {
    limit,
    ...(projection.eventTypes === 'all' ? {} : { eventTypes: projection.eventTypes }),
  });
}

async function swapIn(
  options: ShadowRebuildOptions,
  projection: RebuildableProjection,
  schema: string,
  from: FeedCheckpoint,
  appliedInBuild: number,
): Promise<Omit<ShadowRebuildResult, 'applied'>> {
  return options.pool.transaction(async (tx) => {
    await tx.query(
      sql.unsafe`select set_config('lock_timeout', ${`${options.lockTimeoutMs ?? 500}ms`}, true)`,
    );
    if (projection.mode === 'catch-up') await options.lockCatchUp(tx, projection.name);
    // EXCLUSIVE: every write (an append's inline projection, a runner's batch) waits; SELECTs do not.
    const live = projection.tables.map((table) => sql.identifier(['public', table.name]));
    // A projection naming no table of its own (the erasure's) has nothing to lock.
    if (live.length > 0)
      await tx.query(sql.unsafe`lock table ${sql.join(live, sql.fragment`, `)} in exclusive mode`);
    const started = performance.now();

    const searchPath = await tx.oneFirst(
      sql.type(z.object({ path: z.string() }))`select current_setting('search_path') as path`,
    );
    await useShadow(tx, schema);
    let appliedInSwap = 0;
    let position = from;
    if (projection.mode === 'catch-up') {
      // The runner's rule again: the checkpoint must never pass an event still in flight.
      for (;;) {
        const read = await readHandled(options.store, tx, projection, position, options.batchSize);
        if (!read.scannedTo) break;
        if (read.events.length > 0) await projection.apply(tx, read.events);
        appliedInSwap += read.events.length;
        position = read.scannedTo;
      }
    } else {
      // Every committed event: a writer still in flight waits for the locks and applies its own
      // events to the live tables once the swap has committed.
      for (;;) {
        const events = await options.store.readCommitted(tx, position, options.batchSize);
        const last = events.at(-1);
        if (!last) break;
        const handled = events.filter((event) => handlesEvent(projection, event.type));
        if (handled.length > 0) await projection.apply(tx, handled);
        appliedInSwap += handled.length;
        position = { transactionId: last.transactionId, position: last.globalPosition };
      }
    }
    await tx.query(sql.unsafe`select set_config('search_path', ${searchPath}, true)`);

    let rowsWritten = 0;
    for (const table of projection.tables) rowsWritten += await syncTable(tx, schema, table);
    if (projection.mode === 'catch-up') {
      await tx.query(sql.unsafe`
        insert into projection_checkpoints (projection_name) values (${projection.name}) on conflict do nothing`);
      await tx.query(sql.unsafe`
        update projection_checkpoints
        set last_transaction_id = ${position.transactionId}::xid8, last_position = ${position.position},
            events_applied = ${appliedInBuild + appliedInSwap}, updated_at = now()
        where projection_name = ${projection.name}`);
    }
    return { appliedInSwap, rowsWritten, swapMs: Math.round(performance.now() - started) };
  });
}

/**
 * Makes a live table equal to its shadow copy, writing only the rows that differ. A whole table:
 * rows that differ are deleted (their referencing rows with them, `on delete cascade`), then the
 * missing rows inserted; never an update, so no unique index sees two rows at once. A shared table:
 * the projection's columns are set on the rows where they differ; rows the shadow lacks take the
 * columns' defaults, which is what emptying them for a rebuild did.
 */
async function syncTable(
  tx: DatabaseTransactionConnection,
  schema: string,
  table: ReadModelTable,
): Promise<number> {
  const live = sql.identifier(['public', table.name]);
  const shadow = sql.identifier([schema, table.name]);
  const keys = await tx.anyFirst(sql.type(z.object({ name: z.string() }))`
    select a.attname as name
    from pg_index i join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = ${`public.${table.name}`}::regclass and i.indisprimary
    order by k.n`);
  const key = sql.join(
    keys.map((name) => sql.identifier([name])),
    sql.fragment`, `,
  );
  const liveKey = sql.join(
    keys.map((name) => sql.identifier(['l', name])),
    sql.fragment`, `,
  );
  const diffKey = sql.join(
    keys.map((name) => sql.identifier(['d', name])),
    sql.fragment`, `,
  );

  if (table.columns) {
    if (keys.length === 0) throw new Error(`The shared read model ${table.name} needs a primary key.`);
    const columns = sql.join(
      table.columns.map((name) => sql.identifier([name])),
      sql.fragment`, `,
    );
    const excluded = sql.join(
      table.columns.map((name) => sql.identifier(['excluded', name])),
      sql.fragment`, `,
    );
    // Live rows the shadow lacks get the columns' defaults there first.
    await tx.query(sql.unsafe`
      insert into ${shadow} (${key}) select ${key} from ${live} on conflict do nothing`);
    const written = await tx.query(sql.unsafe`
      insert into ${live} (${key}, ${columns})
      select ${key}, ${columns} from ${shadow} except select ${key}, ${columns} from ${live}
      on conflict (${key}) do update set (${columns}) = row(${excluded})`);
    return written.rowCount;
  }

  if (keys.length === 0) {
    // Without a key a changed row cannot be told apart: the table is rewritten when it differs at all.
    const differs = await tx.oneFirst(sql.type(z.object({ differs: z.boolean() }))`
      select exists (select * from ${live} except all select * from ${shadow})
          or exists (select * from ${shadow} except all select * from ${live}) as differs`);
    if (!differs) return 0;
    const deleted = await tx.query(sql.unsafe`delete from ${live}`);
    const inserted = await tx.query(sql.unsafe`insert into ${live} select * from ${shadow}`);
    return deleted.rowCount + inserted.rowCount;
  }
  const deleted = await tx.query(sql.unsafe`
    delete from ${live} l
    using (select * from ${live} except select * from ${shadow}) d
    where (${liveKey}) = (${diffKey})`);
  const inserted = await tx.query(sql.unsafe`
    insert into ${live} select * from ${shadow} except select * from ${live}`);
  return deleted.rowCount + inserted.rowCount;
}

/**
 * The rebuild of a projection that does not name its tables: emptied and replayed in place.
 * Catch-up: emptied with its checkpoint reset under the runner's lock, then replayed batch by batch
 * by the caller's loop. Inline: emptied and replayed in one transaction that holds its tables (live
 * appends wait); appends still in flight apply their own events afterwards. Either way the events
 * are read on a second connection (feed-copy-reader.ts), one batch ahead of the transaction's
 * writes: they are the events the transaction itself would read (committed ones; for a catch-up
 * projection only those older than every running transaction, this one included).
 */
export async function rebuildInPlace(
  options: Omit<ShadowRebuildOptions, 'lockTimeoutMs' | 'swapAttempts'>,
  projection: Projection,
): Promise<number> {
  return FeedCopyReader.using(options.pool, (reader) =>
    options.pool.transaction(async (tx) => {
      if (projection.mode === 'catch-up') await options.lockCatchUp(tx, projection.name);
      await projection.reset(tx);
      const apply = async ({ events }: { events: readonly StoredEvent[] }) => {
        if (events.length > 0) await projection.apply(tx, events);
      };
      // Inline: every committed event (writers in flight wait for the tables, then apply their own).
      const { position, applied } = await applyReadingAhead(
        replayPages(options, reader, projection, FEED_START, projection.mode === 'catch-up', tx),
        FEED_START,
        apply,
      );
      if (projection.mode !== 'catch-up') return applied;
      await tx.query(sql.unsafe`
        insert into projection_checkpoints (projection_name) values (${projection.name}) on conflict do nothing`);
      await tx.query(sql.unsafe`
        update projection_checkpoints
        set last_transaction_id = ${position.transactionId}::xid8, last_position = ${position.position},
            events_applied = ${applied}, updated_at = now()
        where projection_name = ${projection.name}`);
      return applied;
    }),
  );
}
