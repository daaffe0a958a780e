import type { SocialNetwork } from '../../../../../domain/social/social-post';
import type { GameType } from '../../../shared/graphql/generated/graphql';

// The pure parts of the social media page: what the quick-insert buttons write, where the text goes
// in the message, and the numbered image selection.

/** Hashtags every post gets from the quick insert, then the game's own. */
export const BASE_HASHTAGS = ['#Trackmania', '#TrackmaniaSkins'] as const;

/** The hashtag of each game, as players tag their posts. */
export const GAME_HASHTAGS: Record<GameType, string> = {
  TM2020: '#Trackmania2020',
  TMNF: '#TrackmaniaNationsForever',
  TMUF: '#TrackmaniaUnitedForever',
  TM_TURBO: '#TrackmaniaTurbo',
  TM2: '#Trackmania2',
  TM_SUNRISE: '#TrackmaniaSunrise',
  TM: '#Trackmania2003',
};

/** `#Trackmania #TrackmaniaSkins` and the hashtags of the games given, each once, in order. */
export function hashtagsFor(games: readonly GameType[]): string {
  return [...new Set([...BASE_HASHTAGS, ...games.map((game) => GAME_HASHTAGS[game])])].join(' ');
}

/** The address of a skin's page on this site. */
export function skinPageLink(origin: string, skinUrl: string): string {
  return `${origin}/skins/${encodeURIComponent(skinUrl)}`;
}

/** The address of an author's page on this site. */
export function authorPageLink(origin: string, authorUrl: string): string {
  return `${origin}/authors/${encodeURIComponent(authorUrl)}`;
}

/** Hosts of the networks whose profile links a social field may hold instead of a handle. */
const PROFILE_HOSTS: Record<SocialNetwork, readonly string[]> = {
  TWITTER: ['x.com', 'twitter.com'],
  INSTAGRAM: ['instagram.com'],
};

/** X handles: letters, digits and `_`; Instagram adds `.`. */
const HANDLES: Record<SocialNetwork, RegExp> = {
  TWITTER: /^[A-Za-z0-9_]{1,15}$/,
  INSTAGRAM: /^[A-Za-z0-9_.]{1,30}$/,
};

/**
 * The `@handle` in an author's Twitter or Instagram field, which holds a handle (with or without
 * the `@`) or a link to the profile; null when the field is empty or holds something else.
 */
export function handleOf(network: SocialNetwork, field: string | null | undefined): string | null {
  const text = field?.trim();
  if (!text) return null;
  let candidate = text.replace(/^@/, '');
  if (/^(https?:\/\/|www\.)/i.test(text) || text.includes('/')) {
    try {
      const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
      const host = url.hostname.toLowerCase();
      if (!PROFILE_HOSTS[network].some((allowed) => host === allowed || host.endsWith(`.${allowed}`)))
        return null;
      candidate = decodeURIComponent(url.pathname.split('/').find((part) => part !== '') ?? '').replace(
        /^@/,
        '',
      );
    } catch {
      return null;
    }
  }
  return HANDLES[network].test(candidate) ? `@${candidate}` : null;
}

export type HandleInsert = {
  /** The network whose handle it is; null for the username (no handle set). */
  network: SocialNetwork | null;
  text: string;
};

/**
 * What the author quick insert offers: the author's X and Instagram handles when set (`@handle`),
 * else their username.
 */
export function authorInserts(author: {
  username: string;
  twitter?: string | null;
  instagram?: string | null;
}): HandleInsert[] {
  const twitter = handleOf('TWITTER', author.twitter);
  const instagram = handleOf('INSTAGRAM', author.instagram);
  // The same handle on both networks is offered once.
  if (twitter && instagram && twitter.toLowerCase() === instagram.toLowerCase())
    return [{ network: null, text: twitter }];
  const handles: HandleInsert[] = [];
  if (twitter) handles.push({ network: 'TWITTER', text: twitter });
  if (instagram) handles.push({ network: 'INSTAGRAM', text: instagram });
  return handles.length > 0 ? handles : [{ network: null, text: author.username }];
}

/**
 * The message with `insertion` in place of the selected text (or at the cursor), with a space on
 * either side where a word would otherwise run into it; `cursor` is just after the insertion.
 */
export function insertAt(
  message: string,
  selectionStart: number,
  selectionEnd: number,
  insertion: string,
): { message: string; cursor: number } {
  const start = Math.max(0, Math.min(selectionStart, message.length));
  const end = Math.max(start, Math.min(selectionEnd, message.length));
  const before = message.slice(0, start);
  const after = message.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after === '' || /^\s/.test(after) ? '' : ' ';
  const inserted = `${lead}${insertion}${trail}`;
  return { message: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}

/** The selection after a click on an image: added at the end, or taken out (the rest move up). */
export function toggleImage(selection: readonly string[], imageId: string): string[] {
  return selection.includes(imageId) ? selection.filter((id) => id !== imageId) : [...selection, imageId];
}

/** An `s` or `a` parameter that may be an id: digits only (within what the API takes). */
export function asId(parameter: string): string | null {
  return /^\d{1,15}$/.test(parameter) && Number(parameter) > 0 ? parameter : null;
}

/** An image the post may use, with the skin it shows. */
export type SubjectImage = { id: string; cardUrl: string | null; position: number };

export type SubjectSkin = {
  id: string;
  url: string;
  title: string;
  type: GameType;
  /** The skin's pictures in their order (the skin source left out). */
  images: SubjectImage[];
};

/** What the page posts about: one skin, or an author and their published skins. */
export type SocialSubject = {
  kind: 'skin' | 'author';
  /** Changes when another subject is chosen (the draft starts again). */
  key: string;
  skins: SubjectSkin[];
  author: {
    id: string;
    url: string;
    username: string;
    country: string | null;
    avatarUrl: string | null;
    twitter: string | null;
    instagram: string | null;
  };
  /** Why it cannot be posted (a hidden or taken-down skin), or null. */
  notPublic: string | null;
};

/** A skin's pictures in their order, the skin source left out. */
export function imagesOf(
  resources: readonly { id: string; type: string; order: number; cardUrl?: string | null }[],
): SubjectImage[] {
  return resources
    .filter((resource) => resource.type === 'IMAGE')
    .sort((a, b) => a.order - b.order)
    .map((resource, index) => ({ id: resource.id, cardUrl: resource.cardUrl ?? null, position: index + 1 }));
}
