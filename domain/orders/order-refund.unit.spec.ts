import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { placeOrderVat } from '../testing/vat-rates';
import { decideOrder, evolveOrder, initialOrderState, OrderRefused, type RefundOrder } from './order.decider';
import type { OrderEvent } from './order.events';
import { refundOrderRules } from './order-refund';

const at = (iso: string) => new Date(iso);
const placed = decideOrder(
  {
    type: 'PlaceOrder',
    orderId: 'o-1',
    buyer: { userId: 9, email: 'player@example.com', fullName: 'Pat Player', country: 'cz' },
    paymentType: 'PAYPAL',
    items: [{ itemType: 'SKIN', itemId: 7, name: 'Desert Fox', authorId: 50, priceCents: 500 }],
    feePolicy: DEFAULT_FEE_POLICY,
    vat: placeOrderVat(),
    placedAt: at('2026-03-01T10:00:00Z'),
  },
  initialOrderState,
);
const fold = (events: OrderEvent[]) => events.reduce(evolveOrder, initialOrderState);
const session = [
  ...placed,
  ...decideOrder(
    {
      type: 'OpenPaymentSession',
      provider: 'PAYPAL',
      providerReference: 'PP-1',
      url: null,
      openedAt: at('2026-03-01T10:00:05Z'),
    },
    fold(placed),
  ),
];
const paid = [
  ...session,
  ...decideOrder(
    {
      type: 'ConfirmPayment',
      provider: 'PAYPAL',
      providerReference: 'PP-1',
      providerEventId: 'CAPTURE-1',
      amountCents: fold(session).totalCents,
      receivedAt: at('2026-03-01T10:03:00Z'),
    },
    fold(session),
  ),
];
const refund = (overrides: Partial<RefundOrder> = {}): RefundOrder => ({
  type: 'RefundOrder',
  by: 1,
  reason: null,
  downloadedItems: [],
  refundedAt: at('2026-03-03T10:00:00Z'),
  ...overrides,
});

describe('an admin refund with its outside step', () => {
  it('asks the provider that took the payment for the whole total, on its capture', () => {
    const state = fold(paid);
    expect(refundOrderRules.plan(refund(), [state])).toEqual({
      orderId: 'o-1',
      provider: 'PAYPAL',
      providerReference: 'PP-1',
      captureId: 'CAPTURE-1',
      amountCents: state.totalCents,
    });
  });

  it('refuses before any money moves: downloaded items, or past the window', () => {
    const state = fold(paid);
    expect(() =>
      refundOrderRules.plan(refund({ downloadedItems: [{ itemType: 'SKIN', itemId: 7 }] }), [state]),
    ).toThrow(OrderRefused);
    expect(() => refundOrderRules.plan(refund({ refundedAt: at('2026-03-20T10:00:00Z') }), [state])).toThrow(
      OrderRefused,
    );
  });

  it("records the provider's refund id, and asks nothing of an order refunded already", () => {
    const [[refunded]] = refundOrderRules.decide(refund(), [fold(paid)], { refundId: 'R-1' }) as [
      OrderEvent[],
    ];
    expect(refunded).toMatchObject({ type: 'OrderRefunded', data: { providerRefundId: 'R-1', by: 1 } });
    const after = fold([...paid, refunded!]);
    expect(refundOrderRules.plan(refund(), [after])).toBeNull();
    expect(refundOrderRules.decide(refund(), [after], null)).toEqual([[]]);
  });
});
