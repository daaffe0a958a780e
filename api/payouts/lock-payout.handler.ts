import { DomainError } from '../../domain/errors';
import { payoutDestinationOf, type PayoutDetails } from '../../domain/payouts/payout-destination';
import { payoutDateOfLock } from '../../domain/payouts/payout-schedule';
import type { Backdated } from '../../infra/event-store/backdating';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { findUserById, type UserRow } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { runPayoutCommand } from './payout-commands';
import { payoutPreferencesOf } from './payout-preferences.repository';
import { findPayout } from './payouts.repository';

function detailsOf(user: UserRow): PayoutDetails {
  return {
    payoutMethod: user.payout_method,
    fullname: user.fullname,
    paypalAccount: user.paypal_account,
    street: user.street,
    city: user.city,
    country: user.country,
    bankAccountIban: user.bank_account_iban,
    bankAccountBic: user.bank_account_bic,
  };
}

/** The author's payout details now, as a lock copies them. */
async function authorDestination(app: AppContext, authorId: number) {
  const author = await findUserById(app.pool, authorId);
  const resolved = author ? payoutDestinationOf(detailsOf(author)) : null;
  return resolved ?? { destination: null, missing: 'the author no longer exists.' };
}

/**
 * lockPayout: a pending payout is locked with the author's current details (refused under the
 * minimum, without a complete payout method or while the author holds their payouts: it keeps
 * collecting); a failed one is locked again,
 * for the same amount, with the details the author has corrected.
 */
export async function lockPayout(
  app: AppContext,
  payoutId: number,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<void> {
  const row = await findPayout(app.pool, payoutId);
  if (!row) throw new DomainError('NOT_FOUND', 'There is no such payout.');
  const { destination, missing } = await authorDestination(app, row.author_id);
  const { held } = await payoutPreferencesOf(app.pool, row.author_id);
  const at = options.occurredAt ?? app.now();
  const payoutDate = destination ? payoutDateOfLock(at, destination.method) : null;
  await runPayoutCommand(
    app,
    payoutId,
    (state) =>
      state.status === 'ERROR'
        ? { type: 'RelockPayout', destination, missingDetails: missing, payoutDate, relockedAt: at }
        : {
            type: 'LockPayout',
            destination,
            missingDetails: missing,
            payoutDate,
            lockedAt: at,
            heldByAuthor: held,
          },
    metadata,
    options,
  );
}
