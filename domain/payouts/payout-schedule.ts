import type { Cents } from '../money';
import { MIN_PAYOUT_CENTS } from './payout.decider';
import type { PayoutMethod } from './payout.events';

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

/**
 * Why a payout has no date ahead: a pending payout under the minimum waits until its balance
 * reaches it; a negative one (refunds of items already paid) is carried into the author's next
 * payout.
 */
export type PayoutDateNote = 'UNDER_MINIMUM' | 'CARRIED_OVER';

/**
 * What a payout shows as its estimated date: the bank date ahead, or null with a note (PayPal is
 * "on request"; a sent or failed payout has none). A locked payout shows the date it was locked
 * for while that is ahead, else the next bank payout date: never a day in the past.
 */
export function payoutTiming(
  payout: { status: string; method: PayoutMethod | null; payoutDate: string | null; amountCents: Cents },
  now: Date,
): { date: string | null; note: PayoutDateNote | null } {
  if (payout.status === 'PENDING') {
    if (payout.amountCents < 0) return { date: null, note: 'CARRIED_OVER' };
    if (payout.amountCents < MIN_PAYOUT_CENTS) return { date: null, note: 'UNDER_MINIMUM' };
    return { date: payout.method === 'PAYPAL' ? null : nextBankPayoutDate(now), note: null };
  }
  if (payout.status === 'LOCKED' && payout.payoutDate !== null) {
    const next = nextBankPayoutDay(now);
    return { date: payout.payoutDate >= next ? payout.payoutDate : next, note: null };
  }
  return { date: null, note: null };
}
