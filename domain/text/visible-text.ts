/**
 * Characters that show nothing by themselves: white space, format and control characters (zero
 * width spaces, direction marks and overrides), the default-ignorable ones (Hangul fillers,
 * variation selectors), combining marks without a base, and the blank braille pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]/u;

/** Symbols drawn as nothing (the blank braille pattern), though Unicode counts them as visible. */
export const BLANK_SYMBOL = /\u2800/u;

/** Whether a name, title or text shows at least one character a reader can see. */
export function hasVisibleText(value: string): boolean {
  for (const character of value) if (!INVISIBLE.test(character)) return true;
  return false;
}
