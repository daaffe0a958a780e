import Stripe from 'stripe';
import type { PaymentsConfig } from '../config';
import {
  PaymentProviderUnavailable,
  type CardPaymentProvider,
  type OrderToPay,
  type RefundOutcome,
  type RefundToMake,
} from './payment-provider';

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
  /** For `charge.refunded`: the charge as Stripe reports it; null for other events. */
  charge: StripeRefundedCharge | null;
};

/** A charge refunded at Stripe (from our refund, or from Stripe's dashboard). */
export type StripeRefundedCharge = {
  id: string;
  paymentIntent: string | null;
  /** Our order id when Stripe copied it onto the charge (else read from the payment intent). */
  orderId: string | null;
  amountCents: number;
  /** All refunded so far, in cents. */
  amountRefundedCents: number;
  currency: string;
  /** The latest refund's id, when the event carries the refunds. */
  refundId: string | null;
};

/**
 * Card payments through Stripe Checkout (the official SDK): one hosted session per order with its
 * items as line items, the buyer's email, our order id as client_reference_id and metadata, and the
 * success and failed pages. Notifications are verified with the webhook secret over the raw body.
 */
export class StripeCardProvider implements CardPaymentProvider {
  readonly name = 'STRIPE' as const;
  private readonly stripe: Stripe;
  /**
   * A refund runs inside the transaction that holds the order's lock (refund-order.handler.ts), which
   * PostgreSQL ends after 60 s idle: each call gets at most this long, and one retry.
   */
  private readonly refundCallMs: number;

  constructor(private readonly config: NonNullable<PaymentsConfig['stripe']>) {
    this.refundCallMs = Math.min(config.api.timeout ?? 20_000, 12_000);
    this.stripe = new Stripe(config.secretKey, {
      // Safe to retry: every create carries an idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...config.api,
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
    if (object.object === 'charge') {
      const charge = object as Stripe.Charge;
      return {
        eventId: event.id,
        type: event.type,
        session: null,
        charge: {
          id: charge.id,
          paymentIntent:
            typeof charge.payment_intent === 'string'
              ? charge.payment_intent
              : (charge.payment_intent?.id ?? null),
          orderId: charge.metadata?.orderId ?? null,
          amountCents: charge.amount,
          amountRefundedCents: charge.amount_refunded,
          currency: charge.currency,
          refundId: charge.refunds?.data?.[0]?.id ?? null,
        },
      };
    }
    if (object.object !== 'checkout.session') {
      return { eventId: event.id, type: event.type, session: null, charge: null };
    }
    const session = object as Stripe.Checkout.Session;
    return {
      eventId: event.id,
      type: event.type,
      charge: null,
      session: {
        id: session.id,
        orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
        paymentStatus: session.payment_status ?? null,
        amountTotal: session.amount_total ?? null,
        currency: session.currency ?? null,
      },
    };
  }

  /**
   * Returns a card payment through Stripe's refunds API: the session's payment intent, the whole
   * amount, our idempotency key (Stripe answers a repeated key with the first refund for 24 hours,
   * and the SDK retries a lost answer with the same key). Stripe's refusals (already refunded, a
   * dispute, a bad reference) come back as REFUSED with Stripe's message.
   */
  async refund(refund: RefundToMake): Promise<RefundOutcome> {
    try {
      const bounded = { timeout: this.refundCallMs, maxNetworkRetries: 1 };
      const session = await this.stripe.checkout.sessions.retrieve(refund.providerReference, {}, bounded);
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) {
        return {
          status: 'REFUSED',
          reason: `Stripe has no payment for session ${refund.providerReference}.`,
        };
      }
      const made = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: refund.amountCents,
          reason: 'requested_by_customer',
          metadata: { orderId: refund.orderId },
        },
        { ...bounded, idempotencyKey: refund.idempotencyKey },
      );
      if (made.status === 'failed' || made.status === 'canceled') {
        return {
          status: 'REFUSED',
          reason: `Stripe's refund ${made.id} ${made.status}${made.failure_reason ? ` (${made.failure_reason})` : ''}.`,
        };
      }
      return { status: 'REFUNDED', refundId: made.id, pending: made.status !== 'succeeded' };
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError
      ) {
        return { status: 'REFUSED', reason: `Stripe refused the refund: ${error.message}` };
      }
      throw new PaymentProviderUnavailable('STRIPE', 'refunding a payment', error);
    }
  }

  /**
   * The issuing country of the card that paid a checkout session (lowercase), from the session's
   * payment intent's latest charge (`payment_method_details.card.country`); null when Stripe does
   * not say (another payment method, no charge yet). Location evidence for VAT (docs/vat.md).
   */
  async cardCountryOf(sessionId: string): Promise<string | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(
        sessionId,
        { expand: ['payment_intent.latest_charge'] },
        { timeout: 10_000, maxNetworkRetries: 1 },
      );
      const intent = typeof session.payment_intent === 'string' ? null : session.payment_intent;
      const charge = typeof intent?.latest_charge === 'string' ? null : intent?.latest_charge;
      const country = charge?.payment_method_details?.card?.country;
      return country ? country.toLowerCase() : null;
    } catch (error) {
      throw new PaymentProviderUnavailable('STRIPE', 'reading the card country', error);
    }
  }

  /** Our order id of a charge: the charge's metadata, else its payment intent's (set at checkout). */
  async orderOfCharge(charge: StripeRefundedCharge): Promise<string | null> {
    if (charge.orderId) return charge.orderId;
    if (!charge.paymentIntent) return null;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(charge.paymentIntent);
      return intent.metadata?.orderId ?? null;
    } catch (error) {
      throw new PaymentProviderUnavailable('STRIPE', 'reading a payment intent', error);
    }
  }

  /** The id of the charge's latest refund, when the event did not carry it. */
  async latestRefundOf(charge: StripeRefundedCharge): Promise<string | null> {
    if (charge.refundId) return charge.refundId;
    try {
      const refunds = await this.stripe.refunds.list({ charge: charge.id, limit: 1 });
      return refunds.data[0]?.id ?? null;
    } catch (error) {
      throw new PaymentProviderUnavailable('STRIPE', 'listing refunds', error);
    }
  }
}
