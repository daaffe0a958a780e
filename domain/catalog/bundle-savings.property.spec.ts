import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleSavingsCents } from './bundle-savings';

const cents = fc.integer({ min: 0, max: 50_000 });

describe('bundleSavingsCents', () => {
  it('is never negative, and with the bundle price gives the skins one by one whenever it saves', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 20 }), (bundle, skins) => {
        const saved = bundleSavingsCents(bundle, skins);
        const oneByOne = skins.reduce((sum, price) => sum + price, 0);
        expect(saved).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(saved)).toBe(true);
        if (saved > 0) expect(bundle + saved).toBe(oneByOne);
        else expect(oneByOne).toBeLessThanOrEqual(bundle);
      }),
    );
  });
});
