import unhomoglyph from 'unhomoglyph';
import { BLANK_SYMBOL } from '../text/visible-text';

/**
 * Username rules against impersonation, after Unicode's security recommendations (UTS #39):
 * a username is compared and stored in NFKC form; it has no invisible, control or
 * direction-changing characters; its letters come from one writing system (or a combination that
 * one language uses together, such as Japanese); and it is not made of characters that merely look
 * like plain Latin letters and digits.
 */

/** Characters a username never contains: white space, controls, format and default-ignorable characters. */
const HIDDEN_OR_CONTROL =
  /[\p{White_Space}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

/** Writing systems told apart; a letter of any other one counts as "Other". */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Scripts a language writes together (UTS #39, "highly restrictive"), Latin allowed beside each. */
const COMBINED_SCRIPTS: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The writing systems a name's letters and digits come from (punctuation and digits 0-9 are neutral). */
export function scriptsOf(name: string): Set<string> {
  const scripts = new Set<string>();
  for (const character of name) {
    if (NEUTRAL.test(character)) continue;
    scripts.add(SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(character))?.[0] ?? 'Other');
  }
  return scripts;
}

/** The UTS #39 skeleton: names that look alike have the same one ("pаypal" with a Cyrillic а, "paypal"). */
export function usernameSkeleton(name: string): string {
  // Mapped before and after case folding: "paypaI" (capital i) and "PAYPAL" both meet "paypal".
  return unhomoglyph(unhomoglyph(name.normalize('NFD')).toLowerCase()).normalize('NFD');
}

/**
 * Plain-ASCII look-alikes the confusables table leaves apart, folded after the skeleton (which
 * already turns m into rn, 1, I and | into l, and 0 into o): letter pairs that read as one letter
 * in small type (rn/m, vv/w, cl/d) and i/l, which many fonts draw alike.
 */
const ASCII_LOOKALIKES: readonly (readonly [RegExp, string])[] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/i/g, 'l'],
];

/**
 * The key two usernames share when a reader could take one for the other: the UTS #39 skeleton,
 * case-folded, then the ASCII look-alikes above folded. "pixeIpilot" and "pixelpilot", "adrnin"
 * and "admin", "hanabl_ghost", "hanab1_ghost" and "hanabi_ghost" each share one key. Stored with
 * each account (users.username_key, unique): a new name whose key is taken is refused.
 */
export function usernameLookalikeKey(name: string): string {
  let key = usernameSkeleton(name.normalize('NFKC')).toLowerCase();
  for (const [pattern, folded] of ASCII_LOOKALIKES) key = key.replace(pattern, folded);
  return key;
}

export type UsernameProblem = 'hidden-characters' | 'mixed-scripts' | 'lookalike';

/** Why a (NFKC-normalized) username is refused, or null when it is fine. */
export function usernameProblemOf(name: string): UsernameProblem | null {
  // The blank braille pattern is a symbol, not white space, but shows nothing either.
  if (HIDDEN_OR_CONTROL.test(name) || BLANK_SYMBOL.test(name)) return 'hidden-characters';
  const scripts = scriptsOf(name);
  if (scripts.size > 1 && !COMBINED_SCRIPTS.some((allowed) => [...scripts].every((s) => allowed.has(s)))) {
    return 'mixed-scripts';
  }
  // Non-ASCII characters whose skeleton is plain ASCII only imitate a plain name ("ɑdmin", "раураl").
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u007f]/.test(name) && /^[\u0000-\u007f]*$/.test(usernameSkeleton(name))) return 'lookalike';
  return null;
}
