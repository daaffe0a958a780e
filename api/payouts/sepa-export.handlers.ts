import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors';
import { payoutDecider } from '../../domain/payouts/payout.decider';
import { PAYOUT_STREAM_TYPE, payoutStreamId } from '../../domain/payouts/payout.events';
import type { Backdated } from '../../infra/event-store/backdating';
import { retryOnConflict } from '../../infra/event-store/command-handler';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { buildSepaCreditTransfer, SepaExportRefused } from '../../infra/payouts/sepa-credit-transfer';
import type { AppContext } from '../app-context';
import { loadPayout, payoutEventsToAppend, runPayoutCommand } from './payout-commands';
import { payoutsByIds } from './payouts.repository';
import { insertSepaFile, type SepaFileSummaryRow } from './sepa-files.repository';

/** A file holds at most this many payouts. */
export const MAX_SEPA_PAYOUTS = 500;
/** Attempts when another writer appended to one of the payouts while the file was being made. */
const EXPORT_ATTEMPTS = 3;

/** The bank payout date a SEPA file asks for: the earliest payout date ahead, or today. */
function executionDateOf(payoutDates: readonly (string | null)[], now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const ahead = payoutDates.filter((date): date is string => date !== null && date >= today).sort();
  return ahead[0] ?? today;
}

const refused = (message: string) => new DomainError('BAD_USER_INPUT', message, 'ids');

/**
 * Makes one SEPA credit transfer file (pain.001.001.09) of locked bank payouts, which an admin
 * uploads to the bank, and stores it. In one transaction each payout's decider records the export
 * (`PayoutExported`, naming the file) and the file is kept, so a payout is in one file at a time:
 * one already in a file is refused (CONFLICT, naming the file) until an admin withdraws it. Each
 * transfer's end-to-end id comes from its payout alone (`TSP-<id>`). Refused (BAD_USER_INPUT) when
 * a payout is not a locked bank payout or the file would not be valid.
 */
export async function exportSepaFile(
  app: AppContext,
  payoutIds: readonly number[],
  metadata: EventMetadata & { actor: { userId: number } },
  options: { occurredAt?: Backdated } = {},
): Promise<SepaFileSummaryRow> {
  const debtor = app.config.payouts.sepaDebtor;
  if (!debtor) {
    throw refused(
      'The bank account payouts are paid from is not configured (SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN, SEPA_DEBTOR_BIC).',
    );
  }
  const ids = [...new Set(payoutIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw refused('Choose at least one payout.');
  if (ids.length > MAX_SEPA_PAYOUTS) throw refused(`A file holds at most ${MAX_SEPA_PAYOUTS} payouts.`);
  return retryOnConflict(EXPORT_ATTEMPTS, () =>
    app.pool.transaction(async (tx) => {
      const now = options.occurredAt ?? app.now();
      const fileId = randomUUID();
      const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
      const messageId = `TS-SEPA-${stamp}-${randomBytes(3).toString('hex').toUpperCase()}`;
      const entries = await Promise.all(
        ids.map(async (id) => {
          const { state, version } = await loadPayout(app, tx, id);
          const destination = state.destination;
          if (
            state.status !== 'LOCKED' ||
            destination?.method !== 'BANK_TRANSFER' ||
            state.lockedAmountCents === null
          ) {
            throw refused(`Payout ${id} is not a locked bank transfer payout.`);
          }
          // The decider refuses a payout already in a file, and gives the end-to-end id.
          const events = payoutDecider.decide(
            { type: 'RecordPayoutExport', fileId, batchId: messageId, exportedAt: now },
            state,
          );
          const exported = events.find((event) => event.type === 'PayoutExported');
          if (!exported) throw new Error(`The export of payout ${id} decided no PayoutExported`);
          return {
            id,
            version,
            events,
            transfer: {
              endToEndId: exported.data.endToEndId,
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
        }),
      );
      const rows = await payoutsByIds(tx, ids);
      const executionDate = executionDateOf(
        rows.map((row) => row.payout_date),
        now,
      );
      let file;
      try {
        file = buildSepaCreditTransfer({
          messageId,
          createdAt: now,
          executionDate,
          debtor,
          transfers: entries.map((entry) => entry.transfer),
          eventLogHead: chainHeadLine(await chainHead(tx)),
        });
      } catch (error) {
        if (error instanceof SepaExportRefused) throw refused(error.message);
        throw error;
      }
      // The events first (an append is the transaction's first write), then the file they name.
      await app.store.append(
        tx,
        entries.map(({ id, version, events }) => ({
          streamId: payoutStreamId(id),
          streamType: PAYOUT_STREAM_TYPE,
          expectedVersion: version,
          events: payoutEventsToAppend(events, metadata, options.occurredAt),
        })),
      );
      const summary = {
        id: fileId,
        message_id: messageId,
        filename: `${messageId}.xml`,
        payout_ids: ids,
        payout_count: ids.length,
        total_cents: file.controlSumCents,
        execution_date: executionDate,
        created_by: metadata.actor.userId,
      };
      await insertSepaFile(tx, { ...summary, xml: file.xml, createdAt: now });
      return { ...summary, created_at: now.getTime() };
    }),
  );
}

/**
 * withdrawPayoutFromFile: an admin takes a locked payout out of the SEPA file that holds it (the
 * bank rejected the file, or it was never uploaded), with the reason; it may then go into a new
 * file, with the same end-to-end id.
 */
export async function withdrawPayoutFromFile(
  app: AppContext,
  payoutId: number,
  reason: string,
  metadata: EventMetadata,
): Promise<void> {
  await runPayoutCommand(
    app,
    payoutId,
    { type: 'WithdrawPayoutExport', reason, withdrawnAt: app.now() },
    metadata,
  );
}
