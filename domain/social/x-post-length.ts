/**
 * How X counts the length of a post ("weighted length"), as its v3 counting rules define it:
 * - the text is NFC-normalised, then each code point weighs 1 when it lies in one of the light
 *   ranges below (Latin, Greek, Cyrillic, Hebrew, Arabic, Georgian… and common punctuation) and 2
 *   otherwise (CJK, Hangul, most symbols);
 * - an emoji counts 2 however many code points make it (a family, a flag, a skin tone);
 * - every link counts 23, the length of the t.co link X puts in its place, however long it is;
 * - a post may weigh at most 280.
 *
 * Why not X's own `twitter-text` package: its last release (3.1.0) still depends on core-js 2
 * (deprecated, loaded as global polyfills that leak a `core` global and can slow V8 down, see
 * twitter/twitter-text#342) and on a 2019 emoji list (newer emoji would count 2 per code point),
 * and this module is pure domain code that the web app may also bundle. The weights here are the
 * published v3 configuration; emoji come from the JavaScript engine's own Unicode data
 * (`\p{RGI_Emoji}`), so they stay current.
 *
 * Links are found the way X's parser finds them, simplified: `http://` or `https://` followed by a
 * domain with a top-level domain of letters; or a bare domain (`trackskins.gg/skins/1`) whose
 * top-level domain is a country code or one of the common generic ones below. A bare domain with a
 * rare generic top-level domain counts by its characters here while X may count 23.
 */

/** X's limit on the weighted length of one post. */
export const X_WEIGHTED_MAX = 280;
/** What a link weighs on X, whatever its length. */
export const X_URL_WEIGHT = 23;

/** Code point ranges (inclusive) that weigh 1; everything else weighs 2. */
const LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const LIGHT_WEIGHT = 1;
const DEFAULT_WEIGHT = 2;
const EMOJI_WEIGHT = 2;

/** Generic top-level domains X links without `https://` (country codes, two letters, always count). */
const BARE_GENERIC_TLDS = new Set(
  (
    'com net org edu gov mil int info biz name pro mobi aero asia cat coop jobs museum tel travel ' +
    'app dev page web site online website store shop tech space xyz top live life world news blog ' +
    'art design studio club fun game games win one link click today email cloud agency digital ' +
    'media social video network systems solutions software company group team center zone city ' +
    'photo photos photography pics pictures gallery graphics racing cars car auto skin skins zip ' +
    'mov wiki ninja rocks cool guru expert works tools support help download community events ' +
    'stream chat run build codes plus pink red blue green black gold vip'
  ).split(' '),
);

const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/** Without a protocol, X links only the ASCII part of a domain. */
const ASCII_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Latin letters with accents, Cyrillic ones and combining marks, which X allows in a link's path. */
const PATH_LETTERS = '\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0400-\\u04FF\\u1E00-\\u1EFF\\p{M}';
const PATH_CHAR = `[a-z0-9!*';:=+,.$/%#\\[\\]\\-\\u2013_~@|&${PATH_LETTERS}]`;
/** What a path may end with (so a full stop or comma after a link stays out of it). */
const PATH_END = new RegExp(`[a-z0-9=_#/+\\-${PATH_LETTERS})]$`, 'iu');
const QUERY_END = /[a-z0-9\-_&=#/]$/i;
/**
 * A link: group 1 the protocol (when given), 2 the top-level domain, 3 the path, 4 the query.
 * Not glued to a preceding ASCII letter or digit, `@`, `$` or `#` (a mention, cashtag or hashtag);
 * a bare domain (ASCII only) not glued to `-`, `_`, `.` or `/` either. The path may hold brackets in pairs.
 */
const URL_CANDIDATE = new RegExp(
  '(?<![a-z0-9@$#\\uFF20\\uFF03\\u202A-\\u202E\\u2066-\\u2069])' +
    `(?:(https?:\\/\\/)(?:${LABEL}\\.)+|(?<![\\-_./])(?:${ASCII_LABEL}\\.)+)` +
    '(\\p{L}{2,63}|xn--[a-z0-9-]{1,59})' +
    '(?![\\p{L}\\p{N}_\\-])' +
    '(?::\\d{1,5})?' +
    `(\\/(?:${PATH_CHAR}|\\((?:${PATH_CHAR}|\\(${PATH_CHAR}*\\))*\\))*)?` +
    "(\\?[a-z0-9!?*'@();:&=+$/%#\\[\\]\\-_.,~|]*)?",
  'giu',
);

/** Cuts what follows a link in the sentence (a full stop, a comma): a path and query end as on X. */
function trimLinkEnd(candidate: string, path: string, query: string): string {
  const hostEnd = candidate.length - path.length - query.length;
  let trimmedPath = path;
  while (trimmedPath.length > 0 && !PATH_END.test(trimmedPath)) trimmedPath = trimmedPath.slice(0, -1);
  let trimmedQuery = trimmedPath === path ? query : '';
  while (trimmedQuery.length > 1 && !QUERY_END.test(trimmedQuery)) trimmedQuery = trimmedQuery.slice(0, -1);
  if (trimmedQuery.length === 1) trimmedQuery = '';
  return candidate.slice(0, hostEnd) + trimmedPath + trimmedQuery;
}

/** The links X would find in a text: their start index and length (UTF-16), in order. */
export function findLinks(text: string): Array<{ index: number; length: number; url: string }> {
  const links: Array<{ index: number; length: number; url: string }> = [];
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const [candidate, protocol, tld = '', path = '', query = ''] = match;
    const topLevel = tld.toLowerCase();
    const bareOk =
      /^[a-z]{2}$/.test(topLevel) || BARE_GENERIC_TLDS.has(topLevel) || topLevel.startsWith('xn--');
    if (!protocol && !bareOk) continue;
    const url = trimLinkEnd(candidate, path, query);
    links.push({ index: match.index, length: url.length, url });
  }
  return links;
}

const EMOJI = /\p{RGI_Emoji}/gv;

function codePointWeight(codePoint: number): number {
  for (const [from, to] of LIGHT_RANGES) if (codePoint >= from && codePoint <= to) return LIGHT_WEIGHT;
  return DEFAULT_WEIGHT;
}

/** The weight of text without links: emoji 2 each, other code points by their range. */
function plainWeight(text: string): number {
  let weight = 0;
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    for (const character of text.slice(last, match.index))
      weight += codePointWeight(character.codePointAt(0)!);
    weight += EMOJI_WEIGHT;
    last = match.index + match[0].length;
  }
  for (const character of text.slice(last)) weight += codePointWeight(character.codePointAt(0)!);
  return weight;
}

/** A post's length as X counts it (at most `X_WEIGHTED_MAX` to be accepted). */
export function xWeightedLength(message: string): number {
  const text = message.normalize('NFC');
  let weight = 0;
  let last = 0;
  for (const link of findLinks(text)) {
    weight += plainWeight(text.slice(last, link.index)) + X_URL_WEIGHT;
    last = link.index + link.length;
  }
  return weight + plainWeight(text.slice(last));
}
