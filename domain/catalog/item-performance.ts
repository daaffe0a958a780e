import type { Cents } from '../money';
import { PRICE_SOURCES, type PriceSource } from '../orders/price-source';

export type SourceSales = {
  source: PriceSource;
  purchases: number;
  revenueCents: Cents;
  /** The item's whole author share of these sales, before the split among co-authors. */
  authorShareCents: Cents;
  /** The viewing author's part of it, after the split (all of it for an item sold alone). */
  authorPartCents: Cents;
  refunds: number;
  refundedCents: Cents;
};

export type ItemFigures = {
  views: number;
  purchases: number;
  /** purchases since views were counted / views, rounded to four decimals; null without views. */
  conversion: number | null;
  revenueCents: Cents;
  /** The sources' author shares before the split, and the author's parts after it. */
  authorShareCents: Cents;
  authorPartCents: Cents;
  /** Every source, in the order SALE, CODE, FULL_PRICE, zeros where it sold nothing. */
  bySource: SourceSales[];
};

/**
 * One item's figures from its counted views and its sales by source: purchases and revenue are the
 * sums over the sources (refunds are shown beside them, not subtracted), and conversion is the
 * purchases made while views were counted (`purchasesSinceViews`) ÷ views, so that sales from
 * before views were counted do not inflate it.
 */
export function itemFigures(
  views: number,
  sales: readonly SourceSales[],
  purchasesSinceViews: number,
): ItemFigures {
  const bySource = PRICE_SOURCES.map(
    (source) =>
      sales.find((row) => row.source === source) ?? {
        source,
        purchases: 0,
        revenueCents: 0,
        authorShareCents: 0,
        authorPartCents: 0,
        refunds: 0,
        refundedCents: 0,
      },
  );
  const purchases = bySource.reduce((sum, row) => sum + row.purchases, 0);
  const revenueCents = bySource.reduce((sum, row) => sum + row.revenueCents, 0);
  return {
    views,
    purchases,
    conversion: views > 0 ? Math.round((purchasesSinceViews / views) * 10_000) / 10_000 : null,
    revenueCents,
    authorShareCents: bySource.reduce((sum, row) => sum + row.authorShareCents, 0),
    authorPartCents: bySource.reduce((sum, row) => sum + row.authorPartCents, 0),
    bySource,
  };
}
