import type { Cents } from '../../domain/money';

/** What a provider needs to know of an order to take its payment. */
export type OrderToPay = {
  orderId: string;
  /** The order number people see (PayPal shows it as the invoice number). */
  externalId: string;
  email: string;
  items: { name: string; amountCents: Cents }[];
  totalCents: Cents;
  /** Absolute URLs of the pages the buyer returns to. */
  successUrl: string;
  cancelUrl: string;
  /** When an unpaid session should stop taking payments. */
  expiresAt: Date;
};

/** What a provider needs to return a payment. */
export type RefundToMake = {
  orderId: string;
  /** The paid session or provider order (Stripe checkout session id, PayPal order id, local id). */
  providerReference: string;
  /** The PayPal capture id (recorded with the payment); Stripe finds its payment from the session. */
  captureId: string | null;
  amountCents: Cents;
  /**
   * The same key for every attempt at one refund (e.g. `order-42-refund`): the provider answers a
   * repeated request with the first one's refund, so a retry after a timeout never refunds twice.
   */
  idempotencyKey: string;
};

/**
 * REFUNDED: the provider took the refund (`pending` while it is still on its way to the buyer);
 * REFUSED: the provider will not refund it (already refunded there, too old, a bad reference), with
 * its reason for the admin. A provider that cannot be reached throws PaymentProviderUnavailable: the
 * outcome is unknown, and the same request (same key) may be sent again.
 */
export type RefundOutcome =
  { status: 'REFUNDED'; refundId: string; pending: boolean } | { status: 'REFUSED'; reason: string };

export interface PaymentRefunds {
  refund(refund: RefundToMake): Promise<RefundOutcome>;
}

/** Card payments: a hosted checkout page the buyer is sent to (Stripe, or the local stand-in). */
export interface CardPaymentProvider extends PaymentRefunds {
  readonly name: 'STRIPE' | 'LOCAL';
  openCheckout(order: OrderToPay): Promise<{ reference: string; url: string }>;
}

/** What a PayPal capture ended as. */
export type PaypalCapture =
  | { status: 'COMPLETED'; captureId: string | null; amountCents: Cents }
  /** The payer's instrument was declined, or PayPal refuses to capture: the order cannot be paid this way. */
  | { status: 'DECLINED'; reason: string }
  /** Not approved by the payer (yet): nothing happened, the buyer may try again. */
  | { status: 'NOT_APPROVED'; reason: string }
  /** PayPal holds the payment for review; a later notification would settle it. */
  | { status: 'PENDING'; captureId: string | null };

/** PayPal: an order created on the server, approved by the buyer in PayPal's window, captured here. */
export interface PaypalPaymentProvider extends PaymentRefunds {
  readonly name: 'PAYPAL' | 'LOCAL';
  /** The client id the web app loads PayPal's buttons with; null for the local stand-in. */
  readonly clientId: string | null;
  createOrder(order: OrderToPay): Promise<{ reference: string }>;
  /**
   * Captures an approved order. Asking twice (two racing requests, a retry) captures once: the
   * request carries an idempotency key, and an order PayPal already captured answers its capture.
   */
  captureOrder(reference: string, order: { totalCents: Cents }): Promise<PaypalCapture>;
}

/** The provider could not be reached or answered with an error of its own: a 5xx for the buyer. */
export class PaymentProviderUnavailable extends Error {
  override name = 'PaymentProviderUnavailable';
  constructor(
    readonly provider: 'STRIPE' | 'PAYPAL',
    readonly operation: string,
    override readonly cause: unknown,
  ) {
    super(`${provider} ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The words the web app shows for an unreachable provider (spec 8, decisions.md). */
export const providerUnavailableMessages = {
  STRIPE: 'There was an error reaching Stripe. Please try again later.',
  PAYPAL: 'There was an error reaching PayPal. Please try again later.',
} as const;
