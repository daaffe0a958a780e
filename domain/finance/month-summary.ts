import type { Cents } from '../money';
import { ACCOUNTS } from './chart-of-accounts';
import type { FinanceVatTreatment, JournalEntry, JournalLine } from './journal-rules';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;

/** `2026-10` for an ISO time (UTC). */
export const monthOf = (iso: string) => new Date(iso).toISOString().slice(0, 7);

export const isMonth = (text: string) => MONTH.test(text);
export const isQuarter = (text: string) => QUARTER.test(text);

/** The first instant of a month and of the month after it, ISO UTC. */
export function monthBounds(month: string): { from: string; to: string } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`A month is YYYY-MM, got ${month}.`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return {
    from: new Date(Date.UTC(year, index, 1)).toISOString(),
    to: new Date(Date.UTC(year, index + 1, 1)).toISOString(),
  };
}

/** The three months of a quarter (`2026-Q4` → 2026-10, 2026-11, 2026-12). */
export function monthsOfQuarter(quarter: string): string[] {
  const match = QUARTER.exec(quarter);
  if (!match) throw new RangeError(`A quarter is YYYY-Qn, got ${quarter}.`);
  const first = (Number(match[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((n) => `${match[1]}-${String(first + n).padStart(2, '0')}`);
}

/** The quarter a month is in (`2026-11` → `2026-Q4`). */
export function quarterOf(month: string): string {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`A month is YYYY-MM, got ${month}.`);
  return `${match[1]}-Q${Math.ceil(Number(match[2]) / 3)}`;
}

/** What the lines did to what is owed to authors: credits less debits of the payable account. */
export function owedMovement(lines: readonly JournalLine[]): Cents {
  let owed = 0;
  for (const l of lines) {
    if (l.account === ACCOUNTS.PAYABLE_TO_AUTHORS) owed += l.creditCents - l.debitCents;
  }
  return owed;
}

/** VAT of one treatment, member state and rate in a month: sales, refunds and what remains. */
export type VatRow = {
  treatment: FinanceVatTreatment;
  country: string | null;
  rateBasisPoints: number;
  salesCount: number;
  salesNetCents: Cents;
  salesVatCents: Cents;
  refundCount: number;
  refundedNetCents: Cents;
  refundedVatCents: Cents;
  /** Sales less refunds. */
  netCents: Cents;
  vatCents: Cents;
};

/** A month's figures (UTC), from its journal entries and what was owed to authors before it. */
export type MonthSummary = {
  month: string;
  sales: {
    count: number;
    /** What buyers paid. */
    grossCents: Cents;
    vatCents: Cents;
    /** Gross less VAT. */
    netCents: Cents;
    siteFeeCents: Cents;
    paymentFeeCents: Cents;
    authorShareCents: Cents;
    /** Sales whose invoice has been issued. */
    invoiced: number;
  };
  vat: VatRow[];
  refunds: {
    count: number;
    grossCents: Cents;
    vatCents: Cents;
    netCents: Cents;
    /** Shares taken back from the authors. */
    authorShareCents: Cents;
    /** What the marketplace gave back of its own (site fee, payment fee). */
    sitePartCents: Cents;
    creditNoteNumbers: string[];
  };
  latePayments: { receivedCount: number; receivedCents: Cents; returnedCount: number; returnedCents: Cents };
  payouts: { sentCount: number; sentCents: Cents; returnedCount: number; returnedCents: Cents };
  /**
   * opening + shares − refund adjustments − paid out = closing, where paid out is the payouts sent
   * less those that came back. `closingCents` is read off the payable account's lines, the other
   * figures off the entries' recorded amounts: `tiesOut` says whether they agree.
   */
  owedToAuthors: {
    openingCents: Cents;
    sharesCents: Cents;
    refundAdjustmentsCents: Cents;
    paidOutCents: Cents;
    closingCents: Cents;
    tiesOut: boolean;
  };
  journal: { entries: number; lines: number; debitCents: Cents; creditCents: Cents; balanced: boolean };
};

const vatKey = (entry: JournalEntry) =>
  `${entry.vatTreatment}|${entry.vatCountry ?? ''}|${entry.vatRateBasisPoints ?? 0}`;

/**
 * Adds up a month's entries (`entries`: those booked in the month, any order) given what was owed
 * to authors when it began. Pure: the projection's rows and the events recomputed by reconcile go
 * through it alike.
 */
export function monthSummary(
  month: string,
  entries: readonly JournalEntry[],
  openingOwedCents: Cents,
): MonthSummary {
  const summary: MonthSummary = {
    month,
    sales: {
      count: 0,
      grossCents: 0,
      vatCents: 0,
      netCents: 0,
      siteFeeCents: 0,
      paymentFeeCents: 0,
      authorShareCents: 0,
      invoiced: 0,
    },
    vat: [],
    refunds: {
      count: 0,
      grossCents: 0,
      vatCents: 0,
      netCents: 0,
      authorShareCents: 0,
      sitePartCents: 0,
      creditNoteNumbers: [],
    },
    latePayments: { receivedCount: 0, receivedCents: 0, returnedCount: 0, returnedCents: 0 },
    payouts: { sentCount: 0, sentCents: 0, returnedCount: 0, returnedCents: 0 },
    owedToAuthors: {
      openingCents: openingOwedCents,
      sharesCents: 0,
      refundAdjustmentsCents: 0,
      paidOutCents: 0,
      closingCents: openingOwedCents,
      tiesOut: true,
    },
    journal: { entries: 0, lines: 0, debitCents: 0, creditCents: 0, balanced: true },
  };
  const vat = new Map<string, VatRow>();
  const vatRowOf = (entry: JournalEntry) => {
    const key = vatKey(entry);
    let row = vat.get(key);
    if (!row) {
      row = {
        treatment: entry.vatTreatment ?? 'BEFORE_VAT',
        country: entry.vatCountry,
        rateBasisPoints: entry.vatRateBasisPoints ?? 0,
        salesCount: 0,
        salesNetCents: 0,
        salesVatCents: 0,
        refundCount: 0,
        refundedNetCents: 0,
        refundedVatCents: 0,
        netCents: 0,
        vatCents: 0,
      };
      vat.set(key, row);
    }
    return row;
  };
  const { sales, refunds, latePayments, payouts, owedToAuthors, journal } = summary;
  const sorted = [...entries].sort((a, b) => a.entryId - b.entryId);
  for (const entry of sorted) {
    journal.entries += 1;
    journal.lines += entry.lines.length;
    for (const l of entry.lines) {
      journal.debitCents += l.debitCents;
      journal.creditCents += l.creditCents;
    }
    owedToAuthors.closingCents += owedMovement(entry.lines);
    switch (entry.kind) {
      case 'SALE': {
        sales.count += 1;
        sales.grossCents += entry.amountCents;
        sales.vatCents += entry.vatCents;
        sales.siteFeeCents += entry.siteFeeCents;
        sales.paymentFeeCents += entry.paymentFeeCents;
        sales.authorShareCents += entry.authorShareCents;
        if (entry.documentNumber) sales.invoiced += 1;
        const row = vatRowOf(entry);
        row.salesCount += 1;
        row.salesNetCents += entry.amountCents - entry.vatCents;
        row.salesVatCents += entry.vatCents;
        break;
      }
      case 'REFUND': {
        refunds.count += 1;
        refunds.grossCents += entry.amountCents;
        refunds.vatCents += entry.vatCents;
        refunds.authorShareCents += entry.authorShareCents;
        refunds.sitePartCents += entry.amountCents - entry.vatCents - entry.authorShareCents;
        if (entry.documentNumber) refunds.creditNoteNumbers.push(entry.documentNumber);
        const row = vatRowOf(entry);
        row.refundCount += 1;
        row.refundedNetCents += entry.amountCents - entry.vatCents;
        row.refundedVatCents += entry.vatCents;
        break;
      }
      case 'LATE_PAYMENT':
        latePayments.receivedCount += 1;
        latePayments.receivedCents += entry.amountCents;
        break;
      case 'LATE_PAYMENT_RETURNED':
        latePayments.returnedCount += 1;
        latePayments.returnedCents += entry.amountCents;
        break;
      case 'PAYOUT_SENT':
        payouts.sentCount += 1;
        payouts.sentCents += entry.amountCents;
        break;
      case 'PAYOUT_RETURNED':
        payouts.returnedCount += 1;
        payouts.returnedCents += entry.amountCents;
        break;
    }
  }
  sales.netCents = sales.grossCents - sales.vatCents;
  refunds.netCents = refunds.grossCents - refunds.vatCents;
  owedToAuthors.sharesCents = sales.authorShareCents;
  owedToAuthors.refundAdjustmentsCents = refunds.authorShareCents;
  owedToAuthors.paidOutCents = payouts.sentCents - payouts.returnedCents;
  owedToAuthors.tiesOut =
    owedToAuthors.openingCents +
      owedToAuthors.sharesCents -
      owedToAuthors.refundAdjustmentsCents -
      owedToAuthors.paidOutCents ===
    owedToAuthors.closingCents;
  journal.balanced = journal.debitCents === journal.creditCents;
  for (const row of vat.values()) {
    row.netCents = row.salesNetCents - row.refundedNetCents;
    row.vatCents = row.salesVatCents - row.refundedVatCents;
  }
  summary.vat = [...vat.values()].sort(
    (a, b) =>
      a.treatment.localeCompare(b.treatment) ||
      (a.country ?? '').localeCompare(b.country ?? '') ||
      a.rateBasisPoints - b.rateBasisPoints,
  );
  return summary;
}

/**
 * Every month's summary from a whole journal (every entry from the first): the months that have
 * entries, in order, each opening with the previous one's closing owed as its lines say.
 */
export function monthSummaries(entries: readonly JournalEntry[]): Map<string, MonthSummary> {
  const byMonth = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    const month = monthOf(entry.bookedAt);
    const list = byMonth.get(month) ?? [];
    list.push(entry);
    byMonth.set(month, list);
  }
  const summaries = new Map<string, MonthSummary>();
  let owed = 0;
  for (const month of [...byMonth.keys()].sort()) {
    const monthEntries = byMonth.get(month)!;
    summaries.set(month, monthSummary(month, monthEntries, owed));
    for (const entry of monthEntries) owed += owedMovement(entry.lines);
  }
  return summaries;
}

/** One row of the One-Stop-Shop return: a member state of consumption and a rate. */
export type OssRow = {
  country: string;
  rateBasisPoints: number;
  salesNetCents: Cents;
  salesVatCents: Cents;
  refundedNetCents: Cents;
  refundedVatCents: Cents;
  /** Sales less refunds in the quarter: what the return declares. */
  taxableCents: Cents;
  vatCents: Cents;
};

/**
 * The quarter's One-Stop-Shop return (docs/finance.md): only OSS sales (consumers in other member
 * states), per member state and rate, the taxable amount (net of VAT) and the VAT, the quarter's
 * refunds of such sales taken off. `entries`: those booked in the quarter.
 */
export function ossReturn(entries: readonly JournalEntry[]): OssRow[] {
  const rows = new Map<string, OssRow>();
  for (const entry of entries) {
    if (entry.vatTreatment !== 'OSS' || (entry.kind !== 'SALE' && entry.kind !== 'REFUND')) continue;
    const country = entry.vatCountry ?? 'xx';
    const rate = entry.vatRateBasisPoints ?? 0;
    const key = `${country}|${rate}`;
    const row = rows.get(key) ?? {
      country,
      rateBasisPoints: rate,
      salesNetCents: 0,
      salesVatCents: 0,
      refundedNetCents: 0,
      refundedVatCents: 0,
      taxableCents: 0,
      vatCents: 0,
    };
    const net = entry.amountCents - entry.vatCents;
    if (entry.kind === 'SALE') {
      row.salesNetCents += net;
      row.salesVatCents += entry.vatCents;
    } else {
      row.refundedNetCents += net;
      row.refundedVatCents += entry.vatCents;
    }
    row.taxableCents = row.salesNetCents - row.refundedNetCents;
    row.vatCents = row.salesVatCents - row.refundedVatCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.country.localeCompare(b.country) || a.rateBasisPoints - b.rateBasisPoints,
  );
}

/**
 * The entries of a month added up per kind and VAT (treatment, member state, rate), as a database
 * can group them: `documented` counts those with a document number, `documents` lists them with
 * their entries' ids.
 */
export type EntryGroup = {
  kind: JournalEntry['kind'];
  vatTreatment: FinanceVatTreatment | null;
  vatCountry: string | null;
  vatRateBasisPoints: number | null;
  count: number;
  amountCents: Cents;
  vatCents: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  authorShareCents: Cents;
  documented: number;
  documents: { entryId: number; number: string }[];
};

/** A month's lines added up: how many, their debits and credits, and what they did to what is owed. */
export type LineTotals = { lines: number; debitCents: Cents; creditCents: Cents; owedMovementCents: Cents };

/**
 * The same summary as `monthSummary`, from sums instead of entries (the journal's rows grouped in
 * SQL): one entry stands for each group, its lines given by the month's line totals.
 */
export function monthSummaryOfGroups(
  month: string,
  groups: readonly EntryGroup[],
  lineTotals: LineTotals,
  openingOwedCents: Cents,
): MonthSummary {
  const standIns: JournalEntry[] = groups.map((group, index) => ({
    entryId: index,
    kind: group.kind,
    bookedAt: `${month}-01T00:00:00.000Z`,
    orderId: null,
    orderExternalId: null,
    payoutId: null,
    documentNumber: null,
    description: '',
    amountCents: group.amountCents,
    vatCents: group.vatCents,
    siteFeeCents: group.siteFeeCents,
    paymentFeeCents: group.paymentFeeCents,
    authorShareCents: group.authorShareCents,
    vatTreatment: group.vatTreatment,
    vatCountry: group.vatCountry,
    vatRateBasisPoints: group.vatRateBasisPoints,
    lines: [],
  }));
  const summary = monthSummary(month, standIns, openingOwedCents);
  // Counts: a stand-in counted once per group; the groups know how many entries they hold.
  const countOf = (kind: JournalEntry['kind']) =>
    groups.filter((g) => g.kind === kind).reduce((sum, g) => sum + g.count, 0);
  summary.sales.count = countOf('SALE');
  summary.sales.invoiced = groups.filter((g) => g.kind === 'SALE').reduce((sum, g) => sum + g.documented, 0);
  summary.refunds.count = countOf('REFUND');
  summary.refunds.creditNoteNumbers = groups
    .filter((g) => g.kind === 'REFUND')
    .flatMap((g) => g.documents)
    .sort((a, b) => a.entryId - b.entryId)
    .map((d) => d.number);
  summary.latePayments.receivedCount = countOf('LATE_PAYMENT');
  summary.latePayments.returnedCount = countOf('LATE_PAYMENT_RETURNED');
  summary.payouts.sentCount = countOf('PAYOUT_SENT');
  summary.payouts.returnedCount = countOf('PAYOUT_RETURNED');
  for (const row of summary.vat) {
    const of = (kind: JournalEntry['kind']) =>
      groups
        .filter(
          (g) =>
            g.kind === kind &&
            (g.vatTreatment ?? 'BEFORE_VAT') === row.treatment &&
            g.vatCountry === row.country &&
            (g.vatRateBasisPoints ?? 0) === row.rateBasisPoints,
        )
        .reduce((sum, g) => sum + g.count, 0);
    row.salesCount = of('SALE');
    row.refundCount = of('REFUND');
  }
  summary.journal = {
    entries: groups.reduce((sum, g) => sum + g.count, 0),
    lines: lineTotals.lines,
    debitCents: lineTotals.debitCents,
    creditCents: lineTotals.creditCents,
    balanced: lineTotals.debitCents === lineTotals.creditCents,
  };
  const owed = summary.owedToAuthors;
  owed.closingCents = openingOwedCents + lineTotals.owedMovementCents;
  owed.tiesOut =
    owed.openingCents + owed.sharesCents - owed.refundAdjustmentsCents - owed.paidOutCents ===
    owed.closingCents;
  return summary;
}
