import { describe, expect, it } from 'vitest';
import { priceFilterCents, priceFilterMessages, priceFilterSchema } from './price-filter';

describe('price filter', () => {
  it('reads free, paid and a range, unset parts as null', () => {
    expect(priceFilterSchema.parse({})).toEqual({ free: null, minPrice: null, maxPrice: null });
    expect(priceFilterSchema.parse({ free: false, minPrice: 2, maxPrice: 9.99 })).toEqual({
      free: false,
      minPrice: 2,
      maxPrice: 9.99,
    });
  });

  it('refuses negative prices, a minimum above the maximum and free skins with a range', () => {
    const issue = (input: unknown) => priceFilterSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ minPrice: -0.01 })).toBe(priceFilterMessages.negative);
    expect(issue({ minPrice: 5, maxPrice: 4.99 })).toBe(priceFilterMessages.minAboveMax);
    expect(issue({ free: true, maxPrice: 3 })).toBe(priceFilterMessages.freeWithRange);
    expect(issue({ minPrice: 5, maxPrice: 5 })).toBeUndefined();
  });

  it('turns euros into cents: a minimum rounds up, a maximum down, bounds included', () => {
    expect(priceFilterCents(priceFilterSchema.parse({ minPrice: 2.5, maxPrice: 12.5 }))).toEqual({
      free: null,
      minCents: 250,
      maxCents: 1250,
    });
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: still 30 cents.
    expect(priceFilterCents(priceFilterSchema.parse({ minPrice: 0.1 + 0.2, maxPrice: 0.1 + 0.2 }))).toEqual({
      free: null,
      minCents: 30,
      maxCents: 30,
    });
    expect(priceFilterCents(priceFilterSchema.parse({ minPrice: 1.001, maxPrice: 1.009 }))).toEqual({
      free: null,
      minCents: 101,
      maxCents: 100,
    });
  });
});
