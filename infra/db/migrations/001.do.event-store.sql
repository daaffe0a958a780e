-- The event store: one row per stream (its type and current version) and one row per event.
create table streams (
  stream_id   text primary key,
  stream_type text not null,
  version     bigint not null check (version >= 1),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);

create table events (
  stream_id       text not null references streams (stream_id),
  stream_version  bigint not null check (stream_version >= 1),
  -- Global order of appends; gaps are normal (rolled-back appends use numbers too).
  global_position bigint generated always as identity,
  -- The writing transaction, so catch-up readers can wait for transactions still in flight.
  transaction_id  xid8 not null default pg_current_xact_id(),
  event_id        uuid not null unique,
  event_type      text not null,
  schema_version  integer not null default 1 check (schema_version >= 1),
  data            jsonb not null,
  metadata        jsonb not null default '{}'::jsonb,
  recorded_at     timestamptz not null default now(),
  primary key (stream_id, stream_version)
);

create unique index events_global_position_key on events (global_position);
-- The catch-up feed reads in (transaction id, position) order.
create index events_transaction_position_idx on events (transaction_id, global_position);
create index events_type_idx on events (event_type, global_position);

-- Each asynchronous projection's place in the feed, written in the same transaction as its rows.
create table projection_checkpoints (
  projection_name     text primary key,
  last_transaction_id xid8 not null default '0'::xid8,
  last_position       bigint not null default 0,
  events_applied      bigint not null default 0,
  updated_at          timestamptz not null default now()
);
