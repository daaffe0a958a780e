import { sql } from 'slonik';
import { z } from 'zod';
import { ACCOUNTS } from '../../domain/finance/chart-of-accounts';
import type { JournalEntry } from '../../domain/finance/journal-rules';
import {
  monthBounds,
  monthsOfQuarter,
  monthSummaryOfGroups,
  ossReturn,
  type EntryGroup,
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
async function journalEntriesBetween(db: Queryable, from: string, to: string): Promise<JournalEntry[]> {
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

const groupRow = z.object({
  month: z.string(),
  kind: entryRow.shape.kind,
  vat_treatment: entryRow.shape.vat_treatment,
  vat_country: z.string().nullable(),
  vat_rate_basis_points: z.number().nullable(),
  count: z.number(),
  amount_cents: z.number(),
  vat_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  author_share_cents: z.number(),
  documented: z.number(),
  documents: z.array(z.object({ entryId: z.number(), number: z.string() })),
});
const lineTotalsRow = z.object({
  month: z.string(),
  lines: z.number(),
  debit_cents: z.number(),
  credit_cents: z.number(),
  owed_movement_cents: z.number(),
});

/**
 * Every month's summary (or one month's), added up in SQL from the journal's rows: the entries
 * grouped by kind and VAT, the lines by month, and what was owed to authors before each month.
 */
export async function financeMonthSummaries(
  db: Queryable,
  only: string | null = null,
): Promise<Map<string, MonthSummary>> {
  const onlyMonth = only === null ? sql.fragment`true` : sql.fragment`e.month = ${`${only}-01`}::date`;
  const groups = await db.any(sql.type(groupRow)`
    select to_char(e.month, 'YYYY-MM') as month, e.kind, e.vat_treatment, e.vat_country, e.vat_rate_basis_points,
           count(*)::int as count, sum(e.amount_cents)::int8 as amount_cents, sum(e.vat_cents)::int8 as vat_cents,
           sum(e.site_fee_cents)::int8 as site_fee_cents, sum(e.payment_fee_cents)::int8 as payment_fee_cents,
           sum(e.author_share_cents)::int8 as author_share_cents, count(e.document_number)::int as documented,
           coalesce(jsonb_agg(jsonb_build_object('entryId', e.entry_id, 'number', e.document_number))
                      filter (where e.kind = 'REFUND' and e.document_number is not null), '[]') as documents
    from finance_entries e where ${onlyMonth}
    group by 1, 2, 3, 4, 5`);
  const totals = await db.any(sql.type(lineTotalsRow)`
    select to_char(e.month, 'YYYY-MM') as month, count(*)::int as lines, sum(l.debit_cents)::int8 as debit_cents,
           sum(l.credit_cents)::int8 as credit_cents,
           coalesce(sum(l.credit_cents - l.debit_cents) filter (where l.account = ${ACCOUNTS.PAYABLE_TO_AUTHORS}), 0)::int8
             as owed_movement_cents
    from finance_journal_lines l join finance_entries e using (entry_id)
    where ${onlyMonth}
    group by 1`);
  const months = [...new Set([...groups.map((g) => g.month), ...totals.map((t) => t.month)])].sort();
  if (only !== null && !months.includes(only)) months.push(only);
  let owed = only === null ? 0 : await owedToAuthorsBefore(db, only);
  const summaries = new Map<string, MonthSummary>();
  for (const month of months) {
    const total = totals.find((t) => t.month === month);
    const lineTotals = {
      lines: total?.lines ?? 0,
      debitCents: total?.debit_cents ?? 0,
      creditCents: total?.credit_cents ?? 0,
      owedMovementCents: total?.owed_movement_cents ?? 0,
    };
    const monthGroups: EntryGroup[] = groups
      .filter((g) => g.month === month)
      .map((g) => ({
        kind: g.kind,
        vatTreatment: g.vat_treatment,
        vatCountry: g.vat_country,
        vatRateBasisPoints: g.vat_rate_basis_points,
        count: g.count,
        amountCents: g.amount_cents,
        vatCents: g.vat_cents,
        siteFeeCents: g.site_fee_cents,
        paymentFeeCents: g.payment_fee_cents,
        authorShareCents: g.author_share_cents,
        documented: g.documented,
        documents: g.documents,
      }));
    summaries.set(month, monthSummaryOfGroups(month, monthGroups, lineTotals, owed));
    owed += lineTotals.owedMovementCents;
  }
  return summaries;
}

/** What was owed to authors when a month (YYYY-MM) began: the payable account's lines before it. */
async function owedToAuthorsBefore(db: Queryable, month: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ owed: z.number() }))`
    select coalesce(sum(l.credit_cents - l.debit_cents), 0)::int8 as owed
    from finance_journal_lines l join finance_entries e using (entry_id)
    where l.account = ${ACCOUNTS.PAYABLE_TO_AUTHORS} and e.month < ${`${month}-01`}::date`);
}

/** A month's summary (UTC) from the finance journal. */
export async function financeMonth(db: Queryable, month: string): Promise<MonthSummary> {
  const summaries = await financeMonthSummaries(db, month);
  return summaries.get(month)!;
}

/** A month's journal entries with their lines, for the export. */
export async function journalEntriesOfMonth(db: Queryable, month: string): Promise<JournalEntry[]> {
  const { from, to } = monthBounds(month);
  return journalEntriesBetween(db, from, to);
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
