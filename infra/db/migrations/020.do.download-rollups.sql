-- Downloads summed per author (author_id 0: the whole site), kept by the skin-downloads projection
-- beside the per-skin rows, so that a dashboard reads a handful of rows instead of summing every
-- skin's days or months (the site's history of all time summed over a million skin months).
-- Measured by bench/dashboards.bench.ts (docs/performance.md, Dashboards).
--
-- Downloads and unique downloaders per UTC month and game: a downloader counts once per skin and
-- month, under the game the skin had at that first download of the month (the event records it).
create table download_monthly_by_game (
  author_id bigint not null,
  month     date not null,
  game      text not null,
  total     bigint not null,
  "unique"  bigint not null,
  primary key (author_id, month, game)
);

-- Downloads per UTC day.
create table download_daily_by_author (
  author_id bigint not null,
  day       date not null,
  total     bigint not null,
  primary key (author_id, day)
);

-- Downloaders (of a skin) whose last download so far fell on that UTC day: the unique downloaders
-- of a window that ends now are those of the days after its first day, plus those of its first day
-- from its first moment on (read from skin_downloaders). Days left with none are deleted.
create table download_last_daily_by_author (
  author_id   bigint not null,
  day         date not null,
  downloaders bigint not null,
  primary key (author_id, day)
);
create index download_last_daily_by_author_empty_idx on download_last_daily_by_author (author_id, day)
  where downloaders = 0;

-- The same per skin and UTC month: a skin's unique downloaders in a window are those of the months
-- after its first month plus those of its first month from its first moment on.
create table skin_download_last_monthly (
  skin_id     bigint not null,
  month       date not null,
  downloaders integer not null,
  primary key (skin_id, month)
);
create index skin_download_last_monthly_empty_idx on skin_download_last_monthly (skin_id, month)
  where downloaders = 0;

-- The most downloaded skins of a window are looked for in order of their downloads of all time.
create index skin_stats_downloads_idx on skin_stats (downloads_total desc, skin_id);

-- The per-skin rows hold the same events up to the projection's checkpoint. Written before these
-- tables, they do not say which game a skin had at each download: today's game stands in for it
-- (`npm run replay -- skin-downloads` recounts from the events).
insert into download_monthly_by_game (author_id, month, game, total, "unique")
select a.author_id, m.month, s.game, sum(m.total), sum(m."unique")
from skin_download_monthly m
join skins s on s.id = m.skin_id
cross join lateral (values (s.author_id), (0)) a(author_id)
group by a.author_id, m.month, s.game;

insert into download_daily_by_author (author_id, day, total)
select a.author_id, d.day, sum(d.total)
from skin_download_daily d
join skins s on s.id = d.skin_id
cross join lateral (values (s.author_id), (0)) a(author_id)
group by a.author_id, d.day;

insert into download_last_daily_by_author (author_id, day, downloaders)
select a.author_id, (w.last_at at time zone 'UTC')::date, count(*)
from skin_downloaders w
join skins s on s.id = w.skin_id
cross join lateral (values (s.author_id), (0)) a(author_id)
group by 1, 2;

-- A window's downloads of given skins read whole months from here and only the edge days from
-- skin_download_daily, from the indexes alone.
create index skin_download_monthly_skin_idx on skin_download_monthly (skin_id, month) include (total);

insert into skin_download_last_monthly (skin_id, month, downloaders)
select skin_id, date_trunc('month', last_at at time zone 'UTC')::date, count(*)
from skin_downloaders
group by 1, 2;
