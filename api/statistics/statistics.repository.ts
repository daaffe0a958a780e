import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { monthAfter, type StatisticsPeriod } from './statistics-period';
import { topWithinBound } from './top-within-bound';

/** Whose skins: one author's, or the whole site's (null). */
export type StatisticsScope = { authorId: number | null };

/** The author id under which the per-author read models keep the whole site's sums. */
export const authorKey = (scope: StatisticsScope) => scope.authorId ?? 0;

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
    // Every downloader of a skin has one last download: all days' downloaders are all of them.
    return db.one(sql.type(figures)`
      select
        (select coalesce(sum(total), 0)::int from download_daily_by_author
         where author_id = ${authorKey(scope)}) as total,
        (select coalesce(sum(downloaders), 0)::int from download_last_daily_by_author
         where author_id = ${authorKey(scope)}) as unique`);
  }
  // A window: the downloaders whose last download fell on a day after its first, and those of its
  // first day from its first moment on.
  const unique =
    period.since !== null
      ? sql.fragment`select (
           select coalesce(sum(l.downloaders), 0)::int from download_last_daily_by_author l
           where l.author_id = ${authorKey(scope)} and l.day > ${period.fromDay}::date
         ) + (
           select count(*)::int from skin_downloaders w
           where w.last_at >= ${period.since.toISOString()}::timestamptz
             and w.last_at < (${period.fromDay}::date + 1)::timestamp at time zone 'UTC'
             and ${skinsOf(scope, sql.fragment`w.skin_id`)})`
      : sql.fragment`select count(*)::int from (
           select distinct m.skin_id, m.downloader from skin_downloader_months m
           where ${inMonths(period, sql.fragment`m.month`)} and ${skinsOf(scope, sql.fragment`m.skin_id`)}) pairs`;
  return db.one(sql.type(figures)`
    select
      (select coalesce(sum(total), 0)::int from download_daily_by_author d
       where d.author_id = ${authorKey(scope)} and ${inDays(period, sql.fragment`d.day`)}) as total,
      (${unique}) as unique`);
}

/**
 * Monthly totals and unique downloaders per game (the game a skin had when downloaded), oldest
 * first: the months the period touches, or without a period the last `months` months.
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
    select m.game, extract(year from m.month)::int as year, extract(month from m.month)::int as month,
           m.total::int, m."unique"::int as unique
    from download_monthly_by_game m
    where m.author_id = ${authorKey(scope)} and ${within}
    order by m.month, m.game`);
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
      ? sql.fragment`select (
           select coalesce(sum(l.downloaders), 0)::int from skin_download_last_monthly l
           where l.skin_id = t.skin_id and l.month > date_trunc('month', ${period.fromDay}::date)
         ) + (
           select count(*)::int from skin_downloaders w
           where w.skin_id = t.skin_id and w.last_at >= ${period.since.toISOString()}::timestamptz
             and w.last_at < (date_trunc('month', ${period.fromDay}::date) + interval '1 month')
                             ::timestamp at time zone 'UTC')`
      : sql.fragment`select count(distinct m.downloader)::int from skin_downloader_months m
         where m.skin_id = t.skin_id and ${inMonths(period, sql.fragment`m.month`)}`;
  const top = await mostDownloadedInDays(db, scope, period, length);
  if (top.length === 0) return [];
  const rows = await db.any(sql.type(row)`
    select t.skin_id, t.total, (${unique}) as unique
    from unnest(${sql.array(
      top.map((t) => t.skin_id),
      'int8',
    )}::int8[], ${sql.array(
      top.map((t) => t.total),
      'int4',
    )}::int4[]) as t(skin_id, total)
    order by t.total desc, t.skin_id`);
  return [...rows];
}

/** Skins whose window totals are summed at a time while looking for the most downloaded. */
const CANDIDATES = 200;

/** The `length` skins with the most downloads in the period's days (ties by skin id). */
export async function mostDownloadedInDays(
  db: Queryable,
  scope: StatisticsScope,
  period: StatisticsPeriod,
  length: number,
  batch?: number,
) {
  if (scope.authorId !== null && batch === undefined) {
    // An author's skins are few enough to be summed in one go, in no particular order.
    const ids = await db.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from skins where author_id = ${scope.authorId}`);
    const rows = ids.length === 0 ? [] : await downloadsInDays(db, ids, period);
    return [...rows]
      .sort((a, b) => b.value - a.value || a.id - b.id)
      .slice(0, length)
      .map((row) => ({ skin_id: row.id, total: row.value }));
  }
  // No skin has more downloads in a period than of all time.
  const top = await topWithinBound({
    length,
    batch: batch ?? CANDIDATES,
    candidates: (after, size) =>
      db.any(sql.type(z.object({ id: z.number(), bound: z.number() }))`
        select st.skin_id as id, st.downloads_total::int8 as bound from skin_stats st
        where st.downloads_total > 0 and ${skinsOf(scope, sql.fragment`st.skin_id`)}
          and ${
            after === null
              ? sql.fragment`true`
              : sql.fragment`(st.downloads_total < ${after.bound}
                  or (st.downloads_total = ${after.bound} and st.skin_id > ${after.id}))`
          }
        order by st.downloads_total desc, st.skin_id
        limit ${size}`),
    values: (ids) => downloadsInDays(db, ids, period),
  });
  return top.map((t) => ({ skin_id: t.id, total: t.value }));
}

/**
 * These skins' downloads in the period's days: the whole months inside it from the monthly rows, the
 * days before its first whole month from the daily rows (a period ends now or where a month starts).
 * A year is 12 monthly rows and at most 31 daily rows a skin, not 365.
 */
async function downloadsInDays(db: Queryable, ids: readonly number[], period: StatisticsPeriod) {
  const skins = sql.array([...ids], 'int8');
  const firstWhole =
    period.fromDay === null || period.fromDay.endsWith('-01')
      ? period.fromDay
      : monthAfter(period.fromDay.slice(0, 7));
  return db.any(sql.type(z.object({ id: z.number(), value: z.number() }))`
    select skin_id as id, sum(total)::int8 as value from (
      select m.skin_id, m.total from skin_download_monthly m
      where m.skin_id = any(${skins})
        and (${firstWhole}::date is null or m.month >= ${firstWhole}::date)
        and (${period.toDay}::date is null or m.month < ${period.toDay}::date)
      union all
      select d.skin_id, d.total from skin_download_daily d
      where d.skin_id = any(${skins}) and d.day >= ${period.fromDay}::date and d.day < ${firstWhole}::date
    ) x
    group by skin_id
    having sum(total) > 0`);
}
