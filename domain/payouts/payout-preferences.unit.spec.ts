import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import { MIN_PAYOUT_CENTS } from './payout.decider';
import {
  DEFAULT_PAYOUT_PREFERENCES,
  MAX_PAYOUT_THRESHOLD_CENTS,
  payoutPreferencesDecider,
  payoutPreferencesInputSchema,
  type ChangePayoutPreferences,
  type PayoutPreferences,
  type PayoutPreferencesEvent,
} from './payout-preferences';
import { nextPlannedLock, payoutTiming, scheduledLockDecision } from './payout-schedule';

const { given } = deciderSpec(payoutPreferencesDecider);
const at = new Date('2026-11-20T10:00:00.000Z');
const quarterly: PayoutPreferences = { thresholdCents: 8000, schedule: 'QUARTERLY', held: false };
const change = (preferences: PayoutPreferences): ChangePayoutPreferences => ({
  type: 'ChangePayoutPreferences',
  authorId: 7,
  preferences,
  changedAt: at,
});
const changed = (preferences: PayoutPreferences): PayoutPreferencesEvent => ({
  type: 'PayoutPreferencesChanged',
  data: { authorId: 7, ...preferences, changedAt: at.toISOString() },
});

describe('payout preferences decider', () => {
  it('records a first choice, even the defaults (the author chose them)', () => {
    given([])
      .when(change(quarterly))
      .then([changed(quarterly)]);
    given([])
      .when(change(DEFAULT_PAYOUT_PREFERENCES))
      .then([changed(DEFAULT_PAYOUT_PREFERENCES)]);
  });

  it('records a change and writes nothing for the same choice again', () => {
    const held = { ...quarterly, held: true };
    given([changed(quarterly)])
      .when(change(held))
      .then([changed(held)]);
    given([changed(quarterly)])
      .when(change(quarterly))
      .then([]);
  });

  it('refuses a threshold under the site minimum, over 10,000 EUR or not in whole cents', () => {
    for (const thresholdCents of [MIN_PAYOUT_CENTS - 1, MAX_PAYOUT_THRESHOLD_CENTS + 1, 5000.5]) {
      given([])
        .when(change({ ...quarterly, thresholdCents }))
        .then(refused(DomainError, { code: 'BAD_USER_INPUT', field: 'threshold' }));
    }
    given([])
      .when(change({ ...quarterly, thresholdCents: MIN_PAYOUT_CENTS }))
      .then([changed({ ...quarterly, thresholdCents: MIN_PAYOUT_CENTS })]);
  });

  it('the shared input schema holds the same bounds in euros', () => {
    expect(
      payoutPreferencesInputSchema.safeParse({ threshold: 50, schedule: 'MONTHLY', held: false }).success,
    ).toBe(true);
    const low = payoutPreferencesInputSchema.safeParse({
      threshold: 49.99,
      schedule: 'MONTHLY',
      held: false,
    });
    expect(low.success).toBe(false);
    expect(low.error?.issues[0]?.message.replace(/\u00a0/g, ' ')).toBe(
      'The threshold is at least the minimum payout of 50,00 €.',
    );
    expect(
      payoutPreferencesInputSchema.safeParse({ threshold: 60.001, schedule: 'MONTHLY', held: false }).success,
    ).toBe(false);
    expect(
      payoutPreferencesInputSchema.safeParse({ threshold: 60, schedule: 'WEEKLY', held: false }).success,
    ).toBe(false);
  });
});

describe('the scheduled lock follows the author', () => {
  it('a quarterly author is locked only in the round before 1 January, April, July and October', () => {
    expect(scheduledLockDecision(quarterly, '2026-03-01', 10_000)).toBe('NOT_THIS_ROUND');
    expect(scheduledLockDecision(quarterly, '2026-04-16', 10_000)).toBe('NOT_THIS_ROUND');
    expect(scheduledLockDecision(quarterly, '2026-04-01', 10_000)).toBe('LOCK');
    expect(scheduledLockDecision(quarterly, '2027-01-01', 10_000)).toBe('LOCK');
  });

  it('a monthly author on the 1st only, the default on every date', () => {
    const monthly = { ...quarterly, schedule: 'MONTHLY' as const };
    expect(scheduledLockDecision(monthly, '2026-03-16', 10_000)).toBe('NOT_THIS_ROUND');
    expect(scheduledLockDecision(monthly, '2026-03-01', 10_000)).toBe('LOCK');
    expect(scheduledLockDecision(DEFAULT_PAYOUT_PREFERENCES, '2026-03-16', 10_000)).toBe('LOCK');
  });

  it('a held author never, an author under their threshold (or negative) carries over', () => {
    expect(scheduledLockDecision({ ...quarterly, held: true }, '2026-04-01', 1_000_000)).toBe('HELD');
    expect(scheduledLockDecision(quarterly, '2026-04-01', 7999)).toBe('UNDER_THRESHOLD');
    expect(scheduledLockDecision(DEFAULT_PAYOUT_PREFERENCES, '2026-04-01', -500)).toBe('UNDER_THRESHOLD');
    expect(scheduledLockDecision(quarterly, '2026-04-01', 8000)).toBe('LOCK');
  });

  it('the next planned lock is the schedule’s next round ahead; none while held', () => {
    const february = new Date('2026-02-10T12:00:00Z');
    expect(nextPlannedLock(quarterly, february)).toEqual({
      payoutDate: '2026-04-01',
      lockAt: '2026-03-30T00:00:00.000Z',
    });
    expect(nextPlannedLock({ ...quarterly, schedule: 'MONTHLY' }, february)?.payoutDate).toBe('2026-03-01');
    expect(nextPlannedLock(DEFAULT_PAYOUT_PREFERENCES, february)?.payoutDate).toBe('2026-02-16');
    expect(nextPlannedLock({ ...quarterly, held: true }, february)).toBeNull();
    // Once the quarter's lock time has passed, the next one is three months on.
    expect(nextPlannedLock(quarterly, new Date('2026-03-30T00:00:00Z'))?.payoutDate).toBe('2026-07-01');
  });

  it('a pending payout shows the date of its author’s schedule, or why it has none', () => {
    const now = new Date('2026-02-10T12:00:00Z');
    const pending = {
      status: 'PENDING',
      method: 'BANK_TRANSFER' as const,
      payoutDate: null,
      amountCents: 9000,
    };
    expect(payoutTiming(pending, now, quarterly)).toEqual({ date: '2026-04-01', note: null });
    expect(payoutTiming({ ...pending, amountCents: 7000 }, now, quarterly)).toEqual({
      date: null,
      note: 'UNDER_THRESHOLD',
    });
    expect(payoutTiming(pending, now, { ...quarterly, held: true })).toEqual({ date: null, note: 'HELD' });
    expect(payoutTiming({ ...pending, amountCents: -1 }, now, quarterly)).toEqual({
      date: null,
      note: 'CARRIED_OVER',
    });
  });
});
