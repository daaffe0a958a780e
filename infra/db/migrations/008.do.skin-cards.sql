-- The skins list's read model: one row per skin with everything a card shows and every list sorts or
-- filters on (author, thumbnail, rating, downloads), and maintained counts per game, so a page of the
-- list is one indexed query and its total a lookup. Triggers keep both in the same transaction as the
-- change to skins, users, resources or skin_stats (whose counters the rating and download
-- projections maintain), so a rebuild of those projections rebuilds the cards' counters too.
create table skin_cards (
  skin_id              bigint primary key references skins (id) on delete cascade,
  -- Shown to everyone: published and not deleted.
  listed               boolean not null,
  deleted              boolean not null,
  game                 text not null,
  title                text not null,
  description          text not null,
  price_cents          integer not null,
  created_at           timestamptz not null,
  author_id            bigint not null,
  author_username      citext not null,
  author_url           text not null,
  author_country       text,
  author_avatar        text,
  thumbnail_id         bigint,
  thumbnail_filename   text,
  thumbnail_title      text,
  thumbnail_description text,
  thumbnail_position   integer,
  thumbnail_width      integer,
  thumbnail_height     integer,
  rating_sum           bigint not null default 0,
  rating_count         integer not null default 0,
  downloads_total      bigint not null default 0,
  downloads_unique     bigint not null default 0
);

-- One index per sort, with and without the game filter. Ties follow the sort's direction so each
-- index serves both directions; hidden skins are few, so public lists filter them while scanning.
create index skin_cards_created_idx on skin_cards (created_at, skin_id) where not deleted;
create index skin_cards_game_created_idx on skin_cards (game, created_at, skin_id) where not deleted;
create index skin_cards_price_idx on skin_cards (price_cents, created_at, skin_id) where not deleted;
create index skin_cards_game_price_idx on skin_cards (game, price_cents, created_at, skin_id) where not deleted;
create index skin_cards_title_idx on skin_cards (title, skin_id) where not deleted;
create index skin_cards_game_title_idx on skin_cards (game, title, skin_id) where not deleted;
create index skin_cards_author_idx on skin_cards (author_username, created_at, skin_id) where not deleted;
create index skin_cards_game_author_idx on skin_cards (game, author_username, created_at, skin_id) where not deleted;
create index skin_cards_downloads_idx on skin_cards (downloads_total, created_at, skin_id) where not deleted;
create index skin_cards_game_downloads_idx on skin_cards (game, downloads_total, created_at, skin_id) where not deleted;
create index skin_cards_title_trgm_idx on skin_cards using gin (title gin_trgm_ops);
create index skin_cards_author_trgm_idx on skin_cards using gin ((author_username::text) gin_trgm_ops);
create index skin_cards_text_idx on skin_cards using gin (to_tsvector('simple', title || ' ' || description));

-- Skins per game: listed (public lists) and not deleted (admin lists).
create table skin_card_counts (
  game    text primary key,
  listed  bigint not null default 0,
  visible bigint not null default 0
);

-- (Re)builds the cards of the given skins from their sources.
create function refresh_skin_cards(ids bigint[]) returns void language sql as $$
  insert into skin_cards as c (
    skin_id, listed, deleted, game, title, description, price_cents, created_at,
    author_id, author_username, author_url, author_country, author_avatar,
    thumbnail_id, thumbnail_filename, thumbnail_title, thumbnail_description, thumbnail_position,
    thumbnail_width, thumbnail_height, rating_sum, rating_count, downloads_total, downloads_unique)
  select s.id, s.published and s.deleted_at is null, s.deleted_at is not null, s.game, s.title, s.description,
         s.price_cents, s.created_at,
         u.id, u.username, u.url::text, u.country, u.avatar_filename,
         r.id, r.filename, r.title, r.description, r.position, r.width, r.height,
         coalesce(st.rating_sum, 0), coalesce(st.rating_count, 0),
         coalesce(st.downloads_total, 0), coalesce(st.downloads_unique, 0)
  from (select distinct unnest(ids) as id) k
  join skins s on s.id = k.id
  join users u on u.id = s.author_id
  left join skin_stats st on st.skin_id = s.id
  left join lateral (
    select id, filename, title, description, position, width, height from resources
    where skin_id = s.id and type = 'IMAGE' order by position, id limit 1) r on true
  on conflict (skin_id) do update set
    listed = excluded.listed, deleted = excluded.deleted, game = excluded.game, title = excluded.title,
    description = excluded.description, price_cents = excluded.price_cents, created_at = excluded.created_at,
    author_id = excluded.author_id, author_username = excluded.author_username,
    author_url = excluded.author_url, author_country = excluded.author_country,
    author_avatar = excluded.author_avatar, thumbnail_id = excluded.thumbnail_id,
    thumbnail_filename = excluded.thumbnail_filename, thumbnail_title = excluded.thumbnail_title,
    thumbnail_description = excluded.thumbnail_description,
    thumbnail_position = excluded.thumbnail_position, thumbnail_width = excluded.thumbnail_width,
    thumbnail_height = excluded.thumbnail_height, rating_sum = excluded.rating_sum,
    rating_count = excluded.rating_count, downloads_total = excluded.downloads_total,
    downloads_unique = excluded.downloads_unique
$$;

-- Statement-level triggers with transition tables: a bulk change refreshes its cards in one statement.
create function skin_cards_from_skins() returns trigger language plpgsql as $$
begin
  perform refresh_skin_cards(array(select id from changed_rows));
  return null;
end
$$;
create trigger skin_cards_on_skin_insert after insert on skins
  referencing new table as changed_rows for each statement execute function skin_cards_from_skins();
create trigger skin_cards_on_skin_update after update on skins
  referencing new table as changed_rows for each statement execute function skin_cards_from_skins();

create function skin_cards_from_authors() returns trigger language plpgsql as $$
begin
  -- EXCEPT rather than a join of the transition tables, which the planner may loop over row by row.
  perform refresh_skin_cards(array(
    select s.id from (
      select id, username, url, country, avatar_filename from new_rows
      except select id, username, url, country, avatar_filename from old_rows) changed
    join skins s on s.author_id = changed.id));
  return null;
end
$$;
create trigger skin_cards_on_author_update after update on users
  referencing new table as new_rows old table as old_rows for each statement execute function skin_cards_from_authors();

-- Any change to a skin's images may change its thumbnail.
create function skin_cards_from_new_images() returns trigger language plpgsql as $$
begin
  perform refresh_skin_cards(array(select skin_id from changed_rows where skin_id is not null and type = 'IMAGE'));
  return null;
end
$$;
create function skin_cards_from_images() returns trigger language plpgsql as $$
begin
  perform refresh_skin_cards(array(
    select skin_id from new_rows where skin_id is not null and type = 'IMAGE'
    union select skin_id from old_rows where skin_id is not null and type = 'IMAGE'));
  return null;
end
$$;
create trigger skin_cards_on_image_insert after insert on resources
  referencing new table as changed_rows for each statement execute function skin_cards_from_new_images();
create trigger skin_cards_on_image_delete after delete on resources
  referencing old table as changed_rows for each statement execute function skin_cards_from_new_images();
create trigger skin_cards_on_image_update after update on resources
  referencing new table as new_rows old table as old_rows for each statement execute function skin_cards_from_images();

-- Counters change often (every vote and download batch): copied straight across, no rebuild.
create function skin_cards_from_stats() returns trigger language plpgsql as $$
begin
  update skin_cards c set
    rating_sum = n.rating_sum, rating_count = n.rating_count,
    downloads_total = n.downloads_total, downloads_unique = n.downloads_unique
  from changed_rows n
  where c.skin_id = n.skin_id
    and (c.rating_sum, c.rating_count, c.downloads_total, c.downloads_unique)
        is distinct from (n.rating_sum, n.rating_count, n.downloads_total, n.downloads_unique);
  return null;
end
$$;
create trigger skin_cards_on_stats_insert after insert on skin_stats
  referencing new table as changed_rows for each statement execute function skin_cards_from_stats();
create trigger skin_cards_on_stats_update after update on skin_stats
  referencing new table as changed_rows for each statement execute function skin_cards_from_stats();

-- The counts move only when a card appears, disappears, changes game or visibility.
create function skin_card_counts_on_insert() returns trigger language plpgsql as $$
begin
  insert into skin_card_counts as t (game, listed, visible)
  select game, count(*) filter (where listed), count(*) filter (where not deleted) from changed_rows group by game
  on conflict (game) do update set listed = t.listed + excluded.listed, visible = t.visible + excluded.visible;
  return null;
end
$$;
create function skin_card_counts_on_delete() returns trigger language plpgsql as $$
begin
  update skin_card_counts t set listed = t.listed - d.listed, visible = t.visible - d.visible
  from (select game, count(*) filter (where listed) as listed, count(*) filter (where not deleted) as visible
        from changed_rows group by game) d
  where t.game = d.game;
  return null;
end
$$;
create function skin_card_counts_on_update() returns trigger language plpgsql as $$
begin
  -- Every old row counted out, every new row counted in: unchanged rows cancel out, no join needed.
  insert into skin_card_counts as t (game, listed, visible)
  select game, sum(listed), sum(visible) from (
    select game, -listed::int as listed, -(not deleted)::int as visible from old_rows
    union all
    select game, listed::int, (not deleted)::int from new_rows) d
  group by game
  having sum(listed) <> 0 or sum(visible) <> 0
  on conflict (game) do update set listed = t.listed + excluded.listed, visible = t.visible + excluded.visible;
  return null;
end
$$;
create trigger skin_card_counts_after_insert after insert on skin_cards
  referencing new table as changed_rows for each statement execute function skin_card_counts_on_insert();
create trigger skin_card_counts_after_delete after delete on skin_cards
  referencing old table as changed_rows for each statement execute function skin_card_counts_on_delete();
create trigger skin_card_counts_after_update after update on skin_cards
  referencing new table as new_rows old table as old_rows for each statement execute function skin_card_counts_on_update();

-- The skins already there.
select refresh_skin_cards(array(select id from skins));

-- Download counters move with every download: their notice says 'downloads', so the response cache
-- drops only the answers that show downloads (migration 006 sent '' for any change to skin_stats).
drop trigger skin_stats_catalogue_changed on skin_stats;
create function notify_skin_stats_changed() returns trigger language plpgsql as $$
declare
  ratings_moved boolean;
begin
  -- Separate statements: each may name only the transition tables its trigger has.
  if tg_op = 'UPDATE' then
    ratings_moved := exists (
      select skin_id, rating_sum, rating_count from new_rows
      except select skin_id, rating_sum, rating_count from old_rows);
  else
    ratings_moved := exists (select from new_rows where rating_count <> 0 or rating_sum <> 0);
  end if;
  perform pg_notify('catalogue_changed', case when ratings_moved then '' else 'downloads' end);
  return null;
end
$$;
create trigger skin_stats_changed_on_insert after insert on skin_stats
  referencing new table as new_rows for each statement execute function notify_skin_stats_changed();
create trigger skin_stats_changed_on_update after update on skin_stats
  referencing new table as new_rows old table as old_rows for each statement execute function notify_skin_stats_changed();
create trigger skin_stats_changed_on_delete after delete or truncate on skin_stats
  for each statement execute function notify_catalogue_changed();
