import { describe, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { placeOrderVat } from '../testing/vat-rates';
import { deciderSpec, refused } from '../testing/decider-spec';
import { orderDecider, OrderRefused, type OrderCommand } from './order.decider';
import type { OrderEvent } from './order.events';

// Pending payments, late payments and refunds made at the provider (docs/buying.md).
const { given } = deciderSpec(orderDecider);
const at = (iso: string) => new Date(iso);

const [placed] = orderDecider.decide(
  {
    type: 'PlaceOrder',
    orderId: '7',
    buyer: { userId: 9, email: 'p@example.com', fullName: 'Pat', country: 'cz' },
    paymentType: 'STRIPE',
    items: [{ itemType: 'SKIN', itemId: 1, name: 'Fox', authorId: 5, priceCents: 500 }],
    feePolicy: DEFAULT_FEE_POLICY,
    vat: placeOrderVat(),
    placedAt: at('2026-03-01T10:00:00Z'),
  },
  orderDecider.initialState,
) as [OrderEvent];
const opened: OrderEvent = {
  type: 'PaymentSessionOpened',
  data: {
    orderId: '7',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    url: null,
    openedAt: '2026-03-01T10:00:01Z',
  },
};
const pendingEvent: OrderEvent = {
  type: 'PaymentPending',
  data: {
    orderId: '7',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    providerEventId: 'evt_1',
    amountCents: 500,
    pendingAt: '2026-03-01T10:05:00.000Z',
  },
};
const paidEvent: OrderEvent = {
  type: 'PaymentReceived',
  data: {
    orderId: '7',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    providerEventId: 'evt_2',
    amountCents: 500,
    receivedAt: '2026-03-04T10:05:00.000Z',
  },
};
const cancelledEvent: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId: '7', reason: 'EXPIRED', cancelledAt: '2026-03-02T10:00:00.000Z' },
};

const pend: OrderCommand = {
  type: 'RecordPendingPayment',
  provider: 'STRIPE',
  providerReference: 'cs_1',
  providerEventId: 'evt_1',
  amountCents: 500,
  pendingAt: at('2026-03-01T10:05:00Z'),
};
const late: OrderCommand = {
  type: 'RecordLatePayment',
  provider: 'STRIPE',
  providerReference: 'cs_1',
  providerEventId: 'evt_9',
  amountCents: 500,
  receivedAt: at('2026-03-03T10:00:00Z'),
};
const providerRefund = (amountCents = 500): OrderCommand => ({
  type: 'RecordProviderRefund',
  providerRefundId: 're_1',
  amountCents,
  reason: 'Refunded at Stripe',
  refundedAt: at('2026-03-05T10:00:00Z'),
});

describe('order decider: pending payments', () => {
  it('records a pending payment once, and the order waits for the provider', () => {
    given([placed, opened]).when(pend).then([pendingEvent]);
    given([placed, opened, pendingEvent]).when(pend).then([]);
  });

  it('never expires a pending payment; only the provider declines it, or pays it', () => {
    const expire: OrderCommand = {
      type: 'CancelOrder',
      reason: 'EXPIRED',
      cancelledAt: at('2026-03-03T10:00:00Z'),
    };
    given([placed, opened, pendingEvent])
      .when(expire)
      .then(refused(OrderRefused, { reason: 'PAYMENT_PENDING' }));
    given([placed, opened, pendingEvent])
      .when({ ...expire, reason: 'DECLINED' })
      .then([
        {
          type: 'OrderCancelled',
          data: { orderId: '7', reason: 'DECLINED', cancelledAt: '2026-03-03T10:00:00.000Z' },
        },
      ]);
    given([placed, opened, pendingEvent])
      .when({
        type: 'ConfirmPayment',
        provider: 'STRIPE',
        providerReference: 'cs_1',
        providerEventId: 'evt_2',
        amountCents: 500,
        receivedAt: at('2026-03-04T10:05:00Z'),
      })
      .then([paidEvent]);
  });

  it('refuses a pending payment of another amount or of a cancelled order', () => {
    given([placed, opened])
      .when({ ...pend, amountCents: 499 } as OrderCommand)
      .then(refused(OrderRefused, { reason: 'AMOUNT_MISMATCH' }));
    given([placed, opened, cancelledEvent])
      .when(pend)
      .then(refused(OrderRefused, { reason: 'ORDER_CANCELLED' }));
  });
});

describe('order decider: late payments', () => {
  const lateEvent: OrderEvent = {
    type: 'LatePaymentReceived',
    data: {
      orderId: '7',
      provider: 'STRIPE',
      providerReference: 'cs_1',
      providerEventId: 'evt_9',
      amountCents: 500,
      receivedAt: '2026-03-03T10:00:00.000Z',
    },
  };
  const refundLate: OrderCommand = {
    type: 'RecordLatePaymentRefund',
    providerReference: 'cs_1',
    providerRefundId: 're_9',
    refundedAt: at('2026-03-03T10:01:00Z'),
  };
  const refundedLate: OrderEvent = {
    type: 'LatePaymentRefunded',
    data: {
      orderId: '7',
      provider: 'STRIPE',
      providerReference: 'cs_1',
      providerRefundId: 're_9',
      amountCents: 500,
      refundedAt: '2026-03-03T10:01:00.000Z',
    },
  };

  it('records a payment of a cancelled order once, and its refund once', () => {
    given([placed, opened, cancelledEvent]).when(late).then([lateEvent]);
    given([placed, opened, cancelledEvent, lateEvent]).when(late).then([]);
    given([placed, opened, cancelledEvent, lateEvent]).when(refundLate).then([refundedLate]);
    given([placed, opened, cancelledEvent, lateEvent, refundedLate]).when(refundLate).then([]);
  });

  it('takes no late payment on an open order, and no refund without one', () => {
    given([placed, opened])
      .when(late)
      .then(refused(OrderRefused, { reason: 'ORDER_NOT_CANCELLED' }));
    given([placed, opened, cancelledEvent])
      .when(refundLate)
      .then(refused(OrderRefused, { reason: 'NO_LATE_PAYMENT' }));
  });
});

describe('order decider: refunds made at the provider', () => {
  it('records the whole refund once, without the window or download rules', () => {
    const refundedEvent: OrderEvent = {
      type: 'OrderRefunded',
      data: {
        orderId: '7',
        by: null,
        reason: 'Refunded at Stripe',
        amountCents: 500,
        refundedAt: '2026-03-05T10:00:00.000Z',
        providerRefundId: 're_1',
      },
    };
    given([placed, opened, paidEvent]).when(providerRefund()).then([refundedEvent]);
    given([placed, opened, paidEvent, refundedEvent]).when(providerRefund()).then([]);
  });

  it('refuses a partial refund and a refund of an unpaid order', () => {
    given([placed, opened, paidEvent])
      .when(providerRefund(200))
      .then(refused(OrderRefused, { reason: 'PARTIAL_REFUND' }));
    given([placed, opened, cancelledEvent])
      .when(providerRefund())
      .then(refused(OrderRefused, { reason: 'ORDER_NOT_PAID' }));
  });
});
