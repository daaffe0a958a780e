import { sql } from 'slonik';
import { z } from 'zod';
import { ACCOUNTS } from '../../domain/finance/chart-of-accounts';
import type { JournalEntry } from '../../domain/finance/journal-rules';
import {
  monthBounds,
  monthsOfQuarter,
  monthSummary,
  ossReturn,
  type MonthSummary,
  type OssRow,
} from '../../domain/finance/month-summary';
import type { Queryable } from '../../infra/db/pool';

const entryRow = z.object({
  entry_id: z.number(),
  kind: z.enum(['SALE', 'REFUND', 'LATE_PAYMENT', 'LATE_PAYMENT_RETURNED', 'PAYOUT_SENT', 'PAYOUT_RETURNED']),
  booked_at: z.string(),
  order_id: z.number().nullable(),
  order_external_id: z.string().nullable(),
  payout_id: z.number().nullable(),
  document_number: z.string().nullable(),
  description: z.string(),
  amount_cents: z.number(),
  vat_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  author_share_cents: z.number(),
  vat_treatment: z
    .enum(['OSS', 'DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', 'NOT_REGISTERED', 'BEFORE_VAT'])
    .nullable(),
  vat_country: z.string().nullable(),
  vat_rate_basis_points: z.number().nullable(),
  lines: z.array(z.object({ account: z.string(), debitCents: z.number(), creditCents: z.number() })),
});

/** The journal entries booked in [from, to) (ISO times), with their lines, in entry order. */
export async function journalEntriesBetween(
  db: Queryable,
  from: string,
  to: string,
): Promise<JournalEntry[]> {
  const rows = await db.any(sql.type(entryRow)`
    select e.entry_id, e.kind, to_char(e.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as booked_at,
           e.order_id, e.order_external_id, e.payout_id, e.document_number, e.description, e.amount_cents,
           e.vat_cents, e.site_fee_cents, e.payment_fee_cents, e.author_share_cents, e.vat_treatment,
           e.vat_country, e.vat_rate_basis_points,
           coalesce((select jsonb_agg(jsonb_build_object('account', l.account, 'debitCents', l.debit_cents,
                                                         'creditCents', l.credit_cents) order by l.line_no)
                     from finance_journal_lines l where l.entry_id = e.entry_id), '[]') as lines
    from finance_entries e
    where e.booked_at >= ${from}::timestamptz and e.booked_at < ${to}::timestamptz
    order by e.entry_id`);
  return rows.map((row) => ({
    entryId: row.entry_id,
    kind: row.kind,
    bookedAt: row.booked_at,
    orderId: row.order_id === null ? null : String(row.order_id),
    orderExternalId: row.order_external_id,
    payoutId: row.payout_id,
    documentNumber: row.document_number,
    description: row.description,
    amountCents: row.amount_cents,
    vatCents: row.vat_cents,
    siteFeeCents: row.site_fee_cents,
    paymentFeeCents: row.payment_fee_cents,
    authorShareCents: row.author_share_cents,
    vatTreatment: row.vat_treatment,
    vatCountry: row.vat_country,
    vatRateBasisPoints: row.vat_rate_basis_points,
    lines: row.lines,
  }));
}

/** What was owed to authors at an instant: the payable account's credits less debits before it. */
export async function owedToAuthorsBefore(db: Queryable, at: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ owed: z.number() }))`
    select coalesce(sum(l.credit_cents - l.debit_cents), 0)::int8 as owed
    from finance_journal_lines l join finance_entries e using (entry_id)
    where l.account = ${ACCOUNTS.PAYABLE_TO_AUTHORS} and e.booked_at < ${at}::timestamptz`);
}

/** A month's summary (UTC) and its entries, from the finance journal. */
export async function financeMonth(
  db: Queryable,
  month: string,
): Promise<{ summary: MonthSummary; entries: JournalEntry[] }> {
  const { from, to } = monthBounds(month);
  const entries = await journalEntriesBetween(db, from, to);
  const opening = await owedToAuthorsBefore(db, from);
  return { summary: monthSummary(month, entries, opening), entries };
}

/** The One-Stop-Shop return of a quarter (`2026-Q4`), from the finance journal. */
export async function ossQuarter(db: Queryable, quarter: string): Promise<OssRow[]> {
  const months = monthsOfQuarter(quarter);
  const entries = await journalEntriesBetween(db, monthBounds(months[0]!).from, monthBounds(months[2]!).to);
  return ossReturn(entries);
}

/** The months (YYYY-MM) that have entries, newest first. */
export async function financeMonths(db: Queryable): Promise<string[]> {
  const rows = await db.anyFirst(sql.type(z.object({ month: z.string() }))`
    select distinct to_char(month, 'YYYY-MM') as month from finance_entries order by 1 desc`);
  return [...rows];
}
