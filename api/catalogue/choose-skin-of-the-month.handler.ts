import { sql } from 'slonik';
import { z } from 'zod';
import {
  decideSkinOfTheMonth,
  evolveSkinOfTheMonth,
  initialSkinOfTheMonthState,
  previousMonth,
  SKIN_OF_THE_MONTH_STREAM,
  type SkinOfTheMonthEvent,
} from '../../domain/skin-of-the-month/skin-of-the-month';
import type { DatabasePool } from '../../infra/db/pool';
import type { EventStore } from '../../infra/event-store/event-store';

/**
 * Chooses the Skin of the Month for the month before `now`, once: the votes cast during that month
 * on skins still published. Returns what was decided (nothing when the month was already decided).
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
        and s.published and s.deleted_at is null
      group by r.skin_id`,
  );
  return deps.pool.transaction(async (tx) => {
    const { version, events } = await deps.store.readStream(tx, SKIN_OF_THE_MONTH_STREAM);
    const state = (events as unknown as SkinOfTheMonthEvent[]).reduce(
      evolveSkinOfTheMonth,
      initialSkinOfTheMonthState,
    );
    const decided = decideSkinOfTheMonth({ month, candidates }, state);
    await deps.store.append(tx, {
      streamId: SKIN_OF_THE_MONTH_STREAM,
      streamType: 'skin-of-the-month',
      expectedVersion: version,
      events: decided.map((event) => ({
        ...event,
        metadata: { actor: { system: 'skin-of-the-month-job' } },
      })),
    });
    return decided;
  });
}
