import type { OrderCancellationReason, PaymentProvider } from '../../domain/orders/order.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';

/**
 * The one way a payment is recorded, whoever reports it: Stripe's webhook, the PayPal capture or
 * the local checkout page. Idempotent: a confirmation repeated (a webhook delivered twice, two
 * captures racing) appends nothing the second time. The confirmation mail is recorded from the
 * PaymentReceived event by the order-mails reactor (api/mail), not here. A refusal (cancelled
 * order, another payment, wrong amount) is thrown as the decider's OrderRefused for the caller to
 * log and answer.
 */
export async function confirmOrderPayment(
  app: AppContext,
  payment: {
    orderId: string;
    provider: PaymentProvider;
    providerReference: string;
    providerEventId: string | null;
    amountCents: number;
    metadata: EventMetadata;
  },
): Promise<{ newlyPaid: boolean }> {
  const { appended } = await runOrderCommand(
    app,
    payment.orderId,
    {
      type: 'ConfirmPayment',
      provider: payment.provider,
      providerReference: payment.providerReference,
      providerEventId: payment.providerEventId,
      amountCents: payment.amountCents,
      receivedAt: app.now(),
    },
    payment.metadata,
  );
  const newlyPaid = appended.some((event) => event.type === 'PaymentReceived');
  if (newlyPaid) {
    app.log.info(
      { orderId: payment.orderId, provider: payment.provider, reference: payment.providerReference },
      'payment received',
    );
  }
  return { newlyPaid };
}

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
