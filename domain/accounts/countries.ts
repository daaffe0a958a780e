import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/** Two-letter lowercase country codes, as the spec's country lists use them. */
export const countryCodes: readonly string[] = Object.keys(countries.getAlpha2Codes()).map((code) =>
  code.toLowerCase(),
);
export const DEFAULT_COUNTRY = 'cz';

export function countryName(code: string): string {
  return countries.getName(code.toUpperCase(), 'en', { select: 'official' }) ?? code.toUpperCase();
}

/** Countries sorted by their English name, for selects. */
export function countryOptions(): { code: string; name: string }[] {
  return countryCodes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function isCountryCode(value: string): boolean {
  return countryCodes.includes(value);
}

/**
 * The European Economic Area: the 27 EU members plus Iceland, Liechtenstein and Norway. Card payments
 * from these countries (or from an unknown country) bear the lower card fee (decisions.md, Money).
 */
// prettier-ignore
export const EEA_COUNTRY_CODES: ReadonlySet<string> = new Set([
  // European Union
  'at', 'be', 'bg', 'hr', 'cy', 'cz', 'dk', 'ee', 'fi', 'fr', 'de', 'gr', 'hu', 'ie', 'it', 'lv', 'lt',
  'lu', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'si', 'es', 'se',
  // EFTA members of the EEA
  'is', 'li', 'no',
]);

/** Whether a two-letter country code (any case) belongs to the EEA. */
export function isEeaCountry(code: string): boolean {
  return EEA_COUNTRY_CODES.has(code.toLowerCase());
}
