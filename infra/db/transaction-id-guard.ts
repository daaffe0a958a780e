import { sql } from 'slonik';
import { z } from 'zod';
import { createDatabasePool, type Queryable } from './pool';

/** One xid8 column of the schema and the highest transaction id stored in it (null: no rows). */
export type StoredTransactionIds = { schema: string; table: string; column: string; highest: string | null };

export type TransactionIdReport = {
  /** The id this cluster gives its next transaction: the current snapshot's xmax. */
  nextTransactionId: string;
  columns: StoredTransactionIds[];
  /** The columns holding an id at or above `nextTransactionId`: ids this cluster has not given yet. */
  ahead: StoredTransactionIds[];
};

/**
 * The stored transaction ids are ahead of the cluster's counter, which only happens when the data
 * was copied logically (pg_dump/pg_restore, logical replication) into another cluster. Left alone,
 * new events would get lower ids than the restored ones: catch-up projections and reactors would
 * skip them, and a stream's new events would sort before its old ones in the feed and in replays.
 */
export class TransactionIdsAheadError extends Error {
  override name = 'TransactionIdsAheadError';
  readonly code = 'TRANSACTION_IDS_AHEAD';

  constructor(readonly report: TransactionIdReport) {
    const columns = report.ahead.map((c) => `${c.table}.${c.column} up to ${c.highest}`).join(', ');
    super(
      'The database looks restored into a PostgreSQL cluster whose transaction counter is behind the ' +
        `stored events: ${columns}, but this cluster's next transaction id is ${report.nextTransactionId}. ` +
        'New events would be skipped by the catch-up projections and read out of order. Nothing was ' +
        'written. Stop the app and run `npm run restore` (see docs/operations.md, "Restoring a backup").',
    );
  }
}

const columnRow = z.object({ schema: z.string(), table: z.string(), column: z.string() });

/**
 * Every xid8 column of the database's own tables, found in the catalogue so new ones are covered; a
 * partitioned table counts once (its partitions are read through it).
 */
export async function transactionIdColumns(db: Queryable): Promise<z.infer<typeof columnRow>[]> {
  const rows = await db.any(sql.type(columnRow)`
    select n.nspname as schema, c.relname as table, a.attname as column
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where a.atttypid = 'xid8'::regtype and a.attnum > 0 and not a.attisdropped
      and c.relkind in ('r', 'p') and not c.relispartition and c.relpersistence <> 't'
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'
    order by 1, 2, 3`);
  return [...rows];
}

/** The highest transaction id of each xid8 column, and which are at or above the cluster's next id. */
export async function inspectTransactionIds(db: Queryable): Promise<TransactionIdReport> {
  const columns: StoredTransactionIds[] = [];
  for (const { schema, table, column } of await transactionIdColumns(db)) {
    const highest = await db.oneFirst(sql.type(z.object({ highest: z.string().nullable() }))`
      select max(${sql.identifier([column])})::text as highest from ${sql.identifier([schema, table])}`);
    columns.push({ schema, table, column, highest });
  }
  // Read after the columns: the counter only grows, so an id seen above stays comparable.
  const nextTransactionId = await db.oneFirst(
    sql.type(z.object({ next: z.string() }))`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  );
  const next = BigInt(nextTransactionId);
  const ahead = columns.filter((c) => c.highest !== null && BigInt(c.highest) >= next);
  return { nextTransactionId, columns, ahead };
}

/** Throws TransactionIdsAheadError when any stored transaction id is at or above the cluster's next one. */
export async function assertTransactionIdsSafe(db: Queryable): Promise<TransactionIdReport> {
  const report = await inspectTransactionIds(db);
  if (report.ahead.length > 0) throw new TransactionIdsAheadError(report);
  return report;
}

/**
 * The same check on a connection string, for start-up and command-line tools: it runs before
 * migrations and before the app's pool, so a restored database is refused before anything writes.
 */
export async function assertTransactionIdsSafeAt(databaseUrl: string): Promise<TransactionIdReport> {
  const pool = await createDatabasePool(databaseUrl, { maxPoolSize: 1 });
  try {
    return await assertTransactionIdsSafe(pool);
  } finally {
    await pool.end();
  }
}
