import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  ItemCategory,
  OrdersController,
  type Order,
} from '@paypal/paypal-server-sdk';
import { eurosToCents, formatEuros } from '../../domain/money';
import type { PaymentsConfig } from '../config';
import {
  PaymentProviderUnavailable,
  type OrderToPay,
  type PaypalCapture,
  type PaypalPaymentProvider,
} from './payment-provider';

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

  constructor(config: NonNullable<PaymentsConfig['paypal']>) {
    this.clientId = config.clientId;
    const client = new Client({
      clientCredentialsAuthCredentials: {
        oAuthClientId: config.clientId,
        oAuthClientSecret: config.clientSecret,
      },
      environment: config.environment === 'production' ? Environment.Production : Environment.Sandbox,
      timeout: 20_000,
    });
    this.orders = new OrdersController(client);
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
