import { createHash, randomBytes } from 'node:crypto';
import type {
  CardPaymentProvider,
  OrderToPay,
  PaypalCapture,
  PaypalPaymentProvider,
  RefundOutcome,
  RefundToMake,
} from './payment-provider';

/**
 * The stand-ins' refund: no money moved, so none moves back. The refund id is derived from the
 * idempotency key, so a repeated request answers the same refund, as the providers do.
 */
function localRefund(refund: RefundToMake): RefundOutcome {
  const digest = createHash('sha256').update(refund.idempotencyKey).digest('hex').slice(0, 20);
  return { status: 'REFUNDED', refundId: `LOCAL-REFUND-${digest.toUpperCase()}`, pending: false };
}

/**
 * The built-in stand-ins used when no provider keys are configured (api-contract.md, Local
 * stand-ins). They play the provider's part only: the order, its events and the confirmation run
 * through the same code as with Stripe or PayPal. References are random, so nobody can pay or
 * cancel someone else's order by guessing its page.
 */
export class LocalCardProvider implements CardPaymentProvider {
  readonly name = 'LOCAL' as const;

  async openCheckout(_order: OrderToPay): Promise<{ reference: string; url: string }> {
    const reference = `lc_${randomBytes(16).toString('hex')}`;
    return { reference, url: `/local-checkout/${reference}` };
  }

  async refund(refund: RefundToMake): Promise<RefundOutcome> {
    return localRefund(refund);
  }
}

export class LocalPaypalProvider implements PaypalPaymentProvider {
  readonly name = 'LOCAL' as const;
  readonly clientId = null;

  async createOrder(_order: OrderToPay): Promise<{ reference: string }> {
    return { reference: `LOCAL-${randomBytes(12).toString('hex').toUpperCase()}` };
  }

  /** The local approval always pays the order's total; a repeated capture answers the same. */
  async captureOrder(reference: string, order: { totalCents: number }): Promise<PaypalCapture> {
    return { status: 'COMPLETED', captureId: `${reference}-CAPTURE`, amountCents: order.totalCents };
  }

  async refund(refund: RefundToMake): Promise<RefundOutcome> {
    return localRefund(refund);
  }
}
