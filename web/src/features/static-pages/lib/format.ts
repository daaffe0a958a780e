const eurFormatter = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' });
const percentFormatter = new Intl.NumberFormat('cs-CZ', {
  style: 'percent',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** `2022-04-03` → `03. 04. 2022` (the site's date format), without any time-zone shift. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${day}. ${month}. ${year}`;
}

/** Integer euro cents → `12,50 €` (Czech locale, as everywhere on the site). */
export function formatEur(cents: number): string {
  return eurFormatter.format(cents / 100);
}

/** Basis points → `1,5 %`. */
export function formatPercent(basisPoints: number): string {
  return percentFormatter.format(basisPoints / 10_000);
}
