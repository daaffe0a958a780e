import { sumCents, type Cents } from '../money';

/**
 * A line of a payout statement: a sold item (price + tip − payment fee − site fee = the author's
 * share, as the order recorded it) or a refund adjustment, which only takes an author's share back.
 */
export type StatementLine = {
  kind: 'ITEM' | 'ADJUSTMENT';
  priceCents: Cents;
  tipCents: Cents;
  paymentFeeCents: Cents;
  siteFeeCents: Cents;
  authorShareCents: Cents;
};

/**
 * The statement's totals. Prices, tips and fees are the sold items' (an adjustment has none of its
 * own); `adjustmentsCents` is what refunds took back (negative or 0). They balance:
 * price + tip − payment fee − site fee + adjustments = author share, the payout's amount.
 */
export type StatementTotals = {
  itemCount: number;
  adjustmentCount: number;
  priceCents: Cents;
  tipCents: Cents;
  paymentFeeCents: Cents;
  siteFeeCents: Cents;
  adjustmentsCents: Cents;
  authorShareCents: Cents;
};

/**
 * The one computation of a payout statement's totals: the payout pages, the printable statement
 * and the statement CSV all show these, so their totals cannot disagree.
 */
export function statementTotals(lines: readonly StatementLine[]): StatementTotals {
  const items = lines.filter((line) => line.kind === 'ITEM');
  const adjustments = lines.filter((line) => line.kind === 'ADJUSTMENT');
  const sum = (of: readonly StatementLine[], pick: (line: StatementLine) => Cents) => sumCents(of.map(pick));
  return {
    itemCount: items.length,
    adjustmentCount: adjustments.length,
    priceCents: sum(items, (line) => line.priceCents),
    tipCents: sum(items, (line) => line.tipCents),
    paymentFeeCents: sum(items, (line) => line.paymentFeeCents),
    siteFeeCents: sum(items, (line) => line.siteFeeCents),
    adjustmentsCents: sum(adjustments, (line) => line.authorShareCents),
    authorShareCents: sum(lines, (line) => line.authorShareCents),
  };
}
