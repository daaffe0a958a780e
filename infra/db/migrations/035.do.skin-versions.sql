-- Skin versions (docs/community.md, "Skin versions"): an inline read model of SkinVersionPublished
-- (projections/skin-versions.projection.ts). One row per published version of a skin; version 1,
-- the file the skin was created with, gets its row from version 2's event (`firstRelease`). A skin
-- that never had a new version has no rows: its history is version 1, read from the skin itself.
create table skin_versions (
  skin_id       bigint not null,
  version       integer not null check (version >= 1),
  -- The stored file's name in the private storage area (never removed while a row names it).
  file_id       text not null,
  -- The name the zip was uploaded as.
  file_name     text not null,
  size_bytes    bigint not null,
  content_sha256 text,
  -- Null for version 1 ("first release").
  changelog     text,
  published_at  timestamptz not null,
  primary key (skin_id, version)
);
create index skin_versions_file_idx on skin_versions (file_id);

-- The skin pages' version history is kept in the response cache (migration 006).
create trigger skin_versions_catalogue_changed after insert or update or delete or truncate on skin_versions
  for each statement execute function notify_catalogue_changed();
