import { sql } from 'slonik';
import { z } from 'zod';
import { giftMailDue } from '../../domain/gifts/gift.decider';
import { orderStreamId } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventStore, StoredEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { mailNewClaimLink } from './gift-claim-links';
import { giftMailContentOf, giftStateOf } from './gift-stream';

export const GIFT_MAILS = 'gift-mails';

type Deps = { store: EventStore; log: Logger };

/**
 * Mails a gift's recipient the claim link once the gift is due (docs/gifts.md): after the payment,
 * and when checkout asked the giver for the consent to immediate delivery and they gave it later,
 * after that consent. Never before the payment. One mail per gift from here (a link row with reason
 * GIVEN says it was made); the giver's resends add more. The link and the mail are recorded in the
 * transaction that moves the checkpoint, so a crash loses or doubles neither.
 */
export function giftMailsReactor(deps: Deps): Reactor {
  return {
    name: GIFT_MAILS,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: ['PaymentReceived', 'WithdrawalConsentGiven'],
    apply: (tx, events) => recordGiftMails(deps, tx, events),
  };
}

export async function recordGiftMails(
  deps: Deps,
  tx: DatabaseTransactionConnection,
  events: readonly StoredEvent[],
): Promise<void> {
  const triggers = events.filter(
    (event) =>
      (event.type === 'PaymentReceived' || event.type === 'WithdrawalConsentGiven') &&
      event.metadata.correlationId !== DEMO_SEED_CORRELATION_ID,
  );
  if (triggers.length === 0) return;
  const orderIds = [...new Set(triggers.map((event) => Number((event.data as { orderId: string }).orderId)))];
  // Most orders are no gifts: only those in the gifts read model are read further.
  const gifts = new Set(
    await tx.anyFirst(sql.type(z.object({ order_id: z.number() }))`
      select order_id from gifts where order_id = any(${sql.array(orderIds, 'int8')})`),
  );
  if (gifts.size === 0) return;
  const mailed = new Set(
    await tx.anyFirst(sql.type(z.object({ order_id: z.number() }))`
      select distinct order_id from gift_claim_links
      where order_id = any(${sql.array([...gifts], 'int8')})`),
  );
  const streams = await deps.store.readStreams(
    tx,
    [...gifts].map((id) => orderStreamId(String(id))),
  );
  for (const trigger of triggers) {
    const orderId = Number((trigger.data as { orderId: string }).orderId);
    if (!gifts.has(orderId) || mailed.has(orderId)) continue;
    const events = streams.get(orderStreamId(String(orderId)))?.events ?? [];
    // The gift as it stood when this event happened: a refund after it must not be mailed.
    const upTo = events.filter((event) => event.streamVersion <= trigger.streamVersion);
    const state = giftStateOf(events);
    if (!giftMailDue(giftStateOf(upTo)) || !giftMailDue(state)) continue;
    const content = giftMailContentOf(events);
    if (!content) continue;
    await mailNewClaimLink(tx, {
      state,
      content,
      reason: 'GIVEN',
      eventId: trigger.eventId,
      now: trigger.recordedAt,
    });
    mailed.add(orderId);
    deps.log.info({ orderId }, 'gift mail recorded');
  }
}
