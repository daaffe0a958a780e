-- Monthly download history (spec 2.11, Creativity Dashboard): totals and unique downloaders per skin
-- and month, kept by the skin-downloads projection. A downloader counts once per skin and month;
-- skin_downloader_months remembers who was counted.
create table skin_download_monthly (
  skin_id bigint not null,
  month   date not null,
  total   integer not null default 0,
  "unique" integer not null default 0,
  primary key (skin_id, month)
);
create index skin_download_monthly_month_idx on skin_download_monthly (month, skin_id);

create table skin_downloader_months (
  skin_id    bigint not null,
  downloader text not null,
  month      date not null,
  primary key (skin_id, month, downloader)
);

-- Site-wide unique downloaders in a window (the admin dashboard).
create index skin_downloaders_last_at_idx on skin_downloaders (last_at);

-- Installs that already counted downloads replay them into the new tables: the projection starts over.
truncate skin_downloaders, skin_download_daily;
update skin_stats set downloads_total = 0, downloads_unique = 0 where downloads_total <> 0 or downloads_unique <> 0;
update projection_checkpoints set last_transaction_id = '0'::xid8, last_position = 0, events_applied = 0, updated_at = now()
where projection_name = 'skin-downloads';
