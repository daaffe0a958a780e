// Counts as the prices and dates are written (Czech style, DESIGN.md): 2 503 in full (a no-break
// space between thousands), 1,2K short. The formatter is made once, on first use:
// `toLocaleString` and a new Intl.NumberFormat per call cost a phone a few milliseconds per card.
let fullFormat: Intl.NumberFormat | undefined;
let fractionFormat: Intl.NumberFormat | undefined;

/** 2503 → "2 503" (with a no-break space), as "2 061,53 €" groups its thousands. */
export function formatCount(count: number): string {
  fullFormat ??= new Intl.NumberFormat('cs-CZ');
  return fullFormat.format(count);
}

/** 1234 → "1,2K", 2500000 → "2,5M": for the small figures of a card. */
export function formatCountShort(count: number): string {
  const size = Math.abs(count);
  if (size < 1000) return formatCount(count);
  fractionFormat ??= new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });
  // Rounded down, so 999 960 reads "999,9K" and never "1 000K".
  if (size < 1_000_000) return `${fractionFormat.format(Math.trunc(count / 100) / 10)}K`;
  return `${fractionFormat.format(Math.trunc(count / 100_000) / 10)}M`;
}
