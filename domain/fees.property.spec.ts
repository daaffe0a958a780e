import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryCodes } from './accounts/countries';
import { feePolicy, MAX_FIXED_CENTS, MAX_RATE_BASIS_POINTS, priceOrder, type OrderPaymentType } from './fees';
import { sumCents } from './money';

const orders = fc.record({
  items: fc.array(
    fc.record({
      priceCents: fc.integer({ min: 200, max: 50_000 }),
      tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
    }),
    { minLength: 1, maxLength: 20 },
  ),
  paymentType: fc.constantFrom<OrderPaymentType>('STRIPE', 'PAYPAL'),
  country: fc.oneof(
    fc.constant(null),
    fc.constantFrom(...countryCodes),
    fc.constantFrom('', 'xx', 'DE', 'US'),
  ),
  // The configured PayPal part: the defaults, or anything within the policy's bounds.
  paypal: fc.oneof(
    fc.constant({}),
    fc.record({
      rateBasisPoints: fc.integer({ min: 0, max: MAX_RATE_BASIS_POINTS }),
      fixedCents: fc.integer({ min: 0, max: MAX_FIXED_CENTS }),
    }),
  ),
});

type ArbitraryOrder = typeof orders extends fc.Arbitrary<infer Order> ? Order : never;

function toInput({ items, paymentType, country, paypal }: ArbitraryOrder) {
  return {
    items: items.map((item, index) => ({ key: index, ...item })),
    paymentType,
    country,
    policy: feePolicy({ paypal }),
  };
}
const price = (order: ArbitraryOrder) => priceOrder(toInput(order));

describe('priceOrder, for any order of 1-20 items at 2-500 EUR with tips, any country, card or PayPal', () => {
  it('every per-item figure adds up to the order figure, to the cent', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const priced = price(order);
        const sum = (
          field: 'priceCents' | 'tipCents' | 'siteFeeCents' | 'paymentFeeCents' | 'authorShareCents',
        ) => sumCents(priced.items.map((item) => item[field]));
        expect(sum('priceCents') + sum('tipCents')).toBe(priced.totalCents);
        expect(sum('siteFeeCents')).toBe(priced.siteFeeCents);
        expect(sum('paymentFeeCents')).toBe(priced.paymentFeeCents);
        expect(sum('authorShareCents')).toBe(priced.authorShareCents);
        expect(sumCents(priced.items.map((item) => item.paymentFixedFeeCents))).toBe(
          priced.paymentFixedFeeCents,
        );
      }),
    );
  });

  it('site fee + payment fee + author shares = total, for the order and for each item', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const priced = price(order);
        expect(priced.siteFeeCents + priced.paymentFeeCents + priced.authorShareCents).toBe(
          priced.totalCents,
        );
        for (const item of priced.items) {
          expect(item.siteFeeCents + item.paymentFeeCents + item.authorShareCents).toBe(
            item.priceCents + item.tipCents,
          );
        }
      }),
    );
  });

  it('no fee and no share is negative, and every figure is whole cents', () => {
    fc.assert(
      fc.property(orders, (order) => {
        for (const item of price(order).items) {
          for (const value of [
            item.siteFeeCents,
            item.paymentFeeCents,
            item.paymentFixedFeeCents,
            item.authorShareCents,
          ]) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });

  it('the fixed fee is split in proportion to item prices, within a cent', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const priced = price(order);
        const prices = sumCents(priced.items.map((item) => item.priceCents));
        for (const item of priced.items) {
          // |share − fixed × price / prices| < 1, in integers
          expect(
            Math.abs(item.paymentFixedFeeCents * prices - priced.paymentFixedFeeCents * item.priceCents),
          ).toBeLessThan(prices);
        }
      }),
    );
  });

  it('the site fee and the rate fee are split in proportion to item amounts, within a cent', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const priced = price(order);
        const rateFee = priced.paymentFeeCents - priced.paymentFixedFeeCents;
        for (const item of priced.items) {
          const amount = item.priceCents + item.tipCents;
          const itemRateFee = item.paymentFeeCents - item.paymentFixedFeeCents;
          expect(Math.abs(item.siteFeeCents * priced.totalCents - priced.siteFeeCents * amount)).toBeLessThan(
            priced.totalCents,
          );
          expect(Math.abs(itemRateFee * priced.totalCents - rateFee * amount)).toBeLessThan(
            priced.totalCents,
          );
        }
      }),
    );
  });

  it('the order-level fees are the policy rates of the total, within half a cent', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const input = toInput(order);
        const priced = priceOrder(input);
        expect(Math.abs(priced.siteFeeCents * 10_000 - priced.totalCents * 200)).toBeLessThanOrEqual(5_000);
        const fixed =
          order.paymentType === 'PAYPAL' ? input.policy.paypal.fixedCents : input.policy.card.fixedCents;
        expect(priced.paymentFixedFeeCents).toBe(fixed);
        expect(priced.feePolicyVersion).toBe(input.policy.version);
      }),
    );
  });

  it('reordering the items does not change the order-level figures', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const input = toInput(order);
        const reversed = priceOrder({ ...input, items: [...input.items].reverse() });
        const priced = priceOrder(input);
        expect([reversed.siteFeeCents, reversed.paymentFeeCents, reversed.authorShareCents]).toEqual([
          priced.siteFeeCents,
          priced.paymentFeeCents,
          priced.authorShareCents,
        ]);
      }),
    );
  });
});
