import { sql } from 'slonik';
import { z } from 'zod';
import type { AccountBlocked, AccountUnblocked } from '../domain/accounts/account.events';
import {
  APPEAL_EVENT_TYPES,
  type AppealEvent,
  type StatementKind,
} from '../domain/moderation/appeal.decider';
import type { PayoutFailed } from '../domain/payouts/payout.events';
import {
  ITEM_MODERATION_EVENT_TYPES,
  type ItemModerationEvent,
} from '../domain/moderation/item-moderation.decider';
import { isEventOf, type StoredEvent } from '../infra/event-store/event-store';
import type { Queryable } from '../infra/db/pool';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

type ModerationEvent = ItemModerationEvent | AccountBlocked | AccountUnblocked | AppealEvent | PayoutFailed;
const MODERATION_EVENT_TYPES: readonly ModerationEvent['type'][] = [
  ...ITEM_MODERATION_EVENT_TYPES,
  'AccountBlocked',
  'AccountUnblocked',
  ...APPEAL_EVENT_TYPES,
  'PayoutFailed',
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

type Statement = {
  kind: StatementKind;
  userId: number;
  itemType: string;
  itemId: number;
  ground: string;
  facts: string;
  issuedAt: string;
};

/**
 * A statement of reasons for a decision that restricts a person (docs/moderation.md): its id is the
 * decision event's position. A decision recorded by no person (an actor without a user: a job, a
 * provider's answer) is marked automated.
 */
async function issueStatement(tx: Queryable, event: StoredEvent<ModerationEvent>, statement: Statement) {
  const decidedBy = event.metadata.actor?.userId ?? null;
  await tx.query(sql.unsafe`
    insert into statements_of_reasons (id, kind, user_id, item_type, item_id, ground, facts, automated,
                                       decided_by, issued_at)
    values (${event.globalPosition}, ${statement.kind}, ${statement.userId}, ${statement.itemType},
            ${statement.itemId}, ${statement.ground}, ${statement.facts}, ${decidedBy === null},
            ${decidedBy}, ${statement.issuedAt})
    on conflict (id) do nothing`);
}

const statementItem = z.object({ item_type: z.string(), item_id: z.number() });

/** The item a statement is about, so that its appeal shows in the item's history. */
async function statementItemOf(tx: Queryable, statementId: number) {
  return tx.maybeOne(sql.type(statementItem)`
    select item_type, item_id from statements_of_reasons where id = ${statementId}`);
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
    { name: 'statements_of_reasons' },
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
          if (data.ground && data.authorId !== undefined) {
            await issueStatement(tx, event, {
              kind: data.itemType === 'COMMENT' ? 'COMMENT_REMOVAL' : 'TAKEDOWN',
              userId: data.authorId,
              itemType: data.itemType,
              itemId: data.itemId,
              ground: data.ground,
              facts: data.reason,
              issuedAt: data.takenDownAt,
            });
          }
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
          if (data.ground) {
            await issueStatement(tx, event, {
              kind: 'ACCOUNT_BLOCK',
              userId: data.userId,
              itemType: 'ACCOUNT',
              itemId: data.userId,
              ground: data.ground,
              facts: data.reason,
              issuedAt: data.blockedAt,
            });
          }
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
        case 'PayoutFailed': {
          // A failed payout keeps the author's money until their details are fixed: the payouts
          // read model (inline, before this one) names the author.
          const { data } = event;
          const authorId = await tx.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
            select author_id from payouts where id = ${data.payoutId}`);
          if (authorId === null) break;
          await issueStatement(tx, event, {
            kind: 'PAYOUT_HOLD',
            userId: authorId,
            itemType: 'PAYOUT',
            itemId: data.payoutId,
            ground: 'PAYOUT_DETAILS',
            facts: data.reason,
            issuedAt: data.failedAt,
          });
          break;
        }
        case 'DecisionAppealed': {
          const { data } = event;
          await tx.query(sql.unsafe`
            update statements_of_reasons set appeal_text = ${data.text}, appealed_at = ${data.appealedAt},
              appeal_position = ${event.globalPosition}
            where id = ${data.statementId}`);
          const item = await statementItemOf(tx, data.statementId);
          if (item) {
            await log(tx, event, {
              at: data.appealedAt,
              itemType: item.item_type,
              itemId: item.item_id,
              reason: data.text,
            });
          }
          break;
        }
        case 'AppealDecided': {
          const { data } = event;
          await tx.query(sql.unsafe`
            update statements_of_reasons set appeal_outcome = ${data.outcome}, appeal_reason = ${data.reason},
              appeal_decided_at = ${data.decidedAt}, appeal_decided_by = ${actorId}
            where id = ${data.statementId}`);
          const item = await statementItemOf(tx, data.statementId);
          if (item) {
            await log(tx, event, {
              at: data.decidedAt,
              itemType: item.item_type,
              itemId: item.item_id,
              reason: `${data.outcome === 'REVERSED' ? 'Reversed' : 'Upheld'}: ${data.reason}`,
            });
          }
          break;
        }
      }
    }
  },
  async reset(tx) {
    // Deletes, not truncates: the row triggers bring the catalogue's flags back with the rows.
    await tx.query(sql.unsafe`delete from moderated_items`);
    await tx.query(sql.unsafe`delete from blocked_accounts`);
    await tx.query(sql.unsafe`truncate item_reports, moderation_log, statements_of_reasons`);
  },
};
