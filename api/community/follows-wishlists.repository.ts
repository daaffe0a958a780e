import { sql } from 'slonik';
import { z } from 'zod';
import type { ItemType } from '../../domain/community/community.events';
import type { WishedItemFacts } from '../../domain/community/wish.decider';
import type { Queryable } from '../../infra/db/pool';
import { buyerAccountIds, userColumns, userRow } from '../accounts/users.repository';
import type { AuthorRow } from '../catalogue/authors.repository';
import { bundleColumns, bundleRow, type BundleRow } from '../catalogue/bundles.repository';
import {
  cardColumns,
  skinCardRow,
  skinColumns,
  skinRow,
  type SkinCardRow,
  type SkinRow,
} from '../catalogue/skins.repository';

// Reads of the follow and wishlist read models (migration 032); the inline projections write them.

const ids = (values: readonly number[]) => sql.array([...new Set(values)], 'int8');

/** Followers per author (absent: none), from the counts the author-follows projection keeps. */
export async function followerCounts(
  db: Queryable,
  authorIds: readonly number[],
): Promise<Map<number, number>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ author_id: z.number(), followers: z.number() }))`
    select author_id, followers from author_follower_counts where author_id = any(${ids(authorIds)})`);
  return new Map(rows.map((row) => [row.author_id, row.followers]));
}

/** The authors among `authorIds` the user follows. */
export async function followedAmong(
  db: Queryable,
  userId: number,
  authorIds: readonly number[],
): Promise<Set<number>> {
  if (authorIds.length === 0) return new Set();
  const rows = await db.anyFirst(sql.type(z.object({ author_id: z.number() }))`
    select author_id from author_follows where user_id = ${userId} and author_id = any(${ids(authorIds)})`);
  return new Set(rows);
}

const followedAuthorRow = userRow.extend({ skin_count: z.number(), followed_at: z.number() });
export type FollowedAuthorRow = AuthorRow & { followed_at: number };

/**
 * A page of the authors a user follows, newest follow first, with their author-page data: blocked
 * or guest accounts are left out (their page is gone; they come back if unblocked).
 */
export async function listFollowedAuthors(
  db: Queryable,
  options: { userId: number; page: number; size: number },
): Promise<{ rows: FollowedAuthorRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.any(sql.type(followedAuthorRow)`
      select ${userColumns},
             (select count(*)::int from skins s where s.author_id = u.id and s.listed) as skin_count,
             f.followed_at
      from author_follows f join users u on u.id = f.author_id
      where f.user_id = ${options.userId} and not u.blocked and not u.anonymous
      order by f.followed_at desc, f.author_id desc
      limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from author_follows f join users u on u.id = f.author_id
      where f.user_id = ${options.userId} and not u.blocked and not u.anonymous`),
  ]);
  return { rows: [...rows], total };
}

/**
 * The newest listed skins of the authors a user follows, as cards: one query over the follows and
 * each followed author's newest listed cards (index skin_cards_author_created_idx).
 */
export async function newestSkinsOfFollowedAuthors(
  db: Queryable,
  userId: number,
  length: number,
): Promise<SkinCardRow[]> {
  const rows = await db.any(sql.type(skinCardRow)`
    select ${skinColumns}, ${cardColumns}
    from author_follows f
    cross join lateral (
      select c2.skin_id, c2.created_at from skin_cards c2
      where c2.author_id = f.author_id and c2.listed
      order by c2.created_at desc, c2.skin_id desc limit ${length}
    ) newest
    join skin_cards c on c.skin_id = newest.skin_id
    join skins s on s.id = newest.skin_id
    where f.user_id = ${userId}
    order by newest.created_at desc, newest.skin_id desc
    limit ${length}`);
  return [...rows];
}

/** What the wish decider needs to know of an item, for one user; null when there is no such item. */
export async function wishedItemFacts(
  db: Queryable,
  userId: number,
  itemType: ItemType,
  itemId: number,
): Promise<WishedItemFacts | null> {
  const row =
    itemType === 'SKIN'
      ? await db.maybeOne(sql.type(
          z.object({ listed: z.boolean(), author_id: z.number(), owned: z.boolean() }),
        )`
          select s.listed, s.author_id, exists (
            select 1 from owned_skins o
            where o.user_id in ${buyerAccountIds(userId)} and o.skin_id = s.id and o.acquired_at is not null
          ) as owned
          from skins s where s.id = ${itemId}`)
      : await db.maybeOne(sql.type(
          z.object({ listed: z.boolean(), author_id: z.number(), owned: z.boolean() }),
        )`
          select b.listed, b.author_id, exists (
            select 1 from owned_bundles o
            where o.user_id in ${buyerAccountIds(userId)} and o.bundle_id = b.id and o.acquired_at is not null
          ) as owned
          from bundles b where b.id = ${itemId}`);
  return row ? { listed: row.listed, authorId: row.author_id, owned: row.owned } : null;
}

/** The items among `itemIds` the user wished. */
export async function wishedAmong(
  db: Queryable,
  userId: number,
  itemType: ItemType,
  itemIds: readonly number[],
): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db.anyFirst(sql.type(z.object({ item_id: z.number() }))`
    select item_id from wishlist_items
    where user_id = ${userId} and item_type = ${itemType} and item_id = any(${ids(itemIds)})`);
  return new Set(rows);
}

/** Ids of a user's wished listed items (the hearts on cards), newest wish first, at most `limit`. */
export async function wishedItemIds(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<{ itemType: ItemType; itemId: number }[]> {
  const rows = await db.any(sql.type(
    z.object({ item_type: z.enum(['SKIN', 'BUNDLE']), item_id: z.number() }),
  )`
    select item_type, item_id from wishlist_items
    where user_id = ${userId}
    order by wished_at desc, item_type, item_id desc limit ${limit}`);
  return rows.map((row) => ({ itemType: row.item_type, itemId: row.item_id }));
}

export type WishlistRow = {
  itemType: ItemType;
  wishedAt: number;
  skin: SkinRow | null;
  bundle: BundleRow | null;
};

const listedWishes = (userId: number) => sql.fragment`
  from wishlist_items w
  left join skins s on w.item_type = 'SKIN' and s.id = w.item_id
  left join bundles b on w.item_type = 'BUNDLE' and b.id = w.item_id
  where w.user_id = ${userId} and coalesce(s.listed, b.listed, false)`;

/**
 * A page of a user's wishlist, newest wish first. Items no longer listed (unpublished, taken down,
 * deleted, author blocked) are left out, and come back if listed again.
 */
export async function listWishlist(
  db: Queryable,
  options: { userId: number; page: number; size: number },
): Promise<{ rows: WishlistRow[]; total: number }> {
  const entries = await db.any(sql.type(
    z.object({ item_type: z.enum(['SKIN', 'BUNDLE']), item_id: z.number(), wished_at: z.number() }),
  )`
    select w.item_type, w.item_id, w.wished_at
    ${listedWishes(options.userId)}
    order by w.wished_at desc, w.item_type, w.item_id desc
    limit ${options.size} offset ${options.page * options.size}`);
  const skinIds = entries.filter((e) => e.item_type === 'SKIN').map((e) => e.item_id);
  const bundleIds = entries.filter((e) => e.item_type === 'BUNDLE').map((e) => e.item_id);
  const [skins, bundles, total] = await Promise.all([
    skinIds.length === 0
      ? []
      : db.any(sql.type(skinRow)`select ${skinColumns} from skins s where s.id = any(${ids(skinIds)})`),
    bundleIds.length === 0
      ? []
      : db.any(
          sql.type(bundleRow)`select ${bundleColumns} from bundles b where b.id = any(${ids(bundleIds)})`,
        ),
    db.oneFirst(
      sql.type(
        z.object({ total: z.number() }),
      )`select count(*)::int as total ${listedWishes(options.userId)}`,
    ),
  ]);
  const skinById = new Map(skins.map((row) => [row.id, row]));
  const bundleById = new Map(bundles.map((row) => [row.id, row]));
  return {
    rows: entries.map((entry) => ({
      itemType: entry.item_type,
      wishedAt: entry.wished_at,
      skin: entry.item_type === 'SKIN' ? (skinById.get(entry.item_id) ?? null) : null,
      bundle: entry.item_type === 'BUNDLE' ? (bundleById.get(entry.item_id) ?? null) : null,
    })),
    total,
  };
}
