import { randomUUID } from 'node:crypto';
import { PayoutRefused } from '../../domain/payouts/payout.decider';
import { currentLockRound, scheduledLockDecision } from '../../domain/payouts/payout-schedule';
import { ConcurrencyError } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { lockPayout } from './lock-payout.handler';
import { pendingBankPayoutsWithPreferences } from './payout-preferences.repository';

/** The job that locks bank payouts before each payout date, as event metadata names it. */
export const PAYOUT_SCHEDULE = 'payout-schedule';

/**
 * The scheduled lock round: between a bank payout date's lock time and the date, the pending bank
 * payouts opened before the lock time are locked when their author's preferences take this round
 * (not held, the date one of their schedule's, the balance at their threshold or more) and the lock
 * can be made (at least 50 EUR, complete details); the others keep collecting for a later date.
 * Safe to run again and from several instances: a locked payout is not pending any more.
 */
export async function lockScheduledPayouts(app: AppContext): Promise<{ locked: number[] }> {
  const round = currentLockRound(app.now());
  if (!round) return { locked: [] };
  const locked: number[] = [];
  const metadata = {
    actor: { system: PAYOUT_SCHEDULE },
    correlationId: `${PAYOUT_SCHEDULE}:${randomUUID()}`,
  };
  const pending = await pendingBankPayoutsWithPreferences(app.pool, round.lockAt);
  for (const { payoutId, balanceCents, preferences } of pending) {
    const decision = scheduledLockDecision(preferences, round.payoutDate, balanceCents);
    if (decision !== 'LOCK') {
      app.log.debug({ payoutId, decision }, 'scheduled lock: payout keeps collecting (author preferences)');
      continue;
    }
    try {
      await lockPayout(app, payoutId, metadata);
      locked.push(payoutId);
    } catch (error) {
      if (error instanceof PayoutRefused || error instanceof ConcurrencyError) {
        app.log.debug({ payoutId, reason: error.message }, 'scheduled lock: payout keeps collecting');
        continue;
      }
      throw error;
    }
  }
  if (locked.length > 0) app.log.info({ payoutDate: round.payoutDate, locked }, 'scheduled payout lock');
  return { locked };
}
