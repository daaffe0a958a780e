import { centsToEuros, formatBasisPoints, formatEuros } from '../money';
import { csvText, type CsvCell } from '../text/csv';
import { accountName } from './chart-of-accounts';
import type { JournalEntry } from './journal-rules';
import type { MonthSummary, OssRow } from './month-summary';

// The finance exports (docs/finance.md): amounts in euros with two decimals and a dot, as
// `formatEuros` writes them for machines; every file through the product's one CSV writer.

const eur = formatEuros;
const rate = (basisPoints: number) => formatBasisPoints(basisPoints);
const upper = (country: string | null) => (country ? country.toUpperCase() : '');

export const SUMMARY_CSV_HEADER = [
  'section',
  'figure',
  'treatment',
  'country',
  'rate %',
  'count',
  'amount EUR',
];

/** The month summary as rows of figures: one figure a row, VAT one row per treatment, country and rate. */
export function summaryCsv(summary: MonthSummary): string {
  const rows: CsvCell[][] = [];
  const figure = (section: string, name: string, cents: number, count: number | null = null) =>
    rows.push([section, name, '', '', '', count, eur(cents)]);
  const { sales, refunds, latePayments, payouts, owedToAuthors } = summary;
  figure('sales', 'gross', sales.grossCents, sales.count);
  figure('sales', 'VAT', sales.vatCents);
  figure('sales', 'net', sales.netCents);
  figure('sales', 'site fees', sales.siteFeeCents);
  figure('sales', 'payment provider fees', sales.paymentFeeCents);
  figure('sales', 'author shares', sales.authorShareCents);
  for (const row of summary.vat) {
    rows.push([
      'VAT',
      'net of refunds',
      row.treatment,
      upper(row.country),
      rate(row.rateBasisPoints),
      row.salesCount,
      eur(row.netCents),
    ]);
    rows.push([
      'VAT',
      'VAT of sales',
      row.treatment,
      upper(row.country),
      rate(row.rateBasisPoints),
      row.salesCount,
      eur(row.salesVatCents),
    ]);
    rows.push([
      'VAT',
      'VAT of refunds',
      row.treatment,
      upper(row.country),
      rate(row.rateBasisPoints),
      row.refundCount,
      eur(row.refundedVatCents),
    ]);
    rows.push([
      'VAT',
      'VAT due',
      row.treatment,
      upper(row.country),
      rate(row.rateBasisPoints),
      null,
      eur(row.vatCents),
    ]);
  }
  figure('refunds', 'gross', refunds.grossCents, refunds.count);
  figure('refunds', 'VAT', refunds.vatCents);
  figure('refunds', 'author shares taken back', refunds.authorShareCents);
  figure('refunds', 'site part', refunds.sitePartCents);
  rows.push([
    'refunds',
    'credit notes',
    '',
    '',
    '',
    refunds.creditNoteNumbers.length,
    refunds.creditNoteNumbers.join(' '),
  ]);
  figure('late payments', 'received', latePayments.receivedCents, latePayments.receivedCount);
  figure('late payments', 'returned', latePayments.returnedCents, latePayments.returnedCount);
  figure('payouts', 'sent', payouts.sentCents, payouts.sentCount);
  figure('payouts', 'returned (failed after sending)', payouts.returnedCents, payouts.returnedCount);
  figure('owed to authors', 'opening', owedToAuthors.openingCents);
  figure('owed to authors', 'plus author shares', owedToAuthors.sharesCents);
  figure('owed to authors', 'less refund adjustments', owedToAuthors.refundAdjustmentsCents);
  figure('owed to authors', 'less paid out (sent less returned)', owedToAuthors.paidOutCents);
  figure('owed to authors', 'closing', owedToAuthors.closingCents);
  rows.push(['owed to authors', 'ties out', '', '', '', null, owedToAuthors.tiesOut ? 'yes' : 'NO']);
  return csvText(SUMMARY_CSV_HEADER, rows);
}

export const JOURNAL_CSV_HEADER = [
  'date',
  'entry',
  'account',
  'account name',
  'debit EUR',
  'credit EUR',
  'document number',
  'description',
];

/** The journal a bookkeeper imports: one row per line, entries in order, each entry balanced. */
export function journalCsv(entries: readonly JournalEntry[]): string {
  const rows: CsvCell[][] = [];
  for (const entry of [...entries].sort((a, b) => a.entryId - b.entryId)) {
    for (const l of entry.lines) {
      rows.push([
        entry.bookedAt.slice(0, 10),
        entry.entryId,
        l.account,
        accountName(l.account),
        l.debitCents === 0 ? '' : eur(l.debitCents),
        l.creditCents === 0 ? '' : eur(l.creditCents),
        entry.documentNumber ?? '',
        entry.description,
      ]);
    }
  }
  return csvText(JOURNAL_CSV_HEADER, rows);
}

export const OSS_CSV_HEADER = [
  'member state',
  'rate %',
  'taxable amount EUR',
  'VAT EUR',
  'sales net EUR',
  'sales VAT EUR',
  'refunds net EUR',
  'refunds VAT EUR',
];

/** The One-Stop-Shop return of a quarter, with a total row. */
export function ossCsv(rows: readonly OssRow[]): string {
  const total = rows.reduce(
    (sum, row) => ({
      taxable: sum.taxable + row.taxableCents,
      vat: sum.vat + row.vatCents,
      salesNet: sum.salesNet + row.salesNetCents,
      salesVat: sum.salesVat + row.salesVatCents,
      refundedNet: sum.refundedNet + row.refundedNetCents,
      refundedVat: sum.refundedVat + row.refundedVatCents,
    }),
    { taxable: 0, vat: 0, salesNet: 0, salesVat: 0, refundedNet: 0, refundedVat: 0 },
  );
  return csvText(OSS_CSV_HEADER, [
    ...rows.map((row) => [
      upper(row.country),
      rate(row.rateBasisPoints),
      eur(row.taxableCents),
      eur(row.vatCents),
      eur(row.salesNetCents),
      eur(row.salesVatCents),
      eur(row.refundedNetCents),
      eur(row.refundedVatCents),
    ]),
    [
      'total',
      '',
      eur(total.taxable),
      eur(total.vat),
      eur(total.salesNet),
      eur(total.salesVat),
      eur(total.refundedNet),
      eur(total.refundedVat),
    ],
  ]);
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * A summary (or any figures) for JSON readers: every `…Cents` amount becomes euros with two
 * decimals under the name without the suffix (`grossCents: 350` → `gross: 3.5`), as money crosses
 * the API.
 */
export function inEuros(value: unknown): Json {
  if (Array.isArray(value)) return value.map(inEuros);
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key.endsWith('Cents') && typeof inner === 'number') out[key.slice(0, -5)] = centsToEuros(inner);
      else out[key] = inEuros(inner);
    }
    return out;
  }
  return value as Json;
}
