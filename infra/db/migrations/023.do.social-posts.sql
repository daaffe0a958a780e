-- Every publication of a skin to a social network, published or failed (docs/social.md): the
-- read model of the SocialPostPublished and SocialPostFailed events, one row per publication.
create table social_posts (
  reference   uuid primary key,
  -- The event's global position: the list's order, newest first.
  position    bigint not null,
  network     text not null check (network in ('TWITTER', 'INSTAGRAM')),
  status      text not null check (status in ('PUBLISHED', 'FAILED')),
  -- API (the network took it) or OUTBOX (written to the local outbox); null when it failed.
  delivery    text check (delivery in ('API', 'OUTBOX')),
  author_id   bigint not null,
  skin_ids    bigint[] not null,
  image_ids   bigint[] not null,
  message     text not null,
  post_id     text,
  url         text,
  outbox_file text,
  error_kind  text,
  error       text,
  at          timestamptz not null,
  actor_id    bigint
);
create index social_posts_position_idx on social_posts (position desc);
create index social_posts_author_idx on social_posts (author_id, position desc);
create index social_posts_skins_idx on social_posts using gin (skin_ids);
