-- The skins list's discovery sorts (docs/catalogue.md, Skins list).
--
-- Top rated: a Bayesian average of the votes with a fixed prior of 5 votes of 3 stars
-- (domain/ratings/rating-score.ts, the same formula), kept as a stored generated column so that the
-- sort reads an index like the other sorts. Ties: more votes first, then newer.
alter table skin_cards
  add column rating_score double precision
    generated always as ((rating_sum + 3.0 * 5) / (rating_count + 5)) stored;
create index skin_cards_rating_idx
  on skin_cards (rating_score, rating_count, created_at, skin_id) where not deleted;
create index skin_cards_game_rating_idx
  on skin_cards (game, rating_score, rating_count, created_at, skin_id) where not deleted;

-- A price-filtered list counts its matches (the per-game counts know no prices): listed cards by
-- game and price, so the count of free or paid skins of a game is an index-only scan.
create index skin_cards_listed_game_price_idx on skin_cards (game, price_cents) where listed;

-- Trending: the downloads of the last 7 days (UTC), kept on the cards so that the sort reads an
-- index. `trending_window.since` is the window's first day. The download projection's daily rows
-- (skin_download_daily, also written by its rebuilds: inserts, updates, deletes, truncate) move the
-- cards' counts by statement-level triggers in the same transaction; when the day changes,
-- roll_trending_window recounts the skins whose downloads left (or entered) the window.
alter table skin_cards add column downloads_recent bigint not null default 0;
create table trending_window (
  one   boolean primary key default true check (one),
  since date not null
);
insert into trending_window (since) values ((now() at time zone 'UTC')::date - 6);
update skin_cards c set downloads_recent = r.total
from (select skin_id, sum(total) as total from skin_download_daily
      where day >= (select since from trending_window) group by skin_id) r
where r.skin_id = c.skin_id;
create index skin_cards_trending_idx
  on skin_cards (downloads_recent, downloads_total, created_at, skin_id) where not deleted;
create index skin_cards_game_trending_idx
  on skin_cards (game, downloads_recent, downloads_total, created_at, skin_id) where not deleted;

-- Each statement adds what it changed inside the window: new rows count in, old rows count out.
create function skin_cards_recent_on_insert() returns trigger language plpgsql as $$
begin
  update skin_cards c set downloads_recent = c.downloads_recent + d.total
  from (select skin_id, sum(total) as total from new_rows
        where day >= (select since from trending_window) group by skin_id) d
  where c.skin_id = d.skin_id;
  return null;
end $$;
create function skin_cards_recent_on_update() returns trigger language plpgsql as $$
begin
  update skin_cards c set downloads_recent = c.downloads_recent + d.total
  from (select skin_id, sum(total) as total from (
          select skin_id, day, total from new_rows
          union all select skin_id, day, -total from old_rows) u
        where day >= (select since from trending_window)
        group by skin_id having sum(total) <> 0) d
  where c.skin_id = d.skin_id;
  return null;
end $$;
create function skin_cards_recent_on_delete() returns trigger language plpgsql as $$
begin
  update skin_cards c set downloads_recent = c.downloads_recent - d.total
  from (select skin_id, sum(total) as total from old_rows
        where day >= (select since from trending_window) group by skin_id) d
  where c.skin_id = d.skin_id;
  return null;
end $$;
create function skin_cards_recent_on_truncate() returns trigger language plpgsql as $$
begin
  update skin_cards set downloads_recent = 0 where downloads_recent <> 0;
  return null;
end $$;
create trigger skin_cards_recent_after_insert after insert on skin_download_daily
  referencing new table as new_rows for each statement execute function skin_cards_recent_on_insert();
create trigger skin_cards_recent_after_update after update on skin_download_daily
  referencing new table as new_rows old table as old_rows for each statement execute function skin_cards_recent_on_update();
create trigger skin_cards_recent_after_delete after delete on skin_download_daily
  referencing old table as old_rows for each statement execute function skin_cards_recent_on_delete();
create trigger skin_cards_recent_after_truncate after truncate on skin_download_daily
  for each statement execute function skin_cards_recent_on_truncate();

-- A card built anew (a rebuild of the cards from their sources) counts its window's downloads.
create function skin_cards_recent_on_new_cards() returns trigger language plpgsql as $$
begin
  update skin_cards c set downloads_recent = d.total
  from (select n.skin_id, sum(d.total) as total
        from new_rows n join skin_download_daily d on d.skin_id = n.skin_id
        where d.day >= (select since from trending_window) group by n.skin_id) d
  where c.skin_id = d.skin_id and c.downloads_recent <> d.total;
  return null;
end $$;
create trigger skin_cards_recent_after_card_insert after insert on skin_cards
  referencing new table as new_rows for each statement execute function skin_cards_recent_on_new_cards();

-- Moves the window to start on `first_day` and recounts the skins with downloads on the days that
-- left or entered it. The share lock waits for the download projection's running batch and holds
-- the next one until the recount commits, so no batch's counts are lost between the two.
create function roll_trending_window(first_day date) returns void language plpgsql as $$
declare
  previous date;
begin
  select since into previous from trending_window for update;
  if previous = first_day then return; end if;
  lock table skin_download_daily in share mode;
  update trending_window set since = first_day;
  update skin_cards c set downloads_recent = coalesce(r.total, 0)
  from (select k.skin_id,
               (select sum(d.total) from skin_download_daily d
                where d.skin_id = k.skin_id and d.day >= first_day) as total
        from (select distinct skin_id from skin_download_daily
              where day >= least(previous, first_day) and day < greatest(previous, first_day)) k) r
  where c.skin_id = r.skin_id and c.downloads_recent is distinct from coalesce(r.total, 0);
end $$;
