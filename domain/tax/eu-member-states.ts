/**
 * The 27 member states of the European Union, whose VAT rules (VAT Directive 2006/112/EC) apply to
 * the marketplace's sales: lowercase ISO 3166-1 alpha-2 codes (Greece is `gr` here; its VAT numbers
 * start with `EL`). Not the EEA: Iceland, Liechtenstein and Norway have their own VAT.
 */
// prettier-ignore
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'at', 'be', 'bg', 'hr', 'cy', 'cz', 'dk', 'ee', 'fi', 'fr', 'de', 'gr', 'hu', 'ie', 'it', 'lv', 'lt',
  'lu', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'si', 'es', 'se',
]);

/** Whether a two-letter country code (any case) is an EU member state. */
export function isEuMemberState(code: string | null | undefined): boolean {
  return typeof code === 'string' && EU_MEMBER_STATES.has(code.trim().toLowerCase());
}
