import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from './pool';

/** How many months after the current one have their partition ready (docs/operations.md). */
const EVENT_PARTITION_MONTHS_AHEAD = 3;

/**
 * How long making a partition waits for its locks before giving up until the next run: ATTACH
 * waits for readers of the default partition (a replay, a reconcile), and every later reader would
 * queue behind it. Months are made well ahead, so a skipped run costs nothing.
 */
const LOCK_TIMEOUT_MS = 2_000;

/**
 * Makes the monthly partitions of the event log that are missing (migration 061): this month and
 * the next EVENT_PARTITION_MONTHS_AHEAD as of `now`, and those of events that went into the default
 * partition (a month with no partition yet: backdated or restored events), which are moved into it.
 * One short transaction per month. Returns the names of the partitions made.
 */
export async function ensureEventPartitions(
  pool: DatabasePool,
  now: Date,
  monthsAhead = EVENT_PARTITION_MONTHS_AHEAD,
): Promise<string[]> {
  const missing = await pool.anyFirst(sql.type(z.object({ month_start: z.number() }))`
    select month_start from missing_event_partitions(${now.toISOString()}::timestamptz, ${monthsAhead})`);
  const made: string[] = [];
  for (const month of missing) {
    const name = await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`select set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true)`);
      const at = new Date(month).toISOString();
      const created = await tx.oneFirst(
        sql.type(
          z.object({ created: z.boolean() }),
        )`select create_event_partition(${at}::timestamptz) as created`,
      );
      return created
        ? await tx.oneFirst(
            sql.type(z.object({ name: z.string() }))`select event_partition_name(${at}::timestamptz) as name`,
          )
        : null;
    });
    if (name) made.push(name);
  }
  return made;
}

/** The event log's partitions with their bounds as PostgreSQL prints them, oldest first, the default last. */
export async function eventPartitions(pool: DatabasePool): Promise<{ name: string; bounds: string }[]> {
  const rows = await pool.any(sql.type(z.object({ name: z.string(), bounds: z.string() }))`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bounds
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'public.events'::regclass
    order by c.relname = 'events_default', c.relname`);
  return [...rows];
}
