-- Tags (docs/catalogue.md, "Tags"): a curated list that admins keep, and the tags authors give
-- their skins. Plain catalogue tables like skins; each admin change is written to tag_log.
create table tags (
  id         bigint generated always as identity primary key,
  slug       citext not null unique check (slug::text ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug::text) between 2 and 30),
  name       text not null check (char_length(name) between 2 and 30),
  tag_group  text not null check (tag_group in ('STYLE', 'COLOR', 'LIVERY', 'TEAM')),
  -- Order within its group (the pickers and filter chips show groups, then this order, then name).
  position   int not null default 0,
  -- A retired tag is no longer offered, shown or filterable, but the skins keep it (skin_tags rows
  -- stay), so restoring it brings every skin's tag back: nothing is lost by a retirement.
  retired_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index tags_name_idx on tags (lower(name));

create table skin_tags (
  skin_id bigint not null references skins (id) on delete cascade,
  tag_id  bigint not null references tags (id),
  primary key (skin_id, tag_id)
);
create index skin_tags_tag_idx on skin_tags (tag_id, skin_id);

-- Who changed the list, when and how (created, renamed, regrouped, reordered, retired, restored).
create table tag_log (
  id       bigint generated always as identity primary key,
  at       timestamptz not null,
  actor_id bigint not null references users (id),
  tag_id   bigint not null references tags (id),
  action   text not null check (action in ('CREATED', 'UPDATED', 'RETIRED', 'RESTORED')),
  -- The tag as it was before the change and after it ({slug, name, group, position}).
  before   jsonb,
  after    jsonb not null
);
create index tag_log_at_idx on tag_log (at desc, id desc);

-- The public answers that show tags are kept in the response cache (migration 006).
create trigger tags_catalogue_changed after insert or update or delete or truncate on tags
  for each statement execute function notify_catalogue_changed();
create trigger skin_tags_catalogue_changed after insert or update or delete or truncate on skin_tags
  for each statement execute function notify_catalogue_changed();

insert into tags (slug, name, tag_group, position) values
  ('clean', 'Clean', 'STYLE', 1),
  ('retro', 'Retro', 'STYLE', 2),
  ('racing', 'Racing', 'STYLE', 3),
  ('anime', 'Anime', 'STYLE', 4),
  ('camo', 'Camo', 'STYLE', 5),
  ('carbon', 'Carbon', 'STYLE', 6),
  ('neon', 'Neon', 'STYLE', 7),
  ('minimal', 'Minimal', 'STYLE', 8),
  ('chrome', 'Chrome', 'STYLE', 9),
  ('graffiti', 'Graffiti', 'STYLE', 10),
  ('red', 'Red', 'COLOR', 1),
  ('orange', 'Orange', 'COLOR', 2),
  ('yellow', 'Yellow', 'COLOR', 3),
  ('green', 'Green', 'COLOR', 4),
  ('blue', 'Blue', 'COLOR', 5),
  ('purple', 'Purple', 'COLOR', 6),
  ('pink', 'Pink', 'COLOR', 7),
  ('black', 'Black', 'COLOR', 8),
  ('white', 'White', 'COLOR', 9),
  ('gold', 'Gold', 'COLOR', 10),
  ('rainbow', 'Rainbow', 'COLOR', 11),
  ('team-livery', 'Team', 'LIVERY', 1),
  ('sponsor', 'Sponsor', 'LIVERY', 2),
  ('national', 'National', 'LIVERY', 3),
  ('esports', 'Esports', 'LIVERY', 4),
  ('fantasy', 'Fantasy', 'LIVERY', 5),
  ('replica', 'Replica', 'LIVERY', 6);
