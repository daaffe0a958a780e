import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection, Queryable } from '../../infra/db/pool';
import {
  checkpointOf,
  FEED_START,
  type EventStore,
  type FeedCheckpoint,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import { handlesEvent, type Projection } from '../../infra/projection-engine/projection';

const SAMPLE_ROWS = 5;

/** How a scratch copy differs from its live table. */
export type TableDifference = {
  table: string;
  /** Rows the events give that the live read model lacks (or holds with other values). */
  missingFromLive: number;
  /** Live rows the events do not give. */
  unexpectedInLive: number;
  samples: { missingFromLive: unknown[]; unexpectedInLive: unknown[] };
};

/** What the replay into the scratch tables did. */
export type ScratchReplay = {
  /** Every event read from the store: those of the types the projections and checks want. */
  eventsRead: number;
  /** Events each projection was given, by projection name. */
  applied: Map<string, number>;
  /** Projections whose replay failed (a constraint of the read model broke), with the error. */
  failures: Map<string, string>;
  /** Where the time went, in milliseconds: reading the events, each projection, each check. */
  timings: Record<string, number>;
};

/**
 * One part of a reconciliation: the live tables it copies into scratch tables, the projections
 * that fill them from the events, and what it checks. Every part sees the same snapshot.
 */
export type ReconcileCheck<Result> = {
  /** Live read-model tables (schema public) copied as empty temporary tables of the same name. */
  tables: readonly string[];
  /** Applied to the scratch tables (the temporary tables shadow the live ones in their own SQL). */
  projections: readonly Projection[];
  /** Runs in the snapshot before the replay (to read what the events are compared against). */
  start?(tx: DatabaseTransactionConnection): Promise<void>;
  /** The event types `observe` wants, besides those of the projections (all of them when absent). */
  observes?: readonly string[];
  /** Sees the events read, in feed order, as the store gives them (upcast). */
  observe?(events: readonly StoredEvent[]): void;
  /** Compares and checks, in the same snapshot, once every event has been replayed. */
  finish?(tx: DatabaseTransactionConnection, replay: ScratchReplay): Promise<Result>;
  /**
   * Instead of `finish`: a check that reads the events itself, run on a connection of its own in
   * the same snapshot (imported) while the replay runs, so the two overlap.
   */
  alongside?(tx: DatabaseTransactionConnection): Promise<Result>;
};

type ResultsOf<Checks> = {
  [Name in keyof Checks]: Checks[Name] extends ReconcileCheck<infer Result> ? Result : never;
};

/**
 * Runs reconciliation checks in one repeatable-read transaction: the events and the live rows are
 * one snapshot, so a running app causes no false differences. Each check's tables get temporary
 * copies (PostgreSQL looks up temporary tables first, so the projections' own SQL fills them
 * unchanged; they vanish with the transaction), then every committed event of the wanted types is
 * read once through the store, applied to the scratch copies and shown to the checks. Checks that
 * run `alongside` get a second pooled connection in the same snapshot (`pg_export_snapshot`): the
 * pool needs two connections.
 */
export async function reconcileInSnapshot<Checks extends Record<string, ReconcileCheck<unknown>>>(
  deps: { pool: DatabasePool; store: EventStore },
  checks: Checks,
  options: {
    batchSize?: number;
    /**
     * Read the next batch of events on a connection of its own (same snapshot) while this one
     * replays the last: the pool needs one more connection.
     */
    readAhead?: boolean;
  } = {},
): Promise<{ results: ResultsOf<Checks>; replay: ScratchReplay; seconds: number }> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 20_000;
  const parts = Object.entries(checks);
  return deps.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    // Before any savepoint: a snapshot cannot be exported from a subtransaction.
    const needsSnapshot = options.readAhead === true || parts.some(([, check]) => check.alongside);
    const snapshot = needsSnapshot ? await exportSnapshot(tx) : null;
    const alongside = startAlongside(deps.pool, snapshot, parts);
    // The comparisons hash or sort whole tables: room to do it in memory. The scratch tables are
    // temporary: room for them in memory too (possible only before the session's first temporary
    // table, hence the savepoint: a pooled connection that already had one keeps its setting).
    await tx.query(sql.unsafe`set local work_mem = '256MB'`);
    await tx
      .transaction((savepoint) => savepoint.query(sql.unsafe`set local temp_buffers = '512MB'`))
      .catch(() => {});
    for (const [, check] of parts) await check.start?.(tx);
    for (const table of new Set(parts.flatMap(([, check]) => check.tables)))
      await createScratchTable(tx, table);

    const projections = [
      ...new Map(parts.flatMap(([, check]) => check.projections.map((p) => [p.name, p] as const))).values(),
    ];
    const replay: ScratchReplay = {
      eventsRead: 0,
      applied: new Map(projections.map((projection) => [projection.name, 0])),
      failures: new Map(),
      timings: {},
    };
    const timed = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        replay.timings[name] = (replay.timings[name] ?? 0) + performance.now() - started;
      }
    };
    // Only the types someone wants: a history full of downloads is not read for nothing.
    const wanted = eventTypesWanted(
      parts.map(([, check]) => check),
      projections,
    );
    const readBatch = (db: Queryable, from: FeedCheckpoint): Promise<EventBatch> =>
      wanted
        ? deps.store.readCommittedOfTypes(db, from, { limit: batchSize, eventTypes: wanted })
        : deps.store.readCommitted(db, from, batchSize).then((events) => ({
            events,
            scannedTo: events.length > 0 ? checkpointOf(events.at(-1)!) : null,
          }));
    const batches =
      options.readAhead && snapshot
        ? readAheadInSnapshot(deps.pool, snapshot, readBatch)
        : readInTurn(tx, readBatch);
    let from: FeedCheckpoint = FEED_START;
    try {
      for (;;) {
        // Only the wait shows when reading ahead: the reading itself overlaps the replay.
        const read = await timed('read events', () => batches.next(from));
        const { events } = read;
        const last = events.at(-1);
        replay.eventsRead += events.length;
        for (const projection of projections) {
          const handled = events.filter((event) => handlesEvent(projection, event.type));
          replay.applied.set(projection.name, (replay.applied.get(projection.name) ?? 0) + handled.length);
          if (handled.length === 0 || replay.failures.has(projection.name)) continue;
          try {
            // A savepoint: a broken constraint fails this projection's replay, not the reconciliation.
            await timed(`replay ${projection.name}`, () =>
              tx.transaction((savepoint) => projection.apply(savepoint, handled)),
            );
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            replay.failures.set(
              projection.name,
              `${message} (in the events after position ${from.position}, up to ${last!.globalPosition})`,
            );
          }
        }
        for (const [name, check] of parts) {
          if (check.observe) await timed(`observe ${name}`, () => check.observe?.(events));
        }
        // A batch shorter than asked for was the last.
        if (read.scannedTo === null) break;
        from = read.scannedTo;
      }
    } finally {
      await batches.close();
    }
    if (batches.aheadMs !== null) replay.timings['read events (ahead)'] = batches.aheadMs();

    const results = {} as Record<string, unknown>;
    for (const [name, check] of parts) {
      if (check.finish) results[name] = await timed(`check ${name}`, () => check.finish!(tx, replay));
    }
    for (const [name, running] of alongside) {
      results[name] = await running.result;
      replay.timings[`check ${name} (alongside)`] = running.ms();
    }
    for (const [name, ms] of Object.entries(replay.timings)) replay.timings[name] = Math.round(ms);
    return {
      results: results as ResultsOf<Checks>,
      replay,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    };
  });
}

type Running = { result: Promise<unknown>; ms: () => number };

/** The snapshot of `tx`, for other connections to import (`set transaction snapshot`). */
async function exportSnapshot(tx: DatabaseTransactionConnection): Promise<string> {
  return tx.oneFirst(
    sql.type(
      z.object({ snapshot: z.string().regex(/^[0-9A-F-]+$/) }),
    )`select pg_export_snapshot() as snapshot`,
  );
}

/** Runs `work` in a repeatable-read transaction of its own that imports `snapshot`. */
function inSnapshot<T>(
  pool: DatabasePool,
  snapshot: string,
  work: (other: DatabaseTransactionConnection) => Promise<T>,
): Promise<T> {
  return pool.transaction(async (other) => {
    await other.query(sql.unsafe`set transaction isolation level repeatable read`);
    await other.query(sql.unsafe`set transaction snapshot ${sql.literalValue(snapshot)}`);
    await other.query(sql.unsafe`set local work_mem = '256MB'`);
    return work(other);
  });
}

/**
 * Starts the `alongside` checks, each in a transaction of its own in the snapshot. Their failures
 * are kept for when their result is awaited (never unhandled).
 */
function startAlongside(
  pool: DatabasePool,
  snapshot: string | null,
  parts: readonly [string, ReconcileCheck<unknown>][],
): Map<string, Running> {
  const running = new Map<string, Running>();
  for (const [name, check] of parts) {
    if (!check.finish && !check.alongside)
      throw new Error(`The check ${name} has neither finish nor alongside.`);
  }
  for (const [name, check] of parts) {
    if (!check.alongside || snapshot === null) continue;
    const started = performance.now();
    let finished: number | null = null;
    const result = inSnapshot(pool, snapshot, async (other) => {
      try {
        return await check.alongside!(other);
      } finally {
        finished = performance.now();
      }
    });
    result.catch(() => {});
    running.set(name, { result, ms: () => Math.round((finished ?? performance.now()) - started) });
  }
  return running;
}

type EventBatch = { events: StoredEvent[]; scannedTo: FeedCheckpoint | null };

/** The replay's batches of events, in feed order; the last one has no `scannedTo`. */
type EventBatches = {
  next(from: FeedCheckpoint): Promise<EventBatch>;
  /** Stops reading (after the last batch, or when the replay failed). */
  close(): Promise<void>;
  /** The reader's own time when it reads ahead (null: it reads in turn). */
  aheadMs: (() => number) | null;
};

/** Each batch read when the replay asks for it, on the replay's own connection. */
function readInTurn(
  tx: DatabaseTransactionConnection,
  readBatch: (db: Queryable, from: FeedCheckpoint) => Promise<EventBatch>,
): EventBatches {
  return {
    next: (from) => readBatch(tx, from),
    close: async () => {},
    aheadMs: null,
  };
}

/**
 * The batches read ahead on a connection of its own in the same snapshot: PostgreSQL reads the next
 * batch while this process replays the last (on the machine's other core). At most one batch waits
 * to be taken while the one after it is read.
 */
function readAheadInSnapshot(
  pool: DatabasePool,
  snapshot: string,
  readBatch: (db: Queryable, from: FeedCheckpoint) => Promise<EventBatch>,
): EventBatches {
  type Handed = { batch: EventBatch } | { error: unknown };
  let waiting: Handed | null = null;
  let taker: ((handed: Handed) => void) | null = null;
  let taken: (() => void) | null = null;
  let closed = false;
  let readingMs = 0;
  const hand = async (handed: Handed) => {
    if (closed) return;
    if (taker) {
      const take = taker;
      taker = null;
      take(handed);
      return;
    }
    waiting = handed;
    await new Promise<void>((resolve) => (taken = resolve));
  };
  const reader = inSnapshot(pool, snapshot, async (other) => {
    let from: FeedCheckpoint = FEED_START;
    while (!closed) {
      const started = performance.now();
      let batch: EventBatch;
      try {
        batch = await readBatch(other, from);
      } catch (error) {
        await hand({ error });
        return;
      } finally {
        readingMs += performance.now() - started;
      }
      await hand({ batch });
      if (batch.scannedTo === null) return;
      from = batch.scannedTo;
    }
  });
  const failed = reader.catch((error: unknown) => {
    if (taker) taker({ error });
    else waiting ??= { error };
  });
  return {
    next: async () => {
      let handed: Handed;
      if (waiting) {
        handed = waiting;
        waiting = null;
        const resume = taken;
        taken = null;
        resume?.();
      } else {
        handed = await new Promise<Handed>((resolve) => (taker = resolve));
      }
      if ('error' in handed) throw handed.error;
      return handed.batch;
    },
    close: async () => {
      closed = true;
      const resume = taken;
      taken = null;
      resume?.();
      await failed;
    },
    aheadMs: () => Math.round(readingMs),
  };
}

/** The event types the replay must read, or null when some projection or check wants them all. */
function eventTypesWanted(
  checks: readonly ReconcileCheck<unknown>[],
  projections: readonly Projection[],
): string[] | null {
  const types = new Set<string>();
  for (const projection of projections) {
    if (projection.eventTypes === 'all') return null;
    for (const type of projection.eventTypes) types.add(type);
  }
  for (const check of checks) {
    if (!check.observe) continue;
    if (!check.observes) return null;
    for (const type of check.observes) types.add(type);
  }
  return [...types];
}

/**
 * An empty temporary copy of a live table with its columns, defaults, checks and unique indexes;
 * its other indexes (search, sorting) only slow the replay down, so they are left out.
 */
async function createScratchTable(tx: DatabaseTransactionConnection, table: string) {
  await tx.query(sql.unsafe`
    create temporary table ${sql.identifier([table])}
    (like ${sql.identifier(['public', table])} including all) on commit drop`);
  const indexes = await tx.anyFirst(sql.type(z.object({ name: z.string() }))`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${`pg_temp.${table}`}::regclass and not i.indisunique`);
  for (const index of indexes) await tx.query(sql.unsafe`drop index ${sql.identifier(['pg_temp', index])}`);
}

/** Compares a scratch table with its live table row by row (as multisets: duplicates count). */
export async function compareWithLive(
  tx: DatabaseTransactionConnection,
  table: string,
): Promise<TableDifference> {
  const scratch = sql.identifier(['pg_temp', table]);
  const live = sql.identifier(['public', table]);
  const difference = z.object({ count: z.number(), samples: z.array(z.unknown()) });
  const [missing, unexpected] = [
    await tx.one(sql.type(difference)`
      with d as materialized (select * from ${scratch} except all select * from ${live})
      select (select count(*)::int from d) as count,
             coalesce((select jsonb_agg(to_jsonb(s)) from (select * from d limit ${SAMPLE_ROWS}) s), '[]') as samples`),
    await tx.one(sql.type(difference)`
      with d as materialized (select * from ${live} except all select * from ${scratch})
      select (select count(*)::int from d) as count,
             coalesce((select jsonb_agg(to_jsonb(s)) from (select * from d limit ${SAMPLE_ROWS}) s), '[]') as samples`),
  ];
  return {
    table,
    missingFromLive: missing.count,
    unexpectedInLive: unexpected.count,
    samples: { missingFromLive: missing.samples, unexpectedInLive: unexpected.samples },
  };
}

/** The tables whose scratch copy differs from the live one. */
export async function differingTables(
  tx: DatabaseTransactionConnection,
  tables: readonly string[],
): Promise<TableDifference[]> {
  const differences: TableDifference[] = [];
  for (const table of tables) {
    const difference = await compareWithLive(tx, table);
    if (difference.missingFromLive > 0 || difference.unexpectedInLive > 0) differences.push(difference);
  }
  return differences;
}
