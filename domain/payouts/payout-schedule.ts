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

/** What a payout shows as its estimated date: the bank date ahead, or null ("on request", PayPal). */
export function estimatedPayoutDate(
  payout: { status: string; method: PayoutMethod | null; payoutDate: string | null },
  now: Date,
): string | null {
  if (payout.status === 'PENDING') return payout.method === 'PAYPAL' ? null : nextBankPayoutDate(now);
  if (payout.status === 'LOCKED') return payout.payoutDate;
  return null;
}
