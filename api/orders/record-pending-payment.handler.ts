import type { PaymentProvider } from '../../domain/orders/order.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';

/**
 * The provider accepted a payment it has not settled (Stripe's delayed methods, a PayPal capture
 * held as PENDING): the order waits in PAYMENT_PENDING for the provider's later notice, and the
 * unpaid-orders job leaves it alone. Idempotent; refusals are thrown as OrderRefused.
 */
export async function recordPendingPayment(
  app: AppContext,
  payment: {
    orderId: string;
    provider: PaymentProvider;
    providerReference: string;
    providerEventId: string | null;
    amountCents: number;
    metadata: EventMetadata;
  },
): Promise<{ newlyPending: boolean }> {
  const { appended } = await runOrderCommand(
    app,
    payment.orderId,
    {
      type: 'RecordPendingPayment',
      provider: payment.provider,
      providerReference: payment.providerReference,
      providerEventId: payment.providerEventId,
      amountCents: payment.amountCents,
      pendingAt: app.now(),
    },
    payment.metadata,
  );
  const newlyPending = appended.length > 0;
  if (newlyPending) {
    app.log.info(
      { orderId: payment.orderId, provider: payment.provider, reference: payment.providerReference },
      'payment pending at the provider',
    );
  }
  return { newlyPending };
}
