import { Feed } from 'feed';
import { imageVariantNames } from '../../infra/media/image-variants';
import { appIconPath } from '../../infra/web-icons';
import { escapeHtml } from '../../domain/text/escape-html';

/** How many skins a feed lists: the newest. */
export const FEED_SIZE = 30;

export const FEED_FORMATS = {
  rss: { extension: 'rss', contentType: 'application/rss+xml; charset=utf-8', label: 'RSS' },
  atom: { extension: 'atom', contentType: 'application/atom+xml; charset=utf-8', label: 'Atom' },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

/** The games and their names as people know them (the web app's game names). */
export const FEED_GAMES = {
  TM2020: 'Trackmania (2020)',
  TMNF: 'Nations & United Forever',
  TM_TURBO: 'Trackmania Turbo',
  TM2: 'Trackmania²',
  TMUF: 'United Forever',
  TM_SUNRISE: 'Trackmania Sunrise',
  TM: 'Trackmania (2003)',
} as const;
export type FeedGame = keyof typeof FEED_GAMES;

/** A game's part of a feed's address: `TM_TURBO` is `tm-turbo`. */
export const gameSlug = (game: FeedGame) => game.toLowerCase().replace(/_/g, '-');

/** The game a feed address names (any case), or null. */
export function gameOfSlug(slug: string): FeedGame | null {
  const game = slug.toUpperCase().replace(/-/g, '_');
  return Object.hasOwn(FEED_GAMES, game) ? (game as FeedGame) : null;
}

/** What a feed lists: every game, one game, or one author's skins. */
export type FeedScope =
  | { kind: 'all' }
  | { kind: 'game'; game: FeedGame }
  | {
      kind: 'author';
      id: number;
      url: string;
      username: string;
      description: string | null;
      /** When the account was made: the feed's date while it lists nothing. */
      since: Date;
    };

/** The feed's address without its extension, from the site's root: `/feeds/skins/tm2020`. */
export function feedPath(scope: FeedScope): string {
  if (scope.kind === 'all') return '/feeds/skins';
  if (scope.kind === 'game') return `/feeds/skins/${gameSlug(scope.game)}`;
  return `/feeds/authors/${encodeURIComponent(scope.url)}`;
}

/** The page the feed follows: the skins list (of the game) or the author's page. */
export function feedPagePath(scope: FeedScope): string {
  if (scope.kind === 'all') return '/skins?t=all';
  if (scope.kind === 'game') return `/skins?t=${scope.game}`;
  return `/authors/${encodeURIComponent(scope.url)}`;
}

/** The feed's title (also the title of its `<link rel="alternate">`). */
export function feedTitle(scope: FeedScope): string {
  if (scope.kind === 'all') return 'TrackSkins: new skins';
  if (scope.kind === 'game') return `TrackSkins: new skins for ${FEED_GAMES[scope.game]}`;
  return `TrackSkins: new skins by ${scope.username}`;
}

export type FeedSkin = {
  id: number;
  url: string;
  title: string;
  description: string;
  game: string;
  priceCents: number;
  createdAt: Date;
  modifiedAt: Date;
  authorUsername: string;
  authorUrl: string;
  thumbnail: { filename: string; width: number | null; height: number | null } | null;
};

/** Characters XML 1.0 forbids (control characters other than tab and line breaks, lone surrogates, U+FFFE/F). */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as a feed may carry it: without characters XML cannot hold. */
export const xmlSafe = (text: string) => text.replace(FORBIDDEN_IN_XML, '');

const price = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'EUR' });

/** The short plain-text summary of a skin: price, game, description. */
export function skinSummary(skin: Pick<FeedSkin, 'priceCents' | 'game' | 'description'>): string {
  const game = Object.hasOwn(FEED_GAMES, skin.game) ? FEED_GAMES[skin.game as FeedGame] : skin.game;
  return [skin.priceCents === 0 ? 'Free' : price.format(skin.priceCents / 100), game, skin.description.trim()]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * The feed of `skins` (newest first) in RSS 2.0 or Atom 1.0, with absolute addresses from the
 * site's public URL. Built by the `feed` library, which escapes text and wraps HTML in CDATA; the
 * summary and the content are HTML (escaped text, the card picture as an `<img>` and, in RSS, an
 * enclosure), and each item names its author (Atom `author`, RSS `dc:creator`: RSS's own `author`
 * element must be an email address, which the site does not publish).
 */
export function skinFeed(
  format: FeedFormat,
  scope: FeedScope,
  skins: readonly FeedSkin[],
  publicUrl: string,
): { xml: string; updated: Date } {
  const site = publicUrl.replace(/\/$/, '');
  const self = `${site}${feedPath(scope)}.${FEED_FORMATS[format].extension}`;
  const updated =
    skins.reduce<Date | null>(
      (latest, skin) => (latest === null || skin.modifiedAt > latest ? skin.modifiedAt : latest),
      null,
    ) ?? (scope.kind === 'author' ? scope.since : new Date(0));
  const description =
    scope.kind === 'author'
      ? xmlSafe(
          scope.description?.trim() || `The newest Trackmania car skins by ${scope.username} on TrackSkins.`,
        )
      : scope.kind === 'game'
        ? `The newest custom car skins for ${FEED_GAMES[scope.game]} on TrackSkins.`
        : 'The newest custom car skins for the Trackmania games on TrackSkins.';
  const feed = new Feed({
    id: self,
    title: xmlSafe(feedTitle(scope)),
    description,
    link: `${site}${feedPagePath(scope)}`,
    updated,
    generator: 'TrackSkins',
    language: 'en',
    image: `${site}${appIconPath(192)}`,
    favicon: `${site}/favicon.svg`,
    feedLinks: { [format]: self },
    ttl: 15,
  });
  for (const skin of skins) {
    const link = `${site}/skins/${encodeURIComponent(skin.url)}`;
    const title = xmlSafe(skin.title);
    const summary = escapeHtml(xmlSafe(skinSummary(skin)));
    const card = skin.thumbnail ? `${site}/public/${imageVariantNames(skin.thumbnail.filename).card}` : null;
    const content = [
      card
        ? `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(card)}" alt="${escapeHtml(title)}" width="640" height="360" /></a></p>`
        : '',
      `<p>${summary}</p>`,
    ].join('');
    feed.addItem({
      // Atom says its title is HTML: the text goes escaped. RSS titles are plain text.
      title: format === 'atom' ? escapeHtml(title) : title,
      id: link,
      guid: link,
      link,
      date: skin.modifiedAt,
      published: skin.createdAt,
      description: summary,
      content,
      author: [
        { name: xmlSafe(skin.authorUsername), link: `${site}/authors/${encodeURIComponent(skin.authorUrl)}` },
      ],
      ...(card ? { enclosure: { url: card, type: 'image/webp', length: 0 } } : {}),
    });
  }
  const xml = format === 'rss' ? rssWithCreators(feed.rss2()) : feed.atom1();
  return { xml, updated };
}

/** RSS items name their author as Dublin Core's creator (the namespace the library declares). */
function rssWithCreators(xml: string): string {
  return xml.replace(/<author>([^<]*)<\/author>/g, '<dc:creator>$1</dc:creator>');
}
