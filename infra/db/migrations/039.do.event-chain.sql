-- A tamper-evident event log (docs/architecture.md, "The event chain"; docs/events.md): every event
-- carries `hash`, a SHA-256 link over the link before it in its stream and over its own content.
-- A stream's chain is ordered by the stream lock that already serialises its appends, so appends
-- to different streams stay concurrent (a chain over the whole feed would serialise them all).
--
--   hash(event) = sha256(hash(the stream's previous event) || content(event)),
--   hash(the stream's first event) = sha256(content(event)),
--
-- content: the UTF-8 text of a JSON array [stream_id, stream_version, global_position, event_id,
-- event_type, schema_version, data, metadata, recorded_at as UTC ISO time with microseconds].
-- jsonb prints one canonical text (keys sorted, one spacing), so the bytes depend on the values
-- only. transaction_id is left out: a restore renumbers it (infra/db/transaction-id-repair.ts).
alter table events add column hash bytea check (hash is null or length(hash) = 32);

create function event_chain_content(
  stream_id text, stream_version bigint, global_position bigint, event_id uuid, event_type text,
  schema_version integer, data jsonb, metadata jsonb, recorded_at timestamptz
) returns bytea
language sql stable parallel safe
as $$
  select convert_to(jsonb_build_array(
    stream_id, stream_version, global_position, event_id::text, event_type, schema_version, data, metadata,
    to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')
$$;

-- The chain as a running aggregate over a stream's rows in version order: the first row gives the
-- link to start from (the previous event's hash, or empty for a new stream), every later row its
-- content.
create function event_chain_step(state bytea, link bytea) returns bytea
language plpgsql immutable parallel safe
as $$
begin
  return case when state is null then link else sha256(state || link) end;
end;
$$;
create aggregate event_chain(bytea) (sfunc = event_chain_step, stype = bytea);

-- Existing events get their links here, in the migration's own transaction: no event is ever left
-- without one once the new append_events below is in place, and the update is one set-based pass
-- (a rewrite of the table, as adding the column's values would be anyway).
update events e set hash = c.hash
from (
  select x.stream_id, x.stream_version,
         event_chain(x.link) over (partition by x.stream_id order by x.stream_version) as hash
  from (
    select s.stream_id, 0::bigint as stream_version, '\x'::bytea as link from streams s
    union all
    select e.stream_id, e.stream_version,
           event_chain_content(e.stream_id, e.stream_version, e.global_position, e.event_id, e.event_type,
                               e.schema_version, e.data, e.metadata, e.recorded_at)
    from events e
  ) x
) c
where c.stream_id = e.stream_id and c.stream_version = e.stream_version and c.stream_version > 0;

-- append_events (migration 028) now links what it inserts. Positions are drawn from the identity's
-- own sequence before the insert (in the order the insert drew them before), so the links cover them.
create or replace function append_events(requests jsonb, new_events jsonb, notify boolean)
returns table (
  outcome         text,
  stream_id       text,
  stream_version  bigint,
  global_position bigint,
  transaction_id  text,
  event_id        uuid,
  event_type      text,
  schema_version  integer,
  data            jsonb,
  metadata        jsonb,
  recorded_at     timestamptz
)
language plpgsql
as $$
#variable_conflict use_column
declare
  lock_key bigint;
begin
  -- The feed orders events by transaction id: a stream's appends must take their ids in stream
  -- order, so the locks below come before the transaction's first write (which assigns its id).
  if pg_current_xact_id_if_assigned() is not null then
    return query select 'not_first_write', null::text, null::bigint, null::bigint, null::text, null::uuid,
      null::text, null::integer, null::jsonb, null::jsonb, null::timestamptz;
    return;
  end if;

  for lock_key in
    select distinct hashtextextended(x.stream_id, 0) from jsonb_to_recordset(requests) as x(stream_id text)
    order by 1
  loop
    perform pg_advisory_xact_lock(lock_key);
  end loop;

  -- A new statement, so a new snapshot: it sees every append that held these locks before us.
  return query
  with wanted as (
    -- A subquery per stream, so the plan kept for the function looks each one up by its key.
    select x.r, x.u, x.stream_id, x.stream_type, x.expected, x.version, x.n,
           (select s.version from streams s where s.stream_id = x.stream_id) as current
    from jsonb_to_recordset(requests) as x(
      r integer, u integer, stream_id text, stream_type text, expected text, version bigint, n integer)
  ), judged as (
    select w.*, case w.expected
                  when 'any' then true
                  when 'no_stream' then w.current is null
                  when 'stream_exists' then w.current is not null
                  else coalesce(w.current, 0) = w.version
                end as ok
    from wanted w
  ), accepted as (
    select j.* from judged j
    where not exists (select 1 from judged k where k.u = j.u and not k.ok)
  ), advanced as (
    -- The new version is counted on the row as it is now, never written from what was read.
    insert into streams as s (stream_id, stream_type, version)
    select a.stream_id, a.stream_type, a.n from accepted a
    on conflict (stream_id) do update set version = s.version + excluded.version, updated_at = now()
    returning s.stream_id, s.version
  ), placed as materialized (
    select a.stream_id, v.version - a.n + 1 + e.i as stream_version, e.event_id, e.event_type,
           e.schema_version, e.data, e.metadata, coalesce(e.recorded_at, now()) as recorded_at
    from jsonb_to_recordset(new_events) as e(
      r integer, i integer, event_id uuid, event_type text, schema_version integer, data jsonb,
      metadata jsonb, recorded_at timestamptz)
    join accepted a on a.r = e.r
    join advanced v on v.stream_id = a.stream_id
    order by e.r, e.i
  ), numbered as materialized (
    select p.*, nextval('events_global_position_seq'::regclass) as global_position from placed p
  ), linked as (
    select x.stream_id, x.stream_version,
           event_chain(x.link) over (partition by x.stream_id order by x.stream_version) as hash
    from (
      -- Each stream's link to continue from: its last event's hash (empty for a new stream).
      select a.stream_id, v.version - a.n as stream_version,
             coalesce((select h.hash from events h
                       where h.stream_id = a.stream_id and h.stream_version = v.version - a.n), '\x'::bytea)
               as link
      from accepted a join advanced v on v.stream_id = a.stream_id
      union all
      select n.stream_id, n.stream_version,
             event_chain_content(n.stream_id, n.stream_version, n.global_position, n.event_id, n.event_type,
                                 n.schema_version, n.data, n.metadata, n.recorded_at)
      from numbered n
    ) x
  ), inserted as (
    insert into events (stream_id, stream_version, global_position, event_id, event_type, schema_version,
                        data, metadata, recorded_at, hash)
    overriding system value
    select n.stream_id, n.stream_version, n.global_position, n.event_id, n.event_type, n.schema_version,
           n.data, n.metadata, n.recorded_at, l.hash
    from numbered n
    join linked l on l.stream_id = n.stream_id and l.stream_version = n.stream_version
    order by n.global_position
    returning events.stream_id, events.stream_version, events.global_position,
              events.transaction_id::text as transaction_id, events.event_id, events.event_type,
              events.schema_version, events.data, events.metadata, events.recorded_at
  )
  select 'appended', i.stream_id, i.stream_version, i.global_position, i.transaction_id, i.event_id,
         i.event_type, i.schema_version, i.data, i.metadata, i.recorded_at
  from (select * from inserted order by inserted.global_position) as i
  union all
  select 'conflict', j.stream_id, j.current, null, null, null, null, null, null, null, null
  from judged j where not j.ok;

  -- FEED_CHANNEL; delivered at commit, once per transaction.
  if notify then
    perform pg_notify('events_appended', '');
  end if;
end;
$$;
