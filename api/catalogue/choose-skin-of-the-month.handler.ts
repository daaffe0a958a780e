import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  decideSkinOfTheMonth,
  evolveSkinOfTheMonth,
  initialSkinOfTheMonthState,
  previousMonth,
  SKIN_OF_THE_MONTH_STREAM,
  type Candidate,
  type SkinOfTheMonthEvent,
  type SkinOfTheMonthState,
} from '../../domain/skin-of-the-month/skin-of-the-month';
import type { DatabasePool } from '../../infra/db/pool';
import { handleCommand, type Decider, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventStore } from '../../infra/event-store/event-store';

const skinOfTheMonthStream: StreamKind<SkinOfTheMonthEvent> = {
  streamType: 'skin-of-the-month',
  schemaVersions: { SkinOfTheMonthChosen: 1, SkinOfTheMonthSkipped: 1 },
};
const skinOfTheMonthDecider: Decider<
  { month: string; candidates: readonly Candidate[] },
  SkinOfTheMonthState,
  SkinOfTheMonthEvent
> = {
  initialState: initialSkinOfTheMonthState,
  decide: decideSkinOfTheMonth,
  evolve: evolveSkinOfTheMonth,
};

/**
 * Chooses the Skin of the Month for the month before `now`, once: the votes cast during that month
 * on skins still published. Returns what was decided (nothing when the month was already decided).
 * Each run is its own correlation; a concurrent run surfaces as CONFLICT (the job tries again
 * within the hour).
 */
export async function chooseSkinOfTheMonth(
  deps: { pool: DatabasePool; store: EventStore },
  now: Date,
): Promise<SkinOfTheMonthEvent[]> {
  const { month, start, end } = previousMonth(now);
  const candidates = await deps.pool.any(
    sql.type(z.object({ skinId: z.number(), votes: z.number(), ratingSum: z.number() }))`
      select r.skin_id as "skinId", count(*)::int as votes, sum(r.rating)::int as "ratingSum"
      from skin_ratings r join skins s on s.id = r.skin_id
      where r.rated_at >= ${start.toISOString()} and r.rated_at < ${end.toISOString()}
        and s.listed
      group by r.skin_id`,
  );
  const { decided } = await handleCommand(
    deps,
    { streamId: SKIN_OF_THE_MONTH_STREAM, kind: skinOfTheMonthStream, decider: skinOfTheMonthDecider },
    { month, candidates },
    {
      metadata: {
        actor: { system: 'skin-of-the-month-job' },
        correlationId: `skin-of-the-month:${randomUUID()}`,
      },
      maxAttempts: 1,
    },
  );
  return decided;
}
