import type { OrderCancellationReason } from '../../domain/orders/order.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';

/** Closes an unpaid order (session expired, buyer cancelled, payment declined); again writes nothing. */
export async function cancelOrderPayment(
  app: AppContext,
  cancellation: { orderId: string; reason: OrderCancellationReason; metadata: EventMetadata },
): Promise<{ newlyCancelled: boolean }> {
  const { appended } = await runOrderCommand(
    app,
    cancellation.orderId,
    { type: 'CancelOrder', reason: cancellation.reason, cancelledAt: app.now() },
    cancellation.metadata,
  );
  const newlyCancelled = appended.length > 0;
  if (newlyCancelled) {
    app.log.info({ orderId: cancellation.orderId, reason: cancellation.reason }, 'order cancelled');
  }
  return { newlyCancelled };
}
