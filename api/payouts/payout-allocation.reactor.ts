import { sql } from 'slonik';
import { z } from 'zod';
import type { OrderPlaced, OrderRefunded, PaymentReceived } from '../../domain/orders/order.events';
import { authorPartsOf } from '../../domain/co-authors/author-share-split';
import { orderStreamId } from '../../domain/orders/order.events';
import {
  allocatePayment,
  allocateRefund,
  emptyPayoutBook,
  placeInBook,
  type PayoutDecision,
} from '../../domain/payouts/payout-allocation';
import { initialPayoutState } from '../../domain/payouts/payout.decider';
import {
  PAYOUT_STATUSES,
  PAYOUT_STREAM_TYPE,
  payoutStreamId,
  type PayoutStatus,
} from '../../domain/payouts/payout.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import {
  isEventOf,
  type AppendRequest,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { fallbackExternalId } from '../../projections/orders.projection';
import { payoutEventsToAppend } from './payout-commands';

export const PAYOUT_ALLOCATION = 'payout-allocation';

const loadedPayoutRow = z.object({
  id: z.number(),
  author_id: z.number(),
  status: z.enum(PAYOUT_STATUSES as [PayoutStatus, ...PayoutStatus[]]),
  amount_cents: z.number(),
  version: z.number(),
  items: z.record(z.string(), z.number()),
});

type Deps = { store: EventStore; log: Logger };

type AllocatedEvent = PaymentReceived | OrderRefunded;
const ALLOCATED_EVENT_TYPES: readonly AllocatedEvent['type'][] = ['PaymentReceived', 'OrderRefunded'];
const isAllocatedEvent = isEventOf<AllocatedEvent>(ALLOCATED_EVENT_TYPES);
const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);

/**
 * Allocates authors' earnings: each received payment adds its order's items to their authors' open
 * payouts, each refund takes them back (docs/payouts.md). It reads the order events from the feed
 * with a checkpoint moved in the same transaction as the payout events it appends, so every payment
 * and refund is allocated exactly once, in feed order. The amounts are the ones `OrderPlaced`
 * recorded; nothing is recomputed.
 */
export function payoutAllocationReactor(deps: Deps): Reactor {
  return {
    name: PAYOUT_ALLOCATION,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: ALLOCATED_EVENT_TYPES,
    apply: (tx, events) => allocateOrderEvents(deps, tx, events),
  };
}

export async function allocateOrderEvents(
  deps: Deps,
  tx: DatabaseTransactionConnection,
  feed: readonly StoredEvent[],
): Promise<void> {
  const events = feed.filter(isAllocatedEvent);
  const orderIds = [...new Set(events.map((event) => event.data.orderId))];
  const orderStreams = await deps.store.readStreams(tx, orderIds.map(orderStreamId));
  const placed = new Map<string, OrderPlaced['data']>();
  for (const stream of orderStreams.values()) {
    const event = stream.events.find(isOrderPlaced);
    if (event) placed.set(event.data.orderId, event.data);
  }

  // The part of the payout book these orders touch: the authors' open payouts and the payouts
  // holding the refunded items. Their state comes from the inline read model, which changes in the
  // same transactions as their streams (one statement reads both, with each stream's version as the
  // append's guard), rather than from replaying each open payout's whole stream every batch. Of
  // their items only those of these orders are needed: an allocation adds or takes back just these.
  // A co-authored item pays each of its authors (the parts the order recorded).
  const authorIds = [
    ...new Set(
      [...placed.values()].flatMap((order) =>
        order.items.flatMap((i) => authorPartsOf(i).map((p) => p.authorId)),
      ),
    ),
  ];
  const orderNumbers = sql.array(
    orderIds.map((orderId) => Number(orderId)),
    'int8',
  );
  const refundedNumbers = sql.array(
    events.filter((event) => event.type === 'OrderRefunded').map((event) => Number(event.data.orderId)),
    'int8',
  );
  const payouts = await tx.any(sql.type(loadedPayoutRow)`
    select p.id, p.author_id, p.status, p.amount_cents, s.version,
           coalesce(jsonb_object_agg(l.order_id || ':' || l.position, l.author_share_cents)
                      filter (where l.order_id is not null), '{}') as items
    from payouts p
    join streams s on s.stream_id = 'payout-' || p.id
    left join payout_lines l on l.payout_id = p.id and l.kind = 'ITEM' and l.order_id = any(${orderNumbers})
    where (p.status = 'PENDING' and p.author_id = any(${sql.array(authorIds, 'int8')}))
       or p.id in (select payout_id from payout_lines where kind = 'ITEM' and order_id = any(${refundedNumbers}))
    group by p.id, s.version`);
  const book = emptyPayoutBook();
  const versions = new Map<number, number>();
  for (const payout of payouts) {
    versions.set(payout.id, payout.version);
    placeInBook(book, payout.id, {
      ...initialPayoutState,
      status: payout.status,
      payoutId: payout.id,
      authorId: payout.author_id,
      items: payout.items,
      balanceCents: payout.amount_cents,
      lockedAmountCents: payout.status === 'PENDING' ? null : payout.amount_cents,
    });
  }

  // New payouts are numbered after the highest one. Only this reactor opens payouts, one batch at
  // a time under its lock, and a new stream must not exist yet, so an id is never given twice.
  let lastPayoutId = await tx.oneFirst(
    sql.type(z.object({ id: z.number() }))`select coalesce(max(id), 0)::int8 as id from payouts`,
  );
  const nextPayoutId = () => ++lastPayoutId;

  const decided: { decision: PayoutDecision; metadata: EventMetadata }[] = [];
  for (const event of events) {
    const orderId = event.data.orderId;
    const order = placed.get(orderId);
    if (!order) {
      deps.log.error({ orderId, eventId: event.eventId }, 'payout allocation: the order has no OrderPlaced');
      continue;
    }
    const metadata: EventMetadata = {
      actor: { system: PAYOUT_ALLOCATION },
      causationId: event.eventId,
      // The causing event's correlation carries over (its own id for events recorded without one).
      correlationId: event.metadata.correlationId ?? event.eventId,
    };
    const externalId = order.externalId ?? fallbackExternalId(order.orderId);
    if (event.type === 'PaymentReceived') {
      const payment = event.data;
      for (const decision of allocatePayment(
        book,
        {
          orderId,
          orderExternalId: externalId,
          paymentType: order.paymentType,
          paidAt: payment.receivedAt,
          items: order.items,
        },
        nextPayoutId,
      )) {
        decided.push({ decision, metadata });
      }
    } else {
      const refund = event.data;
      const { decisions, unallocated } = allocateRefund(
        book,
        { orderId, orderExternalId: externalId, refundedAt: refund.refundedAt, items: order.items },
        nextPayoutId,
      );
      if (unallocated.length > 0) {
        deps.log.warn(
          { orderId, positions: unallocated },
          'payout allocation: refunded items were in no payout',
        );
      }
      for (const decision of decisions) decided.push({ decision, metadata });
    }
  }

  // One append for every payout touched, each at the version it was read at.
  const requests = new Map<number, AppendRequest & { events: ReturnType<typeof payoutEventsToAppend> }>();
  for (const { decision, metadata } of decided) {
    let request = requests.get(decision.payoutId);
    if (!request) {
      const version = versions.get(decision.payoutId) ?? 0;
      request = {
        streamId: payoutStreamId(decision.payoutId),
        streamType: PAYOUT_STREAM_TYPE,
        expectedVersion: version === 0 ? 'no_stream' : version,
        events: [],
      };
      requests.set(decision.payoutId, request);
    }
    request.events.push(...payoutEventsToAppend(decision.events, metadata));
  }
  await deps.store.append(tx, [...requests.values()]);
}
