import { sql } from 'slonik';
import { z } from 'zod';
import { itemLink } from '../../domain/community/notification-rules';
import type { ItemRestored, ItemTakenDown } from '../../domain/moderation/item-moderation.decider';
import type { PayoutSent } from '../../domain/payouts/payout.events';
import type { WebhookEndpointPaused } from '../../domain/webhooks/webhook-endpoint.decider';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { isEventOf, type StoredEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { moderatedItem, payoutAuthor } from '../../projections/notifications.projection';
import { recordMailDeliveries, type NewMailDelivery } from './mail-deliveries';

export const AUTHOR_NOTICE_MAILS = 'author-notice-mails';

type NoticeEvent = ItemTakenDown | ItemRestored | PayoutSent | WebhookEndpointPaused;
const NOTICE_EVENT_TYPES: readonly NoticeEvent['type'][] = [
  'ItemTakenDown',
  'ItemRestored',
  'PayoutSent',
  'WebhookEndpointPaused',
];
const isNoticeEvent = isEventOf<NoticeEvent>(NOTICE_EVENT_TYPES);

const authorRow = z.object({ email: z.string(), username: z.string() });

/**
 * Records the mails that tell an author about their own work (docs/community.md, "Notifications"):
 * a skin or bundle of theirs taken down or restored by an admin, a payout of theirs sent, a webhook
 * endpoint of theirs paused after failing (docs/webhooks.md). Like the
 * order mails it only records them, in the transaction that moves its checkpoint; the mail sender
 * delivers them. The in-app notification of the same facts is the notifications projection's.
 */
export function authorNoticeMailsReactor(deps: { log: Logger }): Reactor {
  return {
    name: AUTHOR_NOTICE_MAILS,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: NOTICE_EVENT_TYPES,
    apply: (tx, events) => recordAuthorNoticeMails(deps, tx, events),
  };
}

export async function recordAuthorNoticeMails(
  deps: { log: Logger },
  tx: DatabaseTransactionConnection,
  events: readonly StoredEvent[],
): Promise<void> {
  // The demo seed's takedowns and payouts concern made-up authors: mailing them would only fill the outbox.
  const noticed = events
    .filter(isNoticeEvent)
    .filter((event) => event.metadata.correlationId !== DEMO_SEED_CORRELATION_ID)
    // A takedown that names its rule is told by its statement of reasons (statement-mails.reactor.ts).
    .filter((event) => !(event.type === 'ItemTakenDown' && event.data.ground));
  const deliveries: NewMailDelivery[] = [];
  for (const event of noticed) {
    const delivery = await deliveryOf(tx, event);
    if (delivery) deliveries.push(delivery);
  }
  const recorded = await recordMailDeliveries(tx, deliveries);
  if (recorded > 0) deps.log.info({ recorded }, 'author notice mails recorded');
}

async function authorOf(tx: DatabaseTransactionConnection, authorId: number) {
  return tx.maybeOne(sql.type(authorRow)`
    select email::text as email, username::text as username from users where id = ${authorId}`);
}

async function deliveryOf(
  tx: DatabaseTransactionConnection,
  event: StoredEvent<NoticeEvent>,
): Promise<NewMailDelivery | null> {
  if (event.type === 'WebhookEndpointPaused') {
    const owner = await authorOf(tx, event.data.ownerId);
    if (!owner) return null;
    return {
      eventId: event.eventId,
      kind: 'WEBHOOK_ENDPOINT_PAUSED',
      recipientKey: `user:${event.data.ownerId}`,
      recipientEmail: owner.email,
      recipientUserId: event.data.ownerId,
      orderId: null,
      payload: {
        username: owner.username,
        endpointId: event.data.endpointId,
        url: event.data.url,
        consecutiveFailures: event.data.consecutiveFailures,
        pausedAt: event.data.pausedAt,
      },
    };
  }
  if (event.type === 'PayoutSent') {
    const authorId = await payoutAuthor(tx, event.data.payoutId);
    const author = authorId === null ? null : await authorOf(tx, authorId);
    if (authorId === null || !author) return null;
    return {
      eventId: event.eventId,
      kind: 'PAYOUT_SENT',
      recipientKey: `author:${authorId}`,
      recipientEmail: author.email,
      recipientUserId: authorId,
      orderId: null,
      payload: {
        authorName: author.username,
        payoutId: event.data.payoutId,
        amountCents: event.data.amountCents,
        method: event.data.destination.method,
        transferReference: event.data.transferReference,
        sentAt: event.data.sentAt,
      },
    };
  }
  const item = await moderatedItem(tx, event.data.itemType, event.data.itemId);
  const author = item ? await authorOf(tx, item.authorId) : null;
  if (!item || !author) return null;
  return {
    eventId: event.eventId,
    kind: event.type === 'ItemTakenDown' ? 'ITEM_TAKEN_DOWN' : 'ITEM_RESTORED',
    recipientKey: `author:${item.authorId}`,
    recipientEmail: author.email,
    recipientUserId: item.authorId,
    orderId: null,
    payload: {
      authorName: author.username,
      itemType: item.itemType,
      name: item.name,
      link: itemLink(item.itemType, item.url),
      reason: event.data.reason,
    },
  };
}
