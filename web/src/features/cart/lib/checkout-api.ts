import { postJson } from '../../../shared/http';
import type { RestAnswer } from '../../../shared/http';

/** GET /api/checkout/config: which card provider and which PayPal the server offers. */
export interface CheckoutConfig {
  cardProvider: 'STRIPE' | 'LOCAL';
  /** PayPal's JS SDK is loaded with this client id; null when PayPal is not configured. */
  paypal: { clientId: string } | null;
  /** Without PayPal keys: the local stand-in, approved in a dialog of this page. */
  paypalLocal: boolean;
}

function isCheckoutConfig(value: unknown): value is CheckoutConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Record<string, unknown>;
  const paypal = config.paypal as Record<string, unknown> | null | undefined;
  return (
    (config.cardProvider === 'STRIPE' || config.cardProvider === 'LOCAL') &&
    (paypal === null || paypal === undefined || typeof paypal.clientId === 'string') &&
    (config.paypalLocal === undefined || typeof config.paypalLocal === 'boolean')
  );
}

export async function fetchCheckoutConfig(signal?: AbortSignal): Promise<CheckoutConfig> {
  const response = await fetch('/api/checkout/config', { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/checkout/config answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isCheckoutConfig(body)) throw new Error('GET /api/checkout/config answered an unknown shape');
  return {
    cardProvider: body.cardProvider,
    paypal: body.paypal ?? null,
    paypalLocal: body.paypalLocal ?? false,
  };
}

/** What the buyer fills in and what is bought (spec 7.1); the server sets every price. */
export interface CheckoutOrder {
  email: string;
  fullname: string;
  country: string;
  skins: number[];
  bundles: number[];
  /** Tips (euros) for the authors of some items, and prices chosen for pay-what-you-want items. */
  tips: { itemType: 'SKIN' | 'BUNDLE'; itemId: number; tip: number }[];
  prices: { itemType: 'SKIN' | 'BUNDLE'; itemId: number; price: number }[];
  termsAccepted: boolean;
  reminderAccepted: boolean;
  /** Both ticked: the buyer consents to immediate delivery; neither: the downloads wait for it. */
  deliveryNowConsent: boolean;
  withdrawalLossAcknowledged: boolean;
  /** A business buyer's VAT ID (absent: a consumer). */
  vatId?: string;
  /** A discount code (absent: none); the server decides what it takes off. */
  code?: string;
  /** The buyer confirmed their billing country (asked when it and the IP's differ). */
  countryConfirmed: boolean;
  /** "This is a gift": the recipient's address and a note (docs/gifts.md); absent: not a gift. */
  gift?: { recipientEmail: string; note: string | null };
}

/** POST /api/stripe/checkout: the answer's text is the URL to continue at (the provider's page). */
export function startCardCheckout(order: CheckoutOrder, token: string | null): Promise<RestAnswer> {
  return postJson('/api/stripe/checkout', order, token);
}

/** POST /api/paypal/create-order: the answer's text is PayPal's order id. */
export function createPaypalOrder(order: CheckoutOrder, token: string | null): Promise<RestAnswer> {
  return postJson('/api/paypal/create-order', order, token);
}

/** POST /api/paypal/capture-order after the buyer approved: the status decides success or failure. */
export function capturePaypalOrder(orderId: string, token: string | null): Promise<RestAnswer> {
  return postJson('/api/paypal/capture-order', { orderId }, token);
}

/**
 * The order's confirmation page a capture answers (`redirect`), or null when the answer names
 * none; only a path of this site's order pages is followed.
 */
export function confirmationPathOf(captureAnswer: string): string | null {
  try {
    const body: unknown = JSON.parse(captureAnswer);
    const redirect = body && typeof body === 'object' ? (body as { redirect?: unknown }).redirect : null;
    return typeof redirect === 'string' && /^\/orders\/[\w-]+(\?[\w%.=&-]*)?$/.test(redirect)
      ? redirect
      : null;
  } catch {
    return null;
  }
}
