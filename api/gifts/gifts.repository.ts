import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

export const giftRow = z.object({
  order_id: z.number(),
  giver_user_id: z.number().nullable(),
  recipient_email: z.string(),
  note: z.string().nullable(),
  given_at: z.number(),
  status: z.enum(['OPEN', 'CLAIMED', 'ENDED']),
  claimed_by: z.number().nullable(),
  claimed_at: z.number().nullable(),
  ended_at: z.number().nullable(),
  end_reason: z.enum(['REFUNDED', 'CANCELLED']).nullable(),
  /** The order's payment status (orders read model). */
  payment_status: z.string(),
  /** When the latest claim link was made (the mail recorded), null before the first. */
  last_mailed_at: z.number().nullable(),
  /** How many times the giver had the mail sent again. */
  resends: z.number(),
});
export type GiftRow = z.infer<typeof giftRow>;

const giftColumns = sql.fragment`
  g.order_id, g.giver_user_id, g.recipient_email::text as recipient_email, g.note, g.given_at, g.status,
  g.claimed_by, g.claimed_at, g.ended_at, g.end_reason, o.status as payment_status,
  (select max(l.created_at) from gift_claim_links l where l.order_id = g.order_id) as last_mailed_at,
  (select count(*)::int from gift_claim_links l where l.order_id = g.order_id and l.reason = 'RESENT') as resends`;

/** The gifts of these orders (orders that are no gift are left out). */
export async function giftsOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<Map<number, GiftRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.any(sql.type(giftRow)`
    select ${giftColumns} from gifts g join orders o on o.id = g.order_id
    where g.order_id = any(${sql.array([...new Set(orderIds)], 'int8')})`);
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** Whether the order is a gift (its buyer gets no downloads through it). */
export async function isGiftOrder(db: Queryable, orderId: number): Promise<boolean> {
  const found = await db.maybeOneFirst(sql.type(z.object({ gift: z.boolean() }))`
    select true as gift from gifts where order_id = ${orderId}`);
  return found === true;
}

export const giftItemRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  name: z.string(),
});

/** What the claim page shows: the giver's name and the order's items. */
export async function giftOrderDetails(db: Queryable, orderId: number) {
  const giverName = await db.maybeOneFirst(sql.type(z.object({ buyer_name: z.string() }))`
    select buyer_name from orders where id = ${orderId}`);
  const items = await db.any(sql.type(giftItemRow)`
    select item_type, item_id, name from order_items where order_id = ${orderId} order by position`);
  return { giverName: giverName ?? '', items };
}
