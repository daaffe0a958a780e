import { describe, expect, it } from 'vitest';
import { digestSelection, isDigestDue, lastSentDueCutoffs, DIGEST_MAX_ITEMS } from './digest-schedule';

const now = new Date('2026-11-26T08:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 60 * 60 * 1000;

describe('digest due-date rule', () => {
  it('is never due when OFF, even if none was ever sent', () => {
    expect(isDigestDue({ frequency: 'OFF', lastSentAt: null }, now)).toBe(false);
    expect(isDigestDue({ frequency: 'OFF', lastSentAt: ago(400 * 24 * HOUR) }, now)).toBe(false);
  });

  it('is due at once when none was sent yet', () => {
    expect(isDigestDue({ frequency: 'DAILY', lastSentAt: null }, now)).toBe(true);
    expect(isDigestDue({ frequency: 'WEEKLY', lastSentAt: null }, now)).toBe(true);
  });

  it('DAILY: due from exactly a day after the last one', () => {
    expect(isDigestDue({ frequency: 'DAILY', lastSentAt: ago(24 * HOUR - 1) }, now)).toBe(false);
    expect(isDigestDue({ frequency: 'DAILY', lastSentAt: ago(24 * HOUR) }, now)).toBe(true);
    expect(isDigestDue({ frequency: 'DAILY', lastSentAt: ago(30 * HOUR) }, now)).toBe(true);
  });

  it('WEEKLY: due from exactly a week after the last one', () => {
    expect(isDigestDue({ frequency: 'WEEKLY', lastSentAt: ago(6 * 24 * HOUR) }, now)).toBe(false);
    expect(isDigestDue({ frequency: 'WEEKLY', lastSentAt: ago(7 * 24 * HOUR - 1) }, now)).toBe(false);
    expect(isDigestDue({ frequency: 'WEEKLY', lastSentAt: ago(7 * 24 * HOUR) }, now)).toBe(true);
  });

  it('the query cutoffs agree with the rule', () => {
    const cutoffs = lastSentDueCutoffs(now);
    expect(isDigestDue({ frequency: 'DAILY', lastSentAt: cutoffs.DAILY }, now)).toBe(true);
    expect(isDigestDue({ frequency: 'WEEKLY', lastSentAt: cutoffs.WEEKLY }, now)).toBe(true);
    expect(
      isDigestDue({ frequency: 'WEEKLY', lastSentAt: new Date(cutoffs.WEEKLY.getTime() + 1) }, now),
    ).toBe(false);
  });

  it('lists at most 20 items and counts the rest', () => {
    const items = Array.from({ length: 27 }, (_, i) => i);
    expect(digestSelection(items, 27)).toEqual({ listed: items.slice(0, DIGEST_MAX_ITEMS), more: 7 });
    expect(digestSelection([1, 2], 2)).toEqual({ listed: [1, 2], more: 0 });
  });
});
