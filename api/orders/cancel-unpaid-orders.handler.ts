import { randomUUID } from 'node:crypto';
import { OrderRefused } from '../../domain/orders/order.decider';
import type { AppContext } from '../app-context';
import { cancelOrderPayment } from './cancel-order-payment.handler';
import { unpaidOrdersPlacedBefore } from './orders.repository';

/** An order still unpaid this long after it was placed is abandoned. */
export const UNPAID_ORDER_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Cancels (EXPIRED) every order left BEFORE_CHECKOUT or PAYMENT_ON_THE_WAY for a day, as of `now`.
 * An order paid in the meantime is refused by the decider and left as it is. A payment pending at
 * the provider (PAYMENT_PENDING: a delayed card payment, a PayPal capture under review) is never
 * expired, however long it takes: the query skips it, and the decider would refuse it too; only the
 * provider's notice pays or declines it. Returns how many it cancelled.
 */
export async function cancelUnpaidOrders(app: AppContext, now: Date): Promise<number> {
  const ids = await unpaidOrdersPlacedBefore(app.pool, new Date(now.getTime() - UNPAID_ORDER_LIFETIME_MS));
  let cancelled = 0;
  // One correlation per run: every cancellation of this pass is traced to it.
  const correlationId = `unpaid-orders:${randomUUID()}`;
  for (const id of ids) {
    try {
      const { newlyCancelled } = await cancelOrderPayment(app, {
        orderId: String(id),
        reason: 'EXPIRED',
        metadata: { actor: { system: 'scheduler' }, correlationId },
      });
      if (newlyCancelled) cancelled++;
    } catch (error) {
      if (error instanceof OrderRefused) {
        app.log.info({ orderId: id, reason: error.reason }, 'unpaid order changed before it was cancelled');
        continue;
      }
      throw error;
    }
  }
  return cancelled;
}
