-- The catalogue: skins, their files, color variations, bundles and comments (ordinary rows, decisions.md).
create table skins (
  id              bigint generated always as identity primary key,
  url             citext not null unique,
  author_id       bigint not null references users (id),
  title           text not null check (char_length(title) between 4 and 60),
  description     text not null default '' check (char_length(description) <= 200),
  game            text not null check (game in ('TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM')),
  price_cents     integer not null check (price_cents = 0 or price_cents between 200 and 50000),
  published       boolean not null default true,
  available_alone boolean not null default true,
  video_url       text,
  color_primary   text,
  color_secondary text,
  created_at      timestamptz not null default now(),
  modified_at     timestamptz not null default now(),
  deleted_at      timestamptz
);
create index skins_author_idx on skins (author_id, created_at desc);
create index skins_listing_idx on skins (created_at desc, id desc) where published and deleted_at is null;
create index skins_game_listing_idx on skins (game, created_at desc, id desc) where published and deleted_at is null;
create index skins_price_idx on skins (price_cents, id) where published and deleted_at is null;
create index skins_title_trgm_idx on skins using gin (title gin_trgm_ops);
create index skins_search_idx on skins using gin (to_tsvector('simple', title || ' ' || description));

-- Pictures and skin sources, in order; the first image is the thumbnail.
create table resources (
  id            bigint generated always as identity primary key,
  skin_id       bigint references skins (id) on delete cascade,
  bundle_id     bigint,
  type          text not null check (type in ('IMAGE', 'SKIN_SOURCE')),
  filename      text not null unique,
  original_name text,
  title         text,
  description   text,
  position      integer not null default 0,
  size_bytes    bigint,
  width         integer,
  height        integer,
  created_at    timestamptz not null default now(),
  check ((skin_id is null) <> (bundle_id is null))
);
create index resources_skin_idx on resources (skin_id, type, position) where skin_id is not null;
create index resources_bundle_idx on resources (bundle_id, type, position) where bundle_id is not null;

-- Color variations link skins both ways: each pair is stored in both directions.
create table skin_color_variations (
  skin_id      bigint not null references skins (id) on delete cascade,
  variation_id bigint not null references skins (id) on delete cascade,
  primary key (skin_id, variation_id),
  check (skin_id <> variation_id)
);

create table bundles (
  id          bigint generated always as identity primary key,
  url         citext not null unique,
  author_id   bigint not null references users (id),
  title       text not null check (char_length(title) between 4 and 60),
  description text not null default '' check (char_length(description) <= 200),
  game        text not null check (game in ('TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM')),
  price_cents integer not null check (price_cents = 0 or price_cents between 200 and 50000),
  published   boolean not null default true,
  video_url   text,
  created_at  timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  deleted_at  timestamptz
);
create index bundles_author_idx on bundles (author_id, created_at desc);
create index bundles_listing_idx on bundles (game, created_at desc, id desc) where published and deleted_at is null;
create index bundles_title_trgm_idx on bundles using gin (title gin_trgm_ops);
alter table resources add foreign key (bundle_id) references bundles (id) on delete cascade;

create table bundle_skins (
  bundle_id bigint not null references bundles (id) on delete cascade,
  skin_id   bigint not null references skins (id),
  position  integer not null default 0,
  primary key (bundle_id, skin_id)
);
create index bundle_skins_skin_idx on bundle_skins (skin_id);

create table comments (
  id         bigint generated always as identity primary key,
  skin_id    bigint references skins (id) on delete cascade,
  bundle_id  bigint references bundles (id) on delete cascade,
  user_id    bigint not null references users (id),
  text       text not null check (char_length(text) between 3 and 2000),
  created_at timestamptz not null default now(),
  check ((skin_id is null) <> (bundle_id is null))
);
create index comments_skin_idx on comments (skin_id, created_at desc, id desc) where skin_id is not null;
create index comments_bundle_idx on comments (bundle_id, created_at desc, id desc) where bundle_id is not null;

-- Read models built from SkinRated and SkinDownloaded events (projections/).
create table skin_ratings (
  skin_id  bigint not null,
  user_id  bigint not null,
  rating   smallint not null check (rating between 1 and 5),
  rated_at timestamptz not null,
  primary key (skin_id, user_id)
);

create table skin_stats (
  skin_id          bigint primary key,
  rating_sum       bigint not null default 0,
  rating_count     integer not null default 0,
  downloads_total  bigint not null default 0,
  downloads_unique bigint not null default 0
);

-- One row per skin and downloader (user id or anonymous visitor key): unique counts in any window.
create table skin_downloaders (
  skin_id          bigint not null,
  downloader       text not null,
  first_at         timestamptz not null,
  last_at          timestamptz not null,
  primary key (skin_id, downloader)
);
create index skin_downloaders_recent_idx on skin_downloaders (skin_id, last_at);

create table skin_download_daily (
  skin_id bigint not null,
  day     date not null,
  total   integer not null,
  primary key (skin_id, day)
);
create index skin_download_daily_day_idx on skin_download_daily (day, skin_id);
