import transliterate from '@sindresorhus/transliterate';

/**
 * The SEPA Latin character set (EPC guidelines): what a bank takes in names and addresses of a
 * credit transfer; anything else it may refuse or garble.
 */
export const SEPA_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

// Field lengths of the pain.001 schema (Max140Text, Max70Text, Max35Text).
export const SEPA_NAME_MAX = 140;
export const SEPA_STREET_MAX = 70;
export const SEPA_TOWN_MAX = 35;

/**
 * Free text as a SEPA file carries it, the one rule used when payout details are saved, when a
 * payout is locked and when the file is written: transliterated to Latin letters by
 * @sindresorhus/transliterate ("Иван Петров" → "Ivan Petrov", "Jiří" → "Jiri", "Straße" →
 * "Strasse"), anything still outside the SEPA set a space, spaces collapsed, cut to `max`.
 */
export function toSepaText(value: string, max: number = Number.MAX_SAFE_INTEGER): string {
  return (
    transliterate(value.normalize('NFC'))
      // Typographic apostrophes and dashes have plain forms in the set.
      .replace(/[‘’ʼ]/g, "'")
      .replace(/[‐‑‒–—]/g, '-')
      .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
      .replace(/ +/g, ' ')
      .trim()
      .slice(0, max)
      .trimEnd()
  );
}

/** Whether a bank transfer can carry the text: some of it survives `toSepaText` ("山田太郎" does not). */
export function hasSepaText(value: string): boolean {
  return toSepaText(value) !== '';
}
