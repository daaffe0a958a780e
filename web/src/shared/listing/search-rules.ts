// Spec 5 and 9: a list's search applies at 3 characters or more, or when a query is cleared, after
// a typing delay of 600 ms. The skins, bundles and authors lists share these rules.
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DELAY_MS = 600;

/** What a typed query does once typing stops: apply it, or leave the list as it is. */
export function searchToApply(typed: string, applied: string): string | null {
  const next = typed.trim();
  if (next === applied) return null;
  if (next.length >= SEARCH_MIN_LENGTH) return next;
  if (next === '' && applied !== '') return '';
  return null;
}
