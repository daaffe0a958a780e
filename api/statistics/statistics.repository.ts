import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

/** Whose skins: one author's, or the whole site's (null). */
export type StatisticsScope = { authorId: number | null };

const DAY_MS = 86_400_000;
export const WINDOWS = { last30Days: 30, lastYear: 365 } as const;

const skinsOf = (scope: StatisticsScope, column: FragmentSqlToken) =>
  scope.authorId === null
    ? sql.fragment`true`
    : sql.fragment`${column} in (select id from skins where author_id = ${scope.authorId})`;

const figures = z.object({ total: z.number(), unique: z.number() });

/** Total and unique downloads since `since` (null: all time), from the download projection's tables. */
async function figuresSince(db: Queryable, scope: StatisticsScope, since: Date | null) {
  if (since === null) {
    return db.one(sql.type(figures)`
      select coalesce(sum(downloads_total), 0)::int as total, coalesce(sum(downloads_unique), 0)::int as unique
      from skin_stats st where ${skinsOf(scope, sql.fragment`st.skin_id`)}`);
  }
  const day = since.toISOString().slice(0, 10);
  return db.one(sql.type(figures)`
    select
      (select coalesce(sum(total), 0)::int from skin_download_daily d
       where d.day >= ${day}::date and ${skinsOf(scope, sql.fragment`d.skin_id`)}) as total,
      (select count(*)::int from skin_downloaders w
       where w.last_at >= ${since.toISOString()}::timestamptz and ${skinsOf(scope, sql.fragment`w.skin_id`)}) as unique`);
}

export async function downloadCounts(db: Queryable, scope: StatisticsScope, now: Date) {
  const [allTime, last30Days, lastYear] = await Promise.all([
    figuresSince(db, scope, null),
    figuresSince(db, scope, new Date(now.getTime() - WINDOWS.last30Days * DAY_MS)),
    figuresSince(db, scope, new Date(now.getTime() - WINDOWS.lastYear * DAY_MS)),
  ]);
  return { allTime, last30Days, lastYear };
}

/** Monthly totals and unique downloaders per game over the last `months` months, oldest first. */
export async function downloadHistory(db: Queryable, scope: StatisticsScope, now: Date, months = 24) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
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
    where m.month >= ${first.toISOString().slice(0, 10)}::date
      and ${scope.authorId === null ? sql.fragment`true` : sql.fragment`s.author_id = ${scope.authorId}`}
    group by s.game, m.month
    order by m.month, s.game`);
  return [...rows];
}

/** The most downloaded skins since `since`, with their totals and unique downloaders in that window. */
export async function mostDownloadedSince(
  db: Queryable,
  scope: StatisticsScope,
  since: Date,
  length: number,
) {
  const rows = await db.any(sql.type(
    z.object({ skin_id: z.number(), total: z.number(), unique: z.number() }),
  )`
    with totals as (
      select d.skin_id, sum(d.total)::int as total from skin_download_daily d
      where d.day >= ${since.toISOString().slice(0, 10)}::date and ${skinsOf(scope, sql.fragment`d.skin_id`)}
      group by d.skin_id
      order by total desc, d.skin_id
      limit ${length}
    )
    select t.skin_id, t.total,
           (select count(*)::int from skin_downloaders w
            where w.skin_id = t.skin_id and w.last_at >= ${since.toISOString()}::timestamptz) as unique
    from totals t order by t.total desc, t.skin_id`);
  return [...rows];
}
