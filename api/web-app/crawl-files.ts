import { create } from 'xmlbuilder2';
import { APP_ICON_SIZES, appIconPath } from '../../infra/web-icons';

/** The most URLs one sitemap file may list (sitemaps.org); beyond it, a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages anyone may open that are not catalogue items (web/src/app/router.tsx, the static pages). */
export const PUBLIC_PAGES = [
  '/',
  '/skins',
  '/bundles',
  '/authors',
  '/about',
  '/about-payout-system',
  '/installation-guide',
  '/blog',
  '/faq',
  '/terms-of-service',
  '/refunds',
  '/privacy',
  '/submissions',
  '/roadmap',
] as const;

/**
 * Paths crawlers are asked to skip: accounts, administration, the API, checkout and its result
 * pages, and skin downloads. `$` ends a path, so /me$ does not also shut out a page named /media.
 */
const DISALLOWED = [
  '/me$',
  '/me/',
  '/admin$',
  '/admin/',
  '/api/',
  '/graphql',
  '/graphiql',
  '/assets/',
  '/local-checkout/',
  '/cart/',
  '/orders/',
  '/invoices/',
  '/reset-password',
  '/verify-email',
  '/success$',
  '/failed$',
  '/skins/success$',
  '/skins/failed$',
  '/bundles/success$',
  '/bundles/failed$',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Which pages sitemap part `part` (from 1) lists: the public pages come first, then the catalogue's,
 * `max` to a part. Gives the public pages of the part and the stretch of catalogue pages.
 */
export function sitemapPart(
  part: number,
  max: number = SITEMAP_MAX_URLS,
): { publicPages: string[]; catalogueOffset: number; catalogueLimit: number } {
  const start = (part - 1) * max;
  const end = start + max;
  const from = Math.max(start, PUBLIC_PAGES.length);
  return {
    publicPages: PUBLIC_PAGES.slice(start, end),
    catalogueOffset: from - PUBLIC_PAGES.length,
    catalogueLimit: Math.max(0, end - from),
  };
}

export type SitemapEntry = { path: string; lastModified: Date | null };

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap (urlset) of absolute URLs, with the last change where it is known. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele(SITEMAP_NS, 'urlset');
  for (const entry of entries) {
    const url = urlset.ele('url');
    url.ele('loc').txt(`${publicUrl}${entry.path}`);
    if (entry.lastModified) url.ele('lastmod').txt(entry.lastModified.toISOString());
  }
  return urlset.end({ prettyPrint: false });
}

/** A sitemap index naming `parts` sitemap files, /sitemaps/1.xml onwards. */
export function sitemapIndexXml(publicUrl: string, parts: number, lastModified: Date | null): string {
  const index = create({ version: '1.0', encoding: 'UTF-8' }).ele(SITEMAP_NS, 'sitemapindex');
  for (let part = 1; part <= parts; part++) {
    const sitemap = index.ele('sitemap');
    sitemap.ele('loc').txt(`${publicUrl}/sitemaps/${part}.xml`);
    if (lastModified) sitemap.ele('lastmod').txt(lastModified.toISOString());
  }
  return index.end({ prettyPrint: false });
}

/** The site's colours (web/src/app/theme.ts: the dark background and the cyan primary). */
export const THEME_COLOR = '#111419';

/** The web app manifest: what a phone shows when the site is added to its home screen. */
export function webAppManifest() {
  return {
    name: 'TrackSkins — custom car skins for Trackmania',
    short_name: 'TrackSkins',
    description: 'Find, buy and publish custom car skins for the Trackmania games.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...APP_ICON_SIZES.map((size) => ({
        src: appIconPath(size),
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
    ],
  };
}
