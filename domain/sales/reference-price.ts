import type { Cents } from '../money';
import { salePriceCents } from './sale-price';
import type { SaleTerms } from './sale.events';

/** How far back the reference price looks (Price Indication Directive 98/6/EC, Art. 6a(2)). */
export const REFERENCE_DAYS = 30;
export const REFERENCE_WINDOW_MS = REFERENCE_DAYS * 24 * 60 * 60 * 1000;

/** A regular price the author set: in force from `at` (ms since the epoch) until the next one. */
export type ListPrice = { at: number; cents: Cents };
/** An earlier sale on the item while it ran: from `from` (inclusive) to `to` (exclusive), in ms. */
export type SaleWindow = { from: number; to: number; terms: SaleTerms };

export type PriceHistory = {
  /** The item's regular prices, oldest first (its publication, then each price change). */
  listPrices: readonly ListPrice[];
  /** Sales that ran on the item (other than the one the reference is for). */
  sales: readonly SaleWindow[];
  /** The regular price now: stands for the history when no price event is known at all. */
  currentCents: Cents;
};

/** The regular price in force at `at`, or null before the item's first known price. */
function listPriceAt(history: PriceHistory, at: number): Cents | null {
  if (history.listPrices.length === 0) return history.currentCents;
  let price: Cents | null = null;
  for (const change of history.listPrices) {
    if (change.at > at) break;
    price = change.cents;
  }
  return price;
}

/**
 * The price a buyer was asked at the instant `at`: the regular price, lowered by any sale running
 * then (the lowest if several did); null when the item had no price yet.
 */
export function offeredPriceAt(history: PriceHistory, at: number): Cents | null {
  const regular = listPriceAt(history, at);
  if (regular === null) return null;
  let offered = regular;
  for (const sale of history.sales) {
    if (sale.from <= at && at < sale.to) offered = Math.min(offered, salePriceCents(regular, sale.terms));
  }
  return offered;
}

/**
 * The reference price of a reduction starting at `startsAt` (ms): the lowest price the item was
 * offered at in the 30 days before it (Art. 6a(2)), regular prices and earlier sales alike. The
 * asked price is constant between the moments a price changed or a sale began or ended, so the
 * lowest is the lowest of the prices in force at those moments inside the window (and at the
 * window's start). An item offered for none of the window (published at the start) has its
 * regular price at the start as its reference.
 */
export function referencePriceCents(history: PriceHistory, startsAt: number): Cents {
  const windowStart = startsAt - REFERENCE_WINDOW_MS;
  const moments = new Set<number>([windowStart]);
  for (const change of history.listPrices) {
    if (change.at > windowStart && change.at < startsAt) moments.add(change.at);
  }
  for (const sale of history.sales) {
    for (const at of [sale.from, sale.to]) if (at > windowStart && at < startsAt) moments.add(at);
  }
  let lowest: Cents | null = null;
  for (const at of moments) {
    const offered = offeredPriceAt(history, at);
    if (offered !== null && (lowest === null || offered < lowest)) lowest = offered;
  }
  return lowest ?? listPriceAt(history, startsAt) ?? history.currentCents;
}
