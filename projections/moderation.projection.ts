import { sql } from 'slonik';
import type { AccountBlocked, AccountUnblocked } from '../domain/accounts/account.events';
import {
  ITEM_MODERATION_EVENT_TYPES,
  type ItemModerationEvent,
} from '../domain/moderation/item-moderation.decider';
import { isEventOf, type StoredEvent } from '../infra/event-store/event-store';
import type { Queryable } from '../infra/db/pool';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

type ModerationEvent = ItemModerationEvent | AccountBlocked | AccountUnblocked;
const MODERATION_EVENT_TYPES: readonly ModerationEvent['type'][] = [
  ...ITEM_MODERATION_EVENT_TYPES,
  'AccountBlocked',
  'AccountUnblocked',
];
const isModerationEvent = isEventOf<ModerationEvent>(MODERATION_EVENT_TYPES);

const ids = (values: readonly number[]) => sql.array([...values], 'int8');

async function log(
  tx: Queryable,
  event: StoredEvent<ModerationEvent>,
  entry: { at: string; itemType: string; itemId: number; reason: string | null },
) {
  // The person who acted: the admin, or the reporting user.
  const actorId = event.metadata.actor?.userId ?? null;
  await tx.query(sql.unsafe`
    insert into moderation_log (position, at, action, item_type, item_id, actor_id, reason)
    values (${event.globalPosition}, ${entry.at}, ${event.type}, ${entry.itemType}, ${entry.itemId},
            ${actorId}, ${entry.reason})
    on conflict (position) do nothing`);
}

/**
 * What is taken down, the reports and their outcome, the blocked accounts and the log of every step,
 * in the event's own transaction (an admin's action shows at once). Each row is the result of the
 * last event of its item's or account's stream, which the feed gives in stream order, so any split
 * of the feed into batches gives the same rows. Triggers on `moderated_items` and
 * `blocked_accounts` (migration 022) carry the state into the catalogue's `listed` columns.
 */
export const moderationProjection: RebuildableProjection = {
  name: 'moderation',
  mode: 'inline',
  eventTypes: MODERATION_EVENT_TYPES,
  tables: [
    { name: 'moderated_items' },
    { name: 'item_reports' },
    { name: 'blocked_accounts' },
    { name: 'moderation_log' },
  ],
  async apply(tx, events) {
    for (const event of events.filter(isModerationEvent)) {
      const actorId = event.metadata.actor?.userId ?? null;
      switch (event.type) {
        case 'ItemReported': {
          const { data } = event;
          await tx.query(sql.unsafe`
            insert into item_reports (item_type, item_id, reporter_id, reason, text, reported_at, status)
            values (${data.itemType}, ${data.itemId}, ${data.reporterId}, ${data.reason}, ${data.text},
                    ${data.reportedAt}, 'OPEN')
            on conflict do nothing`);
          await log(tx, event, { at: data.reportedAt, ...data, reason: data.reason });
          break;
        }
        case 'ItemTakenDown': {
          const { data } = event;
          await tx.query(sql.unsafe`
            insert into moderated_items (item_type, item_id, taken_down_at, taken_down_by, reason)
            values (${data.itemType}, ${data.itemId}, ${data.takenDownAt}, ${actorId}, ${data.reason})
            on conflict (item_type, item_id) do update set taken_down_at = excluded.taken_down_at,
              taken_down_by = excluded.taken_down_by, reason = excluded.reason`);
          await tx.query(sql.unsafe`
            update item_reports set status = 'UPHELD', resolved_at = ${data.takenDownAt},
              resolved_by = ${actorId}, resolution_note = ${data.reason}
            where item_type = ${data.itemType} and item_id = ${data.itemId}
              and reporter_id = any(${ids(data.upheldReporterIds)})`);
          await log(tx, event, { at: data.takenDownAt, ...data });
          break;
        }
        case 'ItemRestored': {
          const { data } = event;
          await tx.query(sql.unsafe`
            delete from moderated_items where item_type = ${data.itemType} and item_id = ${data.itemId}`);
          await log(tx, event, { at: data.restoredAt, ...data });
          break;
        }
        case 'ReportsDismissed': {
          const { data } = event;
          await tx.query(sql.unsafe`
            update item_reports set status = 'DISMISSED', resolved_at = ${data.dismissedAt},
              resolved_by = ${actorId}, resolution_note = ${data.note}
            where item_type = ${data.itemType} and item_id = ${data.itemId}
              and reporter_id = any(${ids(data.reporterIds)})`);
          await log(tx, event, { at: data.dismissedAt, ...data, reason: data.note });
          break;
        }
        case 'AccountBlocked': {
          const { data } = event;
          await tx.query(sql.unsafe`
            insert into blocked_accounts (user_id, blocked_at, blocked_by, reason)
            values (${data.userId}, ${data.blockedAt}, ${actorId}, ${data.reason})
            on conflict (user_id) do update set blocked_at = excluded.blocked_at,
              blocked_by = excluded.blocked_by, reason = excluded.reason`);
          await log(tx, event, {
            at: data.blockedAt,
            itemType: 'ACCOUNT',
            itemId: data.userId,
            reason: data.reason,
          });
          break;
        }
        case 'AccountUnblocked': {
          const { data } = event;
          await tx.query(sql.unsafe`delete from blocked_accounts where user_id = ${data.userId}`);
          await log(tx, event, {
            at: data.unblockedAt,
            itemType: 'ACCOUNT',
            itemId: data.userId,
            reason: data.reason,
          });
          break;
        }
      }
    }
  },
  async reset(tx) {
    // Deletes, not truncates: the row triggers bring the catalogue's flags back with the rows.
    await tx.query(sql.unsafe`delete from moderated_items`);
    await tx.query(sql.unsafe`delete from blocked_accounts`);
    await tx.query(sql.unsafe`truncate item_reports, moderation_log`);
  },
};
