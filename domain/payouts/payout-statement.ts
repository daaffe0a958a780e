import { sumCents, type Cents } from '../money';

/**
 * A line of a payout statement: a sold item or a refund adjustment, which only takes an author's
 * share back. An item's money as the order recorded it: price + tip is the gross the buyer paid,
 * VAT is carved out of it (0 for orders placed before VAT), the net is gross − VAT, and
 * net − payment fee − site fee = the item's author share. A co-authored item's line holds this
 * author's part of it: the other authors' parts are `coAuthorsCents`, and
 * net − payment fee − site fee − co-authors' parts = this author's share.
 */
export type StatementLine = {
  kind: 'ITEM' | 'ADJUSTMENT';
  priceCents: Cents;
  tipCents: Cents;
  /** The item's VAT (0 when the order recorded none, and for adjustments). */
  vatCents: Cents;
  paymentFeeCents: Cents;
  siteFeeCents: Cents;
  /** What the item's other authors got of its author share (0 for an item sold by its owner alone). */
  coAuthorsCents?: Cents;
  authorShareCents: Cents;
};

/**
 * A co-authored item's line: the item's whole author share and this author's part, which is what
 * the other authors' parts are reckoned from.
 */
export const coAuthorsCentsOf = (line: {
  itemAuthorShareCents: Cents | null;
  authorShareCents: Cents;
}): Cents => (line.itemAuthorShareCents === null ? 0 : line.itemAuthorShareCents - line.authorShareCents);

/** An item line's gross (what the buyer paid for it) and net (the gross without its VAT). */
export const lineGrossCents = (line: Pick<StatementLine, 'priceCents' | 'tipCents'>): Cents =>
  line.priceCents + line.tipCents;
export const lineNetCents = (line: Pick<StatementLine, 'priceCents' | 'tipCents' | 'vatCents'>): Cents =>
  lineGrossCents(line) - line.vatCents;

/**
 * The statement's totals. Prices, tips, VAT and fees are the sold items' (an adjustment has none of
 * its own); `adjustmentsCents` is what refunds took back (negative or 0); `coAuthorsCents` what
 * co-authored items gave their other authors. They balance: gross (price + tip) − VAT = net, and
 * net − payment fee − site fee − co-authors' parts + adjustments = author share, the payout's amount.
 */
export type StatementTotals = {
  itemCount: number;
  adjustmentCount: number;
  priceCents: Cents;
  tipCents: Cents;
  /** price + tip: what buyers paid for the items, VAT included. */
  grossCents: Cents;
  vatCents: Cents;
  /** gross − VAT: what the fees and the author's share split. */
  netCents: Cents;
  paymentFeeCents: Cents;
  siteFeeCents: Cents;
  /** The other authors' parts of co-authored items (0 when there are none). */
  coAuthorsCents: Cents;
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
    grossCents: sum(items, lineGrossCents),
    vatCents: sum(items, (line) => line.vatCents),
    netCents: sum(items, lineNetCents),
    paymentFeeCents: sum(items, (line) => line.paymentFeeCents),
    siteFeeCents: sum(items, (line) => line.siteFeeCents),
    coAuthorsCents: sum(items, (line) => line.coAuthorsCents ?? 0),
    adjustmentsCents: sum(adjustments, (line) => line.authorShareCents),
    authorShareCents: sum(lines, (line) => line.authorShareCents),
  };
}
