import { OrderRefused } from '../../domain/orders/order.decider';
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
 * log and answer. A payment the order cannot take (cancelled meanwhile, or paid through another
 * session) is first recorded as LatePaymentReceived, which the late-payment-refunds reactor returns
 * to the buyer; the refusal is still thrown, so the caller answers as before.
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
  let appended;
  try {
    ({ appended } = await runOrderCommand(
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
    ));
  } catch (error) {
    if (
      error instanceof OrderRefused &&
      (error.reason === 'ORDER_CANCELLED' || error.reason === 'PAID_WITH_ANOTHER_REFERENCE')
    ) {
      await recordLatePayment(app, payment);
    }
    throw error;
  }
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

/** A payment the order cannot take: recorded once per reference, refunded by the reactor. */
async function recordLatePayment(
  app: AppContext,
  payment: Parameters<typeof confirmOrderPayment>[1],
): Promise<void> {
  const { appended } = await runOrderCommand(
    app,
    payment.orderId,
    {
      type: 'RecordLatePayment',
      provider: payment.provider,
      providerReference: payment.providerReference,
      providerEventId: payment.providerEventId,
      amountCents: payment.amountCents,
      receivedAt: app.now(),
    },
    payment.metadata,
  );
  if (appended.length > 0) {
    app.log.warn(
      { orderId: payment.orderId, provider: payment.provider, reference: payment.providerReference },
      'payment for an order that cannot take it recorded; it will be refunded automatically',
    );
  }
}

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

/**
 * A refund made at the provider (its dashboard), or the notice of our own refund coming back:
 * recorded as OrderRefunded (by: null) unless the order is refunded already, which writes nothing.
 * The expected version orders it after an admin's refund still in flight (that holds the order's
 * lock until it commits), so our own refund is never recorded twice.
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
