// How a payout's destination reads: IBANs in groups of four, masked for the author's own pages.

/** `DE89370400440532013000` → `DE89 3704 0044 0532 0130 00`. */
export function formatIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]+$/.test(compact)) return iban;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * `DE89370400440532013000` → `DE89 •••• 3000`: the country, check digits and the last four, enough
 * to recognise the account. A value the server already masked is shown as it came.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]+$/.test(compact) || compact.length < 12) return iban;
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}
