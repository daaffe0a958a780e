import { describe, expect, it } from 'vitest';
import { defaultMonth, lastFullMonth } from './finance-api';

describe('the month the finance page opens on', () => {
  const now = new Date('2026-11-28T08:00:00Z');
  it('is the last full month (UTC)', () => {
    expect(lastFullMonth(now)).toBe('2026-10');
    expect(lastFullMonth(new Date('2026-01-05T00:00:00Z'))).toBe('2025-12');
  });
  it('is the last full month with entries, else the newest', () => {
    expect(defaultMonth(['2026-11', '2026-10', '2026-09'], now)).toBe('2026-10');
    expect(defaultMonth(['2026-11', '2026-08'], now)).toBe('2026-08');
    expect(defaultMonth(['2026-11'], now)).toBe('2026-11');
    expect(defaultMonth([], now)).toBeNull();
  });
});
