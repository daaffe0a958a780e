import { sql } from 'slonik';
import { z } from 'zod';
import type { CodeTerms } from '../../domain/discount-codes/discount-code.decider';
import type { Queryable } from '../../infra/db/pool';

const itemRef = z.object({ itemType: z.enum(['SKIN', 'BUNDLE']), itemId: z.number() });
export const discountCodeRow = z.object({
  code: z.string(),
  author_id: z.number(),
  reduction_kind: z.enum(['PERCENT', 'AMOUNT']),
  percent: z.number().nullable(),
  amount_cents: z.number().nullable(),
  all_items: z.boolean(),
  items: z.array(itemRef),
  max_uses: z.number().nullable(),
  expires_at: z.number().nullable(),
  earlier_buyers_of: z.object({ item: itemRef.extend({ name: z.string() }), before: z.string() }).nullable(),
  active: z.boolean(),
  deactivated_at: z.number().nullable(),
  uses: z.number(),
  created_at: z.number(),
});
export type DiscountCodeRow = z.infer<typeof discountCodeRow>;

const codeColumns = sql.fragment`
  code, author_id, reduction_kind, percent, amount_cents, all_items, items, max_uses, expires_at,
  earlier_buyers_of, active, deactivated_at, uses, created_at`;

/** The read model's row as the checks take it. */
export function termsOf(row: DiscountCodeRow): CodeTerms {
  return {
    code: row.code,
    authorId: row.author_id,
    reduction:
      row.reduction_kind === 'PERCENT'
        ? { kind: 'PERCENT', percent: row.percent ?? 0 }
        : { kind: 'AMOUNT', cents: row.amount_cents ?? 0 },
    items: row.all_items ? { kind: 'ALL' } : { kind: 'ITEMS', items: row.items },
    maxUses: row.max_uses,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    earlierBuyersOf: row.earlier_buyers_of,
    active: row.active,
    uses: row.uses,
  };
}

export async function findDiscountCode(db: Queryable, code: string): Promise<DiscountCodeRow | null> {
  return db.maybeOne(
    sql.type(discountCodeRow)`select ${codeColumns} from discount_codes where code = ${code}`,
  );
}

/** An author's codes, newest first. */
export async function discountCodesOfAuthor(db: Queryable, authorId: number): Promise<DiscountCodeRow[]> {
  return [
    ...(await db.any(sql.type(discountCodeRow)`
      select ${codeColumns} from discount_codes where author_id = ${authorId}
      order by created_at desc, code`)),
  ];
}

const redemptionRow = z.object({
  code: z.string(),
  order_id: z.string(),
  external_id: z.string().nullable(),
  cents: z.number(),
  items: z.array(itemRef.extend({ cents: z.number() })),
  redeemed_at: z.number(),
  released_at: z.number().nullable(),
  release_reason: z.string().nullable(),
  status: z.string().nullable(),
});
export type RedemptionRow = z.infer<typeof redemptionRow>;

/** A code's redemptions, newest first, with the order's number and status (never its buyer). */
export async function redemptionsOf(db: Queryable, code: string): Promise<RedemptionRow[]> {
  return [
    ...(await db.any(sql.type(redemptionRow)`
      select r.code, r.order_id, o.external_id, r.cents, r.items, r.redeemed_at, r.released_at,
             r.release_reason, o.status
      from discount_code_redemptions r
      left join orders o on o.id = case when r.order_id ~ '^[0-9]{1,18}$' then r.order_id::bigint end
      where r.code = ${code}
      order by r.redeemed_at desc, r.order_id desc`)),
  ];
}

/**
 * Whether the account bought the item (alone, or a skin within a bundle) in an order paid before
 * `before` and not refunded since.
 */
export async function boughtBefore(
  db: Queryable,
  userId: number,
  item: { itemType: 'SKIN' | 'BUNDLE'; itemId: number },
  before: string,
): Promise<boolean> {
  return db.exists(sql.unsafe`
    select 1 from orders o join order_items i on i.order_id = o.id
    where o.buyer_user_id = ${userId} and o.status = 'PAYMENT_RECEIVED'
      and o.payment_received_at < ${before}
      and ((i.item_type = ${item.itemType} and i.item_id = ${item.itemId})
           or (${item.itemType} = 'SKIN' and ${item.itemId} = any(i.skin_ids)))`);
}
