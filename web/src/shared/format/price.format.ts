// Money is shown in euros in the Czech locale, e.g. "12,50 €"; 0 reads "Free" (DESIGN.md, spec 9).
const euros = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' });

export const FREE_LABEL = 'Free';

export function formatPrice(amountInEuros: number): string {
  return amountInEuros === 0 ? FREE_LABEL : euros.format(amountInEuros);
}

/** An amount of money rather than a price: 0 reads "0,00 €" (fees, shares, totals). */
export function formatAmount(amountInEuros: number): string {
  // -0 (a rounded tiny negative) would print as "-0,00 €".
  return euros.format(amountInEuros === 0 ? 0 : amountInEuros);
}
