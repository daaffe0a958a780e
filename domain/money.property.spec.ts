import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, centsToEuros, eurosToCents, formatEuros, percentOf, sumCents } from './money';

const totals = fc.integer({ min: 0, max: 10_000_000 });
const weightLists = fc
  .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 })
  .filter((weights) => weights.some((weight) => weight > 0));

describe('allocate (largest remainder), for any total and weights', () => {
  it('the shares add up to the total exactly and none is negative', () => {
    fc.assert(
      fc.property(totals, weightLists, (total, weights) => {
        const shares = allocate(total, weights);
        expect(shares).toHaveLength(weights.length);
        expect(sumCents(shares)).toBe(total);
        for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('each share is within a cent of its exact proportional share (its floor or its ceiling)', () => {
    fc.assert(
      fc.property(totals, weightLists, (total, weights) => {
        const weightSum = BigInt(sumCents(weights));
        allocate(total, weights).forEach((share, index) => {
          const exactTimesSum = BigInt(total) * BigInt(weights[index] ?? 0);
          const floor = exactTimesSum / weightSum;
          expect([floor, exactTimesSum % weightSum === 0n ? floor : floor + 1n]).toContain(BigInt(share));
        });
      }),
    );
  });

  it('a zero weight gets nothing and a larger weight never gets less', () => {
    fc.assert(
      fc.property(totals, weightLists, (total, weights) => {
        const shares = allocate(total, weights);
        weights.forEach((weight, i) => {
          if (weight === 0) expect(shares[i]).toBe(0);
          weights.forEach((other, j) => {
            if (weight > other) expect(shares[i]).toBeGreaterThanOrEqual(shares[j] ?? 0);
          });
        });
      }),
    );
  });

  it('is deterministic: equal weights share by position, the earlier first', () => {
    fc.assert(
      fc.property(totals, weightLists, (total, weights) => {
        expect(allocate(total, weights)).toEqual(allocate(total, [...weights]));
      }),
    );
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('scaling every weight by the same factor gives the same shares', () => {
    fc.assert(
      fc.property(totals, weightLists, fc.integer({ min: 1, max: 1000 }), (total, weights, factor) => {
        expect(
          allocate(
            total,
            weights.map((weight) => weight * factor),
          ),
        ).toEqual(allocate(total, weights));
      }),
    );
  });
});

describe('rates and euros, for any amount', () => {
  it('a rate of an amount is within half a cent of the exact figure', () => {
    fc.assert(
      fc.property(totals, fc.integer({ min: 0, max: 10_000 }), (cents, basisPoints) => {
        const fee = percentOf(cents, basisPoints);
        expect(Math.abs(fee * 10_000 - cents * basisPoints)).toBeLessThanOrEqual(5_000);
      }),
    );
  });

  it('cents survive the trip to euros (number and text) and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
        expect(eurosToCents(formatEuros(cents))).toBe(cents);
        expect(formatEuros(cents)).toMatch(/^-?\d+\.\d\d$/);
      }),
    );
  });
});
