import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PAID_PRICE_CENTS, MAX_FIXED_CENTS } from '../fees';
import { percentOf } from '../money';
import { CODE_PRICE_FLOOR_CENTS, codeReductionCents } from './code-reduction';
import type { CodeReductionRule } from './discount-code.events';

const price = fc.integer({ min: MIN_PAID_PRICE_CENTS, max: 50_000 });
const rule: fc.Arbitrary<CodeReductionRule> = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((percent) => ({ kind: 'PERCENT' as const, percent })),
  fc.integer({ min: 1, max: 50_000 }).map((cents) => ({ kind: 'AMOUNT' as const, cents })),
);

describe('codeReductionCents', () => {
  it('the floor is the minimum paid price, above any fixed payment fee', () => {
    expect(CODE_PRICE_FLOOR_CENTS).toBe(MIN_PAID_PRICE_CENTS);
    expect(CODE_PRICE_FLOOR_CENTS).toBeGreaterThan(MAX_FIXED_CENTS);
  });

  it('never takes an item below the floor, never more than its price, never negative, in whole cents', () => {
    fc.assert(
      fc.property(rule, fc.array(price, { minLength: 1, maxLength: 20 }), (r, prices) => {
        const cents = codeReductionCents(r, prices);
        expect(cents).toHaveLength(prices.length);
        cents.forEach((off, index) => {
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(prices[index]!);
          expect(prices[index]! - off).toBeGreaterThanOrEqual(CODE_PRICE_FLOOR_CENTS);
        });
      }),
    );
  });

  it('an amount sums to the cent: all of it when the items have room, else all their room', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.array(price, { minLength: 1, maxLength: 20 }),
        (amount, prices) => {
          const cents = codeReductionCents({ kind: 'AMOUNT', cents: amount }, prices);
          const room = prices.reduce((sum, p) => sum + p - CODE_PRICE_FLOOR_CENTS, 0);
          expect(cents.reduce((sum, off) => sum + off, 0)).toBe(Math.min(amount, room));
        },
      ),
    );
  });

  it('a percentage is each item its rounded percentage, unless the floor caps it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.array(price, { minLength: 1, maxLength: 20 }),
        (percent, prices) => {
          const cents = codeReductionCents({ kind: 'PERCENT', percent }, prices);
          cents.forEach((off, index) => {
            const p = prices[index]!;
            expect(off).toBe(Math.min(percentOf(p, percent * 100), p - CODE_PRICE_FLOOR_CENTS));
          });
        },
      ),
    );
  });

  it('an item already at or below the floor (a deep sale) gets nothing off', () => {
    expect(codeReductionCents({ kind: 'PERCENT', percent: 50 }, [200, 150, 0])).toEqual([0, 0, 0]);
    expect(codeReductionCents({ kind: 'AMOUNT', cents: 500 }, [200, 300])).toEqual([0, 100]);
  });

  it('examples: 25 % of 5.00 is 1.25; 90 % of 5.00 stops at 2.00; 5 EUR over 2.50 and 10.00 splits by room', () => {
    expect(codeReductionCents({ kind: 'PERCENT', percent: 25 }, [500])).toEqual([125]);
    expect(codeReductionCents({ kind: 'PERCENT', percent: 90 }, [500])).toEqual([300]);
    expect(codeReductionCents({ kind: 'AMOUNT', cents: 500 }, [250, 1000])).toEqual([29, 471]);
  });
});
