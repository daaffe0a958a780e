import type { PaymentProvider } from '../../domain/orders/order.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';

/**
 * A refund made at the provider (its dashboard), or the notice of our own refund coming back:
 * recorded as OrderRefunded (by: null) unless the order is refunded already, which writes nothing.
 * When it is recorded while an admin's refund is between the provider's answer and its append,
 * that append fails on the expected version and finds the order refunded: the refund is recorded
 * once (refund-order.handler.ts).
 */
export async function recordProviderRefund(
  app: AppContext,
  refund: {
    orderId: string;
    provider: PaymentProvider;
    providerRefundId: string;
    amountCents: number;
    metadata: EventMetadata;
  },
): Promise<{ newlyRefunded: boolean }> {
  const { appended } = await runOrderCommand(
    app,
    refund.orderId,
    {
      type: 'RecordProviderRefund',
      providerRefundId: refund.providerRefundId,
      amountCents: refund.amountCents,
      reason: `Refunded at ${refund.provider === 'STRIPE' ? 'Stripe' : 'PayPal'}`,
      refundedAt: app.now(),
    },
    refund.metadata,
  );
  const newlyRefunded = appended.length > 0;
  if (newlyRefunded) {
    app.log.info(
      { orderId: refund.orderId, provider: refund.provider, refundId: refund.providerRefundId },
      'refund made at the provider recorded',
    );
  }
  return { newlyRefunded };
}
