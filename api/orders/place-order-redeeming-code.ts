import { discountCodeDecider } from '../../domain/discount-codes/discount-code.decider';
import { discountCodeStreamId } from '../../domain/discount-codes/discount-code.events';
import { orderDecider, type PlaceOrder } from '../../domain/orders/order.decider';
import {
  placeOrderWithVatCheck,
  type PlaceOrderBeforeVatCheck,
  type VatIdCheckAnswer,
} from '../../domain/orders/place-order-vat-check';
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
import { handleCommandWithOutsideStep } from '../../infra/event-store/outside-step-command';
import { orderStream } from './order-commands';
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
 * Places an order through the command path with an outside step: a business buyer's VAT ID is
 * checked with VIES outside any transaction (`placeOrderWithVatCheck` plans the number, records the
 * answer or refuses). When its items carry a code's reductions, the code is redeemed in the order's
 * transaction: both streams are appended together with the versions read, so when two checkouts race
 * for a code's last use one writes and the other is decided again on the code's new state and
 * refused ("used up"), its order never placed.
 */
export async function placeOrderRedeemingCode(
  deps: { pool: DatabasePool; store: EventStore },
  orderId: string,
  command: PlaceOrderBeforeVatCheck,
  checkVatId: (vatId: string) => Promise<VatIdCheckAnswer>,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<{ appended: StoredEvent<OrderEvent>[] }> {
  const redemption = codeRedemptionOf(command.items);
  const placeStreamId = orderStreamId(orderId);
  if (!redemption) {
    return handleCommandWithOutsideStep(
      deps,
      {
        streamIds: [placeStreamId],
        kind: orderStream,
        decider: placeOrderWithVatCheck,
        commandKind: 'vat-id-check',
        keyAnchors: [],
      },
      command,
      (call) => checkVatId(call.vatId),
      { metadata, ...options },
    );
  }
  // The order's stream is new: the check is planned on its empty state, asked once, before the
  // transaction (a retry after a code's conflict reuses the answer).
  const call = placeOrderWithVatCheck.plan(command, [placeOrderWithVatCheck.initialState]);
  const answer = call === null ? null : await checkVatId(call.vatId);
  const codeStreamId = discountCodeStreamId(redemption.code);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.pool.transaction(async (tx) => {
        const code = await loadStream(deps.store, tx, codeStreamId, discountCodeStream, discountCodeDecider);
        const order = await loadStream(deps.store, tx, placeStreamId, orderStream, orderDecider);
        const redeemed = discountCodeDecider.decide(
          { type: 'RedeemDiscountCode', orderId, items: redemption.items, redeemedAt: command.placedAt },
          code.state,
        );
        const [placed] = placeOrderWithVatCheck.decide(command, [order.state], answer);
        const appended = await deps.store.append(tx, [
          {
            streamId: placeStreamId,
            streamType: orderStream.streamType,
            expectedVersion: order.version,
            events: eventsToAppend(orderStream, placed ?? [], { metadata, ...options }),
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
