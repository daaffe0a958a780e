import { sql } from 'slonik';
import { z } from 'zod';
import {
  bookEvent,
  emptyLedgerState,
  FINANCE_EVENT_TYPES,
  type FinanceEvent,
} from '../domain/finance/finance-ledger';
import type { JournalEntry, LedgerOrder } from '../domain/finance/journal-rules';
import { monthOf } from '../domain/finance/month-summary';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isFinanceEvent = isEventOf<FinanceEvent>(FINANCE_EVENT_TYPES);

const ledgerOrder = z.object({
  orderId: z.string(),
  externalId: z.string().nullable(),
  totalCents: z.number(),
  vatCents: z.number(),
  siteFeeCents: z.number(),
  paymentFeeCents: z.number(),
  authorShareCents: z.number(),
  vat: z.object({
    treatment: z.enum(['OSS', 'DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', 'NOT_REGISTERED', 'BEFORE_VAT']),
    country: z.string().nullable(),
    rateBasisPoints: z.number(),
  }),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
}) satisfies z.ZodType<LedgerOrder>;

/** The id a finance event is about, for loading what booking it needs. */
function orderIdOf(event: FinanceEvent): string | null {
  return 'orderId' in event.data ? event.data.orderId : null;
}

/**
 * The finance journal (docs/finance.md): every event that moved money booked as a balanced
 * double-entry entry by the pure rules of `domain/finance` (`bookEvent`), its id the event's global
 * position, its time the event's own (payment received, refunded, sent, failed), so a rebuild gives
 * the same rows. What booking remembers between batches is each order's recorded amounts and
 * documents (`finance_orders`) and each payout's latest entry (whether it is out), loaded for the
 * events of a batch. A document (invoice, credit note) is written onto its entry whether it
 * comes before or after it.
 */
export const financeJournalProjection: RebuildableProjection = {
  name: 'finance-journal',
  mode: 'catch-up',
  eventTypes: FINANCE_EVENT_TYPES,
  tables: [{ name: 'finance_orders' }, { name: 'finance_entries' }, { name: 'finance_journal_lines' }],
  async apply(tx, events) {
    const batch = events.filter(isFinanceEvent);
    if (batch.length === 0) return;
    const state = emptyLedgerState();
    const orderIds = new Set<string>();
    const payoutIds = new Set<number>();
    for (const event of batch) {
      const orderId = orderIdOf(event);
      if (event.type !== 'OrderPlaced' && orderId !== null) orderIds.add(orderId);
      if (event.type === 'PayoutSent' || event.type === 'PayoutFailed') payoutIds.add(event.data.payoutId);
    }
    for (const order of await ordersOf(tx, [...orderIds])) state.orders.set(order.orderId, order);
    for (const [id, cents] of await payoutsOf(tx, [...payoutIds])) state.sentPayouts.set(id, cents);

    const orders = new Map<string, LedgerOrder>();
    const entries: JournalEntry[] = [];
    const documents: { order_id: number; kind: string; number: string }[] = [];
    for (const event of batch) {
      for (const change of bookEvent(state, event, event.globalPosition)) {
        if (change.kind === 'ORDER') orders.set(change.order.orderId, change.order);
        else if (change.kind === 'ENTRY') entries.push(change.entry);
        else if (change.kind === 'DOCUMENT') {
          documents.push({ order_id: Number(change.orderId), kind: change.entryKind, number: change.number });
        }
        // PAYOUT: whether a payout is out is read back from its latest entry (payoutsOf).
      }
    }
    await writeOrders(tx, [...orders.values()]);
    await writeEntries(tx, entries);
    if (documents.length > 0) {
      await tx.query(sql.unsafe`
        update finance_entries e set document_number = d.number
        from json_to_recordset(${jsonRows(documents)}) as d(order_id bigint, kind text, number text)
        where e.order_id = d.order_id and e.kind = d.kind`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate finance_orders, finance_entries, finance_journal_lines`);
  },
};

async function ordersOf(tx: DatabaseTransactionConnection, ids: readonly string[]): Promise<LedgerOrder[]> {
  if (ids.length === 0) return [];
  const rows = await tx.anyFirst(sql.type(z.object({ facts: ledgerOrder }))`
    select facts from finance_orders where order_id = any(${sql.array(ids.map(Number), 'int8')})`);
  return [...rows];
}

/**
 * The payouts that are out (their latest entry is a send: a failure after it books a return) and
 * their amounts. A payout's events are one stream, so its latest entry has the highest position.
 */
async function payoutsOf(tx: DatabaseTransactionConnection, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await tx.any(sql.type(
    z.object({ payout_id: z.number(), kind: z.string(), amount_cents: z.number() }),
  )`
    select distinct on (payout_id) payout_id, kind, amount_cents from finance_entries
    where payout_id = any(${sql.array(ids, 'int8')})
    order by payout_id, entry_id desc`);
  return new Map(
    rows.filter((row) => row.kind === 'PAYOUT_SENT').map((row) => [row.payout_id, row.amount_cents]),
  );
}

async function writeOrders(tx: DatabaseTransactionConnection, orders: readonly LedgerOrder[]) {
  if (orders.length === 0) return;
  await tx.query(sql.unsafe`
    insert into finance_orders (order_id, facts)
    select x.order_id, x.facts from json_to_recordset(${jsonRows(
      orders.map((order) => ({ order_id: Number(order.orderId), facts: order })),
    )}) as x(order_id bigint, facts jsonb)
    on conflict (order_id) do update set facts = excluded.facts`);
}

async function writeEntries(tx: DatabaseTransactionConnection, entries: readonly JournalEntry[]) {
  if (entries.length === 0) return;
  await tx.query(sql.unsafe`
    insert into finance_entries (entry_id, kind, booked_at, month, order_id, order_external_id, payout_id,
      document_number, description, amount_cents, vat_cents, site_fee_cents, payment_fee_cents,
      author_share_cents, vat_treatment, vat_country, vat_rate_basis_points)
    select x.entry_id, x.kind, x.booked_at, x.month, x.order_id, x.order_external_id, x.payout_id,
      x.document_number, x.description, x.amount_cents, x.vat_cents, x.site_fee_cents, x.payment_fee_cents,
      x.author_share_cents, x.vat_treatment, x.vat_country, x.vat_rate_basis_points
    from json_to_recordset(${jsonRows(
      entries.map((entry) => ({
        entry_id: entry.entryId,
        kind: entry.kind,
        booked_at: entry.bookedAt,
        month: `${monthOf(entry.bookedAt)}-01`,
        order_id: entry.orderId === null ? null : Number(entry.orderId),
        order_external_id: entry.orderExternalId,
        payout_id: entry.payoutId,
        document_number: entry.documentNumber,
        description: entry.description,
        amount_cents: entry.amountCents,
        vat_cents: entry.vatCents,
        site_fee_cents: entry.siteFeeCents,
        payment_fee_cents: entry.paymentFeeCents,
        author_share_cents: entry.authorShareCents,
        vat_treatment: entry.vatTreatment,
        vat_country: entry.vatCountry,
        vat_rate_basis_points: entry.vatRateBasisPoints,
      })),
    )}) as x(entry_id bigint, kind text, booked_at timestamptz, month date, order_id bigint,
      order_external_id text, payout_id bigint, document_number text, description text, amount_cents bigint,
      vat_cents bigint, site_fee_cents bigint, payment_fee_cents bigint, author_share_cents bigint,
      vat_treatment text, vat_country text, vat_rate_basis_points integer)`);
  await tx.query(sql.unsafe`
    insert into finance_journal_lines (entry_id, line_no, account, debit_cents, credit_cents)
    select x.entry_id, x.line_no, x.account, x.debit_cents, x.credit_cents
    from json_to_recordset(${jsonRows(
      entries.flatMap((entry) =>
        entry.lines.map((l, index) => ({
          entry_id: entry.entryId,
          line_no: index + 1,
          account: l.account,
          debit_cents: l.debitCents,
          credit_cents: l.creditCents,
        })),
      ),
    )}) as x(entry_id bigint, line_no smallint, account text, debit_cents bigint, credit_cents bigint)`);
}
