import { discountCodeDecider } from '../../domain/discount-codes/discount-code.decider';
import { discountCodeStreamId } from '../../domain/discount-codes/discount-code.events';
import { orderStreamId, type OrderCancelled, type OrderPlaced } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { eventsToAppend, loadStream } from '../../infra/event-store/command-handler';
import { isEventOf, type EventStore, type StoredEvent } from '../../infra/event-store/event-store';
import type { Reactor } from '../../infra/projection-engine/projection';
import { discountCodeStream } from './discount-code.handlers';

export const DISCOUNT_CODE_RELEASES = 'discount-code-releases';
const isOrderCancelled = isEventOf<OrderCancelled>(['OrderCancelled']);
const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);

/**
 * Gives a code's use back when the order that redeemed it is closed unpaid (expired, cancelled by the
 * buyer, declined): `DiscountCodeRedemptionReleased` on the code's stream, in the transaction that
 * moves this reactor's checkpoint, so each cancellation releases once. A refund gives nothing back:
 * the order was paid and the code did its work.
 */
export function discountCodeReleasesReactor(deps: { store: EventStore }): Reactor {
  return {
    name: DISCOUNT_CODE_RELEASES,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: ['OrderCancelled'],
    apply: (tx, events) => releaseCodesOfCancelledOrders(deps, tx, events),
  };
}

export async function releaseCodesOfCancelledOrders(
  deps: { store: EventStore },
  tx: DatabaseTransactionConnection,
  feed: readonly StoredEvent[],
): Promise<void> {
  const cancelled = feed.filter(isOrderCancelled);
  if (cancelled.length === 0) return;
  const streams = await deps.store.readStreams(
    tx,
    cancelled.map((event) => orderStreamId(event.data.orderId)),
  );
  for (const event of cancelled) {
    const placed = streams.get(orderStreamId(event.data.orderId))?.events.find(isOrderPlaced);
    const code = placed?.data.items
      .flatMap((item) => item.reductions ?? [])
      .find((reduction) => reduction.source === 'CODE')?.id;
    if (!code) continue;
    const streamId = discountCodeStreamId(code);
    const { state, version } = await loadStream(
      deps.store,
      tx,
      streamId,
      discountCodeStream,
      discountCodeDecider,
    );
    const released = discountCodeDecider.decide(
      {
        type: 'ReleaseDiscountCodeRedemption',
        orderId: event.data.orderId,
        reason: event.data.reason,
        releasedAt: new Date(event.data.cancelledAt),
      },
      state,
    );
    if (released.length === 0) continue;
    await deps.store.append(tx, {
      streamId,
      streamType: discountCodeStream.streamType,
      expectedVersion: version,
      events: eventsToAppend(discountCodeStream, released, {
        metadata: {
          actor: { system: DISCOUNT_CODE_RELEASES },
          correlationId: event.metadata.correlationId ?? event.eventId,
          causationId: event.eventId,
        },
      }),
    });
  }
}
