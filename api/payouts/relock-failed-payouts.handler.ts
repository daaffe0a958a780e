import { PayoutRefused } from '../../domain/payouts/payout.decider';
import { ConcurrencyError, type EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { lockPayout } from './lock-payout.handler';
import { failedPayoutsOf } from './payouts.repository';

/**
 * After an author saved their payout details: each failed payout of theirs is locked again with the
 * new details (a payout whose details are still incomplete stays failed). Returns the relocked ids.
 */
export async function relockFailedPayouts(
  app: AppContext,
  authorId: number,
  metadata: EventMetadata,
): Promise<number[]> {
  const relocked: number[] = [];
  for (const payoutId of await failedPayoutsOf(app.pool, authorId)) {
    try {
      await lockPayout(app, payoutId, metadata);
      relocked.push(payoutId);
    } catch (error) {
      if (!(error instanceof PayoutRefused || error instanceof ConcurrencyError)) throw error;
    }
  }
  return relocked;
}
