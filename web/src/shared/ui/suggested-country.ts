import { useEffect, useState } from 'react';
import { countryName, DEFAULT_COUNTRY } from '../../../../domain/accounts/countries';
import type { CountrySuggestion } from '../../../../domain/accounts/country-suggestion';

/** What the form says under a country it preselected, so nobody buys or signs up as Czech unawares. */
export const suggestedCountryMessages = {
  IP: (country: string) => `We guessed ${country} from your location — change it if it is wrong.`,
  LANGUAGE: (country: string) =>
    `We guessed ${country} from your browser's language — change it if it is wrong.`,
  DEFAULT: (country: string) =>
    `We could not tell your country, so ${country} is preselected — change it if it is wrong.`,
} as const;

export function suggestedCountryNote(suggestion: CountrySuggestion): string {
  return suggestedCountryMessages[suggestion.source](countryName(suggestion.country));
}

function isSuggestion(value: unknown): value is CountrySuggestion {
  const answer = value as Partial<CountrySuggestion> | null;
  return (
    typeof answer?.country === 'string' &&
    (answer.source === 'IP' || answer.source === 'LANGUAGE' || answer.source === 'DEFAULT')
  );
}

// One question per page load: the answer is the same for every form of the visit.
let asked: Promise<CountrySuggestion> | null = null;

/**
 * GET /api/country-suggestion: the server reads the visitor's address and browser language. If it
 * cannot be asked, the Czech Republic is preselected and the form says it could not tell.
 */
export function fetchCountrySuggestion(): Promise<CountrySuggestion> {
  asked ??= fetch('/api/country-suggestion', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body: unknown = response.ok ? await response.json() : null;
      if (!isSuggestion(body)) throw new Error('no country suggestion');
      return body;
    })
    .catch((): CountrySuggestion => {
      asked = null;
      return { country: DEFAULT_COUNTRY, source: 'DEFAULT' };
    });
  return asked;
}

/**
 * Preselects the suggested country in an empty country field, once, and gives the note to show under
 * it while it holds that guess (null once the person chose another). `enabled` false waits (for a
 * signed-in buyer's profile, whose country comes first). Setting a Mantine form's field counts as
 * touching it, so the note follows the value, not the touched state.
 */
export function useSuggestedCountry(field: {
  value: string | null;
  set: (country: string) => void;
  enabled?: boolean;
}): string | null {
  const { value, set, enabled = true } = field;
  const [applied, setApplied] = useState<CountrySuggestion | null>(null);
  const waiting = enabled && !value && applied === null;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    void fetchCountrySuggestion().then((suggestion) => {
      if (!current) return;
      set(suggestion.country);
      setApplied(suggestion);
    });
    return () => {
      current = false;
    };
    // `set` changes identity on every render of a Mantine form.
  }, [waiting]);
  return applied && value === applied.country ? suggestedCountryNote(applied) : null;
}
