import { sql } from 'slonik';
import type { SkinDownloaded } from '../domain/downloads/download.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isDownload = isEventOf<SkinDownloaded>(['SkinDownloaded']);

/**
 * Download counters: total and unique per skin, each downloader's first and last download (unique
 * counts in any window ending now), totals per skin and day (windows), and totals and unique
 * downloaders per skin and month (monthly histories); the same days and months summed per author
 * (author 0: the site) and, for the months, per game, as the event recorded it; and per author and
 * day, and per skin and month, the downloaders (of a skin) whose last download was then, for unique
 * counts in windows.
 *
 * Every row is a sum, a set membership, or the earliest/latest of the downloads' recorded times
 * (least/greatest over every batch, not only the first one): none depends on the order of the
 * events or on where the feed is split into batches, so a rebuild gives the live rows. The skin and
 * downloader come from the event's data, never from its stream id.
 */
export const skinDownloadsProjection: RebuildableProjection = {
  name: 'skin-downloads',
  mode: 'catch-up',
  eventTypes: ['SkinDownloaded'],
  // Snapshotted monthly (read-model-snapshots.ts): raise when the rows written for the same events change.
  snapshotVersion: 1,
  // skin_stats is shared with the rating sums: a rebuild writes only the download columns.
  tables: [
    { name: 'skin_downloaders' },
    { name: 'skin_stats', columns: ['downloads_total', 'downloads_unique'] },
    { name: 'skin_download_daily' },
    { name: 'skin_downloader_months' },
    { name: 'skin_download_monthly' },
    { name: 'download_monthly_by_game' },
    { name: 'download_daily_by_author' },
    { name: 'download_last_daily_by_author' },
    { name: 'skin_download_last_monthly' },
  ],
  async apply(tx, events) {
    const rows = sql.jsonb(
      events.filter(isDownload).map(({ data, recordedAt }) => ({
        skin_id: data.skinId,
        downloader: data.downloader,
        game: data.game,
        author_id: data.authorId,
        at: recordedAt.toISOString(),
      })),
    );
    // Before skin_downloaders moves their last download: the downloaders counted on their last
    // download's day (per author) and month (per skin) move from the old one to the new one.
    await tx.query(sql.unsafe`
      with latest as (
        select skin_id, downloader, min(author_id) as author_id, max(at) as at
        from jsonb_to_recordset(${rows}) as x(skin_id bigint, downloader text, author_id bigint, at timestamptz)
        group by skin_id, downloader
      ), moves as (
        select l.skin_id, l.author_id, (w.last_at at time zone 'UTC')::date as old_day,
               (l.at at time zone 'UTC')::date as new_day
        from latest l left join skin_downloaders w using (skin_id, downloader)
        where w.last_at is null or l.at > w.last_at
      ), day_changes as (
        select author_id, old_day as day, -1 as n from moves where old_day <> new_day
        union all
        select author_id, new_day, 1 from moves where old_day is null or old_day <> new_day
      ), month_changes as (
        select skin_id, date_trunc('month', old_day)::date as month, -1 as n from moves
        where date_trunc('month', old_day) <> date_trunc('month', new_day)
        union all
        select skin_id, date_trunc('month', new_day)::date, 1 from moves
        where old_day is null or date_trunc('month', old_day) <> date_trunc('month', new_day)
      ), per_skin as (
        insert into skin_download_last_monthly (skin_id, month, downloaders)
        select skin_id, month, sum(n) from month_changes group by 1, 2
        on conflict (skin_id, month) do update set
          downloaders = skin_download_last_monthly.downloaders + excluded.downloaders
      )
      insert into download_last_daily_by_author (author_id, day, downloaders)
      select a.author_id, c.day, sum(c.n)
      from day_changes c cross join lateral (values (c.author_id), (0)) a(author_id)
      group by 1, 2
      on conflict (author_id, day) do update set
        downloaders = download_last_daily_by_author.downloaders + excluded.downloaders`);
    // A day or month whose downloaders all moved on is no row at all, as in a rebuild that never
    // saw them there.
    await tx.query(sql.unsafe`delete from download_last_daily_by_author where downloaders = 0`);
    await tx.query(sql.unsafe`delete from skin_download_last_monthly where downloaders = 0`);
    await tx.query(sql.unsafe`
      with downloads as (
        select * from jsonb_to_recordset(${rows}) as x(skin_id bigint, downloader text, at timestamptz)
      ), downloaders as (
        insert into skin_downloaders (skin_id, downloader, first_at, last_at)
        select skin_id, downloader, min(at), max(at) from downloads group by skin_id, downloader
        on conflict (skin_id, downloader) do update set
          first_at = least(skin_downloaders.first_at, excluded.first_at),
          last_at = greatest(skin_downloaders.last_at, excluded.last_at)
        returning skin_id, (xmax = 0) as is_new
      ), per_skin as (
        select d.skin_id, d.total, coalesce(n.new_downloaders, 0) as new_downloaders
        from (select skin_id, count(*) as total from downloads group by skin_id) d
        left join (select skin_id, count(*) as new_downloaders from downloaders where is_new group by skin_id) n
          using (skin_id)
      )
      insert into skin_stats (skin_id, downloads_total, downloads_unique)
      select skin_id, total, new_downloaders from per_skin
      on conflict (skin_id) do update set
        downloads_total = skin_stats.downloads_total + excluded.downloads_total,
        downloads_unique = skin_stats.downloads_unique + excluded.downloads_unique`);
    await tx.query(sql.unsafe`
      with downloads as (
        select skin_id, author_id, (at at time zone 'UTC')::date as day
        from jsonb_to_recordset(${rows}) as x(skin_id bigint, author_id bigint, at timestamptz)
      ), per_skin as (
        insert into skin_download_daily (skin_id, day, total)
        select skin_id, day, count(*) from downloads group by 1, 2
        on conflict (skin_id, day) do update set total = skin_download_daily.total + excluded.total
      )
      insert into download_daily_by_author (author_id, day, total)
      select a.author_id, d.day, count(*)
      from downloads d cross join lateral (values (d.author_id), (0)) a(author_id)
      group by 1, 2
      on conflict (author_id, day) do update set total = download_daily_by_author.total + excluded.total`);
    await tx.query(sql.unsafe`
      with downloads as (
        select skin_id, downloader, game, author_id, at, date_trunc('month', at at time zone 'UTC')::date as month
        from jsonb_to_recordset(${rows})
          as x(skin_id bigint, downloader text, game text, author_id bigint, at timestamptz)
      ), pairs as (
        -- Each downloader's first download of the skin in the month (in this batch), with its game.
        select distinct on (skin_id, downloader, month) skin_id, downloader, month, game, author_id
        from downloads order by skin_id, downloader, month, at, game
      ), first_this_month as (
        insert into skin_downloader_months (skin_id, downloader, month)
        select skin_id, downloader, month from pairs
        on conflict do nothing
        returning skin_id, downloader, month
      ), new_pairs as (
        select p.* from first_this_month f join pairs p using (skin_id, downloader, month)
      ), uniques as (
        select skin_id, month, count(*) as n from new_pairs group by skin_id, month
      ), per_skin as (
        insert into skin_download_monthly (skin_id, month, total, "unique")
        select d.skin_id, d.month, count(*), coalesce(max(u.n), 0)
        from downloads d left join uniques u using (skin_id, month)
        group by d.skin_id, d.month
        on conflict (skin_id, month) do update set
          total = skin_download_monthly.total + excluded.total,
          "unique" = skin_download_monthly."unique" + excluded."unique"
      ), by_game as (
        select author_id, month, game, 1 as total, 0 as new from downloads
        union all
        select author_id, month, game, 0, 1 from new_pairs
      )
      insert into download_monthly_by_game (author_id, month, game, total, "unique")
      select a.author_id, g.month, g.game, sum(g.total), sum(g.new)
      from by_game g cross join lateral (values (g.author_id), (0)) a(author_id)
      group by 1, 2, 3
      on conflict (author_id, month, game) do update set
        total = download_monthly_by_game.total + excluded.total,
        "unique" = download_monthly_by_game."unique" + excluded."unique"`);
  },
  async reset(tx) {
    await tx.query(
      sql.unsafe`truncate skin_downloaders, skin_download_daily, skin_download_monthly, skin_downloader_months,
        download_monthly_by_game, download_daily_by_author, download_last_daily_by_author,
        skin_download_last_monthly`,
    );
    await tx.query(sql.unsafe`update skin_stats set downloads_total = 0, downloads_unique = 0`);
  },
};
