import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { StatisticsPeriod } from './statistics-period';
import { inDays } from './statistics.repository';

const monthCount = z.object({ year: z.number(), month: z.number(), count: z.number() });

/**
 * Accounts (not the anonymous guest-buyer records) and skins created per UTC month in the period.
 * Both are counted from their tables' creation times: accounts and skins are kept as current
 * state, not as event streams.
 */
export async function newAccountsAndSkins(db: Queryable, period: StatisticsPeriod) {
  const [users, skins] = await Promise.all([
    db.any(sql.type(monthCount)`
      select extract(year from m)::int as year, extract(month from m)::int as month, count(*)::int as count
      from (select date_trunc('month', created_at at time zone 'UTC') as m from users
            where not anonymous and ${inDays(period, sql.fragment`(created_at at time zone 'UTC')::date`)}) x
      group by m order by m`),
    db.any(sql.type(monthCount)`
      select extract(year from m)::int as year, extract(month from m)::int as month, count(*)::int as count
      from (select date_trunc('month', created_at at time zone 'UTC') as m from skins
            where ${inDays(period, sql.fragment`(created_at at time zone 'UTC')::date`)}) x
      group by m order by m`),
  ]);
  return { users: [...users], skins: [...skins] };
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
