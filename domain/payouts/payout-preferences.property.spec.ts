import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PAYOUT_CENTS } from './payout.decider';
import { MAX_PAYOUT_THRESHOLD_CENTS, PAYOUT_SCHEDULES, type PayoutPreferences } from './payout-preferences';
import { currentLockRound, nextPlannedLock, scheduledLockDecision } from './payout-schedule';

const preferences = fc.record({
  thresholdCents: fc.integer({ min: MIN_PAYOUT_CENTS, max: MAX_PAYOUT_THRESHOLD_CENTS }),
  schedule: fc.constantFrom(...PAYOUT_SCHEDULES),
  held: fc.boolean(),
});
const instant = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const HOUR = 60 * 60 * 1000;

/** Every lock round the schedule job would run between two instants (it runs every 15 minutes). */
function lockRoundsBetween(from: Date, hours: number) {
  const rounds = new Map<string, Date>();
  for (let t = from.getTime(); t < from.getTime() + hours * HOUR; t += HOUR) {
    const round = currentLockRound(new Date(t));
    if (round && !rounds.has(round.payoutDate)) rounds.set(round.payoutDate, round.lockAt);
  }
  return rounds;
}

describe('scheduled locks follow the author’s choice', () => {
  it('a quarterly author is locked only in a month that ends a quarter; a held author never', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -10_000, max: 1_000_000 }), (from, balance) => {
        const quarterly: PayoutPreferences = {
          thresholdCents: MIN_PAYOUT_CENTS,
          schedule: 'QUARTERLY',
          held: false,
        };
        for (const [payoutDate, lockAt] of lockRoundsBetween(from, 24 * 40)) {
          if (scheduledLockDecision(quarterly, payoutDate, balance) === 'LOCK') {
            expect([2, 5, 8, 11]).toContain(lockAt.getUTCMonth());
          }
          expect(scheduledLockDecision({ ...quarterly, held: true }, payoutDate, balance)).toBe('HELD');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('nothing under the threshold is locked, and a balance at or above it is locked in each round of the schedule', () => {
    fc.assert(
      fc.property(
        preferences,
        fc.integer({ min: -10_000, max: 2_000_000 }),
        instant,
        (prefs, balance, now) => {
          const round = nextPlannedLock(prefs, now);
          if (prefs.held) {
            expect(round).toBeNull();
            return;
          }
          expect(round).not.toBeNull();
          const decision = scheduledLockDecision(prefs, round!.payoutDate, balance);
          expect(decision).toBe(balance >= prefs.thresholdCents ? 'LOCK' : 'UNDER_THRESHOLD');
        },
      ),
    );
  });

  it('the next planned lock is ahead of now, is a round of the schedule, and no round of it comes earlier', () => {
    fc.assert(
      fc.property(preferences, instant, (prefs, now) => {
        const planned = nextPlannedLock({ ...prefs, held: false }, now)!;
        const lockAt = new Date(planned.lockAt);
        expect(lockAt.getTime()).toBeGreaterThan(now.getTime());
        // At most a quarter (and its lock window) ahead.
        expect(lockAt.getTime() - now.getTime()).toBeLessThanOrEqual(93 * 24 * HOUR);
        for (const [payoutDate, roundLock] of lockRoundsBetween(now, 24 * 95)) {
          if (roundLock.getTime() <= now.getTime() || roundLock.getTime() >= lockAt.getTime()) continue;
          expect(scheduledLockDecision({ ...prefs, held: false }, payoutDate, Number.MAX_SAFE_INTEGER)).toBe(
            'NOT_THIS_ROUND',
          );
        }
      }),
      { numRuns: 40 },
    );
  });
});
