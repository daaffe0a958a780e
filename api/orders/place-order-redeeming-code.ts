import { discountCodeDecider } from '../../domain/discount-codes/discount-code.decider';
import { discountCodeStreamId } from '../../domain/discount-codes/discount-code.events';
import { orderDecider, type PlaceOrder } from '../../domain/orders/order.decider';
import { orderStreamId, type OrderEvent } from '../../domain/orders/order.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { Backdated } from '../../infra/event-store/backdating';
import { eventsToAppend, loadStream, ofKind } from '../../infra/event-store/command-handler';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import { orderStream, runOrderCommand } from './order-commands';
import { discountCodeStream } from '../discount-codes/discount-code.handlers';

const ATTEMPTS = 5;

/** The code an order's items carry CODE reductions of, and the cents per item (one code per order). */
export function codeRedemptionOf(items: PlaceOrder['items']) {
  const parts = items.flatMap((item) =>
    (item.reductions ?? [])
      .filter((reduction) => reduction.source === 'CODE')
      .map((reduction) => ({
        code: reduction.id,
        itemType: item.itemType,
        itemId: item.itemId,
        cents: reduction.cents,
      })),
  );
  const codes = new Set(parts.map((part) => part.code));
  if (codes.size > 1) throw new RangeError('An order redeems one code at most.');
  const [code] = codes;
  return code === undefined
    ? null
    : { code, items: parts.map(({ itemType, itemId, cents }) => ({ itemType, itemId, cents })) };
}

/**
 * Places an order; when its items carry a code's reductions, redeems the code in the same
 * transaction: both streams are appended together with the versions read, so when two checkouts
 * race for a code's last use one writes and the other is decided again on the code's new state and
 * refused ("used up"), its order never placed.
 */
export async function placeOrderRedeemingCode(
  deps: { pool: DatabasePool; store: EventStore },
  orderId: string,
  command: PlaceOrder,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<{ appended: StoredEvent<OrderEvent>[] }> {
  const redemption = codeRedemptionOf(command.items);
  if (!redemption) return runOrderCommand(deps, orderId, command, metadata, options);
  const codeStreamId = discountCodeStreamId(redemption.code);
  const placeStreamId = orderStreamId(orderId);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.pool.transaction(async (tx) => {
        const code = await loadStream(deps.store, tx, codeStreamId, discountCodeStream, discountCodeDecider);
        const order = await loadStream(deps.store, tx, placeStreamId, orderStream, orderDecider);
        const redeemed = discountCodeDecider.decide(
          { type: 'RedeemDiscountCode', orderId, items: redemption.items, redeemedAt: command.placedAt },
          code.state,
        );
        const placed = orderDecider.decide(command, order.state);
        const appended = await deps.store.append(tx, [
          {
            streamId: placeStreamId,
            streamType: orderStream.streamType,
            expectedVersion: order.version,
            events: eventsToAppend(orderStream, placed, { metadata, ...options }),
          },
          {
            streamId: codeStreamId,
            streamType: discountCodeStream.streamType,
            expectedVersion: code.version,
            events: eventsToAppend(discountCodeStream, redeemed, { metadata, ...options }),
          },
        ]);
        return {
          appended: ofKind(
            orderStream,
            placeStreamId,
            appended.filter((e) => e.streamId === placeStreamId),
          ),
        };
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}
