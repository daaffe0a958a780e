import { sql } from 'slonik';
import { z } from 'zod';
import {
  DEFAULT_PAYOUT_PREFERENCES,
  PAYOUT_SCHEDULES,
  type PayoutPreferences,
  type PayoutSchedule,
} from '../../domain/payouts/payout-preferences';
import type { Queryable } from '../../infra/db/pool';

// Reads of `payout_preferences` (migration 053), written by the payout-preferences projection.

const preferencesRow = z.object({
  author_id: z.number(),
  threshold_cents: z.number(),
  schedule: z.enum(PAYOUT_SCHEDULES as [PayoutSchedule, ...PayoutSchedule[]]),
  held: z.boolean(),
  changed_at: z.number(),
});

export type StoredPayoutPreferences = PayoutPreferences & { changedAt: Date | null };

/** An author's payout preferences; the defaults (changedAt null) for an author who never chose. */
export async function payoutPreferencesOf(db: Queryable, authorId: number): Promise<StoredPayoutPreferences> {
  const row = await db.maybeOne(sql.type(preferencesRow)`
    select author_id, threshold_cents, schedule, held, changed_at
    from payout_preferences where author_id = ${authorId}`);
  if (!row) return { ...DEFAULT_PAYOUT_PREFERENCES, changedAt: null };
  return {
    thresholdCents: row.threshold_cents,
    schedule: row.schedule,
    held: row.held,
    changedAt: new Date(row.changed_at),
  };
}

/**
 * The PENDING bank-transfer payouts opened before a time (what a scheduled lock round considers),
 * with their balance and their author's preferences (the defaults when none were chosen).
 */
export async function pendingBankPayoutsWithPreferences(
  db: Queryable,
  before: Date,
): Promise<{ payoutId: number; balanceCents: number; preferences: PayoutPreferences }[]> {
  const rows = await db.any(sql.type(
    z.object({
      id: z.number(),
      amount_cents: z.number(),
      threshold_cents: z.number().nullable(),
      schedule: z.enum(PAYOUT_SCHEDULES as [PayoutSchedule, ...PayoutSchedule[]]).nullable(),
      held: z.boolean().nullable(),
    }),
  )`
    select p.id, p.amount_cents, pp.threshold_cents, pp.schedule, pp.held
    from payouts p join users u on u.id = p.author_id
    left join payout_preferences pp on pp.author_id = p.author_id
    where p.status = 'PENDING' and u.payout_method = 'BANK_TRANSFER' and p.opened_at < ${before.toISOString()}
    order by p.id`);
  return rows.map((row) => ({
    payoutId: row.id,
    balanceCents: row.amount_cents,
    preferences:
      row.schedule === null || row.threshold_cents === null || row.held === null
        ? DEFAULT_PAYOUT_PREFERENCES
        : { thresholdCents: row.threshold_cents, schedule: row.schedule, held: row.held },
  }));
}
