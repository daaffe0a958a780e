// Country names from two-letter codes through the browser's own data (no bundled list needed).
let regionNames: Intl.DisplayNames | null = null;

export function formatCountry(code: string, locale = 'en'): string {
  if (!/^[a-z]{2}$/i.test(code)) return code;
  try {
    regionNames ??= new Intl.DisplayNames([locale], { type: 'region' });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
