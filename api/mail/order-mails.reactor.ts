import { sql } from 'slonik';
import { z } from 'zod';
import type { OrderPlaced, OrderRefunded, PaymentReceived } from '../../domain/orders/order.events';
import { orderStreamId } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DEMO_SEED_CORRELATION_ID } from './demo-seed-correlation';
import { isEventOf, type EventStore, type StoredEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { fallbackExternalId } from '../../projections/orders.projection';
import { recordMailDeliveries, type NewMailDelivery } from './mail-deliveries';

export const ORDER_MAILS = 'order-mails';

type MailedEvent = PaymentReceived | OrderRefunded;
const MAILED_EVENT_TYPES: readonly MailedEvent['type'][] = ['PaymentReceived', 'OrderRefunded'];
const isMailedEvent = isEventOf<MailedEvent>(MAILED_EVENT_TYPES);
const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);

type Deps = { store: EventStore; log: Logger };

/**
 * Records the mails the order events call for (docs/buying.md): the confirmation with download
 * links and a sale mail to each author when a payment is received, a refund mail to the buyer when
 * an order is refunded. It only records them, in the transaction that moves its checkpoint; the mail
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
    .filter((event) => event.metadata.correlationId !== DEMO_SEED_CORRELATION_ID);
  if (mailed.length === 0) return;
  const orderIds = [...new Set(mailed.map((event) => event.data.orderId))];
  const streams = await deps.store.readStreams(tx, orderIds.map(orderStreamId));
  const placed = new Map<string, OrderPlaced['data']>();
  for (const stream of streams.values()) {
    const event = stream.events.find(isOrderPlaced);
    if (event) placed.set(event.data.orderId, event.data);
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
    if (event.type === 'PaymentReceived') {
      const payment = event.data;
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
