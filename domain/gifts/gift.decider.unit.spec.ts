import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { orderDecider, type PlaceOrder } from '../orders/order.decider';
import type { OrderEvent } from '../orders/order.events';
import { WITHDRAWAL_CONSENT_STATEMENT } from '../orders/withdrawal-consent';
import { deciderSpec, refused } from '../testing/decider-spec';
import { placeOrderVat } from '../testing/vat-rates';
import {
  checkGiftResend,
  evolveGift,
  giftDecider,
  giftMailDue,
  GiftRefused,
  initialGiftState,
  type ClaimGift,
} from './gift.decider';
import { giftMessages, giftRequestSchema, GIFT_NOTE_MAX } from './gift.schemas';

const { given } = deciderSpec(giftDecider);
const at = (iso: string) => new Date(iso);
const giverId = 9;
const recipientId = 31;

const place = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: '7',
  buyer: { userId: giverId, email: 'giver@example.com', fullName: 'Gina Giver', country: 'cz' },
  paymentType: 'STRIPE',
  items: [
    { itemType: 'SKIN', itemId: 4, name: 'Desert Fox', authorId: 50, priceCents: 500 },
    { itemType: 'BUNDLE', itemId: 2, name: 'Night Pack', authorId: 51, priceCents: 900, skinIds: [5, 6] },
  ],
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat(),
  placedAt: at('2026-05-01T10:00:00.000Z'),
  withdrawalConsent: { given: true },
  gift: { recipientEmail: 'Friend@Example.com', note: 'Happy birthday!' },
  ...overrides,
});

/** The events of a gift order placed with the consent, as the order decider records them. */
const placedGift = orderDecider.decide(place(), orderDecider.initialState);
const paid: OrderEvent = {
  type: 'PaymentReceived',
  data: {
    orderId: '7',
    provider: 'STRIPE',
    providerReference: 'cs_7',
    providerEventId: 'evt_7',
    amountCents: 1400,
    receivedAt: '2026-05-01T10:02:00.000Z',
  },
};
const refunded: OrderEvent = {
  type: 'OrderRefunded',
  data: { orderId: '7', by: 1, reason: null, amountCents: 1400, refundedAt: '2026-05-03T10:00:00.000Z' },
};
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId: '7', reason: 'EXPIRED', cancelledAt: '2026-05-02T10:00:00.000Z' },
};
const claim = (claimantUserId = recipientId): ClaimGift => ({
  type: 'ClaimGift',
  claimantUserId,
  linkId: 'link-1',
  claimedAt: at('2026-05-02T09:00:00.000Z'),
});
const claimed: OrderEvent = {
  type: 'GiftClaimed',
  data: {
    orderId: '7',
    userId: recipientId,
    linkId: 'link-1',
    items: [
      { itemType: 'SKIN', itemId: 4 },
      { itemType: 'BUNDLE', itemId: 2, skinIds: [5, 6] },
    ],
    claimedAt: '2026-05-02T09:00:00.000Z',
  },
};

describe('giving a gift (with the order)', () => {
  it('records GiftGiven after OrderPlaced and the consent, with the giver, the address and the note', () => {
    expect(placedGift.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'WithdrawalConsentGiven',
      'GiftGiven',
    ]);
    expect(placedGift.at(-1)).toEqual({
      type: 'GiftGiven',
      data: {
        orderId: '7',
        giverUserId: giverId,
        recipientEmail: 'Friend@Example.com',
        note: 'Happy birthday!',
        givenAt: '2026-05-01T10:00:00.000Z',
      },
    });
  });

  it('records no gift for an ordinary order', () => {
    const { gift: _none, ...ordinary } = place();
    expect(orderDecider.decide(ordinary, orderDecider.initialState).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'WithdrawalConsentGiven',
    ]);
  });

  it("refuses a gift to the buyer's own address, whatever its case", () => {
    expect(() =>
      orderDecider.decide(
        place({ gift: { recipientEmail: ' GIVER@example.com ', note: null } }),
        orderDecider.initialState,
      ),
    ).toThrow(expect.objectContaining({ reason: 'GIFT_TO_SELF', code: 'BAD_USER_INPUT' }));
  });

  it('leaves the order decider as it was: the gift events change no order state', () => {
    const withoutGift = orderDecider.decide(place({ gift: undefined }), orderDecider.initialState);
    const fold = (events: readonly OrderEvent[]) =>
      events.reduce(orderDecider.evolve, orderDecider.initialState);
    expect(fold([...placedGift, paid, claimed])).toEqual(fold([...withoutGift, paid]));
  });
});

describe('claiming a gift', () => {
  it('given a paid gift, when the recipient claims, then GiftClaimed grants them the items', () => {
    given([...placedGift, paid])
      .when(claim())
      .then([claimed]);
  });

  it('refuses a second claim, by anyone', () => {
    given([...placedGift, paid, claimed])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_ALREADY_CLAIMED', code: 'CONFLICT' }));
    given([...placedGift, paid, claimed])
      .when(claim(77))
      .then(refused(GiftRefused, { reason: 'GIFT_ALREADY_CLAIMED' }));
  });

  it('refuses the giver: the gift never becomes theirs', () => {
    given([...placedGift, paid])
      .when(claim(giverId))
      .then(refused(GiftRefused, { reason: 'GIVER_CLAIMS', code: 'FORBIDDEN' }));
  });

  it('refuses before the payment, after a refund and after a cancellation', () => {
    given(placedGift)
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_NOT_PAID' }));
    given([...placedGift, paid, refunded])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_ENDED', message: giftMessages.ended }));
    given([...placedGift, cancelled])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_CANCELLED' }));
  });

  it('refuses an order that is no gift, and no order at all', () => {
    const ordinary = orderDecider.decide(place({ gift: undefined }), orderDecider.initialState);
    given([...ordinary, paid])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_NOT_FOUND', code: 'NOT_FOUND' }));
    given([])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_NOT_FOUND' }));
  });

  it('refuses while the giver has not consented to immediate delivery', () => {
    const withoutConsent = orderDecider.decide(
      place({ withdrawalConsent: { given: false } }),
      orderDecider.initialState,
    );
    given([...withoutConsent, paid])
      .when(claim())
      .then(refused(GiftRefused, { reason: 'GIFT_AWAITS_CONSENT' }));
    const consent: OrderEvent = {
      type: 'WithdrawalConsentGiven',
      data: {
        orderId: '7',
        givenAt: '2026-05-01T12:00:00.000Z',
        where: 'COLLECTION',
        statement: WITHDRAWAL_CONSENT_STATEMENT,
      },
    };
    given([...withoutConsent, paid, consent])
      .when(claim())
      .then([claimed]);
  });
});

describe('when the recipient is mailed', () => {
  const state = (events: readonly OrderEvent[]) => events.reduce(evolveGift, initialGiftState);
  it('only once the gift is paid, open, and its delivery consented to', () => {
    expect(giftMailDue(state(placedGift))).toBe(false);
    expect(giftMailDue(state([...placedGift, paid]))).toBe(true);
    expect(giftMailDue(state([...placedGift, paid, claimed]))).toBe(false);
    expect(giftMailDue(state([...placedGift, paid, refunded]))).toBe(false);
    const withoutConsent = orderDecider.decide(
      place({ withdrawalConsent: { given: false } }),
      orderDecider.initialState,
    );
    expect(giftMailDue(state([...withoutConsent, paid]))).toBe(false);
    const ordinary = orderDecider.decide(place({ gift: undefined }), orderDecider.initialState);
    expect(giftMailDue(state([...ordinary, paid]))).toBe(false);
  });

  it('lets only the giver have the mail sent again, while the gift is open', () => {
    const open = state([...placedGift, paid]);
    expect(() => checkGiftResend(open, [giverId])).not.toThrow();
    expect(() => checkGiftResend(open, [recipientId])).toThrow(
      expect.objectContaining({ reason: 'NOT_THE_GIVER', code: 'NOT_FOUND' }),
    );
    expect(() => checkGiftResend(open, [])).toThrow(expect.objectContaining({ reason: 'NOT_THE_GIVER' }));
    expect(() => checkGiftResend(state([...placedGift, paid, claimed]), [giverId])).toThrow(
      expect.objectContaining({ reason: 'GIFT_ALREADY_CLAIMED' }),
    );
    expect(() => checkGiftResend(state([...placedGift, paid, refunded]), [giverId])).toThrow(
      expect.objectContaining({ reason: 'GIFT_ENDED' }),
    );
  });
});

describe('the gift form', () => {
  it('takes a valid address and a note of at most the limit; a blank note is none', () => {
    expect(giftRequestSchema.parse({ recipientEmail: ' friend@example.com ', note: '  ' })).toEqual({
      recipientEmail: 'friend@example.com',
      note: null,
    });
    expect(giftRequestSchema.safeParse({ recipientEmail: 'not-an-address' }).error?.issues[0]?.message).toBe(
      giftMessages.recipientEmail,
    );
    expect(
      giftRequestSchema.safeParse({ recipientEmail: 'a@example.com', note: 'x'.repeat(GIFT_NOTE_MAX) })
        .success,
    ).toBe(true);
    expect(
      giftRequestSchema.safeParse({ recipientEmail: 'a@example.com', note: 'x'.repeat(GIFT_NOTE_MAX + 1) })
        .error?.issues[0]?.message,
    ).toBe(giftMessages.note);
  });
});
