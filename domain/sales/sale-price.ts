import { MIN_PAID_PRICE_CENTS } from '../fees';
import type { Cents } from '../money';
import type { SaleTerms } from './sale.events';

/** A sale takes at most this share off (a percentage sale), so a reduction is never a give-away. */
export const MAX_PERCENT_OFF = 90;
export const MIN_PERCENT_OFF = 1;

/**
 * The price a sale asks for an item of this regular price. A sale only ever lowers a price, and
 * never below the least a paid item may cost (2 EUR): a percentage that would go under it stops at
 * it; an item already at or under a sale price keeps its own price. For a pay-what-you-want item
 * the regular price is its minimum, and the sale lowers that minimum.
 */
export function salePriceCents(regularCents: Cents, terms: SaleTerms): Cents {
  const target =
    terms.kind === 'PERCENT'
      ? regularCents - Math.round((regularCents * terms.percentOff) / 100)
      : terms.salePriceCents;
  return Math.min(regularCents, Math.max(target, Math.min(regularCents, MIN_PAID_PRICE_CENTS)));
}

/** What the sale takes off the regular price (0: the sale does not lower this item's price). */
export function saleReductionCents(regularCents: Cents, terms: SaleTerms): Cents {
  return regularCents - salePriceCents(regularCents, terms);
}

/**
 * The reduction as a whole percentage of the reference price (Art. 6a: an announced reduction is
 * measured against the prior price), rounded down so it never overstates; 0 when the sale price is
 * not below the reference.
 */
export function percentOffReference(salePrice: Cents, referenceCents: Cents): number {
  if (referenceCents <= 0 || salePrice >= referenceCents) return 0;
  return Math.floor(((referenceCents - salePrice) * 100) / referenceCents);
}
