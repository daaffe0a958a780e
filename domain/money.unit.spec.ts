import { describe, expect, it } from 'vitest';
import {
  allocate,
  basisPointsOfPercent,
  centsToEuros,
  eurosToCents,
  formatBasisPoints,
  formatEuros,
  formatMoney,
  formatWholeEuros,
  percentOf,
} from './money';

describe('allocate', () => {
  it('splits 0.30 over items of 5 and 10 EUR as 0.10 and 0.20', () => {
    expect(allocate(30, [500, 1000])).toEqual([10, 20]);
  });

  it('gives the left-over cents to the largest remainders', () => {
    // 23 × 1/3 = 7.67 and 23 × 2/3 = 15.33: the first has the larger remainder.
    expect(allocate(23, [500, 1000])).toEqual([8, 15]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('splits nothing over zero weights, and refuses to split something over them', () => {
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [])).toEqual([]);
    expect(() => allocate(5, [0, 0])).toThrow(RangeError);
    expect(() => allocate(5, [])).toThrow(RangeError);
  });

  it('refuses negative or fractional amounts and weights', () => {
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocate(1, [0.5])).toThrow(RangeError);
  });

  it('stays exact where a float product would not', () => {
    expect(allocate(Number.MAX_SAFE_INTEGER, [Number.MAX_SAFE_INTEGER, 1])).toEqual([
      Number.MAX_SAFE_INTEGER - 1,
      1,
    ]);
  });
});

describe('percentOf', () => {
  it('rounds half up', () => {
    expect(percentOf(1500, 150)).toBe(23); // 22.5
    expect(percentOf(1000, 349)).toBe(35); // 34.9
    expect(percentOf(1000, 325)).toBe(33); // 32.5
    expect(percentOf(1001, 200)).toBe(20); // 20.02
  });

  it('refuses fractional or negative rates', () => {
    expect(() => percentOf(100, 1.5)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
  });

  it('converts configured percents to basis points and back', () => {
    expect(basisPointsOfPercent(3.49)).toBe(349);
    expect(basisPointsOfPercent(2)).toBe(200);
    expect(() => basisPointsOfPercent(3.495)).toThrow(RangeError);
    expect(formatBasisPoints(150)).toBe('1.5');
    expect(formatBasisPoints(325)).toBe('3.25');
  });
});

describe('euros for the API', () => {
  it('formats cents with exactly two decimals', () => {
    expect(formatEuros(1234)).toBe('12.34');
    expect(formatEuros(5)).toBe('0.05');
    expect(formatEuros(-5)).toBe('-0.05');
    expect(formatEuros(50000)).toBe('500.00');
    expect(centsToEuros(1234)).toBe(12.34);
  });

  it('reads euros as numbers or text, refusing fractions of a cent', () => {
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0.07)).toBe(7);
    expect(eurosToCents('12')).toBe(1200);
    expect(eurosToCents('12.3')).toBe(1230);
    expect(eurosToCents(' 12.30 ')).toBe(1230);
    expect(eurosToCents('-0.05')).toBe(-5);
    expect(() => eurosToCents(12.345)).toThrow(RangeError);
    expect(() => eurosToCents('12.345')).toThrow(RangeError);
    expect(() => eurosToCents('12,34')).toThrow(RangeError);
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatWholeEuros', () => {
  it('writes whole euros exactly as formatMoney does', () => {
    for (const euros of [0, 2, 50, 100, 500, 1000, 12_345, 100_000]) {
      expect(formatWholeEuros(euros)).toBe(formatMoney(euros * 100));
    }
  });
});
