import { sql } from 'slonik';
import type { SkinDownloaded } from '../domain/downloads/download.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isDownload = isEventOf<SkinDownloaded>(['SkinDownloaded']);

/**
 * Download counters: total and unique per skin, each downloader's first and last download (unique
 * counts in any window ending now), totals per skin and day (windows), and totals and unique
 * downloaders per skin and month (monthly histories).
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
  // skin_stats is shared with the rating sums: a rebuild writes only the download columns.
  tables: [
    { name: 'skin_downloaders' },
    { name: 'skin_stats', columns: ['downloads_total', 'downloads_unique'] },
    { name: 'skin_download_daily' },
    { name: 'skin_downloader_months' },
    { name: 'skin_download_monthly' },
  ],
  async apply(tx, events) {
    const rows = sql.jsonb(
      events.filter(isDownload).map(({ data, recordedAt }) => ({
        skin_id: data.skinId,
        downloader: data.downloader,
        at: recordedAt.toISOString(),
      })),
    );
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
      insert into skin_download_daily (skin_id, day, total)
      select skin_id, (at at time zone 'UTC')::date, count(*)
      from jsonb_to_recordset(${rows}) as x(skin_id bigint, downloader text, at timestamptz)
      group by 1, 2
      on conflict (skin_id, day) do update set total = skin_download_daily.total + excluded.total`);
    await tx.query(sql.unsafe`
      with downloads as (
        select skin_id, downloader, date_trunc('month', at at time zone 'UTC')::date as month
        from jsonb_to_recordset(${rows}) as x(skin_id bigint, downloader text, at timestamptz)
      ), first_this_month as (
        insert into skin_downloader_months (skin_id, downloader, month)
        select distinct skin_id, downloader, month from downloads
        on conflict do nothing
        returning skin_id, month
      ), uniques as (
        select skin_id, month, count(*) as n from first_this_month group by skin_id, month
      )
      insert into skin_download_monthly (skin_id, month, total, "unique")
      select d.skin_id, d.month, count(*), coalesce(max(u.n), 0)
      from downloads d left join uniques u using (skin_id, month)
      group by d.skin_id, d.month
      on conflict (skin_id, month) do update set
        total = skin_download_monthly.total + excluded.total,
        "unique" = skin_download_monthly."unique" + excluded."unique"`);
  },
  async reset(tx) {
    await tx.query(
      sql.unsafe`truncate skin_downloaders, skin_download_daily, skin_download_monthly, skin_downloader_months`,
    );
    await tx.query(sql.unsafe`update skin_stats set downloads_total = 0, downloads_unique = 0`);
  },
};
