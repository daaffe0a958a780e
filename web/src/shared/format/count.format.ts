// Counts in English: 1,234 in full, 1.2K short. The formatters are made once, on first use:
// `toLocaleString` and a new Intl.NumberFormat per call cost a phone a few milliseconds per card.
let fullFormat: Intl.NumberFormat | undefined;
let shortFormat: Intl.NumberFormat | undefined;

/** 1234 → "1,234". */
export function formatCount(count: number): string {
  fullFormat ??= new Intl.NumberFormat('en');
  return fullFormat.format(count);
}

/** 1234 → "1.2K": for the small figures of a card. */
export function formatCountShort(count: number): string {
  shortFormat ??= new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
  return shortFormat.format(count);
}
