import { z } from 'zod';

/**
 * How often a user is mailed a digest of their unread notifications. OFF for every account until
 * its owner chooses otherwise in the settings (or after a one-click unsubscribe).
 */
export const DIGEST_FREQUENCIES = ['OFF', 'DAILY', 'WEEKLY'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The least time between two digests of one user. */
export const DIGEST_PERIOD_MS: Record<Exclude<DigestFrequency, 'OFF'>, number> = {
  DAILY: DAY_MS,
  WEEKLY: 7 * DAY_MS,
};

/** At most this many notifications are listed in one digest; the rest are counted ("and 5 more"). */
export const DIGEST_MAX_ITEMS = 20;

/**
 * Whether a digest is due now: never when OFF; at once when none was sent yet; otherwise when at
 * least a day (DAILY) or a week (WEEKLY) has passed since the last one. Whether there is anything
 * to tell is the caller's second question.
 */
export function isDigestDue(
  setting: { frequency: DigestFrequency; lastSentAt: Date | null },
  now: Date,
): boolean {
  if (setting.frequency === 'OFF') return false;
  if (setting.lastSentAt === null) return true;
  return now.getTime() - setting.lastSentAt.getTime() >= DIGEST_PERIOD_MS[setting.frequency];
}

/** The latest time of the last digest that makes the next one due now, per frequency (for queries). */
export function lastSentDueCutoffs(now: Date): Record<Exclude<DigestFrequency, 'OFF'>, Date> {
  return {
    DAILY: new Date(now.getTime() - DIGEST_PERIOD_MS.DAILY),
    WEEKLY: new Date(now.getTime() - DIGEST_PERIOD_MS.WEEKLY),
  };
}

/** The part of a digest listed in full and the count left out. */
export function digestSelection<T>(newestFirst: readonly T[], total: number): { listed: T[]; more: number } {
  const listed = newestFirst.slice(0, DIGEST_MAX_ITEMS);
  return { listed, more: Math.max(0, total - listed.length) };
}
