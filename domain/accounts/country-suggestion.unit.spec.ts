import { describe, expect, it } from 'vitest';
import { isCountryCode } from './countries';
import { countryOfAcceptLanguage, LANGUAGE_COUNTRIES, suggestCountry } from './country-suggestion';

describe('countryOfAcceptLanguage', () => {
  it('reads the region of the preferred language', () => {
    expect(countryOfAcceptLanguage('de-DE')).toBe('de');
    expect(countryOfAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(countryOfAcceptLanguage('de-AT')).toBe('at');
    expect(countryOfAcceptLanguage('en-GB,en;q=0.9')).toBe('gb');
    expect(countryOfAcceptLanguage('zh-Hant-TW')).toBe('tw');
    expect(countryOfAcceptLanguage('pt_BR')).toBe('br');
  });

  it('names a country from a language without a region by the table', () => {
    expect(countryOfAcceptLanguage('de')).toBe('de');
    expect(countryOfAcceptLanguage('fr')).toBe('fr');
    expect(countryOfAcceptLanguage('cs')).toBe('cz');
    expect(countryOfAcceptLanguage('sv')).toBe('se');
    expect(countryOfAcceptLanguage('uk')).toBe('ua');
    expect(countryOfAcceptLanguage('FR')).toBe('fr');
  });

  it('follows the q values, and skips languages that tell nothing', () => {
    expect(countryOfAcceptLanguage('en;q=0.5,fr;q=0.9')).toBe('fr');
    expect(countryOfAcceptLanguage('en, de;q=0.7')).toBe('de');
    expect(countryOfAcceptLanguage('es-419,es;q=0.9,it;q=0.3')).toBe('it');
    expect(countryOfAcceptLanguage('de;q=0, fr;q=0.1')).toBe('fr');
  });

  it('tells nothing for English, Spanish or Chinese alone, a wildcard, unknown regions or no header', () => {
    for (const header of ['en', 'es', 'zh', 'ar', '*', 'en-XX', 'de;q=0', '', null, undefined, ',;,']) {
      expect(countryOfAcceptLanguage(header), String(header)).toBeNull();
    }
  });

  it("maps every table language to a country code the app's country list knows", () => {
    for (const [language, country] of Object.entries(LANGUAGE_COUNTRIES)) {
      expect(isCountryCode(country), `${language} → ${country}`).toBe(true);
    }
  });
});

describe('suggestCountry', () => {
  it('prefers the IP address, then the language, then the Czech Republic', () => {
    expect(suggestCountry({ ipCountry: 'AT', acceptLanguage: 'de-DE' })).toEqual({
      country: 'at',
      source: 'IP',
    });
    expect(suggestCountry({ ipCountry: null, acceptLanguage: 'de-DE' })).toEqual({
      country: 'de',
      source: 'LANGUAGE',
    });
    expect(suggestCountry({ ipCountry: 'zz', acceptLanguage: 'fr' })).toEqual({
      country: 'fr',
      source: 'LANGUAGE',
    });
    expect(suggestCountry({ ipCountry: null, acceptLanguage: 'en' })).toEqual({
      country: 'cz',
      source: 'DEFAULT',
    });
    expect(suggestCountry({ ipCountry: null, acceptLanguage: undefined })).toEqual({
      country: 'cz',
      source: 'DEFAULT',
    });
  });
});
