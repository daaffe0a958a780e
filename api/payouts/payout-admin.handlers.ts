import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors';
import { PayoutRefused } from '../../domain/payouts/payout.decider';
import { payoutDestinationOf, type PayoutDetails } from '../../domain/payouts/payout-destination';
import { currentLockRound, payoutDateOfLock } from '../../domain/payouts/payout-schedule';
import { PAYOUT_STREAM_TYPE, payoutStreamId, type PayoutEvent } from '../../domain/payouts/payout.events';
import type { Backdated } from '../../infra/event-store/backdating';
import { ConcurrencyError, type EventMetadata } from '../../infra/event-store/event-store';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import { buildSepaCreditTransfer, SepaExportRefused } from '../../infra/payouts/sepa-credit-transfer';
import { findUserById, type UserRow } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { loadPayout, payoutEventsToAppend, runPayoutCommand } from './payout-commands';
import {
  failedPayoutsOf,
  findPayout,
  payoutsByIds,
  pendingBankPayoutsOpenedBefore,
} from './payouts.repository';

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

/** The bank payout date a SEPA file asks for: the earliest payout date ahead, or today. */
function executionDateOf(payoutDates: readonly (string | null)[], now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const ahead = payoutDates.filter((date): date is string => date !== null && date >= today).sort();
  return ahead[0] ?? today;
}

/**
 * The SEPA credit transfer file (pain.001.001.09) of locked bank payouts, which an admin uploads to
 * the bank. Each payout records that it went into the file (its message id is the batch reference
 * the send will carry), in the transaction that builds it. Refused (BAD_USER_INPUT) when any payout
 * is not a locked bank payout or the file would not be valid.
 */
export async function exportSepaFile(
  app: AppContext,
  payoutIds: readonly number[],
  metadata: EventMetadata,
): Promise<{ filename: string; xml: string; messageId: string }> {
  const debtor = app.config.payouts.sepaDebtor;
  if (!debtor) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'The bank account payouts are paid from is not configured (SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN, SEPA_DEBTOR_BIC).',
      'ids',
    );
  }
  const ids = [...new Set(payoutIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw new DomainError('BAD_USER_INPUT', 'Choose at least one payout.', 'ids');
  for (let attempt = 1; ; attempt++) {
    try {
      return await app.pool.transaction(async (tx) => {
        const now = app.now();
        const messageId = `TS-SEPA-${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex').toUpperCase()}`;
        const loaded = await Promise.all(ids.map(async (id) => ({ id, ...(await loadPayout(app, tx, id)) })));
        const transfers = loaded.map(({ id, state, version }) => {
          const destination = state.destination;
          if (
            state.status !== 'LOCKED' ||
            destination?.method !== 'BANK_TRANSFER' ||
            state.lockedAmountCents === null
          ) {
            throw new DomainError(
              'BAD_USER_INPUT',
              `Payout ${id} is not a locked bank transfer payout.`,
              'ids',
            );
          }
          return {
            id,
            version,
            transfer: {
              endToEndId: `TSP-${id}-${version}`,
              amountCents: state.lockedAmountCents,
              creditor: {
                name: destination.name,
                iban: destination.iban,
                bic: destination.bic,
                street: destination.street,
                city: destination.city,
                country: destination.country,
              },
              remittance: `TrackSkins author payout ${id}`,
            },
          };
        });
        const rows = await payoutsByIds(tx, ids);
        let file;
        try {
          file = buildSepaCreditTransfer({
            messageId,
            createdAt: now,
            executionDate: executionDateOf(
              rows.map((row) => row.payout_date),
              now,
            ),
            debtor,
            transfers: transfers.map((entry) => entry.transfer),
            eventLogHead: chainHeadLine(await chainHead(tx)),
          });
        } catch (error) {
          if (error instanceof SepaExportRefused)
            throw new DomainError('BAD_USER_INPUT', error.message, 'ids');
          throw error;
        }
        await app.store.append(
          tx,
          transfers.map(({ id, version, transfer }) => ({
            streamId: payoutStreamId(id),
            streamType: PAYOUT_STREAM_TYPE,
            expectedVersion: version,
            events: payoutEventsToAppend(
              [
                {
                  type: 'PayoutExported',
                  data: {
                    payoutId: id,
                    batchId: messageId,
                    endToEndId: transfer.endToEndId,
                    exportedAt: now.toISOString(),
                  },
                } satisfies PayoutEvent,
              ],
              metadata,
            ),
          })),
        );
        return { filename: `${messageId}.xml`, xml: file.xml, messageId };
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
  }
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
