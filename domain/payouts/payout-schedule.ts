import type { Cents } from '../money';
import { MIN_PAYOUT_CENTS } from './payout.decider';
import type { PayoutMethod } from './payout.events';
import {
  DEFAULT_PAYOUT_PREFERENCES,
  type PayoutPreferences,
  type PayoutSchedule,
} from './payout-preferences';

/**
 * Bank payouts go out on the 1st and the 16th of each month; a couple of days before each date the
 * schedule locks the pending bank payouts that can be locked, and later sales go to the next payout.
 * PayPal payouts are sent on request, so they have no date. All dates are UTC calendar days.
 */
export const BANK_PAYOUT_DAYS: readonly number[] = [1, 16];
export const LOCK_DAYS_BEFORE_PAYOUT = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a UTC midnight. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The bank payout dates from the month of `from` on, in order (UTC midnights). */
function* bankPayoutDates(from: Date): Generator<Date> {
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth();
  for (;;) {
    for (const day of BANK_PAYOUT_DAYS) yield new Date(Date.UTC(year, month, day));
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
}

/** When the schedule locks the payouts of a bank payout date. */
export function lockTimeOf(payoutDate: Date): Date {
  return new Date(payoutDate.getTime() - LOCK_DAYS_BEFORE_PAYOUT * DAY_MS);
}

/** The first bank payout date whose lock is still ahead of `now`: where a sale made now will be paid. */
export function nextBankPayoutDate(now: Date): string {
  for (const date of bankPayoutDates(new Date(now.getTime() - 31 * DAY_MS))) {
    if (lockTimeOf(date).getTime() > now.getTime()) return isoDay(date);
  }
  throw new Error('unreachable');
}

/** The bank payout date a payout locked at `lockedAt` is meant for: the first one after it. */
export function payoutDateOfLock(lockedAt: Date, method: PayoutMethod): string | null {
  if (method === 'PAYPAL') return null;
  for (const date of bankPayoutDates(new Date(lockedAt.getTime() - 31 * DAY_MS))) {
    if (date.getTime() > lockedAt.getTime()) return isoDay(date);
  }
  throw new Error('unreachable');
}

/**
 * The lock round under way at `now`: between a payout date's lock time and the date itself, the
 * schedule locks the pending bank payouts opened before the lock time. null outside those windows.
 */
export function currentLockRound(now: Date): { payoutDate: string; lockAt: Date } | null {
  for (const date of bankPayoutDates(new Date(now.getTime() - 31 * DAY_MS))) {
    const lockAt = lockTimeOf(date);
    if (lockAt.getTime() > now.getTime()) return null;
    if (date.getTime() > now.getTime()) return { payoutDate: isoDay(date), lockAt };
  }
  throw new Error('unreachable');
}

/** The first bank payout date on or after `now`'s day: when a payout already locked can go out. */
export function nextBankPayoutDay(now: Date): string {
  const today = isoDay(now);
  for (const date of bankPayoutDates(now)) {
    if (isoDay(date) >= today) return isoDay(date);
  }
  throw new Error('unreachable');
}

/** The months (0-11) whose 1st is a quarterly payout date: its lock falls in the month before, a quarter's last. */
const QUARTER_STARTS: readonly number[] = [0, 3, 6, 9];

/** Whether a bank payout date (YYYY-MM-DD) is one the schedule pays on. */
export function payoutDateFitsSchedule(payoutDate: string, schedule: PayoutSchedule): boolean {
  const day = Number(payoutDate.slice(8, 10));
  const month = Number(payoutDate.slice(5, 7)) - 1;
  switch (schedule) {
    case 'TWICE_MONTHLY':
      return true;
    case 'MONTHLY':
      return day === 1;
    case 'QUARTERLY':
      return day === 1 && QUARTER_STARTS.includes(month);
  }
}

/**
 * What the scheduled lock round of `payoutDate` does with an author's pending payout: locks it, or
 * leaves it collecting because the author holds their payouts, the date is not one of their
 * schedule's, or the balance is under their threshold (it carries over to the next round; a
 * negative balance is under every threshold). The lock itself still checks the site's minimum and
 * the payout details.
 */
export type ScheduledLockDecision = 'LOCK' | 'HELD' | 'NOT_THIS_ROUND' | 'UNDER_THRESHOLD';
export function scheduledLockDecision(
  preferences: PayoutPreferences,
  payoutDate: string,
  balanceCents: Cents,
): ScheduledLockDecision {
  if (preferences.held) return 'HELD';
  if (!payoutDateFitsSchedule(payoutDate, preferences.schedule)) return 'NOT_THIS_ROUND';
  if (balanceCents < Math.max(preferences.thresholdCents, MIN_PAYOUT_CENTS)) return 'UNDER_THRESHOLD';
  return 'LOCK';
}

/**
 * The next lock round of the author's schedule that is still ahead of `now` (its lock time after
 * now), with the bank payout date it pays on; null while the author holds their payouts.
 */
export function nextPlannedLock(
  preferences: PayoutPreferences,
  now: Date,
): { payoutDate: string; lockAt: string } | null {
  if (preferences.held) return null;
  for (const date of bankPayoutDates(new Date(now.getTime() - 31 * DAY_MS))) {
    const lockAt = lockTimeOf(date);
    if (lockAt.getTime() <= now.getTime()) continue;
    if (payoutDateFitsSchedule(isoDay(date), preferences.schedule)) {
      return { payoutDate: isoDay(date), lockAt: lockAt.toISOString() };
    }
  }
  throw new Error('unreachable');
}

/**
 * Why a payout has no date ahead: a pending payout under the minimum waits until its balance
 * reaches it, and one under the author's own (higher) threshold until it reaches that; a negative
 * one (refunds of items already paid) is carried into the author's next payout; a held one waits
 * until the author releases their payouts.
 */
export type PayoutDateNote = 'UNDER_MINIMUM' | 'UNDER_THRESHOLD' | 'CARRIED_OVER' | 'HELD';

/**
 * What a payout shows as its estimated date: the bank date ahead (the next one of the author's
 * schedule), or null with a note (PayPal is "on request"; a sent or failed payout has none). A
 * locked payout shows the date it was locked for while that is ahead, else the next bank payout
 * date: never a day in the past.
 */
export function payoutTiming(
  payout: { status: string; method: PayoutMethod | null; payoutDate: string | null; amountCents: Cents },
  now: Date,
  preferences: PayoutPreferences = DEFAULT_PAYOUT_PREFERENCES,
): { date: string | null; note: PayoutDateNote | null } {
  if (payout.status === 'PENDING') {
    if (payout.amountCents < 0) return { date: null, note: 'CARRIED_OVER' };
    if (payout.amountCents < MIN_PAYOUT_CENTS) return { date: null, note: 'UNDER_MINIMUM' };
    if (preferences.held) return { date: null, note: 'HELD' };
    if (payout.amountCents < preferences.thresholdCents) return { date: null, note: 'UNDER_THRESHOLD' };
    if (payout.method === 'PAYPAL') return { date: null, note: null };
    return { date: nextPlannedLock(preferences, now)?.payoutDate ?? nextBankPayoutDate(now), note: null };
  }
  if (payout.status === 'LOCKED' && payout.payoutDate !== null) {
    const next = nextBankPayoutDay(now);
    return { date: payout.payoutDate >= next ? payout.payoutDate : next, note: null };
  }
  return { date: null, note: null };
}
