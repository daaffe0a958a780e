import { centsToEuros } from '../../domain/money';
import { orderStreamId, type OrderedItem, type OrderPlaced } from '../../domain/orders/order.events';
import { isEventOf, type EventStore } from '../../infra/event-store/event-store';
import type { Queryable } from '../../infra/db/pool';

const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);

/** A line's regular price and reductions (a sale, a code) in euros, as the order recorded them. */
export function recordedReductionsOf(item: OrderedItem | undefined) {
  return {
    regularPrice: item?.regularPriceCents === undefined ? null : centsToEuros(item.regularPriceCents),
    reductions: (item?.reductions ?? []).map((reduction) => ({
      source: reduction.source,
      label: reduction.label,
      amount: centsToEuros(reduction.cents),
    })),
  };
}

/**
 * The ordered items of some orders as their OrderPlaced recorded them, in one read of their
 * streams: the read model keeps only the price paid, and a reduction is never recomputed.
 */
export async function placedItemsOf(
  deps: { store: EventStore; pool: Queryable },
  orderIds: readonly number[],
): Promise<(orderId: number, position: number) => OrderedItem | undefined> {
  const streams = await deps.store.readStreams(
    deps.pool,
    [...new Set(orderIds)].map((id) => orderStreamId(String(id))),
  );
  return (orderId, position) =>
    streams.get(orderStreamId(String(orderId)))?.events.find(isOrderPlaced)?.data.items[position];
}
