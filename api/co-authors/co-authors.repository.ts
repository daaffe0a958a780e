import { sql } from 'slonik';
import { z } from 'zod';
import type { OrderItemType } from '../../domain/orders/order.events';
import type { Queryable } from '../../infra/db/pool';

const tableOf = (itemType: OrderItemType) => sql.identifier([itemType === 'SKIN' ? 'skins' : 'bundles']);

const itemRow = z.object({ id: z.number(), author_id: z.number(), title: z.string() });
export type CoAuthoredItemRow = z.infer<typeof itemRow>;

/** A skin or bundle that is not deleted, with its owner: null when there is none. */
export async function findItem(
  db: Queryable,
  itemType: OrderItemType,
  itemId: number,
): Promise<CoAuthoredItemRow | null> {
  return db.maybeOne(sql.type(itemRow)`
    select id, author_id, title from ${tableOf(itemType)} where id = ${itemId} and deleted_at is null`);
}

/** A registered account by its username (case-insensitive) that can be invited: not a guest, not blocked. */
export async function findInvitableUser(db: Queryable, username: string): Promise<number | null> {
  return db.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    select id from users where username = ${username}::citext and not anonymous and not blocked`);
}

const authorRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  author_id: z.number(),
  role: z.enum(['OWNER', 'INVITED', 'ACCEPTED']),
  weight: z.number(),
  invited_at: z.number().nullable(),
  accepted_at: z.number().nullable(),
});
export type ItemAuthorRow = z.infer<typeof authorRow>;

/**
 * The author rows of several items of one type (owner first, then co-authors and invitations in the
 * order they were invited), for the loaders and the edit page.
 */
export async function authorsOfItems(
  db: Queryable,
  itemType: OrderItemType,
  itemIds: readonly number[],
): Promise<ItemAuthorRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.any(sql.type(authorRow)`
    select item_type, item_id, author_id, role, weight, invited_at, accepted_at
    from item_authors
    where item_type = ${itemType} and item_id = any(${sql.array([...new Set(itemIds)], 'int8')})
    order by item_id, (role = 'OWNER') desc, invited_at, author_id`);
  return [...rows];
}

/** Items several users co-author (accepted, not owned), newest acceptance first. */
export async function coAuthoredItemIds(
  db: Queryable,
  itemType: OrderItemType,
  authorIds: readonly number[],
): Promise<{ authorId: number; itemId: number }[]> {
  if (authorIds.length === 0) return [];
  const rows = await db.any(sql.type(z.object({ authorId: z.number(), itemId: z.number() }))`
    select author_id as "authorId", item_id as "itemId" from item_authors
    where item_type = ${itemType} and role = 'ACCEPTED'
      and author_id = any(${sql.array([...new Set(authorIds)], 'int8')})
    order by author_id, accepted_at desc, item_id desc`);
  return [...rows];
}

const invitationRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  title: z.string(),
  owner_id: z.number(),
  weight: z.number(),
  invited_at: z.number(),
});

/** The open invitations a user has, newest first (items deleted since are left out). */
export async function invitationsOf(db: Queryable, userId: number) {
  const rows = await db.any(sql.type(invitationRow)`
    select a.item_type, a.item_id, coalesce(s.title, b.title) as title,
           coalesce(s.author_id, b.author_id) as owner_id, a.weight, a.invited_at
    from item_authors a
    left join skins s on a.item_type = 'SKIN' and s.id = a.item_id and s.deleted_at is null
    left join bundles b on a.item_type = 'BUNDLE' and b.id = a.item_id and b.deleted_at is null
    where a.author_id = ${userId} and a.role = 'INVITED' and coalesce(s.id, b.id) is not null
    order by a.invited_at desc, a.item_id desc`);
  return [...rows];
}

/**
 * The author shares of an item's sales paid since `since` and not refunded (the orders read model),
 * oldest first: what a preview of new weights splits again.
 */
export async function recentSalesOf(
  db: Queryable,
  item: { itemType: OrderItemType; itemId: number },
  since: Date,
): Promise<{ authorShareCents: number }[]> {
  const rows = await db.any(sql.type(z.object({ authorShareCents: z.number() }))`
    select i.author_share_cents as "authorShareCents"
    from order_items i join orders o on o.id = i.order_id
    where i.item_type = ${item.itemType} and i.item_id = ${item.itemId}
      and o.status = 'PAYMENT_RECEIVED' and o.payment_received_at >= ${since.toISOString()}
    order by o.payment_received_at, o.id`);
  return [...rows];
}
