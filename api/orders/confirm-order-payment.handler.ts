import { OrderRefused } from '../../domain/orders/order.decider';
import type { PaymentProvider } from '../../domain/orders/order.events';
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
    /** The card's issuing country as the provider reports it (null: none; PayPal reports none). */
    cardCountry?: string | null;
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
        ...(payment.cardCountry === undefined ? {} : { cardCountry: payment.cardCountry }),
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
