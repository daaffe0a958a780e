import { describe, expect, it } from 'vitest';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  DiscountCodeRefused,
  discountCodeDecider,
  type CreateDiscountCode,
  type RedeemDiscountCode,
} from './discount-code.decider';
import type { DiscountCodeEvent } from './discount-code.events';

const { given } = deciderSpec(discountCodeDecider);
const createdAt = new Date('2026-11-01T10:00:00.000Z');
const create = (overrides: Partial<CreateDiscountCode> = {}): CreateDiscountCode => ({
  type: 'CreateDiscountCode',
  code: 'LOYAL-20',
  authorId: 7,
  reduction: { kind: 'PERCENT', percent: 20 },
  items: { kind: 'ALL' },
  maxUses: 2,
  expiresAt: new Date('2026-12-01T00:00:00.000Z'),
  earlierBuyersOf: null,
  createdAt,
  ...overrides,
});
const created: DiscountCodeEvent = {
  type: 'DiscountCodeCreated',
  data: {
    code: 'LOYAL-20',
    authorId: 7,
    reduction: { kind: 'PERCENT', percent: 20 },
    items: { kind: 'ALL' },
    maxUses: 2,
    expiresAt: '2026-12-01T00:00:00.000Z',
    earlierBuyersOf: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
};
const at = new Date('2026-11-20T10:00:00.000Z');
const redeem = (orderId: string, overrides: Partial<RedeemDiscountCode> = {}): RedeemDiscountCode => ({
  type: 'RedeemDiscountCode',
  orderId,
  items: [{ itemType: 'SKIN', itemId: 3, cents: 100 }],
  redeemedAt: at,
  ...overrides,
});
const redeemed = (orderId: string): DiscountCodeEvent => ({
  type: 'DiscountCodeRedeemed',
  data: {
    code: 'LOYAL-20',
    orderId,
    items: [{ itemType: 'SKIN', itemId: 3, cents: 100 }],
    cents: 100,
    redeemedAt: at.toISOString(),
  },
});
const released = (orderId: string): DiscountCodeEvent => ({
  type: 'DiscountCodeRedemptionReleased',
  data: { code: 'LOYAL-20', orderId, reason: 'EXPIRED', releasedAt: at.toISOString() },
});

describe('discount code decider: creating', () => {
  it('a new code is recorded with its terms', () => {
    given([]).when(create()).then([created]);
  });

  it('a code already taken is refused clearly, whoever took it', () => {
    const error = given([created])
      .when(create({ authorId: 9 }))
      .then(refused(DiscountCodeRefused, { reason: 'CODE_TAKEN', code: 'CONFLICT' }));
    expect(error.message).toBe('The code LOYAL-20 is already taken on this site: choose another.');
  });

  it('refuses a percentage outside 1-100, an empty item list and an expiry in the past', () => {
    given([])
      .when(create({ reduction: { kind: 'PERCENT', percent: 0 } }))
      .then(refused(DiscountCodeRefused, { field: 'percent' }));
    given([])
      .when(create({ reduction: { kind: 'PERCENT', percent: 101 } }))
      .then(refused(DiscountCodeRefused, { field: 'percent' }));
    given([])
      .when(create({ reduction: { kind: 'AMOUNT', cents: 0 } }))
      .then(refused(DiscountCodeRefused, { field: 'amount' }));
    given([])
      .when(create({ items: { kind: 'ITEMS', items: [] } }))
      .then(refused(DiscountCodeRefused, { field: 'items' }));
    given([])
      .when(create({ expiresAt: createdAt }))
      .then(refused(DiscountCodeRefused, { field: 'expiresAt' }));
    given([])
      .when(create({ maxUses: 0 }))
      .then(refused(DiscountCodeRefused, { field: 'maxUses' }));
    given([])
      .when(create({ code: 'lower' }))
      .then(refused(DiscountCodeRefused, { field: 'code' }));
  });
});

describe('discount code decider: deactivating', () => {
  it('the author deactivates it', () => {
    given([created])
      .when({ type: 'DeactivateDiscountCode', by: 7, byAdmin: false, deactivatedAt: at })
      .then([
        {
          type: 'DiscountCodeDeactivated',
          data: { code: 'LOYAL-20', by: 7, deactivatedAt: at.toISOString() },
        },
      ]);
  });

  it('another author is told there is no such code; an admin may deactivate it', () => {
    given([created])
      .when({ type: 'DeactivateDiscountCode', by: 9, byAdmin: false, deactivatedAt: at })
      .then(refused(DiscountCodeRefused, { reason: 'NOT_THE_AUTHOR', code: 'NOT_FOUND' }));
    given([created])
      .when({ type: 'DeactivateDiscountCode', by: 1, byAdmin: true, deactivatedAt: at })
      .then([
        {
          type: 'DiscountCodeDeactivated',
          data: { code: 'LOYAL-20', by: 1, deactivatedAt: at.toISOString() },
        },
      ]);
  });

  it('a deactivated code is refused at checkout with its own message', () => {
    const deactivated: DiscountCodeEvent = {
      type: 'DiscountCodeDeactivated',
      data: { code: 'LOYAL-20', by: 7, deactivatedAt: at.toISOString() },
    };
    const error = given([created, deactivated])
      .when(redeem('1'))
      .then(refused(DiscountCodeRefused, { reason: 'CODE_INACTIVE' }));
    expect(error.message).toBe('The code LOYAL-20 was withdrawn by its author.');
  });
});

describe('discount code decider: redeeming', () => {
  it('an order redeems it once, recording the cents per item', () => {
    given([created])
      .when(redeem('1'))
      .then([redeemed('1')]);
  });

  it('the same order cannot redeem it twice', () => {
    given([created, redeemed('1')])
      .when(redeem('1'))
      .then(refused(DiscountCodeRefused, { reason: 'ALREADY_REDEEMED' }));
  });

  it('is used up after its uses, and a released use can be taken again', () => {
    const error = given([created, redeemed('1'), redeemed('2')])
      .when(redeem('3'))
      .then(refused(DiscountCodeRefused, { reason: 'CODE_USED_UP', field: 'code' }));
    expect(error.message).toBe('The code LOYAL-20 has been used up.');
    given([created, redeemed('1'), redeemed('2'), released('2')])
      .when(redeem('3'))
      .then([redeemed('3')]);
  });

  it('is refused from its expiry on, with the date', () => {
    const error = given([created])
      .when(redeem('1', { redeemedAt: new Date('2026-12-01T00:00:00.000Z') }))
      .then(refused(DiscountCodeRefused, { reason: 'CODE_EXPIRED' }));
    expect(error.message).toBe('The code LOYAL-20 expired on 01. 12. 2026.');
  });

  it('an unknown code is refused as unknown', () => {
    given([])
      .when(redeem('1'))
      .then(refused(DiscountCodeRefused, { reason: 'UNKNOWN_CODE' }));
  });
});

describe('discount code decider: releasing', () => {
  it('an order closed unpaid releases its use, once', () => {
    const release = {
      type: 'ReleaseDiscountCodeRedemption' as const,
      orderId: '1',
      reason: 'EXPIRED' as const,
      releasedAt: at,
    };
    given([created, redeemed('1')])
      .when(release)
      .then([released('1')]);
    given([created, redeemed('1'), released('1')])
      .when(release)
      .then([]);
  });

  it('an order that never redeemed it releases nothing', () => {
    given([created])
      .when({ type: 'ReleaseDiscountCodeRedemption', orderId: '5', reason: 'DECLINED', releasedAt: at })
      .then([]);
  });

  it('a released order cannot redeem the code again (a new checkout is a new order)', () => {
    given([created, redeemed('1'), released('1')])
      .when(redeem('1'))
      .then(refused(DiscountCodeRefused, { reason: 'ALREADY_REDEEMED' }));
  });
});
