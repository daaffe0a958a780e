import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import type { SitemapEntry } from './crawl-files';

const entryRow = z.object({
  kind: z.enum(['skins', 'bundles', 'authors']),
  url: z.string(),
  modified: z.number().nullable(),
});

/** Listed skins, listed bundles, then authors with a listed skin (not blocked, not guests), each by id. */
const CATALOGUE_PAGES = sql.fragment`
  select 0 as rank, s.id, 'skins' as kind, s.url::text as url, s.modified_at as modified
  from skins s where s.listed
  union all
  select 1, b.id, 'bundles', b.url::text, b.modified_at from bundles b where b.listed
  union all
  select 2, u.id, 'authors', u.url::text, max(s.modified_at)
  from users u join skins s on s.author_id = u.id and s.listed
  where not u.anonymous and not u.blocked
  group by u.id`;

/** How many catalogue pages the sitemap lists. */
export async function countCataloguePages(db: Queryable): Promise<number> {
  return db.oneFirst(sql.type(z.object({ count: z.number() }))`
    select count(*)::int as count from (${CATALOGUE_PAGES}) pages`);
}

/** A stretch of the catalogue pages, in a stable order (kind, then id), with their last change. */
export async function cataloguePages(db: Queryable, offset: number, limit: number): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const rows = await db.any(sql.type(entryRow)`
    select kind, url, (extract(epoch from modified) * 1000)::float8 as modified
    from (${CATALOGUE_PAGES}) pages
    order by rank, id
    limit ${limit} offset ${offset}`);
  return rows.map((row) => ({
    path: `/${row.kind}/${encodeURIComponent(row.url)}`,
    lastModified: row.modified === null ? null : new Date(row.modified),
  }));
}
