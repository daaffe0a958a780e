import { describe, expect, it } from 'vitest';
import { priceSourceOf } from './price-source';

const sale = { source: 'SALE' as const, id: 's1', label: 'Winter sale', cents: 100 };
const code = { source: 'CODE' as const, id: 'c1', label: 'FRIENDS', cents: 50 };

describe('where an ordered item’s price came from', () => {
  it('an item without reductions (every order placed before them) sold at full price', () => {
    expect(priceSourceOf({})).toBe('FULL_PRICE');
    expect(priceSourceOf({ reductions: [] })).toBe('FULL_PRICE');
  });

  it('a sale counts as the sale, also when a code reduced the sale price further', () => {
    expect(priceSourceOf({ reductions: [sale] })).toBe('SALE');
    expect(priceSourceOf({ reductions: [sale, code] })).toBe('SALE');
  });

  it('a code alone counts as the code', () => {
    expect(priceSourceOf({ reductions: [code] })).toBe('CODE');
  });
});
