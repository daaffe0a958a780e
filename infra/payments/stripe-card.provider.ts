import Stripe from 'stripe';
import type { PaymentsConfig } from '../config';
import { PaymentProviderUnavailable, type CardPaymentProvider, type OrderToPay } from './payment-provider';

/** A webhook whose signature does not match the configured secret (or is missing): answered with 400. */
export class WebhookSignatureInvalid extends Error {
  override name = 'WebhookSignatureInvalid';
}

/** The parts of a Stripe notification the order code reads. */
export type StripeCheckoutNotification = {
  eventId: string;
  type: string;
  session: {
    id: string;
    /** Our order id (client_reference_id, else metadata.orderId). */
    orderId: string | null;
    paymentStatus: string | null;
    amountTotal: number | null;
    currency: string | null;
  } | null;
};

/**
 * Card payments through Stripe Checkout (the official SDK): one hosted session per order with its
 * items as line items, the buyer's email, our order id as client_reference_id and metadata, and the
 * success and failed pages. Notifications are verified with the webhook secret over the raw body.
 */
export class StripeCardProvider implements CardPaymentProvider {
  readonly name = 'STRIPE' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: NonNullable<PaymentsConfig['stripe']>) {
    this.stripe = new Stripe(config.secretKey, {
      ...config.api,
      // Safe to retry: every create carries an idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async openCheckout(order: OrderToPay): Promise<{ reference: string; url: string }> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: order.items.map((item) => ({
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: item.amountCents,
              product_data: { name: item.name },
            },
          })),
          customer_email: order.email,
          client_reference_id: order.orderId,
          metadata: { orderId: order.orderId, externalId: order.externalId },
          payment_intent_data: { metadata: { orderId: order.orderId, externalId: order.externalId } },
          success_url: order.successUrl,
          cancel_url: order.cancelUrl,
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        },
        // One session per order, even when the SDK retries a call whose answer was lost.
        { idempotencyKey: `order-${order.orderId}-checkout` },
      );
    } catch (error) {
      throw new PaymentProviderUnavailable('STRIPE', 'creating a checkout session', error);
    }
    if (!session.url) {
      throw new PaymentProviderUnavailable('STRIPE', 'creating a checkout session', 'no url in the answer');
    }
    return { reference: session.id, url: session.url };
  }

  /** Verifies a webhook call's signature over its exact bytes and reads the checkout session in it. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): StripeCheckoutNotification {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('No Stripe-Signature header.');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureInvalid(error instanceof Error ? error.message : String(error));
    }
    const object = event.data.object as { object?: string };
    if (object.object !== 'checkout.session') return { eventId: event.id, type: event.type, session: null };
    const session = object as Stripe.Checkout.Session;
    return {
      eventId: event.id,
      type: event.type,
      session: {
        id: session.id,
        orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
        paymentStatus: session.payment_status ?? null,
        amountTotal: session.amount_total ?? null,
        currency: session.currency ?? null,
      },
    };
  }
}
