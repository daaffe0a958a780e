-- An append in one round trip (infra/event-store/event-store.ts calls it as a named prepared
-- statement; PL/pgSQL keeps the plans of the statements below for the connection's lifetime).
--
-- `requests`: [{ r, u, stream_id, stream_type, expected, version, n }], one per stream and at most
-- one per stream: `r` orders the requests, `u` groups them into units that are written together or
-- not at all (one caller's append), `expected` is 'any' | 'no_stream' | 'stream_exists' | 'exact'
-- (with `version`), `n` counts the request's events.
-- `new_events`: [{ r, i, event_id, event_type, schema_version, data, metadata, recorded_at }], `i`
-- the event's place in its request.
-- `notify`: whether to wake the catch-up runners. A transaction that notifies holds a cluster-wide
-- lock from its commit until its WAL is flushed, so notifying transactions commit one at a time; the
-- store asks for it on a few appends only (see EventStore).
--
-- Returns the inserted events ('appended', in position order), then one row per request of a
-- refused unit whose expectation failed ('conflict', `stream_version` holding the stream's actual
-- version, null for no stream), or a single 'not_first_write' row when the transaction had already
-- written something (then nothing is locked or written).
create function append_events(requests jsonb, new_events jsonb, notify boolean)
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
  ), inserted as (
    insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata,
                        recorded_at)
    select a.stream_id, v.version - a.n + 1 + e.i, e.event_id, e.event_type, e.schema_version, e.data,
           e.metadata, coalesce(e.recorded_at, now())
    from jsonb_to_recordset(new_events) as e(
      r integer, i integer, event_id uuid, event_type text, schema_version integer, data jsonb,
      metadata jsonb, recorded_at timestamptz)
    join accepted a on a.r = e.r
    join advanced v on v.stream_id = a.stream_id
    order by e.r, e.i
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
