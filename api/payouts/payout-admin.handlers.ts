import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors';
import { PayoutRefused } from '../../domain/payouts/payout.decider';
import { payoutDestinationOf, type PayoutDetails } from '../../domain/payouts/payout-destination';
import { currentLockRound, payoutDateOfLock } from '../../domain/payouts/payout-schedule';
import type { Backdated } from '../../infra/event-store/backdating';
import { ConcurrencyError, type EventMetadata } from '../../infra/event-store/event-store';
import { findUserById, type UserRow } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { loadPayout, runPayoutCommand } from './payout-commands';
import { failedPayoutsOf, findPayout, pendingBankPayoutsOpenedBefore } from './payouts.repository';

/** The job that locks bank payouts before each payout date, as event metadata names it. */
export const PAYOUT_SCHEDULE = 'payout-schedule';

const notFound = () => new DomainError('NOT_FOUND', 'There is no such payout.');

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
 * minimum or without a complete payout method: it keeps collecting); a failed one is locked again,
 * for the same amount, with the details the author has corrected.
 */
export async function lockPayout(
  app: AppContext,
  payoutId: number,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<void> {
  const row = await findPayout(app.pool, payoutId);
  if (!row) throw notFound();
  const { destination, missing } = await authorDestination(app, row.author_id);
  const at = options.occurredAt ?? app.now();
  const payoutDate = destination ? payoutDateOfLock(at, destination.method) : null;
  await runPayoutCommand(
    app,
    payoutId,
    (state) =>
      state.status === 'ERROR'
        ? { type: 'RelockPayout', destination, missingDetails: missing, payoutDate, relockedAt: at }
        : { type: 'LockPayout', destination, missingDetails: missing, payoutDate, lockedAt: at },
    metadata,
    options,
  );
}

/**
 * sendPayout: a PayPal payout goes through PayPal's Payouts API (or the local stand-in) and is SENT
 * with PayPal's batch id, or ERROR with PayPal's reason when PayPal refuses it; when PayPal cannot
 * be reached it stays LOCKED and the error is reported. A bank payout is SENT once it went out in a
 * SEPA file, with that file's message id as its reference.
 */
export async function sendPayout(
  app: AppContext,
  payoutId: number,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<{ status: 'SENT' | 'ERROR'; reason?: string }> {
  const at = () => options.occurredAt ?? app.now();
  const loaded = await loadPayout(app, app.pool, payoutId);
  const { state } = loaded;
  if (state.status === null) throw notFound();
  if (
    state.destination?.method === 'PAYPAL' &&
    state.status === 'LOCKED' &&
    state.lockedAmountCents !== null
  ) {
    // One PayPal batch id per lock: a retry after a lost answer cannot pay twice.
    const lockVersion = [...loaded.events]
      .reverse()
      .find((event) => event.type === 'PayoutLocked' || event.type === 'PayoutRelocked')?.streamVersion;
    const result = await app.payments.paypalPayouts.send({
      senderBatchId: `payout-${payoutId}-${lockVersion ?? 0}`,
      senderItemId: `payout-${payoutId}`,
      receiverEmail: state.destination.paypalAccount,
      amountCents: state.lockedAmountCents,
      note: `TrackSkins author payout ${payoutId}`,
      emailSubject: 'Your TrackSkins payout',
    });
    if (result.status === 'refused') {
      await runPayoutCommand(
        app,
        payoutId,
        { type: 'FailPayout', reason: result.reason, failedAt: at() },
        metadata,
        options,
      );
      app.log.warn({ payoutId, reason: result.reason }, 'PayPal refused a payout');
      return { status: 'ERROR', reason: result.reason };
    }
    await runPayoutCommand(
      app,
      payoutId,
      { type: 'SendPayout', transferReference: result.batchId, sentAt: at() },
      metadata,
      options,
    );
    return { status: 'SENT' };
  }
  await runPayoutCommand(
    app,
    payoutId,
    (current) => ({
      type: 'SendPayout',
      transferReference: current.exported?.batchId ?? '',
      sentAt: at(),
    }),
    metadata,
    options,
  );
  return { status: 'SENT' };
}

/** markPayoutFailed: the transfer of a locked or sent payout failed (a bank's return, PayPal's report). */
export async function markPayoutFailed(
  app: AppContext,
  payoutId: number,
  reason: string,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<void> {
  const at = options.occurredAt ?? app.now();
  await runPayoutCommand(app, payoutId, { type: 'FailPayout', reason, failedAt: at }, metadata, options);
}

/**
 * The scheduled lock round: between a bank payout date's lock time and the date, the pending bank
 * payouts opened before the lock time are locked when they can be (at least 50 EUR, complete
 * details); the others keep collecting for the next date. Safe to run again and from several
 * instances: a locked payout is not pending any more.
 */
export async function lockScheduledPayouts(app: AppContext): Promise<{ locked: number[] }> {
  const round = currentLockRound(app.now());
  if (!round) return { locked: [] };
  const locked: number[] = [];
  const metadata = {
    actor: { system: PAYOUT_SCHEDULE },
    correlationId: `${PAYOUT_SCHEDULE}:${randomUUID()}`,
  };
  for (const payoutId of await pendingBankPayoutsOpenedBefore(app.pool, round.lockAt)) {
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
