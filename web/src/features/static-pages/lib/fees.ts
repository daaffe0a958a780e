/**
 * The published fee rules (see the author payouts page and docs/decisions), used to compute the worked
 * examples so that the numbers on the page always agree with the rules written next to them.
 * All money is in integer euro cents, all rates in basis points (1 % = 100).
 */
export const SITE_FEE_BP = 200;
export const CARD_FEE_EEA_BP = 150;
export const CARD_FEE_OTHER_BP = 325;
export const CARD_FIXED_CENTS = 30;
export const PAYPAL_FEE_BP = 349;
export const PAYPAL_FIXED_CENTS = 35;

export const MIN_PAID_PRICE_CENTS = 200;
export const MAX_PRICE_CENTS = 50_000;
export const MIN_PAYOUT_CENTS = 5_000;
/**
 * What a bank transfer to an account outside the SEPA area costs, about (whole euros): the reason bank
 * payouts go only to SEPA accounts (domain/payouts/payout-destination.ts) and others choose PayPal.
 */
export const NON_SEPA_BANK_TRANSFER_FEE_EUR = 8;

export type PaymentMethod = 'card' | 'paypal';

export interface ItemSplit {
  price: number;
  siteFee: number;
  paymentFee: number;
  authorShare: number;
}

/** Splits `amount` over items in proportion to their prices; largest remainder, so parts add up exactly. */
export function splitProportionally(amount: number, prices: readonly number[]): number[] {
  const total = prices.reduce((sum, price) => sum + price, 0);
  if (total === 0) return prices.map(() => 0);
  const parts = prices.map((price) => Math.floor((amount * price) / total));
  const remainders = prices.map((price, index) => ({ index, rest: (amount * price) % total }));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

function percentOf(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

/** Payment-provider fee of a whole order: a percentage of the total plus a fixed part per order. */
export function orderPaymentFee(totalCents: number, method: PaymentMethod, buyerInEea: boolean): number {
  if (totalCents === 0) return 0;
  if (method === 'paypal') return percentOf(totalCents, PAYPAL_FEE_BP) + PAYPAL_FIXED_CENTS;
  return percentOf(totalCents, buyerInEea ? CARD_FEE_EEA_BP : CARD_FEE_OTHER_BP) + CARD_FIXED_CENTS;
}

/** Fee split of one order: each item's site fee, payment fee and the author's share. */
export function splitOrder(
  prices: readonly number[],
  method: PaymentMethod,
  buyerInEea: boolean,
): ItemSplit[] {
  const total = prices.reduce((sum, price) => sum + price, 0);
  const siteFees = splitProportionally(percentOf(total, SITE_FEE_BP), prices);
  const paymentFees = splitProportionally(orderPaymentFee(total, method, buyerInEea), prices);
  return prices.map((price, index) => {
    const siteFee = siteFees[index] ?? 0;
    const paymentFee = paymentFees[index] ?? 0;
    return { price, siteFee, paymentFee, authorShare: price - siteFee - paymentFee };
  });
}
