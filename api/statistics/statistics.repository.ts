import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { resolvePeriod, type StatisticsPeriod } from './statistics-period';

/** Whose skins: one author's, or the whole site's (null). */
export type StatisticsScope = { authorId: number | null };

const skinsOf = (scope: StatisticsScope, column: FragmentSqlToken) =>
  scope.authorId === null
    ? sql.fragment`true`
    : sql.fragment`${column} in (select id from skins where author_id = ${scope.authorId})`;

const figures = z.object({ total: z.number(), unique: z.number() });

/** `column` (a date) within the period's days. */
export const inDays = (period: StatisticsPeriod, column: FragmentSqlToken) =>
  sql.fragment`${period.fromDay === null ? sql.fragment`true` : sql.fragment`${column} >= ${period.fromDay}::date`}
    and ${period.toDay === null ? sql.fragment`true` : sql.fragment`${column} < ${period.toDay}::date`}`;

/** `column` (a month's first day) within the months the period touches. */
export const inMonths = (period: StatisticsPeriod, column: FragmentSqlToken) =>
  sql.fragment`${period.fromMonth === null ? sql.fragment`true` : sql.fragment`${column} >= ${period.fromMonth}::date`}
    and ${period.toMonth === null ? sql.fragment`true` : sql.fragment`${column} <= ${period.toMonth}::date`}`;

/**
 * Total and unique downloads in the period, from the download projection's tables. Unique counts a
 * downloader once per skin: for a window that ends now, those whose last download is in it; for
 * a span of months, those recorded in any of its months.
 */
export async function downloadFigures(db: Queryable, scope: StatisticsScope, period: StatisticsPeriod) {
  if (period.fromDay === null && period.toDay === null) {
    return db.one(sql.type(figures)`
      select coalesce(sum(downloads_total), 0)::int as total, coalesce(sum(downloads_unique), 0)::int as unique
      from skin_stats st where ${skinsOf(scope, sql.fragment`st.skin_id`)}`);
  }
  const unique =
    period.since !== null
      ? sql.fragment`select count(*)::int from skin_downloaders w
         where w.last_at >= ${period.since.toISOString()}::timestamptz and ${skinsOf(scope, sql.fragment`w.skin_id`)}`
      : sql.fragment`select count(*)::int from (
           select distinct m.skin_id, m.downloader from skin_downloader_months m
           where ${inMonths(period, sql.fragment`m.month`)} and ${skinsOf(scope, sql.fragment`m.skin_id`)}) pairs`;
  return db.one(sql.type(figures)`
    select
      (select coalesce(sum(total), 0)::int from skin_download_daily d
       where ${inDays(period, sql.fragment`d.day`)} and ${skinsOf(scope, sql.fragment`d.skin_id`)}) as total,
      (${unique}) as unique`);
}

export async function downloadCounts(db: Queryable, scope: StatisticsScope, now: Date) {
  const [allTime, last30Days, lastYear] = await Promise.all(
    (['ALL_TIME', 'LAST_30_DAYS', 'LAST_YEAR'] as const).map((window) =>
      downloadFigures(db, scope, resolvePeriod({ window }, now)),
    ),
  );
  return { allTime: allTime!, last30Days: last30Days!, lastYear: lastYear! };
}

/**
 * Monthly totals and unique downloaders per game, oldest first: the months the period touches, or
 * without a period the last `months` months.
 */
export async function downloadHistory(
  db: Queryable,
  scope: StatisticsScope,
  now: Date,
  period: StatisticsPeriod | null,
  months = 24,
) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const within =
    period === null
      ? sql.fragment`m.month >= ${first.toISOString().slice(0, 10)}::date`
      : inMonths(period, sql.fragment`m.month`);
  const rows = await db.any(sql.type(
    z.object({
      game: z.string(),
      year: z.number(),
      month: z.number(),
      total: z.number(),
      unique: z.number(),
    }),
  )`
    select s.game, extract(year from m.month)::int as year, extract(month from m.month)::int as month,
           sum(m.total)::int as total, sum(m."unique")::int as unique
    from skin_download_monthly m join skins s on s.id = m.skin_id
    where ${within}
      and ${scope.authorId === null ? sql.fragment`true` : sql.fragment`s.author_id = ${scope.authorId}`}
    group by s.game, m.month
    order by m.month, s.game`);
  return [...rows];
}

/** The most downloaded skins in the period, with their totals and unique downloaders in it. */
export async function mostDownloaded(
  db: Queryable,
  scope: StatisticsScope,
  period: StatisticsPeriod,
  length: number,
) {
  const row = z.object({ skin_id: z.number(), total: z.number(), unique: z.number() });
  if (period.fromDay === null && period.toDay === null) {
    const rows = await db.any(sql.type(row)`
      select st.skin_id, st.downloads_total::int as total, st.downloads_unique::int as unique
      from skin_stats st
      where st.downloads_total > 0 and ${skinsOf(scope, sql.fragment`st.skin_id`)}
      order by st.downloads_total desc, st.skin_id
      limit ${length}`);
    return [...rows];
  }
  const unique =
    period.since !== null
      ? sql.fragment`select count(*)::int from skin_downloaders w
         where w.skin_id = t.skin_id and w.last_at >= ${period.since.toISOString()}::timestamptz`
      : sql.fragment`select count(distinct m.downloader)::int from skin_downloader_months m
         where m.skin_id = t.skin_id and ${inMonths(period, sql.fragment`m.month`)}`;
  const rows = await db.any(sql.type(row)`
    with totals as (
      select d.skin_id, sum(d.total)::int as total from skin_download_daily d
      where ${inDays(period, sql.fragment`d.day`)} and ${skinsOf(scope, sql.fragment`d.skin_id`)}
      group by d.skin_id
      order by total desc, d.skin_id
      limit ${length}
    )
    select t.skin_id, t.total, (${unique}) as unique
    from totals t order by t.total desc, t.skin_id`);
  return [...rows];
}
