import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DISCOUNT_CODE_RELEASES } from '../../api/discount-codes/discount-code-releases.reactor';
import type { ReconcileCheck } from './scratch-replay';

export type DiscountCodesReconciliation = {
  /** Orders that recorded CODE reductions, and redemptions recorded on the codes' streams. */
  ordersWithCodes: number;
  redemptions: number;
  /** One line per disagreement (at most 20 of each kind). */
  findings: string[];
};

const FINDINGS_PER_KIND = 20;

/**
 * The discount-code part of `npm run reconcile` (docs/sales-and-codes.md, "Discount codes"), in
 * SQL on the stored events in the reconcile's snapshot: every order's CODE reductions agree cent by
 * cent with the code's `DiscountCodeRedeemed` for that order (and no redemption lacks its order); a
 * release belongs to a cancelled order, and every cancelled order up to the releasing reactor's
 * checkpoint that redeemed a code was released; each code's live `uses` is its redemptions less its
 * releases.
 */
export function discountCodesCheck(): ReconcileCheck<DiscountCodesReconciliation> {
  return { tables: [], projections: [], alongside: (tx) => reconcileDiscountCodes(tx) };
}

export async function reconcileDiscountCodes(
  tx: DatabaseTransactionConnection,
): Promise<DiscountCodesReconciliation> {
  await tx.query(sql.unsafe`
    create temporary table code_placed on commit drop as
    select e.data ->> 'orderId' as order_id, r ->> 'id' as code, i ->> 'itemType' as item_type,
           (i ->> 'itemId')::int8 as item_id, (r ->> 'cents')::int8 as cents
    from events e
    cross join lateral jsonb_array_elements(e.data -> 'items') i
    cross join lateral jsonb_array_elements(coalesce(i -> 'reductions', '[]'::jsonb)) r
    where e.event_type = 'OrderPlaced' and r ->> 'source' = 'CODE'`);
  await tx.query(sql.unsafe`
    create temporary table code_redeemed on commit drop as
    select e.data ->> 'orderId' as order_id, e.data ->> 'code' as code, x ->> 'itemType' as item_type,
           (x ->> 'itemId')::int8 as item_id, (x ->> 'cents')::int8 as cents
    from events e cross join lateral jsonb_array_elements(e.data -> 'items') x
    where e.event_type = 'DiscountCodeRedeemed'`);
  const findings: string[] = [];
  const line = z.object({ line: z.string() });

  const mismatched = await tx.anyFirst(sql.type(line)`
    select format('CODE %s order %s %s %s: the order took %s cents off, the redemption %s',
                  coalesce(p.code, r.code), coalesce(p.order_id, r.order_id), coalesce(p.item_type, r.item_type),
                  coalesce(p.item_id, r.item_id), coalesce(p.cents::text, 'nothing'), coalesce(r.cents::text, 'nothing'))
           as line
    from code_placed p
    full join code_redeemed r
      on r.order_id = p.order_id and r.code = p.code and r.item_type = p.item_type and r.item_id = p.item_id
    where p.cents is distinct from r.cents
    order by 1 limit ${FINDINGS_PER_KIND}`);
  findings.push(...mismatched);

  const releasedUncancelled = await tx.anyFirst(sql.type(line)`
    select format('CODE %s order %s: its use was released, but the order was never cancelled', e.data ->> 'code',
                  e.data ->> 'orderId') as line
    from events e
    where e.event_type = 'DiscountCodeRedemptionReleased'
      and not exists (select 1 from events c where c.stream_id = 'order-' || (e.data ->> 'orderId')
                      and c.event_type = 'OrderCancelled')
    order by 1 limit ${FINDINGS_PER_KIND}`);
  findings.push(...releasedUncancelled);

  const cancelledUnreleased = await tx.anyFirst(sql.type(line)`
    select format('CODE %s order %s: the order was cancelled, but its use was not given back', r.code, r.order_id)
           as line
    from (select distinct order_id, code from code_redeemed) r
    join events c on c.stream_id = 'order-' || r.order_id and c.event_type = 'OrderCancelled'
    join projection_checkpoints k on k.projection_name = ${DISCOUNT_CODE_RELEASES}
    where (c.transaction_id, c.global_position) <= (k.last_transaction_id, k.last_position)
      and not exists (select 1 from events e where e.stream_id = 'discount-code-' || r.code
                      and e.event_type = 'DiscountCodeRedemptionReleased' and e.data ->> 'orderId' = r.order_id)
    order by 1 limit ${FINDINGS_PER_KIND}`);
  findings.push(...cancelledUnreleased);

  const uses = await tx.anyFirst(sql.type(line)`
    with counted as (
      select e.data ->> 'code' as code,
             count(*) filter (where e.event_type = 'DiscountCodeRedeemed')
               - count(*) filter (where e.event_type = 'DiscountCodeRedemptionReleased') as uses
      from events e
      where e.event_type in ('DiscountCodeCreated', 'DiscountCodeRedeemed', 'DiscountCodeRedemptionReleased')
      group by 1
    )
    select format('CODE %s: %s uses in the read model, %s in the events', coalesce(d.code, c.code),
                  coalesce(d.uses::text, 'no row'), coalesce(c.uses::text, 'no code')) as line
    from discount_codes d full join counted c on c.code = d.code
    where d.uses is distinct from c.uses
    order by 1 limit ${FINDINGS_PER_KIND}`);
  findings.push(...uses);

  const counts = await tx.one(sql.type(z.object({ orders: z.number(), redemptions: z.number() }))`
    select (select count(distinct order_id)::int from code_placed) as orders,
           (select count(distinct (order_id, code))::int from code_redeemed) as redemptions`);
  return { ordersWithCodes: counts.orders, redemptions: counts.redemptions, findings };
}
