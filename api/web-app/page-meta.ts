import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, Queryable } from '../../infra/db/pool';
import { imageVariantNames } from '../../infra/media/image-variants';
import { escapeHtml } from '../../domain/text/escape-html';
import { listSkins } from '../catalogue/skins.repository';

const SITE = 'TrackSkins';

export type PageMeta = {
  title: string;
  description: string;
  image: string | null;
  type: 'website' | 'profile';
  /**
   * The picture the page shows first and largest (the gallery's first preview), preloaded from the
   * head so the browser need not wait for the app to ask for it.
   */
  leadImage?: string | null;
};

/** The public pages that are not catalogue items: their title and what a search result says of them. */
const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': {
    title: 'Custom car skins for Trackmania',
    description:
      'TrackSkins: custom car skins for Trackmania. Find your new ride, or publish and sell your own skins.',
  },
  '/skins': {
    title: 'Skins',
    description: 'Browse custom car skins for every Trackmania game: search, filter by game, price and tags.',
  },
  '/bundles': {
    title: 'Bundles',
    description: 'Bundles of Trackmania car skins: several liveries from one author, for less than apart.',
  },
  '/authors': {
    title: 'Authors',
    description: 'The skin makers of TrackSkins: find an author and see all of their Trackmania car skins.',
  },
  '/about': {
    title: 'About TrackSkins',
    description:
      'TrackSkins is the marketplace and gallery for custom car skins for the Trackmania games, where skin makers show and sell their work.',
  },
  '/about-payout-system': {
    title: 'Author payouts and fees',
    description:
      'What you earn when someone buys your skin or bundle, what the fees pay for, and when and how the money reaches you.',
  },
  '/installation-guide': {
    title: 'Installation guide',
    description: 'How to get a skin from TrackSkins onto your car, step by step, for each Trackmania game.',
  },
  '/blog': {
    title: 'Blog',
    description: 'News from the TrackSkins garage: new features, changes to the site and what comes next.',
  },
  '/faq': {
    title: 'Frequently asked questions',
    description: 'Answers about buying, installing and selling Trackmania car skins on TrackSkins.',
  },
  '/terms-of-service': {
    title: 'Terms of service',
    description:
      'The rules for using TrackSkins: buying and downloading skins, publishing and selling your own.',
  },
  '/refunds': {
    title: 'Refund policy',
    description:
      'When you can get your money back for a skin or bundle, how to ask, and what happens afterwards.',
  },
  '/privacy': {
    title: 'Privacy policy',
    description:
      'What personal data TrackSkins collects, why, who else sees it, how long it is kept, and your rights.',
  },
  '/submissions': {
    title: 'Submission rules',
    description:
      'What every skin and bundle on TrackSkins must meet, so players get what they see and authors get credit.',
  },
  '/roadmap': {
    title: 'Roadmap',
    description: 'What TrackSkins has built, what is being built now and what comes next.',
  },
};

/** Title and description of a public page that is not a catalogue item; null for any other path. */
export function staticPageMeta(pathname: string): PageMeta | null {
  const page = Object.hasOwn(STATIC_PAGES, pathname) ? STATIC_PAGES[pathname] : undefined;
  return page ? { ...page, image: null, type: 'website', leadImage: null } : null;
}

/**
 * The picture of the first card the skins list shows when opened without filters (the newest
 * TM2020 skins, the web app's defaults): its largest paint, preloaded from the head so the browser
 * fetches it while the app still loads. Null when the list is empty or the first skin has none.
 */
export async function skinsListLeadImage(db: DatabasePool): Promise<string | null> {
  const { rows } = await listSkins(db, {
    search: null,
    game: 'TM2020',
    tags: [],
    sort: 'createdAt',
    direction: 'DESC',
    page: 0,
    size: 1,
    includeHidden: false,
  });
  const filename = rows[0]?.thumbnail_filename;
  return filename ? `/public/${imageVariantNames(filename).card}` : null;
}

const PUBLIC_SKIN = /^\/skins\/(?!success$|failed$)([^/]+)$/;
const PUBLIC_BUNDLE = /^\/bundles\/(?!success$|failed$)([^/]+)$/;
const PUBLIC_AUTHOR = /^\/authors\/([^/]+)$/;

const metaRow = z.object({
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
});
const bundleMetaRow = metaRow.extend({ own_image: z.string().nullable() });

const previewOf = (filename: string | null) =>
  filename ? `/public/${imageVariantNames(filename).preview}` : null;

/**
 * Title, description and picture of a shared skin, bundle or author page, so that a link posted
 * elsewhere shows the skin. Only what anyone may see; null for every other path.
 */
export async function pageMetaOf(db: Queryable, pathname: string): Promise<PageMeta | null> {
  const page = sharedPageOf(pathname);
  if (!page) return null;
  const { kind, slug } = page;
  if (kind === 'skin') {
    const row = await db.maybeOne(sql.type(metaRow)`
      select s.title || ' by ' || u.username as title, nullif(s.description, '') as description,
             (select filename from resources r where r.skin_id = s.id and r.type = 'IMAGE' order by position, id limit 1) as image
      from skins s join users u on u.id = s.author_id
      where s.url = ${slug}::citext and s.listed`);
    return (
      row && {
        ...row,
        description: row.description ?? `A custom car skin on ${SITE}.`,
        type: 'website',
        leadImage: previewOf(row.image),
      }
    );
  }
  if (kind === 'bundle') {
    const row = await db.maybeOne(sql.type(bundleMetaRow)`
      select b.title || ' by ' || u.username as title, nullif(b.description, '') as description,
             own.filename as own_image,
             coalesce(
               own.filename,
               (select r.filename from bundle_skins bs join resources r on r.skin_id = bs.skin_id and r.type = 'IMAGE'
                where bs.bundle_id = b.id order by bs.position, r.position, r.id limit 1)) as image
      from bundles b join users u on u.id = b.author_id
      left join lateral (select filename from resources r where r.bundle_id = b.id and r.type = 'IMAGE'
                         order by position, id limit 1) own on true
      where b.url = ${slug}::citext and b.listed`);
    if (!row) return null;
    const { own_image: ownImage, ...meta } = row;
    // The bundle's gallery shows its own pictures only; the skins' are for shared links.
    return {
      ...meta,
      description: meta.description ?? `A bundle of skins on ${SITE}.`,
      type: 'website',
      leadImage: previewOf(ownImage),
    };
  }
  const row = await db.maybeOne(sql.type(metaRow)`
    select u.username::text as title, u.description,
           (select r.filename from skins s join resources r on r.skin_id = s.id and r.type = 'IMAGE'
            where s.author_id = u.id and s.listed
            order by s.created_at desc, r.position limit 1) as image
    from users u where u.url = ${slug}::citext and not u.anonymous`);
  return (
    row && { ...row, description: row.description ?? `Skins by ${row.title} on ${SITE}.`, type: 'profile' }
  );
}

function sharedPageOf(pathname: string): { kind: 'skin' | 'bundle' | 'author'; slug: string } | null {
  for (const [kind, pattern] of [
    ['skin', PUBLIC_SKIN],
    ['bundle', PUBLIC_BUNDLE],
    ['author', PUBLIC_AUTHOR],
  ] as const) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return { kind, slug: decodeURIComponent(match[1]!).slice(0, 200) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The app's index.html with the page's title, description, canonical address and Open Graph tags. */
export function withPageMeta(indexHtml: string, meta: PageMeta, pageUrl: string, siteUrl: string): string {
  const title = `${meta.title} | ${SITE}`;
  const image = meta.image ? `${siteUrl}/public/${imageVariantNames(meta.image).full}` : null;
  const tags = [
    ['og:site_name', SITE],
    ['og:type', meta.type],
    ['og:title', title],
    ['og:description', meta.description],
    ['og:url', pageUrl],
    ...(image ? [['og:image', image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
    .concat(
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
      ...(meta.leadImage
        ? [`<link rel="preload" as="image" href="${escapeHtml(meta.leadImage)}" fetchpriority="high" />`]
        : []),
    )
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
}
