import { sql } from 'slonik';
import {
  PAYOUT_PREFERENCES_EVENT_TYPES,
  type PayoutPreferencesEvent,
} from '../domain/payouts/payout-preferences';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isPreferencesEvent = isEventOf<PayoutPreferencesEvent>(PAYOUT_PREFERENCES_EVENT_TYPES);

/**
 * Each author's payout preferences as they last chose them (`payout_preferences`). Inline, so the
 * settings page and the next scheduled lock read a change at once. The latest change of an author
 * in a batch wins.
 */
export const payoutPreferencesProjection: RebuildableProjection = {
  name: 'payout-preferences',
  mode: 'inline',
  eventTypes: PAYOUT_PREFERENCES_EVENT_TYPES,
  tables: [{ name: 'payout_preferences' }],
  async apply(tx, events) {
    const latest = new Map<number, PayoutPreferencesEvent['data']>();
    for (const event of events.filter(isPreferencesEvent)) latest.set(event.data.authorId, event.data);
    if (latest.size === 0) return;
    const rows = [...latest.values()].map((data) => ({
      author_id: data.authorId,
      threshold_cents: data.thresholdCents,
      schedule: data.schedule,
      held: data.held,
      changed_at: data.changedAt,
    }));
    await tx.query(sql.unsafe`
      insert into payout_preferences (author_id, threshold_cents, schedule, held, changed_at)
      select x.author_id, x.threshold_cents, x.schedule, x.held, x.changed_at
      from json_to_recordset(${jsonRows(rows)}) as x(
        author_id bigint, threshold_cents int, schedule text, held boolean, changed_at timestamptz)
      on conflict (author_id) do update set threshold_cents = excluded.threshold_cents,
        schedule = excluded.schedule, held = excluded.held, changed_at = excluded.changed_at`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate payout_preferences`);
  },
};
