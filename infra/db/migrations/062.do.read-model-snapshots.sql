-- Snapshots of read models (docs/operations.md, "Read-model snapshots"): copies of a catch-up
-- projection's tables as of its checkpoint, so a rebuild starts from the latest one and replays only
-- the events after it. A schema of their own: they are derived data, left out of backups (which copy
-- the public schema) and dropped with the log by `npm run db:reset` (a snapshot of another log would
-- be wrong). Each snapshot's rows are in tables named `s<id>_<table>` in this schema, made by the
-- snapshot; this table lists them.
create schema if not exists read_model_snapshots;

create table read_model_snapshots.snapshots (
  id                  bigint generated always as identity primary key,
  projection_name     text not null,
  -- The projection's snapshot version and a digest of its tables' columns when it was taken: a
  -- rebuild uses only a snapshot whose version is the running code's.
  version             text not null,
  -- The month whose end it was taken for (the leader takes it once that month is over); null for one
  -- taken by hand.
  month_ending        date,
  -- The projection's checkpoint the rows are at: a rebuild replays the events after it.
  last_transaction_id xid8 not null,
  last_position       bigint not null,
  events_applied      bigint not null,
  rows_copied         bigint not null,
  taken_at            timestamptz not null default now()
);
create index snapshots_latest_idx on read_model_snapshots.snapshots (projection_name, version, id desc);

-- The snapshot version whose code built each projection's live tables (set by a rebuild, and at the
-- first snapshot of a projection never rebuilt): live rows built by older code are never snapshotted
-- under a newer version.
create table read_model_snapshots.live_versions (
  projection_name text primary key,
  version         text not null,
  recorded_at     timestamptz not null default now()
);
