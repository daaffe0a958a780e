import { describe, expect, it } from 'vitest';
import { bundleSavingsCents } from './bundle-savings';

describe('bundleSavingsCents', () => {
  it('is the skins bought one by one minus the bundle', () => {
    expect(bundleSavingsCents(1499, [799, 799, 799])).toBe(898);
  });

  it('is 0 when the skins together cost no more than the bundle', () => {
    expect(bundleSavingsCents(1000, [500, 500])).toBe(0);
    expect(bundleSavingsCents(1000, [400])).toBe(0);
    expect(bundleSavingsCents(500, [])).toBe(0);
    expect(bundleSavingsCents(0, [0, 0])).toBe(0);
  });
});
