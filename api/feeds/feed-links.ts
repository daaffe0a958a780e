import { FEED_FORMATS, feedPath, feedTitle, gameOfSlug, type FeedFormat, type FeedScope } from './skin-feeds';
import { escapeHtml } from '../../domain/text/escape-html';

export type FeedLink = { type: string; title: string; href: string };

const AUTHOR_PAGE = /^\/authors\/([^/]+)$/;

/**
 * The feeds a page offers in its head: the homepage every game's, the skins list the feed of the
 * game it shows (`t`: the 2020 edition by default, `all` for every game), an author's page the
 * author's (only when the author's page exists: `authorFound`).
 */
export function feedScopeOf(
  pathname: string,
  query: URLSearchParams,
  authorFound: boolean,
): FeedScope | null {
  if (pathname === '/') return { kind: 'all' };
  if (pathname === '/skins') {
    const game = query.get('t') ?? 'TM2020';
    if (game.toLowerCase() === 'all') return { kind: 'all' };
    const known = gameOfSlug(game);
    return known ? { kind: 'game', game: known } : { kind: 'game', game: 'TM2020' };
  }
  const author = AUTHOR_PAGE.exec(pathname);
  if (author && authorFound) {
    try {
      const url = decodeURIComponent(author[1]!).slice(0, 200);
      // Only the address matters for the link; the feed itself reads the rest.
      return { kind: 'author', id: 0, url, username: url, description: null, since: new Date(0) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The RSS and the Atom link of a scope, absolute. */
export function feedLinksOf(scope: FeedScope, publicUrl: string, authorName?: string): FeedLink[] {
  const site = publicUrl.replace(/\/$/, '');
  const title = feedTitle(scope.kind === 'author' && authorName ? { ...scope, username: authorName } : scope);
  return (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
    type: FEED_FORMATS[format].contentType.split(';')[0]!,
    title: `${title} (${FEED_FORMATS[format].label})`,
    href: `${site}${feedPath(scope)}.${FEED_FORMATS[format].extension}`,
  }));
}

/** The page's HTML with `<link rel="alternate">` tags for its feeds at the end of its head. */
export function withFeedLinks(html: string, links: readonly FeedLink[]): string {
  if (links.length === 0) return html;
  const tags = links
    .map(
      (link) =>
        `<link rel="alternate" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}" />`,
    )
    .join('\n    ');
  return html.replace('</head>', `    ${tags}\n  </head>`);
}
