import { describe, expect, it } from 'vitest';
import { EEA_COUNTRY_CODES, isCountryCode, isEeaCountry } from './accounts/countries';
import {
  cardRateBasisPoints,
  DEFAULT_FEE_POLICY,
  feePolicy,
  MAX_FIXED_CENTS,
  MAX_RATE_BASIS_POINTS,
  priceOrder,
  type OrderPaymentType,
} from './fees';

const policy = DEFAULT_FEE_POLICY;
const order = (
  paymentType: OrderPaymentType,
  country: string | null,
  items: [priceCents: number, tipCents?: number][],
) =>
  priceOrder({
    items: items.map(([priceCents, tipCents = 0], index) => ({ key: `item-${index}`, priceCents, tipCents })),
    paymentType,
    country,
    policy,
  });
/** [site fee, payment fee, fixed part, author share] of each item */
const split = (priced: ReturnType<typeof order>) =>
  priced.items.map((item) => [
    item.siteFeeCents,
    item.paymentFeeCents,
    item.paymentFixedFeeCents,
    item.authorShareCents,
  ]);

describe('the fee policy', () => {
  it('names its rules in its version', () => {
    expect(policy.version).toBe('v3:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
    expect(feePolicy({ paypal: { rateBasisPoints: 290, fixedCents: 39 } }).version).toBe(
      'v3:site=2%,card=1.5%/3.25%+0.30,paypal=2.9%+0.39',
    );
    expect(feePolicy({ generation: 2 }).version).toBe('v2:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
    expect(feePolicy({ generation: 1 }).version).toBe('v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
  });

  it('refuses a PayPal rate or fixed part outside its bounds', () => {
    expect(() => feePolicy({ paypal: { rateBasisPoints: MAX_RATE_BASIS_POINTS + 1 } })).toThrow(RangeError);
    expect(() => feePolicy({ paypal: { rateBasisPoints: 3.5 } })).toThrow(RangeError);
    expect(() => feePolicy({ paypal: { fixedCents: MAX_FIXED_CENTS + 1 } })).toThrow(RangeError);
    expect(() => feePolicy({ paypal: { fixedCents: -1 } })).toThrow(RangeError);
    expect(() => feePolicy({ generation: 4 as 3 })).toThrow(RangeError);
  });

  it('charges cards from the EEA or an unknown country 1.5 %, others 3.25 %', () => {
    for (const country of ['cz', 'de', 'DE', 'no', 'is', 'li', 'gr', null, '', 'xx']) {
      expect(cardRateBasisPoints(policy, country)).toBe(150);
    }
    for (const country of ['us', 'gb', 'ch', 'ua', 'GB']) {
      expect(cardRateBasisPoints(policy, country)).toBe(325);
    }
  });

  it('knows the 30 EEA countries, all of them known country codes', () => {
    expect(EEA_COUNTRY_CODES.size).toBe(30);
    for (const code of EEA_COUNTRY_CODES) expect(isCountryCode(code)).toBe(true);
    expect(isEeaCountry('CH')).toBe(false);
  });
});

describe('priceOrder, hand-computed', () => {
  it("the spec's example: items of 5 and 10 EUR bear 0.10 and 0.20 of the fixed 0.30 (EEA card)", () => {
    const priced = order('STRIPE', 'cz', [[500], [1000]]);
    // site 2 % of 15.00 = 0.30 → 0.10 / 0.20; card 1.5 % of 15.00 = 0.225 → 0.23 → 0.08 / 0.15
    expect(split(priced)).toEqual([
      [10, 18, 10, 472],
      [20, 35, 20, 945],
    ]);
    expect(priced).toMatchObject({
      totalCents: 1500,
      siteFeeCents: 30,
      paymentFeeCents: 53,
      paymentFixedFeeCents: 30,
      authorShareCents: 1417,
      feePolicyVersion: policy.version,
    });
  });

  it('the same order paid by a US card: 3.25 %', () => {
    const priced = order('STRIPE', 'us', [[500], [1000]]);
    // card 3.25 % of 15.00 = 0.4875 → 0.49 → 16.33 / 32.67 → 0.16 / 0.33
    expect(split(priced)).toEqual([
      [10, 26, 10, 464],
      [20, 53, 20, 927],
    ]);
    expect(priced.paymentFeeCents).toBe(79);
    expect(priced.authorShareCents).toBe(1391);
  });

  it('a card from an unknown country pays the EEA rate', () => {
    expect(split(order('STRIPE', null, [[200]]))).toEqual([[4, 33, 30, 163]]);
  });

  it('PayPal with the defaults: 3.49 % + 0.35', () => {
    // 3.49 % of 10.00 = 0.349 → 0.35, + 0.35 fixed
    expect(split(order('PAYPAL', 'us', [[1000]]))).toEqual([[20, 70, 35, 910]]);
    // 3.49 % of 25.00 = 0.8725 → 0.87 → 69.6 / 17.4 → 0.70 / 0.17; fixed 0.35 by price 20 / 5 → 0.28 / 0.07
    expect(split(order('PAYPAL', 'cz', [[2000], [500]]))).toEqual([
      [40, 98, 28, 1862],
      [10, 24, 7, 466],
    ]);
  });

  it('a tip bears the site and rate fees but not the fixed part; equal remainders go to the earlier item', () => {
    const priced = order('STRIPE', 'gb', [[500, 100], [1000]]);
    // total 16.00; site 0.32 → 0.12 / 0.20; card 3.25 % = 0.52 → 19.5 / 32.5 → 0.20 / 0.32; fixed 0.10 / 0.20
    expect(split(priced)).toEqual([
      [12, 30, 10, 558],
      [20, 52, 20, 928],
    ]);
    expect(priced.totalCents).toBe(1600);
  });

  it('the cheapest item keeps a positive share even beside an expensive one under the costliest policy', () => {
    const priced = priceOrder({
      items: [
        { key: 'cheap', priceCents: 200, tipCents: 0 },
        { key: 'dear', priceCents: 50_000, tipCents: 10_000 },
      ],
      paymentType: 'PAYPAL',
      country: 'us',
      policy: feePolicy({ paypal: { rateBasisPoints: MAX_RATE_BASIS_POINTS, fixedCents: MAX_FIXED_CENTS } }),
    });
    expect(priced.items[0]?.authorShareCents).toBeGreaterThan(0);
  });

  it('refuses free, too cheap or empty orders and negative tips: callers validate first', () => {
    expect(() => order('STRIPE', 'cz', [])).toThrow(RangeError);
    expect(() => order('STRIPE', 'cz', [[0]])).toThrow(RangeError);
    expect(() => order('STRIPE', 'cz', [[199]])).toThrow(RangeError);
    expect(() => order('STRIPE', 'cz', [[500, -1]])).toThrow(RangeError);
    expect(() => order('STRIPE', 'cz', [[500.5]])).toThrow(RangeError);
  });
});

describe("an item's payment fee: generation 1 (past orders) rounded its two parts apart, generation 2 the whole", () => {
  const paymentFees = (
    generation: 1 | 2,
    paymentType: OrderPaymentType,
    country: string,
    prices: readonly number[],
  ) =>
    priceOrder({
      items: prices.map((priceCents, index) => ({ key: index, priceCents, tipCents: 0 })),
      paymentType,
      country,
      policy: feePolicy({ generation }),
    });

  it('TS-2026-000303, card from Canada, 9.99 + 29.99: exact 0.3996 / 1.1997, recorded 0.39 / 1.21, now 0.40 / 1.20', () => {
    // card 3.25 % of 39.98 = 1.29935 → 1.30, + 0.30 = 1.60. Generation 1: rate 1.30 by amount
    // 0.3248 / 0.9752 → 0.32 / 0.98 (the larger remainder), fixed 0.30 by price 0.0750 / 0.2250 →
    // 0.07 / 0.23 (its remainder is larger): 0.39 / 1.21. Generation 2: exact 0.3998 / 1.2002 of
    // the 1.60 → 0.40 / 1.20.
    const recorded = paymentFees(1, 'STRIPE', 'ca', [999, 2999]);
    expect(recorded.items.map((item) => item.paymentFeeCents)).toEqual([39, 121]);
    const now = paymentFees(2, 'STRIPE', 'ca', [999, 2999]);
    expect(now.items.map((item) => item.paymentFeeCents)).toEqual([40, 120]);
    expect(now.paymentFeeCents).toBe(recorded.paymentFeeCents);
    expect(now.feePolicyVersion).toBe('v2:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
  });

  it('TS-2026-000229, PayPal from Hungary, 4.99 + 5.50: exact 0.3406 / 0.3755, recorded 0.35 / 0.37, now 0.34 / 0.38', () => {
    // PayPal 3.49 % of 10.49 = 0.3661 → 0.37, + 0.35 = 0.72. Generation 1: rate by amount 0.1760 /
    // 0.1940 → 0.18 / 0.19, fixed by price 0.1665 / 0.1835 → 0.17 / 0.18: 0.35 / 0.37. Generation
    // 2: exact 0.3425 / 0.3775 of the 0.72 → 0.34 / 0.38.
    const recorded = paymentFees(1, 'PAYPAL', 'hu', [499, 550]);
    expect(recorded.items.map((item) => item.paymentFeeCents)).toEqual([35, 37]);
    const now = paymentFees(2, 'PAYPAL', 'hu', [499, 550]);
    expect(now.items.map((item) => item.paymentFeeCents)).toEqual([34, 38]);
    expect(now.paymentFeeCents).toBe(72);
    expect(now.items.map((item) => item.authorShareCents)).toEqual([
      499 - now.items[0]!.siteFeeCents - 34,
      550 - now.items[1]!.siteFeeCents - 38,
    ]);
  });
});
