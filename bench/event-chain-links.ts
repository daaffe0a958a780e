import { sql } from 'slonik';
import type { Queryable } from '../infra/db/pool';

/**
 * Links the events a bench wrote straight into the events table (set-based seeding, faster than
 * appending), as append_events would have linked them (migration 039): the reconciliation verifies
 * the chain, and an unlinked event would be a broken link. Recomputes the streams that hold one
 * (of `streamIds` only, when given: no scan of the whole table).
 */
export async function linkEventsWrittenByHand(db: Queryable, streamIds?: readonly string[]): Promise<void> {
  const only = streamIds
    ? sql.fragment`and stream_id = any(${sql.array(streamIds, 'text')})`
    : sql.fragment``;
  await db.query(sql.unsafe`
    with unlinked as (select distinct stream_id from events where hash is null ${only})
    update events e set hash = c.hash
    from (
      select x.stream_id, x.stream_version,
             event_chain(x.link) over (partition by x.stream_id order by x.stream_version) as hash
      from (
        select stream_id, 0::bigint as stream_version, ''::bytea as link from unlinked
        union all
        select e.stream_id, e.stream_version,
               event_chain_content(e.stream_id, e.stream_version, e.global_position, e.event_id, e.event_type,
                                   e.schema_version, e.data, e.metadata, e.recorded_at)
        from events e join unlinked using (stream_id)
      ) x
    ) c
    where c.stream_id = e.stream_id and c.stream_version = e.stream_version and c.stream_version > 0`);
}
