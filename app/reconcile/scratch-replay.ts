import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection } from '../../infra/db/pool';
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
  options: { batchSize?: number } = {},
): Promise<{ results: ResultsOf<Checks>; replay: ScratchReplay; seconds: number }> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 20_000;
  const parts = Object.entries(checks);
  return deps.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    // Before any savepoint: a snapshot cannot be exported from a subtransaction.
    const alongside = await startAlongside(deps.pool, tx, parts);
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
    let after: FeedCheckpoint | null = FEED_START;
    while (after) {
      const from: FeedCheckpoint = after;
      const read = await timed('read events', () =>
        wanted
          ? deps.store.readCommittedOfTypes(tx, from, { limit: batchSize, eventTypes: wanted })
          : deps.store.readCommitted(tx, from, batchSize).then((events) => ({
              events,
              scannedTo: events.length > 0 ? checkpointOf(events.at(-1)!) : null,
            })),
      );
      after = read.scannedTo;
      const { events } = read;
      const last = events.at(-1);
      if (!last) continue;
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
            `${message} (in the events after position ${from.position}, up to ${last.globalPosition})`,
          );
        }
      }
      for (const [name, check] of parts) {
        if (check.observe) await timed(`observe ${name}`, () => check.observe?.(events));
      }
    }

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

/**
 * Starts the `alongside` checks, each in a repeatable-read transaction of its own that imports the
 * snapshot of `tx`. Their failures are kept for when their result is awaited (never unhandled).
 */
async function startAlongside(
  pool: DatabasePool,
  tx: DatabaseTransactionConnection,
  parts: readonly [string, ReconcileCheck<unknown>][],
): Promise<Map<string, Running>> {
  const running = new Map<string, Running>();
  const checks = parts.filter(([, check]) => check.alongside);
  for (const [name, check] of parts) {
    if (!check.finish && !check.alongside)
      throw new Error(`The check ${name} has neither finish nor alongside.`);
  }
  if (checks.length === 0) return running;
  const snapshot = await tx.oneFirst(
    sql.type(
      z.object({ snapshot: z.string().regex(/^[0-9A-F-]+$/) }),
    )`select pg_export_snapshot() as snapshot`,
  );
  for (const [name, check] of checks) {
    const started = performance.now();
    let finished: number | null = null;
    const result = pool.transaction(async (other) => {
      await other.query(sql.unsafe`set transaction isolation level repeatable read`);
      await other.query(sql.unsafe`set transaction snapshot ${sql.literalValue(snapshot)}`);
      await other.query(sql.unsafe`set local work_mem = '256MB'`);
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
