import { DomainError } from '../../domain/errors';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';
import { findOrder, itemsDownloadedSincePayment } from './orders.repository';

/**
 * refundOrder (admin): within 7 days of the payment and only when the buyer downloaded none of the
 * order's skins since paying (the decider rules on both). The ownership projection revokes what
 * the order granted in the same transaction, which also stops the guest's mailed links. The money
 * itself is returned at the provider (docs/buying.md).
 */
export async function refundOrder(
  app: AppContext,
  command: { orderId: number; adminId: number; reason?: string | null; metadata: EventMetadata },
): Promise<void> {
  const order = await findOrder(app.pool, command.orderId);
  if (!order) throw new DomainError('NOT_FOUND', 'There is no such order.');
  const downloaded = await itemsDownloadedSincePayment(app, [order.id]);
  const { appended } = await runOrderCommand(
    app,
    String(order.id),
    {
      type: 'RefundOrder',
      by: command.adminId,
      reason: command.reason ?? null,
      downloadedItems: downloaded.get(order.id) ?? [],
      refundedAt: app.now(),
    },
    command.metadata,
  );
  if (appended.length > 0) {
    app.log.info({ orderId: order.id, by: command.adminId }, 'order refunded');
  }
}
