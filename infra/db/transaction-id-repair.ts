import { sql } from 'slonik';
import { z } from 'zod';
import type { Logger } from '../logger';
import type { DatabasePool } from './pool';
import { inspectTransactionIds, type TransactionIdReport } from './transaction-id-guard';

/** The lowest id PostgreSQL gives a transaction (0 to 2 are reserved; 0 is the feed's start here). */
const FIRST_NORMAL_TRANSACTION_ID = 3n;
/** Ids consumed per DO block: one block of this size takes about half a second here. */
const ADVANCE_CHUNK = 100_000;

/** The xid8 columns the repair knows how to re-base; any other one stops it before it changes anything. */
const KNOWN_COLUMNS = ['events.transaction_id', 'projection_checkpoints.last_transaction_id'];
/**
 * Read-model snapshots (migration 062) are at positions of the old numbering: the re-base drops
 * them (they are derived; a rebuild starts from the first event until the next month's snapshot).
 */
const SNAPSHOT_POSITIONS = 'read_model_snapshots.snapshots.last_transaction_id';

export type FeedPosition = { transactionId: string; position: number };
export type CheckpointRebase = { projection: string; from: FeedPosition; to: FeedPosition };

export type TransactionIdRepair =
  | { status: 'healthy'; report: TransactionIdReport }
  | {
      status: 'repaired';
      /** What the guard found before the repair. */
      report: TransactionIdReport;
      /** Distinct writing transactions of the events, now numbered 3, 4, … in feed order. */
      transactions: number;
      eventsUpdated: number;
      highestTransactionId: string;
      checkpoints: CheckpointRebase[];
      /** Transaction ids consumed to move the cluster's counter past the re-based ones. */
      idsConsumed: number;
      seconds: { check: number; advance: number; rebase: number };
    };

/** The repair cannot proceed safely; nothing was changed. */
export class TransactionIdRepairError extends Error {
  override name = 'TransactionIdRepairError';
}

const seconds = (since: number) => Math.round(performance.now() - since) / 1000;

/**
 * Brings a database whose stored transaction ids are ahead of its cluster's counter (a logical
 * restore) back to a safe state, and does nothing on a healthy one:
 * 1. refuses when a stream's events are not in version order in the feed (events appended after
 *    the restore without this repair: no renumbering can order them) or when the schema has an
 *    xid8 column it does not know;
 * 2. moves the cluster's counter past the ids the re-base will use (one committed transaction per
 *    id, which any PostgreSQL allows, managed ones too), so the re-based ids are in the past;
 * 3. in one transaction that locks out writers, maps each checkpoint to the last event at or before
 *    it, then renumbers the events' transaction ids to their dense rank (3, 4, …), which keeps the
 *    (transaction id, position) order exactly: each catch-up projection and reactor keeps exactly
 *    the set of events it has processed, and never processes one twice.
 * The counter moves first so that the re-base's synchronous commit also makes the counter's
 * transactions durable (they write no WAL of their own, so they commit without flushing).
 */
export async function repairTransactionIds(pool: DatabasePool, log: Logger): Promise<TransactionIdRepair> {
  const report = await inspectTransactionIds(pool);
  if (report.ahead.length === 0) {
    log.info(
      { nextTransactionId: report.nextTransactionId, columns: report.columns },
      "stored transaction ids are below the cluster's counter: nothing needs doing",
    );
    return { status: 'healthy', report };
  }
  log.warn(
    { nextTransactionId: report.nextTransactionId, ahead: report.ahead },
    "stored transaction ids are ahead of the cluster's counter (a logical restore): re-basing them",
  );
  const schema = await pool.oneFirst(
    sql.type(z.object({ schema: z.string() }))`select current_schema() as schema`,
  );
  const unknown = report.columns.filter(
    (c) =>
      `${c.schema}.${c.table}.${c.column}` !== SNAPSHOT_POSITIONS &&
      (c.schema !== schema || !KNOWN_COLUMNS.includes(`${c.table}.${c.column}`)),
  );
  if (unknown.length > 0) {
    throw new TransactionIdRepairError(
      `The schema has transaction id (xid8) columns the repair does not know how to re-base: ` +
        `${unknown.map((c) => `${c.schema}.${c.table}.${c.column}`).join(', ')}. Nothing was changed; ` +
        'teach infra/db/transaction-id-repair.ts what they mean first.',
    );
  }

  let started = performance.now();
  const outOfOrder = await streamsOutOfFeedOrder(pool);
  if (outOfOrder.length > 0) {
    throw new TransactionIdRepairError(
      `Events were appended after the restore without this repair: the feed order of ` +
        `${outOfOrder.join(', ')} contradicts their stream versions, and no renumbering can tell ` +
        'which came first. Nothing was changed. Restore the backup again into an empty database and ' +
        'run `npm run restore` before starting the app.',
    );
  }
  const transactions = await pool.oneFirst(
    sql.type(
      z.object({ count: z.number() }),
    )`select count(distinct transaction_id)::int8 as count from events`,
  );
  const checkSeconds = seconds(started);
  const highest = FIRST_NORMAL_TRANSACTION_ID + BigInt(transactions) - 1n;

  started = performance.now();
  const idsConsumed = await advanceTransactionCounter(pool, highest, log);
  const advanceSeconds = seconds(started);

  started = performance.now();
  const rebased = await pool.transaction(async (tx) => {
    // Appends and checkpoint moves wait; reads go on and see the old numbering until the commit.
    await tx.query(sql.unsafe`lock table events, projection_checkpoints in exclusive mode`);
    const now = await tx.oneFirst(
      sql.type(
        z.object({ count: z.number() }),
      )`select count(distinct transaction_id)::int8 as count from events`,
    );
    if (now !== transactions) {
      throw new TransactionIdRepairError(
        'Events were appended while the repair ran (is the app running?). Nothing was changed; stop ' +
          'every process that writes and run `npm run restore` again.',
      );
    }
    await tx.query(sql.unsafe`
      create temporary table transaction_id_ranks on commit drop as
      select transaction_id as old_id,
             ((row_number() over (order by transaction_id)) + ${Number(FIRST_NORMAL_TRANSACTION_ID) - 1})::text::xid8
               as new_id
      from events group by transaction_id`);
    await tx.query(sql.unsafe`analyze transaction_id_ranks`);
    // A checkpoint becomes the last event at or before it (FEED_START when there is none), in the new
    // numbering: the events after it stay exactly the ones after it.
    const checkpoints = await tx.any(sql.type(
      z.object({
        projection: z.string(),
        from_transaction_id: z.string(),
        from_position: z.number(),
        to_transaction_id: z.string(),
        to_position: z.number(),
      }),
    )`
      with mapped as (
        select c.projection_name, c.last_transaction_id as old_id, c.last_position as old_position,
               coalesce(r.new_id, '0'::xid8) as new_id, coalesce(e.global_position, 0) as new_position
        from projection_checkpoints c
        left join lateral (
          select transaction_id, global_position from events
          where (transaction_id, global_position) <= (c.last_transaction_id, c.last_position)
          order by transaction_id desc, global_position desc limit 1) e on true
        left join transaction_id_ranks r on r.old_id = e.transaction_id
      )
      update projection_checkpoints c
      set last_transaction_id = mapped.new_id, last_position = mapped.new_position
      from mapped where mapped.projection_name = c.projection_name
      returning c.projection_name as projection, mapped.old_id::text as from_transaction_id,
                mapped.old_position as from_position, c.last_transaction_id::text as to_transaction_id,
                c.last_position as to_position`);
    if (report.columns.some((c) => `${c.schema}.${c.table}.${c.column}` === SNAPSHOT_POSITIONS)) {
      const snapshotTables = await tx.anyFirst(sql.type(z.object({ name: z.string() }))`
        select tablename as name from pg_tables
        where schemaname = 'read_model_snapshots' and tablename ~ '^s[0-9]+_'`);
      for (const name of snapshotTables) {
        await tx.query(sql.unsafe`drop table ${sql.identifier(['read_model_snapshots', name])}`);
      }
      await tx.query(sql.unsafe`delete from read_model_snapshots.snapshots`);
    }
    const updated = await tx.query(sql.unsafe`
      update events e set transaction_id = r.new_id
      from transaction_id_ranks r where e.transaction_id = r.old_id and e.transaction_id <> r.new_id`);
    return {
      eventsUpdated: updated.rowCount,
      checkpoints: checkpoints
        .map((c) => ({
          projection: c.projection,
          from: { transactionId: c.from_transaction_id, position: c.from_position },
          to: { transactionId: c.to_transaction_id, position: c.to_position },
        }))
        .sort((a, b) => a.projection.localeCompare(b.projection)),
    };
  });
  // The planner's statistics still describe the old numbering.
  await pool.query(sql.unsafe`analyze events`);
  const rebaseSeconds = seconds(started);

  const after = await inspectTransactionIds(pool);
  if (after.ahead.length > 0) {
    throw new TransactionIdRepairError(
      `The re-base left transaction ids ahead of the cluster's counter: ${JSON.stringify(after.ahead)}.`,
    );
  }
  const result = {
    status: 'repaired' as const,
    report,
    transactions,
    eventsUpdated: rebased.eventsUpdated,
    highestTransactionId: transactions === 0 ? '0' : highest.toString(),
    checkpoints: rebased.checkpoints,
    idsConsumed,
    seconds: { check: checkSeconds, advance: advanceSeconds, rebase: rebaseSeconds },
  };
  log.info(
    {
      transactions,
      eventsUpdated: result.eventsUpdated,
      highestTransactionId: result.highestTransactionId,
      nextTransactionId: after.nextTransactionId,
      idsConsumed,
      seconds: result.seconds,
    },
    'transaction ids re-based: new events now follow every restored one',
  );
  for (const checkpoint of result.checkpoints) log.info(checkpoint, 'checkpoint re-based');
  return result;
}

/** Streams (ten at most) whose events, in (transaction id, position) order, are not in version order. */
async function streamsOutOfFeedOrder(pool: DatabasePool): Promise<string[]> {
  const rows = await pool.anyFirst(sql.type(z.object({ stream_id: z.string() }))`
    select distinct stream_id from (
      select stream_id, stream_version,
             lag(stream_version) over (partition by stream_id order by transaction_id, global_position) as previous
      from events) ordered
    where previous > stream_version
    order by stream_id limit 10`);
  return [...rows];
}

/**
 * Makes the cluster give ids above `target` to new transactions, by committing one transaction per
 * id (each takes an id and writes nothing). Returns how many ids it consumed.
 */
export async function advanceTransactionCounter(
  pool: DatabasePool,
  target: bigint,
  log?: Logger,
): Promise<number> {
  let consumed = 0;
  for (;;) {
    const next = BigInt(
      await pool.oneFirst(
        sql.type(
          z.object({ next: z.string() }),
        )`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
      ),
    );
    if (next > target) return consumed;
    const count = Number(
      target - next + 1n < BigInt(ADVANCE_CHUNK) ? target - next + 1n : BigInt(ADVANCE_CHUNK),
    );
    // A DO block may COMMIT when it is its own top-level statement: one pooled connection, no transaction.
    await pool.query(sql.unsafe`
      do $$ begin
        for i in 1..${sql.literalValue(String(count))} loop perform pg_current_xact_id(); commit; end loop;
      end $$`);
    consumed += count;
    log?.info({ consumed, target: target.toString() }, 'advancing the transaction counter');
  }
}
