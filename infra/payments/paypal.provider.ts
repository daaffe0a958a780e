import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  ItemCategory,
  OrdersController,
  PaymentsController,
  type OAuthToken,
  type Order,
} from '@paypal/paypal-server-sdk';
import { eurosToCents, formatEuros } from '../../domain/money';
import type { PaymentsConfig } from '../config';
import {
  PaymentProviderUnavailable,
  type OrderToPay,
  type PaypalCapture,
  type PaypalPaymentProvider,
  type RefundOutcome,
  type RefundToMake,
} from './payment-provider';

export const PAYPAL_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

type AxiosLikeConfig = {
  url: string;
  method: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  auth?: { username: string; password?: string };
  data?: string;
  timeout?: number;
};

/**
 * The SDK builds its URLs from the environment alone. To send its calls elsewhere (a local stand-in
 * of PayPal's API in tests), this axios adapter keeps each call's path and query and sends it to
 * `baseUrl` with fetch, answering axios's shape (text body, every status, as the SDK expects).
 */
function adapterFor(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return async (config: AxiosLikeConfig) => {
    const target = new URL(config.url);
    const headers = new Headers();
    const given =
      typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    for (const [name, value] of Object.entries(given)) {
      if (value !== undefined && value !== null && typeof value !== 'object')
        headers.set(name, String(value));
    }
    if (config.auth) {
      const credentials = `${config.auth.username}:${config.auth.password ?? ''}`;
      headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
    }
    const response = await fetch(`${base}${target.pathname}${target.search}`, {
      method: config.method.toUpperCase(),
      headers,
      ...(config.data === undefined || config.data === null ? {} : { body: config.data }),
      ...(config.timeout ? { signal: AbortSignal.timeout(config.timeout) } : {}),
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      config,
      request: {},
    };
  };
}

const money = (cents: number) => ({ currencyCode: 'EUR', value: formatEuros(cents) });

/** PayPal's error names (`details[].issue`) of an ApiError, e.g. ORDER_ALREADY_CAPTURED. */
function issuesOf(error: ApiError): string[] {
  const result = error.result as { name?: string; details?: { issue?: string }[] } | undefined;
  const issues = (result?.details ?? []).flatMap((detail) => (detail.issue ? [detail.issue] : []));
  if (issues.length > 0) return issues;
  // The body may not have been parsed into `result`.
  const body = typeof error.body === 'string' ? error.body : '';
  return [...body.matchAll(/"issue"\s*:\s*"([A-Z_]+)"/g)].map((match) => match[1]!);
}

/** The capture of a captured order, as PayPal reports it. */
function captureOf(order: Order): PaypalCapture {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  if (!capture) return { status: 'NOT_APPROVED', reason: `order ${order.status ?? 'without status'}` };
  const captureId = capture.id ?? null;
  switch (capture.status) {
    case 'COMPLETED':
      return { status: 'COMPLETED', captureId, amountCents: eurosToCents(capture.amount?.value ?? '0') };
    case 'PENDING':
      return { status: 'PENDING', captureId };
    default:
      return { status: 'DECLINED', reason: `capture ${capture.status ?? 'without status'}` };
  }
}

/**
 * PayPal orders through PayPal's maintained server SDK: create an order for the cart's items
 * (intent CAPTURE, our order id as reference and custom id), capture it once the buyer approved it.
 */
export class PaypalProvider implements PaypalPaymentProvider {
  readonly name = 'PAYPAL' as const;
  readonly clientId: string;
  private readonly orders: OrdersController;
  private readonly payments: PaymentsController;
  private readonly client: Client;
  private token: OAuthToken | undefined;
  /** Where PayPal's REST API is: the environment's, or the configured stand-in. */
  readonly baseUrl: string;
  readonly timeoutMs: number;

  constructor(config: NonNullable<PaymentsConfig['paypal']>) {
    this.clientId = config.clientId;
    this.baseUrl = (config.api?.baseUrl ?? PAYPAL_BASE_URLS[config.environment]).replace(/\/+$/, '');
    this.timeoutMs = config.api?.timeoutMs ?? 20_000;
    this.client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
      },
      environment: config.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout: this.timeoutMs,
      ...(config.api ? { unstable_httpClientOptions: { adapter: adapterFor(config.api.baseUrl) } } : {}),
    });
    this.orders = new OrdersController(this.client);
    this.payments = new PaymentsController(this.client);
  }

  /** An OAuth access token through the SDK's client-credentials flow, kept until it expires. */
  async accessToken(): Promise<string> {
    try {
      this.token = await this.client.clientCredentialsAuthManager.updateToken(this.token);
    } catch (error) {
      throw new PaymentProviderUnavailable('PAYPAL', 'taking an access token', error);
    }
    return this.token.accessToken;
  }

  /**
   * Refunds a capture in full through PayPal's captures API, with our idempotency key as
   * PayPal-Request-Id (PayPal answers a repeated request id with the first refund, for 45 days).
   * PayPal's refusals (CAPTURE_FULLY_REFUNDED, REFUND_TIME_LIMIT_EXCEEDED, ...) come back as REFUSED.
   */
  async refund(refund: RefundToMake): Promise<RefundOutcome> {
    if (!refund.captureId) {
      return { status: 'REFUSED', reason: 'No PayPal capture is recorded for this payment.' };
    }
    try {
      const { result } = await this.payments.refundCapturedPayment({
        captureId: refund.captureId,
        paypalRequestId: refund.idempotencyKey,
        prefer: 'return=representation',
        body: { customId: refund.orderId },
      });
      if (!result.id) throw new Error('no refund id in the answer');
      if (result.status === 'FAILED' || result.status === 'CANCELLED') {
        return { status: 'REFUSED', reason: `PayPal's refund ${result.id} ${result.status.toLowerCase()}.` };
      }
      return { status: 'REFUNDED', refundId: result.id, pending: result.status !== 'COMPLETED' };
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.statusCode >= 400 &&
        error.statusCode < 500 &&
        error.statusCode !== 401 &&
        error.statusCode !== 408 &&
        error.statusCode !== 409 &&
        error.statusCode !== 429
      ) {
        const issues = issuesOf(error);
        return {
          status: 'REFUSED',
          reason: `PayPal refused the refund: ${issues.join(', ') || `HTTP ${error.statusCode}`}.`,
        };
      }
      throw new PaymentProviderUnavailable('PAYPAL', 'refunding a capture', error);
    }
  }

  async createOrder(order: OrderToPay): Promise<{ reference: string }> {
    try {
      const { result } = await this.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: order.orderId,
              customId: order.orderId,
              invoiceId: order.externalId,
              amount: { ...money(order.totalCents), breakdown: { itemTotal: money(order.totalCents) } },
              items: order.items.map((item) => ({
                name: item.name.slice(0, 127),
                quantity: '1',
                unitAmount: money(item.amountCents),
                category: ItemCategory.DigitalGoods,
              })),
            },
          ],
        },
        paypalRequestId: `order-${order.orderId}-create`,
      });
      if (!result.id) throw new Error('no order id in the answer');
      return { reference: result.id };
    } catch (error) {
      throw new PaymentProviderUnavailable('PAYPAL', 'creating an order', error);
    }
  }

  async captureOrder(reference: string): Promise<PaypalCapture> {
    try {
      // The same request id makes PayPal answer a repeated capture with the first one's result.
      const { result } = await this.orders.captureOrder({
        id: reference,
        paypalRequestId: `capture-${reference}`,
        prefer: 'return=representation',
      });
      return captureOf(result);
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) {
        throw new PaymentProviderUnavailable('PAYPAL', 'capturing an order', error);
      }
      const issues = issuesOf(error);
      if (issues.includes('ORDER_ALREADY_CAPTURED')) return this.capturedEarlier(reference);
      if (issues.includes('INSTRUMENT_DECLINED') || issues.includes('TRANSACTION_REFUSED')) {
        return { status: 'DECLINED', reason: issues.join(', ') };
      }
      return { status: 'NOT_APPROVED', reason: issues.join(', ') || `status ${error.statusCode}` };
    }
  }

  private async capturedEarlier(reference: string): Promise<PaypalCapture> {
    try {
      const { result } = await this.orders.getOrder({ id: reference });
      return captureOf(result);
    } catch (error) {
      throw new PaymentProviderUnavailable('PAYPAL', 'reading a captured order', error);
    }
  }
}
