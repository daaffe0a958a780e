import { sql } from 'slonik';
import { z } from 'zod';
import type {
  OrderPlaced,
  OrderRefunded,
  PaymentReceived,
  WithdrawalConsentGiven,
} from '../../domain/orders/order.events';
import { withdrawalDeadline } from '../../domain/orders/withdrawal-consent';
import type { GiftGiven } from '../../domain/gifts/gift.events';
import { orderStreamId } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { isEventOf, type EventStore, type StoredEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { fallbackExternalId } from '../../projections/orders.projection';
import { recordMailDeliveries, type NewMailDelivery } from './mail-deliveries';

export const ORDER_MAILS = 'order-mails';

type MailedEvent = PaymentReceived | OrderRefunded | WithdrawalConsentGiven;
const MAILED_EVENT_TYPES: readonly MailedEvent['type'][] = [
  'PaymentReceived',
  'OrderRefunded',
  'WithdrawalConsentGiven',
];
const isMailedEvent = isEventOf<MailedEvent>(MAILED_EVENT_TYPES);
const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);
const isConsent = isEventOf<WithdrawalConsentGiven>(['WithdrawalConsentGiven']);
const isGiftGiven = isEventOf<GiftGiven>(['GiftGiven']);

type Deps = { store: EventStore; log: Logger };

/**
 * Records the mails the order events call for (docs/buying.md): the confirmation with download
 * links and a sale mail to each author when a payment is received, a refund mail to the buyer when
 * an order is refunded, and a confirmation of the consent to immediate delivery when the buyer
 * gives it after checkout (docs/withdrawal.md). It only records them, in the transaction that moves its checkpoint; the mail
 * sender delivers them afterwards, so a crash or an SMTP error loses none.
 */
export function orderMailsReactor(deps: Deps): Reactor {
  return {
    name: ORDER_MAILS,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: MAILED_EVENT_TYPES,
    apply: (tx, events) => recordOrderMails(deps, tx, events),
  };
}

const authorRow = z.object({ id: z.number(), email: z.string(), username: z.string() });

export async function recordOrderMails(
  deps: Deps,
  tx: DatabaseTransactionConnection,
  events: readonly StoredEvent[],
): Promise<void> {
  // The demo seed plays months of sales through the real order commands under its correlation id;
  // mailing its made-up buyers and authors would only fill the outbox.
  const mailed = events
    .filter(isMailedEvent)
    .filter((event) => event.metadata.correlationId !== DEMO_SEED_CORRELATION_ID)
    // A consent given at checkout is repeated in the confirmation mail; only a later one has its own.
    .filter((event) => event.type !== 'WithdrawalConsentGiven' || event.data.where !== 'CHECKOUT');
  if (mailed.length === 0) return;
  const orderIds = [...new Set(mailed.map((event) => event.data.orderId))];
  const streams = await deps.store.readStreams(tx, orderIds.map(orderStreamId));
  const placed = new Map<string, OrderPlaced['data']>();
  const consents = new Map<string, StoredEvent<WithdrawalConsentGiven>>();
  const gifts = new Map<string, GiftGiven['data']>();
  for (const stream of streams.values()) {
    const event = stream.events.find(isOrderPlaced);
    if (event) placed.set(event.data.orderId, event.data);
    const consent = stream.events.find(isConsent);
    if (consent) consents.set(consent.data.orderId, consent);
    const gift = stream.events.find(isGiftGiven);
    if (gift) gifts.set(gift.data.orderId, gift.data);
  }
  const authorIds = [
    ...new Set(
      mailed
        .filter((event) => event.type === 'PaymentReceived')
        .flatMap((event) => placed.get(event.data.orderId)?.items ?? [])
        .map((item) => item.authorId),
    ),
  ];
  const authors = new Map(
    (
      await tx.any(sql.type(authorRow)`
        select id, email::text as email, username::text as username from users
        where id = any(${sql.array(authorIds, 'int8')})`)
    ).map((author) => [author.id, author]),
  );

  const deliveries: NewMailDelivery[] = [];
  for (const event of mailed) {
    const orderId = event.data.orderId;
    const order = placed.get(orderId);
    if (!order) {
      deps.log.error({ orderId, eventId: event.eventId }, 'order mails: the order has no OrderPlaced');
      continue;
    }
    const externalId = order.externalId ?? fallbackExternalId(orderId);
    const buyer = {
      eventId: event.eventId,
      recipientKey: 'buyer',
      recipientEmail: order.buyer.email,
      recipientUserId: order.buyer.userId,
      orderId: Number(orderId),
    };
    if (event.type === 'WithdrawalConsentGiven') {
      deliveries.push({
        ...buyer,
        kind: 'WITHDRAWAL_CONSENT',
        payload: {
          orderId,
          externalId,
          buyerName: order.buyer.fullName,
          givenAt: event.data.givenAt,
          statement: event.data.statement,
        },
      });
    } else if (event.type === 'PaymentReceived') {
      const payment = event.data;
      // The consent as it stood at the payment: one given later gets its own mail.
      const consent = consents.get(orderId);
      const consentBefore = consent && consent.streamVersion < event.streamVersion ? consent.data : null;
      deliveries.push({
        ...buyer,
        kind: 'ORDER_CONFIRMATION',
        payload: {
          orderId,
          externalId,
          buyerName: order.buyer.fullName,
          buyerUserId: order.buyer.userId,
          totalCents: order.totals.totalCents,
          items: order.items.map((item) => ({
            itemType: item.itemType,
            itemId: item.itemId,
            name: item.name,
            priceCents: item.priceCents,
            tipCents: item.tipCents,
            skinIds: item.skinIds ?? [],
          })),
          ...(gifts.has(orderId) ? { gift: { recipientEmail: gifts.get(orderId)!.recipientEmail } } : {}),
          ...(order.withdrawalConsentAsked
            ? {
                withdrawal: {
                  consent: consentBefore
                    ? { givenAt: consentBefore.givenAt, statement: consentBefore.statement }
                    : null,
                  withdrawUntil: withdrawalDeadline(payment.receivedAt).toISOString(),
                },
              }
            : {}),
        },
      });
      const byAuthor = Map.groupBy(order.items, (item) => item.authorId);
      for (const [authorId, items] of byAuthor) {
        const author = authors.get(authorId);
        if (!author) {
          deps.log.warn({ orderId, authorId }, 'order mails: the author has no account; no sale mail');
          continue;
        }
        deliveries.push({
          eventId: event.eventId,
          kind: 'AUTHOR_SALE',
          recipientKey: `author:${authorId}`,
          recipientEmail: author.email,
          recipientUserId: authorId,
          orderId: Number(orderId),
          payload: {
            orderId,
            externalId,
            authorName: author.username,
            paidAt: payment.receivedAt,
            items: items.map((item) => ({
              itemType: item.itemType,
              name: item.name,
              priceCents: item.priceCents,
              tipCents: item.tipCents,
              authorShareCents: item.authorShareCents,
            })),
            shareCents: items.reduce((sum, item) => sum + item.authorShareCents, 0),
          },
        });
      }
    } else {
      const refund = event.data;
      deliveries.push({
        ...buyer,
        kind: 'ORDER_REFUND',
        payload: {
          orderId,
          externalId,
          buyerName: order.buyer.fullName,
          amountCents: refund.amountCents,
          refundedAt: refund.refundedAt,
        },
      });
    }
  }
  const recorded = await recordMailDeliveries(tx, deliveries);
  if (recorded > 0) deps.log.info({ recorded, events: mailed.length }, 'order mails recorded');
}
