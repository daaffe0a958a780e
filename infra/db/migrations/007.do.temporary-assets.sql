-- Uploads waiting to be used by a skin or bundle editor (POST /api/assets/temporary). A save turns
-- them into resources (the row goes, the file stays); the cleanup job removes those never used.
create table temporary_assets (
  id            bigint generated always as identity primary key,
  owner_id      bigint not null references users (id) on delete cascade,
  type          text not null check (type in ('IMAGE', 'SKIN_SOURCE')),
  -- The stored file's name (the full-size image's for pictures, whose variants derive from it).
  filename      text not null unique,
  original_name text not null,
  size_bytes    bigint not null,
  width         integer,
  height        integer,
  created_at    timestamptz not null default now()
);
create index temporary_assets_owner_idx on temporary_assets (owner_id, created_at);
create index temporary_assets_created_at_idx on temporary_assets (created_at);
