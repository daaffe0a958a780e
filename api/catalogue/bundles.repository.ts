import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, Queryable } from '../../infra/db/pool';
import { bundleSearchColumns, runListing, searchMatches } from './catalogue-search';
import {
  catalogueItemRow,
  resourceRow,
  visibleTo,
  type ResourceRow,
  type Visibility,
} from './skins.repository';

/** A bundle's row holds just what every catalogue item has. */
export const bundleRow = catalogueItemRow;
export type BundleRow = z.infer<typeof bundleRow>;

export const bundleColumns = sql.fragment`
  b.id, b.url::text as url, b.author_id, b.title, b.description, b.game, b.price_cents, b.published,
  b.video_url, b.created_at, b.modified_at, b.deleted_at`;

export async function findBundleByUrl(
  db: Queryable,
  url: string,
  visibility: Visibility,
): Promise<BundleRow | null> {
  return db.maybeOne(sql.type(bundleRow)`
    select ${bundleColumns} from bundles b where b.url = ${url}::citext and ${visibleTo(visibility, 'b')}`);
}

export async function bundlesByIds(
  db: Queryable,
  ids: readonly number[],
  visibility: Visibility,
): Promise<BundleRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.type(bundleRow)`
    select ${bundleColumns} from bundles b
    where b.id = any(${sql.array([...ids], 'int8')}) and ${visibleTo(visibility, 'b')}`);
  return [...rows];
}

export type BundleListing = {
  search: string | null;
  game: string | null;
  sort: 'createdAt' | 'price' | 'title' | 'author';
  direction: 'ASC' | 'DESC';
  page: number;
  size: number;
  includeHidden: boolean;
};

const orderings = {
  createdAt: (d: FragmentSqlToken) => sql.fragment`b.created_at ${d}, b.id ${d}`,
  price: (d: FragmentSqlToken) => sql.fragment`b.price_cents ${d}, b.created_at desc, b.id desc`,
  title: (d: FragmentSqlToken) => sql.fragment`b.title ${d}, b.id`,
  author: (d: FragmentSqlToken) => sql.fragment`u.username ${d}, b.created_at desc, b.id desc`,
};

export async function listBundles(
  db: DatabasePool,
  listing: BundleListing,
): Promise<{ rows: BundleRow[]; total: number }> {
  const conditions: FragmentSqlToken[] = [
    listing.includeHidden ? sql.fragment`b.deleted_at is null` : sql.fragment`b.listed`,
  ];
  if (listing.game) conditions.push(sql.fragment`b.game = ${listing.game}`);
  if (listing.search) conditions.push(searchMatches(bundleSearchColumns, listing.search));
  const where = sql.join(conditions, sql.fragment` and `);
  const direction = listing.direction === 'ASC' ? sql.fragment`asc` : sql.fragment`desc`;
  const [rows, total] = await runListing(db, listing.search, (tx) =>
    Promise.all([
      tx.any(sql.type(bundleRow)`
        select ${bundleColumns} from bundles b join users u on u.id = b.author_id
        where ${where} order by ${orderings[listing.sort](direction)}
        limit ${listing.size} offset ${listing.page * listing.size}`),
      tx.oneFirst(sql.type(z.object({ total: z.number() }))`
        select count(*)::int as total from bundles b join users u on u.id = b.author_id where ${where}`),
    ]),
  );
  return { rows: [...rows], total };
}

/** The skins of several bundles, in their order: pairs (bundle id, skin id). */
export async function skinIdsOfBundles(
  db: Queryable,
  bundleIds: readonly number[],
): Promise<{ bundleId: number; skinId: number }[]> {
  if (bundleIds.length === 0) return [];
  const rows = await db.any(sql.type(z.object({ bundleId: z.number(), skinId: z.number() }))`
    select bundle_id as "bundleId", skin_id as "skinId" from bundle_skins
    where bundle_id = any(${sql.array([...bundleIds], 'int8')}) order by bundle_id, position, skin_id`);
  return [...rows];
}

export async function resourcesOfBundles(
  db: Queryable,
  bundleIds: readonly number[],
): Promise<ResourceRow[]> {
  if (bundleIds.length === 0) return [];
  const rows = await db.any(sql.type(resourceRow)`
    select id, skin_id, bundle_id, type, filename, original_name, title, description, position, size_bytes, width, height
    from resources where bundle_id = any(${sql.array([...bundleIds], 'int8')})
    order by bundle_id, type, position, id`);
  return [...rows];
}
