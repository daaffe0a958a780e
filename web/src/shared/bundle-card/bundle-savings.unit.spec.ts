import { describe, expect, it } from 'vitest';
import { bundleSavings } from './bundle-savings';

describe('bundleSavings (spec 2.8)', () => {
  it('is the sum of the skin prices minus the bundle price, exact to the cent', () => {
    expect(bundleSavings(14.99, [{ price: 7.99 }, { price: 7.99 }, { price: 7.99 }])).toBe(8.98);
    expect(bundleSavings(29.99, [{ price: 7.99 }, { price: 7.99 }, { price: 7.99 }, { price: 19.99 }])).toBe(
      13.97,
    );
  });

  it('is 0 when the skins cost no more than the bundle', () => {
    expect(bundleSavings(0, [{ price: 0 }, { price: 0 }])).toBe(0);
    expect(bundleSavings(10, [{ price: 5 }, { price: 5 }])).toBe(0);
    expect(bundleSavings(10, [{ price: 4 }])).toBe(0);
    expect(bundleSavings(5, [])).toBe(0);
  });
});
