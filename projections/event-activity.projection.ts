import { sql } from 'slonik';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

/** Counts events per type and UTC day: a cheap view of what the marketplace is doing. */
export const eventActivityProjection: RebuildableProjection = {
  name: 'event-activity',
  mode: 'catch-up',
  eventTypes: 'all',
  // Snapshotted monthly (read-model-snapshots.ts): raise when the rows written for the same events change.
  snapshotVersion: 1,
  tables: [{ name: 'event_activity_daily' }],
  async apply(tx, events) {
    const counts = new Map<string, { event_type: string; day: string; events: number }>();
    for (const event of events) {
      const day = event.recordedAt.toISOString().slice(0, 10);
      const key = `${event.type}|${day}`;
      const row = counts.get(key) ?? { event_type: event.type, day, events: 0 };
      row.events += 1;
      counts.set(key, row);
    }
    await tx.query(sql.unsafe`
      insert into event_activity_daily (event_type, day, events)
      select event_type, day, events
      from jsonb_to_recordset(${sql.jsonb([...counts.values()])}) as x(event_type text, day date, events bigint)
      on conflict (event_type, day) do update set events = event_activity_daily.events + excluded.events`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate event_activity_daily`);
  },
};
