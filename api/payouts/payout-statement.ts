import { centsToEuros, formatEuros } from '../../domain/money';
import {
  coAuthorsCentsOf,
  lineGrossCents,
  lineNetCents,
  statementTotals,
  type StatementLine,
  type StatementTotals,
} from '../../domain/payouts/payout-statement';
import { csvText } from '../../domain/text/csv';
import type { PayoutLineRow, PayoutRow } from './payouts.repository';

/**
 * A payout's statement from its lines: the payout pages, the printable statement (both through
 * GraphQL's `Payout.totals`) and the statement CSV take their totals from here, and the totals
 * from `statementTotals`, so they cannot disagree.
 */
export function statementTotalsOf(lines: readonly PayoutLineRow[]): StatementTotals {
  return statementTotals(lines.map(statementLineOf));
}

/** A payout line as a statement line: its money as the order recorded it (VAT 0 before VAT). */
export const statementLineOf = (line: PayoutLineRow): StatementLine => ({
  kind: line.kind,
  priceCents: line.price_cents,
  tipCents: line.tip_cents,
  vatCents: line.vat_cents,
  paymentFeeCents: line.payment_fee_cents,
  siteFeeCents: line.site_fee_cents,
  coAuthorsCents: coAuthorsCentsOf({
    itemAuthorShareCents: line.item_author_share_cents,
    authorShareCents: line.author_share_cents,
  }),
  authorShareCents: line.author_share_cents,
});

/** An item line's gross, VAT and net in euros, as GraphQL's PayoutItem shows them (null for adjustments). */
export function lineMoneyView(line: PayoutLineRow) {
  if (line.kind !== 'ITEM') return { gross: null, vat: null, net: null };
  const statementLine = statementLineOf(line);
  return {
    gross: centsToEuros(lineGrossCents(statementLine)),
    vat: centsToEuros(statementLine.vatCents),
    net: centsToEuros(lineNetCents(statementLine)),
  };
}

/** The totals as GraphQL's PayoutTotals shows them, in euros. */
export function totalsView(totals: StatementTotals) {
  return {
    itemCount: totals.itemCount,
    adjustmentCount: totals.adjustmentCount,
    price: centsToEuros(totals.priceCents),
    tip: centsToEuros(totals.tipCents),
    gross: centsToEuros(totals.grossCents),
    vat: centsToEuros(totals.vatCents),
    net: centsToEuros(totals.netCents),
    paymentFee: centsToEuros(totals.paymentFeeCents),
    siteFee: centsToEuros(totals.siteFeeCents),
    coAuthors: centsToEuros(totals.coAuthorsCents),
    adjustments: centsToEuros(totals.adjustmentsCents),
    authorShare: centsToEuros(totals.authorShareCents),
  };
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

export const STATEMENT_CSV_HEADER = [
  'payout',
  'status',
  'line',
  'order',
  'date',
  'type',
  'item',
  'paid with',
  'price EUR',
  'tip EUR',
  'gross EUR',
  'VAT EUR',
  'net EUR',
  'payment fee EUR',
  'site fee EUR',
  'item author share EUR',
  'co-authors EUR',
  'author share EUR',
] as const;

/**
 * The statement CSV: one row per line (an adjustment has no price, tip, VAT or fees of its own: its
 * cells are empty and it counts only in the author share), then a refunds row when there are
 * adjustments, and the total row: gross (price + tip) − VAT = net, and
 * net − payment fee − site fee − co-authors + refunds = author share. A co-authored item's row shows
 * the item's whole author share and what its other authors got; for any other item they are its
 * author share and 0. Orders placed before VAT show VAT 0.
 */
export function statementCsv(
  payout: PayoutRow,
  lines: readonly PayoutLineRow[],
  eventLogHead: string,
): string {
  const totals = statementTotalsOf(lines);
  const summary = (label: string, cells: (string | number)[]) => [
    payout.id,
    payout.status,
    label,
    '',
    '',
    '',
    ...cells,
  ];
  return csvText(STATEMENT_CSV_HEADER, [
    ...lines.map((line) => {
      const item = line.kind === 'ITEM';
      const money = statementLineOf(line);
      return [
        payout.id,
        payout.status,
        item ? 'item' : 'refund adjustment',
        line.order_external_id,
        iso(line.occurred_at),
        line.item_type,
        line.name,
        line.payment_type ?? '',
        item ? formatEuros(line.price_cents) : '',
        item ? formatEuros(line.tip_cents) : '',
        item ? formatEuros(lineGrossCents(money)) : '',
        item ? formatEuros(money.vatCents) : '',
        item ? formatEuros(lineNetCents(money)) : '',
        item ? formatEuros(line.payment_fee_cents) : '',
        item ? formatEuros(line.site_fee_cents) : '',
        // A co-authored item: its whole author share, and what its other authors got of it.
        item ? formatEuros(line.item_author_share_cents ?? line.author_share_cents) : '',
        item ? formatEuros(money.coAuthorsCents ?? 0) : '',
        formatEuros(line.author_share_cents),
      ];
    }),
    ...(totals.adjustmentCount > 0
      ? [
          summary('refunds', [
            `${totals.adjustmentCount} adjustments`,
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            formatEuros(totals.adjustmentsCents),
          ]),
        ]
      : []),
    summary('total', [
      `${lines.length} lines`,
      '',
      formatEuros(totals.priceCents),
      formatEuros(totals.tipCents),
      formatEuros(totals.grossCents),
      formatEuros(totals.vatCents),
      formatEuros(totals.netCents),
      formatEuros(totals.paymentFeeCents),
      formatEuros(totals.siteFeeCents),
      '',
      formatEuros(totals.coAuthorsCents),
      formatEuros(totals.authorShareCents),
    ]),
    // What the event log was when the statement was made (docs/operations.md, "Checking the event log").
    summary('event log head', [eventLogHead, '', '', '', '', '', '', '', '', '', '', '']),
  ]);
}
