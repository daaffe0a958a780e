import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../db/pool';

/**
 * Counting stops here so that health stays cheap on a very large backlog; past it the count is a
 * lower bound and says so (`eventsBehindIsLowerBound`).
 */
export const LAG_COUNT_LIMIT = 1_000_000;

export type LagFigures = {
  /** Committed events after the checkpoint (of every type: the checkpoint moves over all of them). */
  eventsBehind: number;
  /** True when there are more than `eventsBehind` (the count stopped at LAG_COUNT_LIMIT). */
  eventsBehindIsLowerBound: boolean;
  /** Age of the oldest event after the checkpoint, in seconds; 0 when caught up. */
  secondsBehind: number;
};

/** How far a consumer's checkpoint is behind the committed feed. */
export async function measureLag(db: Queryable, name: string): Promise<LagFigures> {
  const row = await db.one(sql.type(z.object({ behind: z.number(), oldest_seconds: z.number().nullable() }))`
    with checkpoint as (
      select last_transaction_id, last_position from projection_checkpoints where projection_name = ${name}
    )
    select
      (select count(*)::int from (
         select 1 from events, checkpoint
         where (transaction_id, global_position) > (checkpoint.last_transaction_id, checkpoint.last_position)
         limit ${LAG_COUNT_LIMIT + 1}) as pending) as behind,
      (select extract(epoch from now() - recorded_at)::float8 from events, checkpoint
       where (transaction_id, global_position) > (checkpoint.last_transaction_id, checkpoint.last_position)
       order by transaction_id, global_position limit 1) as oldest_seconds`);
  return {
    eventsBehind: Math.min(row.behind, LAG_COUNT_LIMIT),
    eventsBehindIsLowerBound: row.behind > LAG_COUNT_LIMIT,
    secondsBehind: Math.max(0, Math.round((row.oldest_seconds ?? 0) * 1000) / 1000),
  };
}
