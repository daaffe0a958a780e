import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { bundleColumns, bundleRow, type BundleRow } from './bundles.repository';
import {
  cardColumns,
  skinCardRow,
  skinColumns,
  visibleTo,
  type SkinCardRow,
  type Visibility,
} from './skins.repository';

/**
 * The listed bundles holding each of several skins, cheapest first: what a skin page offers as
 * "also in bundle". Only listed bundles: a hidden bundle cannot be bought.
 */
export async function listedBundlesOfSkins(
  db: Queryable,
  skinIds: readonly number[],
): Promise<{ skinId: number; bundle: BundleRow }[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(bundleRow.extend({ of_skin: z.number() }))`
    select bs.skin_id as of_skin, ${bundleColumns}
    from bundle_skins bs join bundles b on b.id = bs.bundle_id
    where bs.skin_id = any(${sql.array([...skinIds], 'int8')}) and b.listed
    order by bs.skin_id, b.price_cents, b.id`);
  return rows.map(({ of_skin, ...bundle }) => ({ skinId: of_skin, bundle }));
}

/**
 * The prices of the skins of several bundles that the viewer may see (the ones the bundle page
 * lists and a purchase grants): what its saving is counted against.
 */
export async function visibleSkinPricesOfBundles(
  db: Queryable,
  bundleIds: readonly number[],
  visibility: Visibility,
): Promise<{ bundleId: number; priceCents: number }[]> {
  if (bundleIds.length === 0) return [];
  const rows = await db.any(sql.type(z.object({ bundleId: z.number(), priceCents: z.number() }))`
    select bs.bundle_id as "bundleId", s.price_cents as "priceCents"
    from bundle_skins bs join skins s on s.id = bs.skin_id
    where bs.bundle_id = any(${sql.array([...bundleIds], 'int8')}) and ${visibleTo(visibility)}`);
  return [...rows];
}

/**
 * Up to `length` listed skins of each author, most downloaded first (then newest), leaving out
 * one skin per request (the skin whose page asks for "more from this author"; 0 leaves none out).
 * Read from the cards (index skin_cards_author_downloads_idx), so they need no further query.
 */
export async function topSkinsOfAuthors(
  db: Queryable,
  requests: readonly { authorId: number; excludeSkinId: number; length: number }[],
): Promise<{ authorId: number; excludeSkinId: number; skin: SkinCardRow }[]> {
  // One row per (author, left-out skin), the longest length asked: a batch may ask twice.
  const unique = new Map<string, { authorId: number; excludeSkinId: number; length: number }>();
  for (const request of requests) {
    const key = `${request.authorId}:${request.excludeSkinId}`;
    const known = unique.get(key);
    unique.set(key, known && known.length >= request.length ? known : request);
  }
  const distinct = [...unique.values()];
  if (distinct.length === 0) return [];
  const rows = await db.any(sql.type(skinCardRow.extend({ for_author: z.number(), for_skin: z.number() }))`
    select q.author_id as for_author, q.exclude_id as for_skin, ${skinColumns}, ${cardColumns}
    from unnest(
      ${sql.array(
        distinct.map((r) => r.authorId),
        'int8',
      )},
      ${sql.array(
        distinct.map((r) => r.excludeSkinId),
        'int8',
      )},
      ${sql.array(
        distinct.map((r) => r.length),
        'int4',
      )}
    ) as q(author_id, exclude_id, length)
    cross join lateral (
      select * from skin_cards c
      where c.author_id = q.author_id and c.listed and c.skin_id <> q.exclude_id
      order by c.downloads_total desc, c.skin_id desc
      limit q.length
    ) c
    join skins s on s.id = c.skin_id
    order by q.author_id, q.exclude_id, c.downloads_total desc, c.skin_id desc`);
  return rows.map(({ for_author, for_skin, ...skin }) => ({
    authorId: for_author,
    excludeSkinId: for_skin,
    skin,
  }));
}

const authorTotalsRow = z.object({
  author_id: z.number(),
  downloads: z.number(),
  rating_sum: z.number(),
  rating_count: z.number(),
  bundle_count: z.number(),
});
export type AuthorTotalsRow = z.infer<typeof authorTotalsRow>;

/** Several authors' totals over their listed skins (downloads, votes) and their listed bundles, in one query. */
export async function totalsOfAuthors(
  db: Queryable,
  authorIds: readonly number[],
): Promise<AuthorTotalsRow[]> {
  if (authorIds.length === 0) return [];
  const rows = await db.any(sql.type(authorTotalsRow)`
    select a.id as author_id,
           coalesce(c.downloads, 0)::int8 as downloads,
           coalesce(c.rating_sum, 0)::int8 as rating_sum,
           coalesce(c.rating_count, 0)::int8 as rating_count,
           (select count(*) from bundles b where b.author_id = a.id and b.listed)::int as bundle_count
    from unnest(${sql.array([...new Set(authorIds)], 'int8')}) as a(id)
    left join lateral (
      select sum(downloads_total) as downloads, sum(rating_sum) as rating_sum, sum(rating_count) as rating_count
      from skin_cards where author_id = a.id and listed
    ) c on true`);
  return [...rows];
}

/** The listed bundles of several authors, newest first. */
export async function listedBundlesOfAuthors(
  db: Queryable,
  authorIds: readonly number[],
): Promise<BundleRow[]> {
  if (authorIds.length === 0) return [];
  const rows = await db.any(sql.type(bundleRow)`
    select ${bundleColumns} from bundles b
    where b.author_id = any(${sql.array([...new Set(authorIds)], 'int8')}) and b.listed
    order by b.author_id, b.created_at desc, b.id desc`);
  return [...rows];
}

/**
 * Sales of several skins sold alone, from the sales statistics' all-time totals: the paid sales
 * minus the refunded ones. A bundle is one item, so its sales count for the bundle, not its skins.
 */
export async function keptSalesOfSkins(
  db: Queryable,
  skinIds: readonly number[],
): Promise<Map<number, number>> {
  if (skinIds.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ item_id: z.number(), kept: z.number() }))`
    select item_id, (sold_count - refund_count)::int as kept from sales_item_totals
    where item_type = 'SKIN' and item_id = any(${sql.array([...skinIds], 'int8')})`);
  return new Map(rows.map((row) => [row.item_id, row.kept]));
}
