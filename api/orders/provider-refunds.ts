import { sql } from 'slonik';
import { z } from 'zod';
import type { PaymentProvider } from '../../domain/orders/order.events';
import type { Queryable } from '../../infra/db/pool';
import type { PaymentRefunds } from '../../infra/payments/payment-provider';
import type { PaymentProviders } from '../../infra/payments/payment-providers';

/**
 * Who returns a payment taken by `provider`: Stripe and PayPal through their APIs, the local
 * stand-ins for LOCAL. null when the provider that took it is not configured any more (its keys
 * were removed): the money must then be returned in the provider's dashboard.
 */
export function refunderFor(payments: PaymentProviders, provider: PaymentProvider): PaymentRefunds | null {
  switch (provider) {
    case 'STRIPE':
      return payments.stripe;
    case 'PAYPAL':
      return payments.paypal.name === 'PAYPAL' ? payments.paypal : null;
    case 'LOCAL':
      return payments.card.name === 'LOCAL' ? payments.card : payments.paypal;
  }
}

/** How long the fence of an admin's refund that never finished holds back the order's first downloads. */
export const REFUND_FENCE_MINUTES = 15;

/** The idempotency key of an order's refund: every attempt at it sends the same. */
export const orderRefundKey = (orderId: string) => `order-${orderId}-refund`;
/** The idempotency key of the refund of a late payment. */
export const latePaymentRefundKey = (orderId: string, reference: string) =>
  `order-${orderId}-late-${reference}`.slice(0, 255);

/** Whether a provider notification was handled before (a redelivery or a replay). */
export async function webhookSeen(
  db: Queryable,
  provider: 'STRIPE' | 'PAYPAL',
  eventId: string,
): Promise<boolean> {
  const found = await db.maybeOneFirst(sql.type(z.object({ seen: z.boolean() }))`
    select true as seen from payment_webhook_events where provider = ${provider} and event_id = ${eventId}`);
  return found === true;
}

/** Marks a provider notification handled (after its effects were committed; again is harmless). */
export async function markWebhookHandled(
  db: Queryable,
  provider: 'STRIPE' | 'PAYPAL',
  eventId: string,
  eventType: string,
): Promise<void> {
  await db.query(sql.unsafe`
    insert into payment_webhook_events (provider, event_id, event_type)
    values (${provider}, ${eventId}, ${eventType}) on conflict do nothing`);
}

/** The order a PayPal capture paid (the capture id is recorded as the payment's providerEventId). */
export async function orderOfPaypalCapture(db: Queryable, captureId: string): Promise<string | null> {
  const id = await db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    select id from orders where provider_event_id = ${captureId} and payment_type = 'PAYPAL' limit 1`);
  return id === null ? null : String(id);
}
