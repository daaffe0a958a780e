/**
 * The one form of a login name or email that rate limits count by: Unicode NFKC (full-width and
 * compatibility letters become their plain forms), trimmed, invisible format characters dropped,
 * and case-folded. "Racer", " racer " and "ＲＡＣＥＲ" share one budget.
 */
export function canonicalIdentity(value: unknown): string {
  if (typeof value !== 'string') return '';
  return (
    value
      .normalize('NFKC')
      // Zero-width and direction marks (Unicode category Cf) pad a name without changing how it looks.
      .replace(/\p{Cf}/gu, '')
      .trim()
      // toUpperCase then toLowerCase folds the letters that lower-casing alone keeps apart (ß/SS, ſ/s).
      .toUpperCase()
      .toLowerCase()
      .normalize('NFKC')
  );
}
