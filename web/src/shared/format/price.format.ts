// Money is shown in euros in the Czech locale, e.g. "12,50 €"; 0 reads "Free" (DESIGN.md, spec 9).
// The formatter itself is domain/money.ts's, shared with the mails and the local checkout page.
import { CENTS_PER_EURO, formatMoney } from '../../../../domain/money';

export const FREE_LABEL = 'Free';

/** The API's euros (two decimals, or a sum of them) → whole cents. */
const centsOf = (amountInEuros: number) => Math.round(amountInEuros * CENTS_PER_EURO);

export function formatPrice(amountInEuros: number): string {
  return amountInEuros === 0 ? FREE_LABEL : formatMoney(centsOf(amountInEuros));
}

/** An amount of money rather than a price: 0 reads "0,00 €" (fees, shares, totals). */
export function formatAmount(amountInEuros: number): string {
  return formatMoney(centsOf(amountInEuros));
}
