import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { StatisticsPeriod } from './statistics-period';
import { inDays } from './statistics.repository';

const monthCount = z.object({ year: z.number(), month: z.number(), count: z.number() });

/**
 * Accounts (not the anonymous guest-buyer records) and skins created per UTC month in the period's
 * days, from the daily counts that triggers on the users and skins tables keep (`created_daily`):
 * accounts and skins are kept as current state, not as event streams.
 */
export async function newAccountsAndSkins(db: Queryable, period: StatisticsPeriod) {
  const rows = await db.any(sql.type(monthCount.extend({ kind: z.string() }))`
    select kind, extract(year from m)::int as year, extract(month from m)::int as month, sum(count)::int as count
    from (select kind, date_trunc('month', day) as m, count from created_daily
          where ${inDays(period, sql.fragment`day`)}) x
    group by kind, m
    having sum(count) > 0
    order by kind, m`);
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...row }) => row);
  return { users: of('account'), skins: of('skin') };
}

/** Events recorded per UTC day in the period, from the event-activity projection. */
export async function eventsPerDay(db: Queryable, period: StatisticsPeriod) {
  const rows = await db.any(sql.type(z.object({ day: z.string(), events: z.number() }))`
    select to_char(day, 'YYYY-MM-DD') as day, sum(events)::int8 as events
    from event_activity_daily
    where ${inDays(period, sql.fragment`day`)}
    group by day order by day`);
  return [...rows];
}
