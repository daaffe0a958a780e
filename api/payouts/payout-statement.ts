import { centsToEuros, formatEuros } from '../../domain/money';
import { statementTotals, type StatementTotals } from '../../domain/payouts/payout-statement';
import { csvText } from '../../domain/text/csv';
import type { PayoutLineRow, PayoutRow } from './payouts.repository';

/**
 * A payout's statement from its lines: the payout pages, the printable statement (both through
 * GraphQL's `Payout.totals`) and the statement CSV take their totals from here, and the totals
 * from `statementTotals`, so they cannot disagree.
 */
export function statementTotalsOf(lines: readonly PayoutLineRow[]): StatementTotals {
  return statementTotals(
    lines.map((line) => ({
      kind: line.kind,
      priceCents: line.price_cents,
      tipCents: line.tip_cents,
      paymentFeeCents: line.payment_fee_cents,
      siteFeeCents: line.site_fee_cents,
      authorShareCents: line.author_share_cents,
    })),
  );
}

/** The totals as GraphQL's PayoutTotals shows them, in euros. */
export function totalsView(totals: StatementTotals) {
  return {
    itemCount: totals.itemCount,
    adjustmentCount: totals.adjustmentCount,
    price: centsToEuros(totals.priceCents),
    tip: centsToEuros(totals.tipCents),
    paymentFee: centsToEuros(totals.paymentFeeCents),
    siteFee: centsToEuros(totals.siteFeeCents),
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
  'payment fee EUR',
  'site fee EUR',
  'author share EUR',
] as const;

/**
 * The statement CSV: one row per line (an adjustment has no price, tip or fees of its own: its
 * cells are empty and it counts only in the author share), then a refunds row when there are
 * adjustments, and the total row: price + tip − payment fee − site fee + refunds = author share.
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
        item ? formatEuros(line.payment_fee_cents) : '',
        item ? formatEuros(line.site_fee_cents) : '',
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
            formatEuros(totals.adjustmentsCents),
          ]),
        ]
      : []),
    summary('total', [
      `${lines.length} lines`,
      '',
      formatEuros(totals.priceCents),
      formatEuros(totals.tipCents),
      formatEuros(totals.paymentFeeCents),
      formatEuros(totals.siteFeeCents),
      formatEuros(totals.authorShareCents),
    ]),
    // What the event log was when the statement was made (docs/operations.md, "Checking the event log").
    summary('event log head', [eventLogHead, '', '', '', '', '', '']),
  ]);
}
