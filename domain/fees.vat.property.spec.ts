import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryCodes } from './accounts/countries';
import {
  DEFAULT_FEE_POLICY,
  feePolicy,
  MAX_FIXED_CENTS,
  MAX_RATE_BASIS_POINTS,
  MAX_VAT_RATE_BASIS_POINTS,
  MIN_PAID_PRICE_CENTS,
  paymentFeeRule,
  priceOrder,
  type OrderPaymentType,
} from './fees';
import { includedVat, percentOf, sumCents } from './money';

// Fee rules generation 3 (VAT carved out, docs/vat.md), for any basket, country, rate and payment.
const baskets = fc.record({
  items: fc.array(
    fc.record({
      // A catalogue price, or a pay-what-you-want amount above it (both 2-500 EUR), and a tip.
      priceCents: fc.oneof(
        fc.constant(MIN_PAID_PRICE_CENTS),
        fc.integer({ min: MIN_PAID_PRICE_CENTS, max: 50_000 }),
      ),
      tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
    }),
    { minLength: 1, maxLength: 20 },
  ),
  paymentType: fc.constantFrom<OrderPaymentType>('STRIPE', 'PAYPAL'),
  country: fc.oneof(fc.constant(null), fc.constantFrom(...countryCodes)),
  paypal: fc.oneof(
    fc.constant({}),
    fc.record({
      rateBasisPoints: fc.integer({ min: 0, max: MAX_RATE_BASIS_POINTS }),
      fixedCents: fc.integer({ min: 0, max: MAX_FIXED_CENTS }),
    }),
  ),
  rate: fc.oneof(
    fc.constantFrom(0, 1700, 1900, 2000, 2100, 2550, MAX_VAT_RATE_BASIS_POINTS),
    fc.integer({ min: 0, max: MAX_VAT_RATE_BASIS_POINTS }),
  ),
  reverseCharge: fc.boolean(),
});
type Basket = typeof baskets extends fc.Arbitrary<infer B> ? B : never;

const price = (basket: Basket) =>
  priceOrder({
    items: basket.items.map((item, index) => ({ key: index, ...item })),
    paymentType: basket.paymentType,
    country: basket.country,
    policy: feePolicy({ paypal: basket.paypal }),
    vat: basket.reverseCharge
      ? { rateBasisPoints: 0, reverseChargeRateBasisPoints: basket.rate }
      : { rateBasisPoints: basket.rate },
  });

describe('generation 3, any basket of 1-20 items (pay what you want, tips), any rate 0-27 %, card or PayPal', () => {
  it('price + tip = VAT + site fee + payment fee + author share, per item and per order, to the cent', () => {
    fc.assert(
      fc.property(baskets, (basket) => {
        const priced = price(basket);
        for (const item of priced.items) {
          expect(item.vatCents + item.siteFeeCents + item.paymentFeeCents + item.authorShareCents).toBe(
            item.priceCents + item.tipCents,
          );
        }
        const sum = (
          field:
            'priceCents' | 'tipCents' | 'vatCents' | 'siteFeeCents' | 'paymentFeeCents' | 'authorShareCents',
        ) => sumCents(priced.items.map((item) => item[field]));
        expect(sum('priceCents') + sum('tipCents')).toBe(priced.totalCents);
        expect(sum('vatCents')).toBe(priced.vatCents);
        expect(sum('siteFeeCents')).toBe(priced.siteFeeCents);
        expect(sum('paymentFeeCents')).toBe(priced.paymentFeeCents);
        expect(sum('authorShareCents')).toBe(priced.authorShareCents);
        expect(priced.vatCents + priced.siteFeeCents + priced.paymentFeeCents + priced.authorShareCents).toBe(
          priced.totalCents,
        );
      }),
    );
  });

  it('every figure is whole cents and ≥ 0, even a 2 EUR item at 27 % with the highest PayPal fees', () => {
    fc.assert(
      fc.property(baskets, (basket) => {
        for (const item of price(basket).items) {
          for (const value of [
            item.vatCents,
            item.siteFeeCents,
            item.paymentFeeCents,
            item.authorShareCents,
          ]) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });

  it("an item's VAT is price + tip × rate / (1 + rate), half up; none for a reverse charge", () => {
    fc.assert(
      fc.property(baskets, (basket) => {
        for (const item of price(basket).items) {
          const gross = item.priceCents + item.tipCents;
          expect(item.vatCents).toBe(basket.reverseCharge ? 0 : includedVat(gross, basket.rate));
          if (basket.reverseCharge) continue;
          // |VAT × (1 + rate) − gross × rate| ≤ half a cent of (1 + rate)
          const exact = Math.abs(item.vatCents * (10_000 + basket.rate) - gross * basket.rate);
          expect(2 * exact).toBeLessThanOrEqual(10_000 + basket.rate);
        }
      }),
    );
  });

  it('the site fee is the rate of the net (price + tip − VAT); the payment fee is on the gross', () => {
    fc.assert(
      fc.property(baskets, (basket) => {
        const priced = price(basket);
        const net = priced.totalCents - priced.vatCents;
        expect(priced.siteFeeCents).toBe(
          Math.round((net * DEFAULT_FEE_POLICY.siteRateBasisPoints) / 10_000 + 1e-9),
        );
        const rule = paymentFeeRule(feePolicy({ paypal: basket.paypal }), basket.paymentType, basket.country);
        // The provider charges on what the buyer pays, VAT included.
        expect(priced.paymentFeeCents).toBe(
          percentOf(priced.totalCents, rule.rateBasisPoints) + rule.fixedCents,
        );
        expect(priced.siteFeeCents).toBe(percentOf(net, DEFAULT_FEE_POLICY.siteRateBasisPoints));
      }),
    );
  });

  it("a reverse-charge buyer pays the list price less the VAT it holds at their rate; the author's net equals a consumer's", () => {
    fc.assert(
      fc.property(baskets, (basket) => {
        const business = price({ ...basket, reverseCharge: true });
        const consumer = price({ ...basket, reverseCharge: false });
        business.items.forEach((item, index) => {
          const list = basket.items[index]!.priceCents;
          expect(item.priceCents).toBe(list - includedVat(list, basket.rate));
          expect(item.listPriceCents ?? item.priceCents).toBe(list);
          // The same net when there is no tip (a tip bears VAT only for a consumer).
          const consumerItem = consumer.items[index]!;
          if (item.tipCents === 0) {
            expect(item.priceCents).toBe(consumerItem.priceCents - consumerItem.vatCents);
          }
        });
      }),
    );
  });
});
