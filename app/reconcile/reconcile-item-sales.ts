import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { copyEventsUpToCheckpoint, differencesFromLive, type SalesDifference } from './reconcile-sales';
import type { ReconcileCheck } from './scratch-replay';

/**
 * The tables behind the Creativity Dashboard's per-item table
 * (projections/item-sales-by-source.projection.ts), each with its key: recomputed here in SQL
 * straight from the stored order events, without the projection's code.
 */
const ITEM_SALES_TABLES = {
  item_sales_orders: ['order_id'],
  item_sales_by_source: ['item_type', 'item_id', 'source', 'author_id'],
  item_sales_daily: ['item_type', 'item_id', 'day'],
} as const;
type ItemSalesTable = keyof typeof ITEM_SALES_TABLES;

const ITEM_SALES_EVENT_TYPES = ['OrderPlaced', 'PaymentReceived', 'OrderRefunded'];

export type ItemSalesReconciliation = {
  /** Order events up to the item-sales-by-source checkpoint, which the live tables hold. */
  eventsRead: number;
  differences: SalesDifference[];
};

/**
 * The per-item sales part of `npm run reconcile` (docs/statistics.md, "Per item"): in the
 * reconcile's snapshot, the events up to the projection's checkpoint give each order's items with
 * their price source (SALE when the item recorded a sale's reduction, CODE when only a code's,
 * FULL_PRICE otherwise) and split, each item's paid and refunded sales by source for every author
 * with a part (purchases, price + tip, the whole author share, the author's part), and each item's
 * purchases per UTC day of the payment; every live row must be one of them.
 */
export function itemSalesCheck(): ReconcileCheck<ItemSalesReconciliation> {
  return { tables: [], projections: [], alongside: (tx) => reconcileItemSales(tx) };
}

export async function reconcileItemSales(
  tx: DatabaseTransactionConnection,
): Promise<ItemSalesReconciliation> {
  await copyEventsUpToCheckpoint(tx, {
    table: 'item_sales_events',
    projection: 'item-sales-by-source',
    eventTypes: ITEM_SALES_EVENT_TYPES,
    file: 'app/reconcile/reconcile-item-sales.ts',
  });
  await tx.query(sql.unsafe`
    create temporary table expected_item_sales_orders on commit drop as
    select distinct on ((data ->> 'orderId')::int8)
           (data ->> 'orderId')::int8 as order_id,
           (select jsonb_agg(jsonb_build_object(
                     'itemType', i ->> 'itemType', 'itemId', (i ->> 'itemId')::int8,
                     'authorId', (i ->> 'authorId')::int8,
                     'source', case when coalesce(i -> 'reductions', '[]') @> '[{"source": "SALE"}]' then 'SALE'
                                    when coalesce(i -> 'reductions', '[]') @> '[{"source": "CODE"}]' then 'CODE'
                                    else 'FULL_PRICE' end,
                     'salesCents', (i ->> 'priceCents')::int8 + (i ->> 'tipCents')::int8,
                     'authorShareCents', (i ->> 'authorShareCents')::int8)
                   -- A co-authored item's split, as the order recorded it.
                   || case when i ? 'authorShares'
                           then jsonb_build_object('authorShares', i -> 'authorShares') else '{}' end
                   order by n)
            from jsonb_array_elements(data -> 'items') with ordinality as x(i, n)) as items
    from item_sales_events where event_type = 'OrderPlaced'
    order by (data ->> 'orderId')::int8, global_position`);
  await tx.query(sql.unsafe`alter table expected_item_sales_orders add primary key (order_id)`);
  await tx.query(sql.unsafe`analyze expected_item_sales_orders`);
  // Each paid or refunded item of an order placed before, once for every author with a part.
  await tx.query(sql.unsafe`
    create temporary table expected_item_sales_parts on commit drop as
    select f.sold, f.day, n as position, i ->> 'itemType' as item_type, (i ->> 'itemId')::int8 as item_id,
           i ->> 'source' as source, (i ->> 'authorId')::int8 as owner_id, (p ->> 'authorId')::int8 as author_id,
           (i ->> 'salesCents')::int8 as sales_cents, (i ->> 'authorShareCents')::int8 as share_cents,
           (p ->> 'cents')::int8 as part_cents, f.fact
    from (
      select global_position as fact, (data ->> 'orderId')::int8 as order_id,
             event_type = 'PaymentReceived' as sold,
             ((data ->> 'receivedAt')::timestamptz at time zone 'UTC')::date as day
      from item_sales_events where event_type <> 'OrderPlaced'
    ) f
    join expected_item_sales_orders o using (order_id)
    cross join lateral jsonb_array_elements(o.items) with ordinality as x(i, n)
    cross join lateral jsonb_array_elements(coalesce(
      i -> 'authorShares',
      jsonb_build_array(jsonb_build_object('authorId', i -> 'authorId', 'cents', i -> 'authorShareCents')))) as p`);
  await tx.query(sql.unsafe`analyze expected_item_sales_parts`);

  const expected: Record<Exclude<ItemSalesTable, 'item_sales_orders'>, ReturnType<typeof sql.fragment>> = {
    // In the live table's column order (author_part_cents was added last).
    item_sales_by_source: sql.fragment`
      select item_type, item_id, source, author_id,
             count(*) filter (where sold)::int as sold_count,
             coalesce(sum(sales_cents) filter (where sold), 0)::int8 as sold_cents,
             coalesce(sum(share_cents) filter (where sold), 0)::int8 as author_share_cents,
             count(*) filter (where not sold)::int as refund_count,
             coalesce(sum(sales_cents) filter (where not sold), 0)::int8 as refunded_cents,
             coalesce(sum(part_cents) filter (where sold), 0)::int8 as author_part_cents
      from expected_item_sales_parts group by item_type, item_id, source, author_id`,
    // Purchases per item and day count each ordered item once, not once per author.
    item_sales_daily: sql.fragment`
      select item_type, item_id, day, min(owner_id) as author_id, count(distinct (fact, position))::int as sold_count
      from expected_item_sales_parts where sold
      group by item_type, item_id, day`,
  };
  const differences = await differencesFromLive(tx, ITEM_SALES_TABLES, (table) =>
    table === 'item_sales_orders' ? sql.fragment`select * from expected_item_sales_orders` : expected[table],
  );
  const eventsRead = await tx.oneFirst(
    sql.type(z.object({ count: z.number() }))`select count(*)::int as count from item_sales_events`,
  );
  return { eventsRead, differences };
}
