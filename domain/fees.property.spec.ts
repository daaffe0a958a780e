import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryCodes } from './accounts/countries';
import {
  exactPaymentFeeWeights,
  feePolicy,
  FEE_RULES_GENERATIONS,
  MAX_FIXED_CENTS,
  MAX_RATE_BASIS_POINTS,
  paymentFeeRule,
  priceOrder,
  type OrderPaymentType,
} from './fees';
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
  // Past orders are priced again by their own generation of the rules: every one must hold.
  generation: fc.constantFrom(...FEE_RULES_GENERATIONS),
});

type ArbitraryOrder = typeof orders extends fc.Arbitrary<infer Order> ? Order : never;

function toInput({ items, paymentType, country, paypal, generation }: ArbitraryOrder) {
  return {
    items: items.map((item, index) => ({ key: index, ...item })),
    paymentType,
    country,
    policy: feePolicy({ paypal, generation }),
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

  it('the site fee is split in proportion to item amounts, within a cent', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const priced = price(order);
        for (const item of priced.items) {
          const amount = item.priceCents + item.tipCents;
          expect(Math.abs(item.siteFeeCents * priced.totalCents - priced.siteFeeCents * amount)).toBeLessThan(
            priced.totalCents,
          );
        }
      }),
    );
  });

  it('generation 1 (past orders): the rate fee is split in proportion to item amounts, within a cent', () => {
    fc.assert(
      fc.property(
        orders.map((order) => ({ ...order, generation: 1 as const })),
        (order) => {
          const priced = price(order);
          const rateFee = priced.paymentFeeCents - priced.paymentFixedFeeCents;
          for (const item of priced.items) {
            const amount = item.priceCents + item.tipCents;
            const itemRateFee = item.paymentFeeCents - item.paymentFixedFeeCents;
            expect(Math.abs(itemRateFee * priced.totalCents - rateFee * amount)).toBeLessThan(
              priced.totalCents,
            );
          }
        },
      ),
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

describe('priceOrder with tips (a tip goes to the author with the same fees applied)', () => {
  // One item of the order gets an extra tip of 0.01 to 100 EUR (the checkout's range).
  const tipped = fc
    .tuple(orders, fc.nat(), fc.integer({ min: 1, max: 10_000 }))
    .map(([order, pick, extraTip]) => ({ order, index: pick % order.items.length, extraTip }));

  function withExtraTip({
    order,
    index,
    extraTip,
  }: {
    order: ArbitraryOrder;
    index: number;
    extraTip: number;
  }) {
    return {
      ...order,
      items: order.items.map((item, at) =>
        at === index ? { ...item, tipCents: item.tipCents + extraTip } : item,
      ),
    };
  }

  it('the total grows by the tip exactly, and every sum still balances to the cent', () => {
    fc.assert(
      fc.property(tipped, (case_) => {
        const before = price(case_.order);
        const after = price(withExtraTip(case_));
        expect(after.totalCents).toBe(before.totalCents + case_.extraTip);
        expect(after.siteFeeCents + after.paymentFeeCents + after.authorShareCents).toBe(after.totalCents);
        expect(sumCents(after.items.map((item) => item.authorShareCents))).toBe(after.authorShareCents);
        expect(sumCents(after.items.map((item) => item.priceCents + item.tipCents))).toBe(after.totalCents);
      }),
    );
  });

  it('the fixed per-order fee ignores tips: each item bears the same part of it', () => {
    fc.assert(
      fc.property(tipped, (case_) => {
        const before = price(case_.order);
        const after = price(withExtraTip(case_));
        expect(after.items.map((item) => item.paymentFixedFeeCents)).toEqual(
          before.items.map((item) => item.paymentFixedFeeCents),
        );
      }),
    );
  });

  it("the tipped item's author gets the tip less the site and rate fees on it, within rounding", () => {
    fc.assert(
      fc.property(tipped, (case_) => {
        const input = toInput(case_.order);
        const before = price(case_.order);
        const after = price(withExtraTip(case_));
        // The rates as charged: the site's 2 % and the provider's rate for this order.
        const rateBasisPoints =
          input.policy.siteRateBasisPoints +
          paymentFeeRule(input.policy, input.paymentType, input.country).rateBasisPoints;
        const gained =
          after.items[case_.index]!.authorShareCents - before.items[case_.index]!.authorShareCents;
        const feesOnTip = (case_.extraTip * rateBasisPoints) / 10_000;
        // Fees are rounded once per order and split by largest remainder: a few cents either way.
        expect(Math.abs(gained - (case_.extraTip - feesOnTip))).toBeLessThanOrEqual(4);
        expect(gained).toBeLessThanOrEqual(case_.extraTip);
        // The whole order's author shares grow by the tip less the extra fees, to the cent.
        expect(after.authorShareCents - before.authorShareCents).toBe(
          case_.extraTip -
            (after.siteFeeCents - before.siteFeeCents) -
            (after.paymentFeeCents - before.paymentFeeCents),
        );
      }),
    );
  });

  it('an item of the 2 EUR minimum with the 100 EUR maximum tip keeps a share of at least its tip less the fees', () => {
    fc.assert(
      fc.property(orders, (order) => {
        const withMaxTip = { ...order, items: [{ priceCents: 200, tipCents: 10_000 }, ...order.items] };
        const item = price(withMaxTip).items[0]!;
        expect(item.authorShareCents).toBe(10_200 - item.siteFeeCents - item.paymentFeeCents);
        expect(item.authorShareCents).toBeGreaterThan(10_200 - 10_200 * 0.22 - 101);
      }),
    );
  });
});

/**
 * An item's exact share of the order's payment fee, as a fraction: the rate fee × amount / total +
 * the fixed fee × price / prices, over the common denominator total × prices.
 */
function exactPaymentShares(priced: ReturnType<typeof price>) {
  const amounts = priced.items.map((item) => item.priceCents + item.tipCents);
  const prices = priced.items.map((item) => item.priceCents);
  const rateFee = priced.paymentFeeCents - priced.paymentFixedFeeCents;
  const numerators = exactPaymentFeeWeights(rateFee, priced.paymentFixedFeeCents, amounts, prices);
  const denominator = BigInt(sumCents(amounts)) * BigInt(sumCents(prices));
  return { numerators, denominator };
}

/** |cents − numerator / denominator| ≤ half a cent, in integers. */
const withinHalfACent = (cents: number, numerator: bigint, denominator: bigint) => {
  const difference = BigInt(cents) * denominator - numerator;
  return 2n * (difference < 0n ? -difference : difference) <= denominator;
};

describe("generation 2: an item's whole payment fee is allocated at once by largest remainder", () => {
  const current = orders.map((order) => ({ ...order, generation: 2 as const }));

  it('every item pays its exact share of the payment fee rounded down or up, never further', () => {
    fc.assert(
      fc.property(current, (order) => {
        const priced = price(order);
        const { numerators, denominator } = exactPaymentShares(priced);
        priced.items.forEach((item, index) => {
          const exact = numerators[index]!;
          const fee = BigInt(item.paymentFeeCents);
          // floor(exact) ≤ fee ≤ ceil(exact)
          expect(fee * denominator).toBeGreaterThan(exact - denominator);
          expect(fee * denominator).toBeLessThan(exact + denominator);
        });
        expect(sumCents(priced.items.map((item) => item.paymentFeeCents))).toBe(priced.paymentFeeCents);
      }),
    );
  });

  it('no item is more than half a cent from its exact share whenever any split of the whole cents can manage it', () => {
    // Three items sharing one cent equally cannot all be within half a cent, whatever the rule: the
    // promise is that the largest-remainder split is within half a cent whenever some split of the
    // order's fee into whole cents is, which is exactly when the cents left over after rounding
    // every share down number at least the shares more than half a cent above their floor and at
    // most those half a cent or more above it.
    fc.assert(
      fc.property(current, (order) => {
        const priced = price(order);
        const { numerators, denominator } = exactPaymentShares(priced);
        const remainders = numerators.map((numerator) => numerator % denominator);
        const floors = numerators.map((numerator) => Number(numerator / denominator));
        const leftover = priced.paymentFeeCents - sumCents(floors);
        const aboveHalf = remainders.filter((remainder) => 2n * remainder > denominator).length;
        const halfOrAbove = remainders.filter((remainder) => 2n * remainder >= denominator).length;
        const possible = leftover >= aboveHalf && leftover <= halfOrAbove;
        fc.pre(possible);
        priced.items.forEach((item, index) => {
          expect(withinHalfACent(item.paymentFeeCents, numerators[index]!, denominator)).toBe(true);
        });
      }),
    );
  });

  it('an order of one or two items: every item within half a cent of its exact share', () => {
    fc.assert(
      fc.property(
        current.filter((order) => order.items.length <= 2),
        (order) => {
          const priced = price(order);
          const { numerators, denominator } = exactPaymentShares(priced);
          priced.items.forEach((item, index) => {
            expect(withinHalfACent(item.paymentFeeCents, numerators[index]!, denominator)).toBe(true);
          });
        },
      ),
    );
  });
});
