import { describe, expect, it } from 'vitest';
import { parseCartIds } from './cart.store';
import { purchaseResultOf } from './use-purchase-result';

describe('parseCartIds', () => {
  it('keeps unique positive integer ids', () => {
    expect(parseCartIds('[3, 1, 3, "4", -2, 0, 1.5, null, "x"]')).toEqual([3, 1, 4]);
  });

  it('reads anything else as an empty cart', () => {
    expect(parseCartIds(null)).toEqual([]);
    expect(parseCartIds('{"a":1}')).toEqual([]);
    expect(parseCartIds('not json')).toEqual([]);
  });
});

describe('purchaseResultOf', () => {
  it('reads the checkout result from the end of the path', () => {
    expect(purchaseResultOf('/success')).toBe('success');
    expect(purchaseResultOf('/skins/failed/')).toBe('failed');
    expect(purchaseResultOf('/me/collection/success')).toBe('success');
    expect(purchaseResultOf('/skins/successful-skin')).toBeNull();
    expect(purchaseResultOf('/skins')).toBeNull();
  });
});
