import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  orderDecider,
  OrderRefused,
  type BuyerProof,
  type GiveWithdrawalConsent,
  type OrderRefusalReason,
  type PlaceOrder,
  type WithdrawFromPurchase,
} from './order.decider';
import type { OrderEvent, OrderPlaced } from './order.events';
import { refundOrderRules } from './order-refund';
import { placeOrderVat } from '../testing/vat-rates';
import {
  consentPairProblem,
  WITHDRAWAL_CONSENT_STATEMENT,
  withdrawalConsentTexts,
} from './withdrawal-consent';

const { given } = deciderSpec(orderDecider);
const at = (iso: string) => new Date(iso);
const placedAt = at('2026-03-01T10:00:00.000Z');
const buyerId = 9;

const place = (withdrawalConsent?: { given: boolean }): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'o-1',
  buyer: { userId: buyerId, email: 'player@example.com', fullName: 'Pat Player', country: 'de' },
  paymentType: 'STRIPE',
  items: [{ itemType: 'SKIN', itemId: 7, name: 'Desert Fox', authorId: 50, priceCents: 500 }],
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat(),
  placedAt,
  ...(withdrawalConsent ? { withdrawalConsent } : {}),
});

const placedWithout = given([]).when(place({ given: false })).then;
const [placedAsked] = orderDecider.decide(place({ given: false }), orderDecider.initialState) as [
  OrderPlaced,
];
const [placedBefore] = orderDecider.decide(place(), orderDecider.initialState) as [OrderPlaced];

const session: OrderEvent = {
  type: 'PaymentSessionOpened',
  data: {
    orderId: 'o-1',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    url: null,
    openedAt: '2026-03-01T10:00:05.000Z',
  },
};
const paid: OrderEvent = {
  type: 'PaymentReceived',
  data: {
    orderId: 'o-1',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    providerEventId: 'evt_1',
    amountCents: 500,
    receivedAt: '2026-03-01T10:03:00.000Z',
  },
};
const pending: OrderEvent = {
  type: 'PaymentPending',
  data: {
    orderId: 'o-1',
    provider: 'STRIPE',
    providerReference: 'cs_1',
    providerEventId: 'evt_0',
    amountCents: 500,
    pendingAt: '2026-03-01T10:02:00.000Z',
  },
};
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId: 'o-1', reason: 'EXPIRED', cancelledAt: '2026-03-02T10:00:00.000Z' },
};
const refunded: OrderEvent = {
  type: 'OrderRefunded',
  data: { orderId: 'o-1', by: 1, reason: null, amountCents: 500, refundedAt: '2026-03-02T10:00:00.000Z' },
};
const consentAt = (where: 'CHECKOUT' | 'CONFIRMATION_PAGE' | 'COLLECTION', givenAt: string): OrderEvent => ({
  type: 'WithdrawalConsentGiven',
  data: { orderId: 'o-1', givenAt, where, statement: WITHDRAWAL_CONSENT_STATEMENT },
});

const asBuyer: BuyerProof = { accountIds: [buyerId], orderKey: false };
const withKey: BuyerProof = { accountIds: [], orderKey: true };
const asOther: BuyerProof = { accountIds: [77], orderKey: false };
const anonymous: BuyerProof = { accountIds: [], orderKey: false };

const consent = (
  proof: BuyerProof = asBuyer,
  givenAt = '2026-03-02T08:00:00.000Z',
): GiveWithdrawalConsent => ({
  type: 'GiveWithdrawalConsent',
  proof,
  where: 'CONFIRMATION_PAGE',
  givenAt: at(givenAt),
});
const withdraw = (
  proof: BuyerProof = asBuyer,
  withdrawnAt = '2026-03-10T10:00:00.000Z',
): WithdrawFromPurchase => ({
  type: 'WithdrawFromPurchase',
  proof,
  withdrawnAt: at(withdrawnAt),
});

function thenRefused(
  history: OrderEvent[],
  command: GiveWithdrawalConsent | WithdrawFromPurchase,
  reason: OrderRefusalReason,
) {
  return given(history).when(command).then(refused(OrderRefused, { reason }));
}

describe('placing an order asks for the consent to immediate delivery', () => {
  it('records that it was asked, and nothing more, when the boxes were left unticked', () => {
    const events = placedWithout([{ ...placedAsked }]);
    expect(events[0]).toMatchObject({ type: 'OrderPlaced', data: { withdrawalConsentAsked: true } });
  });

  it('appends WithdrawalConsentGiven at CHECKOUT with the placement, with the exact statement', () => {
    const events = given([])
      .when(place({ given: true }))
      .then([{ ...placedAsked }, consentAt('CHECKOUT', placedAt.toISOString())]);
    const [, given_] = events;
    expect(given_).toEqual({
      type: 'WithdrawalConsentGiven',
      data: {
        orderId: 'o-1',
        givenAt: '2026-03-01T10:00:00.000Z',
        where: 'CHECKOUT',
        statement: `${withdrawalConsentTexts.deliveryNow} ${withdrawalConsentTexts.acknowledgement}`,
      },
    });
  });

  it('an order placed without the question (before it was asked) records no withdrawalConsentAsked', () => {
    expect(placedBefore.data).not.toHaveProperty('withdrawalConsentAsked');
  });
});

describe('GiveWithdrawalConsent', () => {
  it('given a paid order without consent, when its buyer consents, then WithdrawalConsentGiven', () => {
    given([placedAsked, session, paid])
      .when({ ...consent(), where: 'COLLECTION' })
      .then([consentAt('COLLECTION', '2026-03-02T08:00:00.000Z')]);
  });

  it('the holder of the order key (a guest) may consent', () => {
    given([placedAsked, session, paid])
      .when(consent(withKey))
      .then([consentAt('CONFIRMATION_PAGE', '2026-03-02T08:00:00.000Z')]);
  });

  it('a pending payment may be consented to (the files come when it settles)', () => {
    given([placedAsked, session, pending])
      .when(consent())
      .then([consentAt('CONFIRMATION_PAGE', '2026-03-02T08:00:00.000Z')]);
  });

  it('another user, or someone without the key, is refused: only the buyer consents', () => {
    const other = thenRefused([placedAsked, session, paid], consent(asOther), 'NOT_THE_BUYER');
    expect(other.code).toBe('FORBIDDEN');
    expect(other.message).toBe('Only the buyer of this order can consent to its delivery.');
    thenRefused([placedAsked, session, paid], consent(anonymous), 'NOT_THE_BUYER');
  });

  it('only once: a second consent is refused, saying when the first was given', () => {
    const again = thenRefused(
      [placedAsked, session, paid, consentAt('CONFIRMATION_PAGE', '2026-03-02T08:00:00.000Z')],
      consent(),
      'CONSENT_ALREADY_GIVEN',
    );
    expect(again.message).toContain('2026-03-02');
    thenRefused(
      [placedAsked, consentAt('CHECKOUT', placedAt.toISOString()), session, paid],
      consent(),
      'CONSENT_ALREADY_GIVEN',
    );
  });

  it('a cancelled or refunded order is refused with its own message', () => {
    const wasCancelled = thenRefused([placedAsked, session, cancelled], consent(), 'ORDER_CANCELLED');
    expect(wasCancelled.message).toBe('This order was cancelled: nothing will be delivered.');
    const wasRefunded = thenRefused([placedAsked, session, paid, refunded], consent(), 'ORDER_REFUNDED');
    expect(wasRefunded.message).toBe('This order was refunded: nothing will be delivered.');
  });

  it('an order not paid yet is refused', () => {
    thenRefused([placedAsked, session], consent(), 'ORDER_NOT_PAID');
  });

  it('an order placed before the consent was asked needs none', () => {
    thenRefused([placedBefore, session, paid], consent(), 'CONSENT_NOT_ASKED');
  });

  it('an unknown order is refused', () => {
    thenRefused([], consent(), 'ORDER_NOT_FOUND');
  });
});

describe('WithdrawFromPurchase', () => {
  const withdrawn = (withdrawnAt: string): OrderEvent => ({
    type: 'OrderRefunded',
    data: {
      orderId: 'o-1',
      by: buyerId,
      reason: 'The buyer withdrew from the purchase within 14 days.',
      amountCents: 500,
      refundedAt: withdrawnAt,
      providerRefundId: null,
      withdrawal: true,
    },
  });

  it('given a paid order without consent, within 14 days, the buyer withdraws: the whole total is refunded', () => {
    given([placedAsked, session, paid])
      .when(withdraw())
      .then([withdrawn('2026-03-10T10:00:00.000Z')]);
    given([placedAsked, session, paid])
      .when(withdraw(withKey))
      .then([withdrawn('2026-03-10T10:00:00.000Z')]);
  });

  it('on the last moment of the 14 days it is still allowed; a moment later it is refused', () => {
    given([placedAsked, session, paid])
      .when(withdraw(asBuyer, '2026-03-15T10:03:00.000Z'))
      .then([withdrawn('2026-03-15T10:03:00.000Z')]);
    const late = thenRefused(
      [placedAsked, session, paid],
      withdraw(asBuyer, '2026-03-15T10:03:00.001Z'),
      'WITHDRAWAL_PERIOD_PASSED',
    );
    expect(late.message).toBe('The 14-day withdrawal period of this order has ended.');
  });

  it('after the consent it is refused: the buyer gave up the right', () => {
    const after = thenRefused(
      [placedAsked, session, paid, consentAt('COLLECTION', '2026-03-02T08:00:00.000Z')],
      withdraw(),
      'CONSENT_ALREADY_GIVEN',
    );
    expect(after.code).toBe('FORBIDDEN');
  });

  it('another user, an admin acting as one, or anonymous is refused', () => {
    thenRefused([placedAsked, session, paid], withdraw(asOther), 'NOT_THE_BUYER');
    thenRefused([placedAsked, session, paid], withdraw(anonymous), 'NOT_THE_BUYER');
  });

  it('an unpaid, pending, cancelled or pre-consent order is refused; a refunded one writes nothing', () => {
    thenRefused([placedAsked, session], withdraw(), 'ORDER_NOT_PAID');
    thenRefused([placedAsked, session, pending], withdraw(), 'ORDER_NOT_PAID');
    thenRefused([placedAsked, session, cancelled], withdraw(), 'ORDER_CANCELLED');
    thenRefused([placedBefore, session, paid], withdraw(), 'CONSENT_NOT_ASKED');
    given([placedAsked, session, paid, refunded]).when(withdraw()).then([]);
  });

  it('goes through the refund rules: plans the provider refund, then records its id', () => {
    const state = given([placedAsked, session, paid]).state;
    expect(refundOrderRules.plan(withdraw(), [state])).toEqual({
      orderId: 'o-1',
      provider: 'STRIPE',
      providerReference: 'cs_1',
      captureId: 'evt_1',
      amountCents: 500,
    });
    const [events] = refundOrderRules.decide(withdraw(), [state], { refundId: 're_1' });
    expect(events).toEqual([
      {
        ...withdrawn('2026-03-10T10:00:00.000Z'),
        data: { ...withdrawn('2026-03-10T10:00:00.000Z').data, providerRefundId: 're_1' },
      },
    ]);
    expect(() => refundOrderRules.plan(withdraw(asOther), [state])).toThrow(OrderRefused);
  });
});

describe('the two checkout boxes', () => {
  it('count together: both or neither, never one alone', () => {
    expect(consentPairProblem({})).toBeNull();
    expect(consentPairProblem({ deliveryNowConsent: true, withdrawalLossAcknowledged: true })).toBeNull();
    expect(consentPairProblem({ deliveryNowConsent: true })).toBe(withdrawalConsentTexts.pairIncomplete);
    expect(consentPairProblem({ withdrawalLossAcknowledged: true })).toBe(
      withdrawalConsentTexts.pairIncomplete,
    );
  });
});
