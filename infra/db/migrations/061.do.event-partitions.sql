-- The events table partitioned by month (docs/architecture.md, "Monthly partitions of the event log").
--
-- The partition key is the month (UTC) of recorded_at: when the event happened, as the store records
-- it (now() unless a loader backdates it). Each month is a table of its own, `events_YYYY_MM`;
-- `events_default` takes any event whose month has no partition yet, so no write is ever refused for
-- want of one. The leader instance makes the months ahead and moves what the default partition holds
-- into the months it belongs to (create_event_partition below; app/jobs/event-partitions.job.ts).
--
-- Uniqueness. A unique index of a partitioned table must hold the partition key, so neither
-- (stream_id, stream_version) nor global_position nor event_id can be unique across the whole table
-- in one index. Each month has its own unique indexes on the three (a duplicate within a month is
-- refused as before), and across months they stay unique by construction, as they always were in
-- practice: append_events (migration 039) is the only writer, a stream's versions are counted on its
-- `streams` row under the stream's lock (each append takes the next free ones), global_position is
-- drawn from the identity's sequence, which never gives a number twice, and event ids are random
-- UUIDs. The hash chain check (`npm run verify`) reports a version that occurs twice in a stream.
--
-- No foreign key: nothing references events, so a month can be detached (ALTER TABLE … DETACH
-- PARTITION … CONCURRENTLY) to be archived; and events no longer references streams. That key
-- (migration 001) would make every partition attached be checked row by row against streams, and
-- truncating or reloading streams (a restore) would need every partition named with it. The stream
-- row is written by the same append_events statement as its events, and `npm run verify` reports an
-- event whose stream has no row.

-- A month's partition name and its bounds, in UTC.
create function event_partition_name(month_start timestamptz) returns text
language sql stable parallel safe
as $$
  select 'events_' || to_char(date_trunc('month', month_start, 'UTC') at time zone 'UTC', 'YYYY_MM')
$$;

-- The indexes each partition holds besides the parent's: a month's own uniqueness (see above).
create function create_event_partition_indexes(partition_name text) returns void
language plpgsql
as $$
begin
  execute format('create unique index if not exists %I on public.%I (stream_id, stream_version)',
                 partition_name || '_stream_version_key', partition_name);
  execute format('create unique index if not exists %I on public.%I (global_position)',
                 partition_name || '_global_position_key', partition_name);
  execute format('create unique index if not exists %I on public.%I (event_id)',
                 partition_name || '_event_id_key', partition_name);
end;
$$;

-- Makes the partition of the month holding `at`, unless it exists; true when it made it. The events
-- of that month the default partition holds are moved into it first (they keep every column,
-- transaction id and position included, so readers of the feed see the same rows). The new table is
-- attached rather than created as a partition: ATTACH takes only a SHARE UPDATE EXCLUSIVE lock on
-- events, so appends and reads go on; the default partition is locked (EXCLUSIVE, then ACCESS
-- EXCLUSIVE for the attach's check) for the moment it takes. Callers set a lock_timeout.
create function create_event_partition(at timestamptz) returns boolean
language plpgsql
as $$
declare
  month_from timestamptz := date_trunc('month', at, 'UTC');
  -- Interval arithmetic in UTC: a month is a calendar month there, whatever the session's zone.
  month_to timestamptz := (date_trunc('month', at, 'UTC') at time zone 'UTC' + interval '1 month') at time zone 'UTC';
  partition_name text := event_partition_name(at);
begin
  -- One maker at a time (leaders changing hands, a restore).
  perform pg_advisory_xact_lock(7222, 1);
  if exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = 'public.events'::regclass and c.relname = partition_name) then
    return false;
  end if;
  execute format('create table public.%I (like public.events including defaults including constraints '
                 'including storage including compression)', partition_name);
  perform create_event_partition_indexes(partition_name);
  lock table public.events_default in exclusive mode;
  execute format('with moved as (delete from public.events_default where recorded_at >= $1 and recorded_at < $2 '
                 'returning *) insert into public.%I select * from moved', partition_name)
    using month_from, month_to;
  execute format('alter table public.events attach partition public.%I for values from (%L) to (%L)',
                 partition_name, month_from, month_to);
  return true;
end;
$$;

-- The table as it was becomes the partitions' source, then goes. Its sequence goes with it; the new
-- identity takes over its name and value.
create temporary table event_position_sequence on commit drop as
select last_value, is_called from events_global_position_seq;

alter table events rename to events_unpartitioned;

-- The same columns in the same order (a copy's `select *` and COPY files stay valid).
create table events (
  stream_id       text not null,
  stream_version  bigint not null check (stream_version >= 1),
  global_position bigint not null,
  transaction_id  xid8 not null default pg_current_xact_id(),
  event_id        uuid not null,
  event_type      text not null,
  schema_version  integer not null default 1 check (schema_version >= 1),
  data            jsonb not null,
  metadata        jsonb not null default '{}'::jsonb,
  recorded_at     timestamptz not null default now(),
  hash            bytea check (hash is null or length(hash) = 32)
) partition by range (recorded_at);

create table events_default partition of events default;

-- The months whose partitions are missing: this month and the `months_ahead` after it (as of `as_of`),
-- and every month the default partition holds events of.
create function missing_event_partitions(as_of timestamptz, months_ahead integer)
returns table (month_start timestamptz)
language sql stable
as $$
  select m from (
    select (date_trunc('month', as_of, 'UTC') at time zone 'UTC' + make_interval(months => n)) at time zone 'UTC' as m
    from generate_series(0, months_ahead) n
    union
    select distinct date_trunc('month', recorded_at, 'UTC') from public.events_default
  ) wanted
  where not exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
                    where i.inhparent = 'public.events'::regclass and c.relname = event_partition_name(wanted.m))
  order by m
$$;

-- The months the events fall in, this month and the next three (as the leader makes them, so a new
-- database and a running one hold the same months), created directly (nothing else runs during a
-- migration), filled, then indexed: building an index on filled tables is faster than keeping it up
-- row by row.
do $$
declare
  month_from timestamptz;
begin
  for month_from in
    select date_trunc('month', recorded_at, 'UTC') from events_unpartitioned group by 1
    union
    select (date_trunc('month', now(), 'UTC') at time zone 'UTC' + make_interval(months => n)) at time zone 'UTC'
    from generate_series(0, 3) n
  loop
    execute format('create table public.%I partition of public.events for values from (%L) to (%L)',
                   event_partition_name(month_from), month_from,
                   (month_from at time zone 'UTC' + interval '1 month') at time zone 'UTC');
  end loop;
end;
$$;

insert into events select * from events_unpartitioned;
drop table events_unpartitioned;

alter table events alter column global_position add generated always as identity;
select setval('events_global_position_seq', last_value, is_called) from event_position_sequence;

create index events_transaction_position_idx on events (transaction_id, global_position);
create index events_type_idx on events (event_type, global_position);
select create_event_partition_indexes(c.relname)
from pg_inherits i join pg_class c on c.oid = i.inhrelid
where i.inhparent = 'public.events'::regclass;

analyze events;
