import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_SOURCES } from '../orders/price-source';
import { itemFigures, type SourceSales } from './item-performance';

const sourceSales = fc.subarray([...PRICE_SOURCES]).chain((sources) =>
  fc.tuple(
    ...sources.map((source) =>
      fc
        .record({
          source: fc.constant(source),
          purchases: fc.nat(1000),
          revenueCents: fc.nat(10_000_000),
          authorShareCents: fc.nat(10_000_000),
          partPermille: fc.integer({ min: 0, max: 1000 }),
          refunds: fc.nat(100),
          refundedCents: fc.nat(1_000_000),
        })
        // A co-author's part is some of the share; an item sold alone is all of it (1000 ‰).
        .map(({ partPermille, ...row }) => ({
          ...row,
          authorPartCents: Math.floor((row.authorShareCents * partPermille) / 1000),
        })),
    ),
  ),
) as fc.Arbitrary<SourceSales[]>;

describe('an item’s figures', () => {
  it('list every source once; purchases and revenue are their sums; conversion is purchases since views / views', () => {
    fc.assert(
      fc.property(fc.nat(100_000), sourceSales, fc.nat(1000), (views, sales, since) => {
        const figures = itemFigures(views, sales, since);
        expect(figures.bySource.map((row) => row.source)).toEqual(PRICE_SOURCES);
        expect(figures.purchases).toBe(sales.reduce((sum, row) => sum + row.purchases, 0));
        expect(figures.revenueCents).toBe(sales.reduce((sum, row) => sum + row.revenueCents, 0));
        expect(figures.authorShareCents).toBe(sales.reduce((sum, row) => sum + row.authorShareCents, 0));
        expect(figures.authorPartCents).toBe(sales.reduce((sum, row) => sum + row.authorPartCents, 0));
        expect(figures.authorPartCents).toBeLessThanOrEqual(figures.authorShareCents);
        if (views === 0) expect(figures.conversion).toBeNull();
        // Rounded to four decimals: at most half a unit of the fourth decimal away (a tie rounds up).
        else
          expect(Math.abs((figures.conversion ?? NaN) - since / views)).toBeLessThanOrEqual(0.00005 + 1e-12);
      }),
    );
  });

  it('an item without sales shows zeros for every source', () => {
    const figures = itemFigures(40, [], 0);
    expect(figures).toMatchObject({
      views: 40,
      purchases: 0,
      conversion: 0,
      revenueCents: 0,
      authorShareCents: 0,
      authorPartCents: 0,
    });
    expect(figures.bySource.every((row) => row.purchases === 0 && row.revenueCents === 0)).toBe(true);
  });
});
