import { DEFAULT_COUNTRY, isCountryCode } from './countries';

/**
 * The country checkout and sign-up preselect, and what it rests on: the visitor's IP address (an
 * offline database, infra/geo), else the browser's language, else the Czech Republic. It is only a
 * suggestion the person sees and can change; the form says which of the three it is.
 */
export type CountrySuggestionSource = 'IP' | 'LANGUAGE' | 'DEFAULT';
export type CountrySuggestion = { country: string; source: CountrySuggestionSource };

/**
 * Languages that name a country when the browser gives no region (`de` → Germany). Only languages
 * spoken mainly in one country are here: English, Spanish, Portuguese, Arabic, Chinese and the like
 * tell nothing on their own, so a bare `en` falls through to the next language or the default.
 */
export const LANGUAGE_COUNTRIES: Readonly<Record<string, string>> = Object.freeze({
  bg: 'bg', // Bulgarian
  cs: 'cz', // Czech
  da: 'dk', // Danish
  de: 'de', // German
  el: 'gr', // Greek
  et: 'ee', // Estonian
  fi: 'fi', // Finnish
  fr: 'fr', // French
  ga: 'ie', // Irish
  he: 'il', // Hebrew
  hr: 'hr', // Croatian
  hu: 'hu', // Hungarian
  is: 'is', // Icelandic
  it: 'it', // Italian
  ja: 'jp', // Japanese
  ko: 'kr', // Korean
  lt: 'lt', // Lithuanian
  lv: 'lv', // Latvian
  mt: 'mt', // Maltese
  nb: 'no', // Norwegian Bokmål
  nl: 'nl', // Dutch
  nn: 'no', // Norwegian Nynorsk
  no: 'no', // Norwegian
  pl: 'pl', // Polish
  ro: 'ro', // Romanian
  sk: 'sk', // Slovak
  sl: 'si', // Slovenian
  sv: 'se', // Swedish
  tr: 'tr', // Turkish
  uk: 'ua', // Ukrainian
});

/** At most this many languages of a header are read: a browser sends a handful. */
const MAX_LANGUAGES = 20;

/** The header's language tags, most preferred first (by `q`, then as written); `q=0` ones left out. */
function languagesByPreference(header: string): string[] {
  return header
    .split(',')
    .slice(0, MAX_LANGUAGES)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The country an Accept-Language header suggests, or null: the first preferred language with a
 * country region (`de-AT` → Austria, `zh-Hant-TW` → Taiwan), or whose language alone names one
 * (`LANGUAGE_COUNTRIES`). Numeric regions (`es-419`) and unknown codes tell nothing.
 */
export function countryOfAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const tag of languagesByPreference(header)) {
    const [language = '', ...subtags] = tag.split(/[-_]/);
    const region = subtags.find((subtag) => /^[a-z]{2}$/.test(subtag));
    if (region !== undefined && isCountryCode(region)) return region;
    const country = LANGUAGE_COUNTRIES[language];
    if (country !== undefined) return country;
  }
  return null;
}

/** The IP address's country first, then the browser's language, then the Czech Republic. */
export function suggestCountry(evidence: {
  ipCountry: string | null;
  acceptLanguage: string | null | undefined;
}): CountrySuggestion {
  const ipCountry = evidence.ipCountry?.toLowerCase() ?? null;
  if (ipCountry !== null && isCountryCode(ipCountry)) return { country: ipCountry, source: 'IP' };
  const languageCountry = countryOfAcceptLanguage(evidence.acceptLanguage);
  if (languageCountry !== null) return { country: languageCountry, source: 'LANGUAGE' };
  return { country: DEFAULT_COUNTRY, source: 'DEFAULT' };
}
