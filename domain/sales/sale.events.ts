/**
 * An author's sales: `author-sales-{authorId}` (stream type `author-sales`). One stream per author,
 * because the rule that no two of an author's sales overlap on the same item is a decision over
 * all of that author's sales.
 *
 * A sale runs by time alone: it is on from `startsAt` (inclusive) until `endsAt` or its
 * cancellation (exclusive), whichever comes first. Nothing is written when it starts or ends.
 */
import type { Cents } from '../money';

export const AUTHOR_SALES_STREAM_TYPE = 'author-sales';
export const authorSalesStreamId = (authorId: number) => `author-sales-${authorId}`;

export type SaleItemType = 'SKIN' | 'BUNDLE';
export type SaleItemRef = { itemType: SaleItemType; itemId: number };
export const saleItemKey = (item: SaleItemRef) => `${item.itemType}:${item.itemId}`;

/**
 * What the sale takes off: a percentage of each item's regular price, or one sale price for each
 * item (only ever lowering a price; see sale-price.ts).
 */
export type SaleTerms = { kind: 'PERCENT'; percentOff: number } | { kind: 'PRICE'; salePriceCents: Cents };

/** The sale as the author set it: what, on which items, from when until when (ISO 8601, UTC). */
export type SaleDefinition = {
  saleId: string;
  authorId: number;
  name: string;
  terms: SaleTerms;
  items: SaleItemRef[];
  startsAt: string;
  endsAt: string;
};

export type SaleScheduled = { type: 'SaleScheduled'; data: SaleDefinition & { scheduledAt: string } };
/** The whole definition after the change (a running sale can change its name and end only). */
export type SaleChanged = { type: 'SaleChanged'; data: SaleDefinition & { changedAt: string } };
/** Ends the sale at `cancelledAt` (before its start: it never runs). `by` is the author or an admin. */
export type SaleCancelled = {
  type: 'SaleCancelled';
  data: { saleId: string; authorId: number; by: number; byAdmin: boolean; cancelledAt: string };
};

export type SaleEvent = SaleScheduled | SaleChanged | SaleCancelled;
