import { randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/errors';
import {
  exportSepaRules,
  type SepaFileCall,
  type StoredSepaFile,
} from '../../domain/payouts/payout-outside-steps';
import { payoutStreamId } from '../../domain/payouts/payout.events';
import type { Backdated } from '../../infra/event-store/backdating';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { handleCommandWithOutsideStep } from '../../infra/event-store/outside-step-command';
import { buildSepaCreditTransfer, SepaExportRefused } from '../../infra/payouts/sepa-credit-transfer';
import type { AppContext } from '../app-context';
import { payoutStream } from './payout-commands';
import { payoutsByIds } from './payouts.repository';
import {
  findSepaFile,
  findSepaFileByKey,
  insertSepaFile,
  type SepaFileSummaryRow,
} from './sepa-files.repository';

/** A file holds at most this many payouts. */
export const MAX_SEPA_PAYOUTS = 500;

/** The bank payout date a SEPA file asks for: the earliest payout date ahead, or today. */
function executionDateOf(payoutDates: readonly (string | null)[], now: Date): string {
  const today = now.toISOString().slice(0, 10);
  const ahead = payoutDates.filter((date): date is string => date !== null && date >= today).sort();
  return ahead[0] ?? today;
}

const refused = (message: string) => new DomainError('BAD_USER_INPUT', message, 'ids');

/**
 * The outside step: the file, stored under the command's key. A file stored under that key already
 * (an export that failed before its payouts recorded it) is the answer, so a retry records the
 * first file and never makes a second one.
 */
async function storeSepaFile(
  app: AppContext,
  call: SepaFileCall,
  key: string,
  by: { userId: number; now: Date },
): Promise<StoredSepaFile> {
  const storedAs = (file: { id: string; message_id: string; created_at: number }): StoredSepaFile => ({
    fileId: file.id,
    messageId: file.message_id,
    createdAt: new Date(file.created_at).toISOString(),
  });
  const stored = await findSepaFileByKey(app.pool, key);
  if (stored) return storedAs(stored);
  const debtor = app.config.payouts.sepaDebtor!;
  const ids = call.transfers.map((transfer) => transfer.payoutId);
  const fileId = randomUUID();
  const stamp = by.now.toISOString().replace(/\D/g, '').slice(0, 14);
  const messageId = `TS-SEPA-${stamp}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const rows = await payoutsByIds(app.pool, ids);
  const executionDate = executionDateOf(
    rows.map((row) => row.payout_date),
    by.now,
  );
  let file;
  try {
    file = buildSepaCreditTransfer({
      messageId,
      createdAt: by.now,
      executionDate,
      debtor,
      transfers: call.transfers.map((transfer) => ({
        endToEndId: transfer.endToEndId,
        amountCents: transfer.amountCents,
        creditor: transfer.creditor,
        remittance: `TrackSkins author payout ${transfer.payoutId}`,
      })),
      eventLogHead: chainHeadLine(await chainHead(app.pool)),
    });
  } catch (error) {
    if (error instanceof SepaExportRefused) throw refused(error.message);
    throw error;
  }
  const inserted = await insertSepaFile(app.pool, {
    id: fileId,
    message_id: messageId,
    filename: `${messageId}.xml`,
    payout_ids: ids,
    payout_count: ids.length,
    total_cents: file.controlSumCents,
    execution_date: executionDate,
    created_by: by.userId,
    xml: file.xml,
    createdAt: by.now,
    idempotencyKey: key,
  });
  // Another attempt at the same command stored its file first: that one is the answer.
  return storedAs(
    inserted
      ? { id: fileId, message_id: messageId, created_at: by.now.getTime() }
      : (await findSepaFileByKey(app.pool, key))!,
  );
}

/**
 * Makes one SEPA credit transfer file (pain.001.001.09) of locked bank payouts, which an admin
 * uploads to the bank, and stores it. Through the command path with an outside step
 * (handleCommandWithOutsideStep): the payouts' deciders rule first (each must be a locked bank
 * payout in no file: one already in a file is refused, CONFLICT, naming the file, until an admin
 * withdraws it); the file is stored outside any transaction under the command's key (the payouts
 * and the versions of their locks and withdrawals); then each payout records the export
 * (`PayoutExported`, naming the file) with the version read. A retry after a failure between the
 * two finds the stored file by its key and records that one. Each transfer's end-to-end id comes
 * from its payout alone (`TSP-<id>`). Refused (BAD_USER_INPUT) when a payout is not a locked bank
 * payout or the file would not be valid.
 */
export async function exportSepaFile(
  app: AppContext,
  payoutIds: readonly number[],
  metadata: EventMetadata & { actor: { userId: number } },
  options: { occurredAt?: Backdated } = {},
): Promise<SepaFileSummaryRow> {
  if (!app.config.payouts.sepaDebtor) {
    throw refused(
      'The bank account payouts are paid from is not configured (SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN, SEPA_DEBTOR_BIC).',
    );
  }
  const ids = [...new Set(payoutIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw refused('Choose at least one payout.');
  if (ids.length > MAX_SEPA_PAYOUTS) throw refused(`A file holds at most ${MAX_SEPA_PAYOUTS} payouts.`);
  const by = { userId: metadata.actor.userId, now: options.occurredAt ?? app.now() };
  const { outcome } = await handleCommandWithOutsideStep(
    app,
    {
      streamIds: ids.map(payoutStreamId),
      kind: payoutStream,
      decider: exportSepaRules,
      commandKind: 'sepa-export',
      keyAnchors: ['PayoutLocked', 'PayoutRelocked', 'PayoutExportWithdrawn'],
    },
    { payoutIds: ids },
    (call, key) => storeSepaFile(app, call, key, by),
    { metadata, ...options },
  );
  const file = await findSepaFile(app.pool, outcome!.fileId);
  if (!file) throw new Error(`The stored SEPA file ${outcome!.fileId} is gone`);
  const { xml: _xml, ...summary } = file;
  return summary;
}
