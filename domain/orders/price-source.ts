import type { OrderedItem } from './order.events';

/**
 * Where an ordered item's price came from, for the authors' statistics: SALE when a sale reduced
 * it (a code may have reduced the sale price further: the sale brought the buyer first), CODE when
 * only a discount code did, FULL_PRICE when nothing did (every order placed before reductions
 * existed).
 */
export type PriceSource = 'SALE' | 'CODE' | 'FULL_PRICE';
export const PRICE_SOURCES: readonly PriceSource[] = ['SALE', 'CODE', 'FULL_PRICE'];

export function priceSourceOf(item: Pick<OrderedItem, 'reductions'>): PriceSource {
  const sources = new Set((item.reductions ?? []).map((reduction) => reduction.source));
  if (sources.has('SALE')) return 'SALE';
  if (sources.has('CODE')) return 'CODE';
  return 'FULL_PRICE';
}
