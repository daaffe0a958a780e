import { sql } from 'slonik';
import { z } from 'zod';
import type { OrderPlaced, OrderRefunded, PaymentReceived } from '../domain/orders/order.events';
import { authorPartsOf } from '../domain/co-authors/author-share-split';
import { priceSourceOf } from '../domain/orders/price-source';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type ItemSalesEvent = OrderPlaced | PaymentReceived | OrderRefunded;
const ITEM_SALES_EVENT_TYPES: readonly ItemSalesEvent['type'][] = [
  'OrderPlaced',
  'PaymentReceived',
  'OrderRefunded',
];
const isItemSalesEvent = isEventOf<ItemSalesEvent>(ITEM_SALES_EVENT_TYPES);

const orderedItem = z.object({
  itemType: z.enum(['SKIN', 'BUNDLE']),
  itemId: z.number(),
  authorId: z.number(),
  source: z.enum(['SALE', 'CODE', 'FULL_PRICE']),
  /** price + tip: what the buyer paid for the item, VAT included. */
  salesCents: z.number(),
  authorShareCents: z.number(),
  /** The split the order recorded for a co-authored item; absent: the whole share is authorId's. */
  authorShares: z.array(z.object({ authorId: z.number(), weight: z.number(), cents: z.number() })).optional(),
});
type OrderedItemSale = z.infer<typeof orderedItem>;
const storedOrder = z.object({ order_id: z.number(), items: z.array(orderedItem) });

type Row = {
  item_type: string;
  item_id: number;
  source: string;
  author_id: number;
  sold_count: number;
  sold_cents: number;
  author_share_cents: number;
  author_part_cents: number;
  refund_count: number;
  refunded_cents: number;
};
const SUMS = [
  'sold_count',
  'sold_cents',
  'author_share_cents',
  'author_part_cents',
  'refund_count',
  'refunded_cents',
] as const;

/**
 * Each item's sales and refunds by where its price came from (`item_sales_by_source`; the
 * source is `priceSourceOf` the ordered item's recorded reductions), one row for each author with a
 * part of the item (its owner, and the co-authors of the split its order recorded): the item's
 * whole amounts and author share, and that author's part. What the Creativity Dashboard's per-item
 * table reads. A payment or refund names only its order, so the items of each
 * order placed are kept (`item_sales_orders`). Every row is a sum that events only add to, so a
 * rebuild gives the live rows however the feed is split into batches.
 */
export const itemSalesBySourceProjection: RebuildableProjection = {
  name: 'item-sales-by-source',
  mode: 'catch-up',
  eventTypes: ITEM_SALES_EVENT_TYPES,
  // Snapshotted monthly (read-model-snapshots.ts): raise when the rows written for the same events change.
  snapshotVersion: 1,
  tables: [{ name: 'item_sales_orders' }, { name: 'item_sales_by_source' }, { name: 'item_sales_daily' }],
  async apply(tx, events) {
    const batch = events.filter(isItemSalesEvent);
    const placed = new Map<number, OrderedItemSale[]>();
    for (const event of batch) {
      if (event.type !== 'OrderPlaced') continue;
      placed.set(
        Number(event.data.orderId),
        event.data.items.map((item) => ({
          itemType: item.itemType,
          itemId: item.itemId,
          authorId: item.authorId,
          source: priceSourceOf(item),
          salesCents: item.priceCents + item.tipCents,
          authorShareCents: item.authorShareCents,
          ...(item.authorShares ? { authorShares: item.authorShares } : {}),
        })),
      );
    }
    const earlier = await ordersPlacedBefore(
      tx,
      batch.filter((e) => e.type !== 'OrderPlaced').map((e) => Number(e.data.orderId)),
      placed,
    );
    const sums = new Map<string, Row>();
    // Purchases per item and UTC day of the payment (for conversion over the days views were counted).
    const daily = new Map<
      string,
      { item_type: string; item_id: number; day: string; author_id: number; sold_count: number }
    >();
    const add = (item: OrderedItemSale, sold: boolean) => {
      for (const part of authorPartsOf(item)) {
        const key = `${item.itemType}:${item.itemId}:${item.source}:${part.authorId}`;
        const row = sums.get(key) ?? {
          item_type: item.itemType,
          item_id: item.itemId,
          source: item.source,
          author_id: part.authorId,
          sold_count: 0,
          sold_cents: 0,
          author_share_cents: 0,
          author_part_cents: 0,
          refund_count: 0,
          refunded_cents: 0,
        };
        if (sold) {
          row.sold_count += 1;
          row.sold_cents += item.salesCents;
          row.author_share_cents += item.authorShareCents;
          row.author_part_cents += part.cents;
        } else {
          row.refund_count += 1;
          row.refunded_cents += item.salesCents;
        }
        sums.set(key, row);
      }
    };
    for (const event of batch) {
      if (event.type === 'OrderPlaced') continue;
      const orderId = Number(event.data.orderId);
      const items = placed.get(orderId) ?? earlier.get(orderId);
      // Only an order placed before can be paid or refunded (the decider refuses others).
      if (!items) continue;
      for (const item of items) {
        add(item, event.type === 'PaymentReceived');
        if (event.type !== 'PaymentReceived') continue;
        const day = new Date(event.data.receivedAt).toISOString().slice(0, 10);
        const key = `${item.itemType}:${item.itemId}:${day}`;
        const row = daily.get(key) ?? {
          item_type: item.itemType,
          item_id: item.itemId,
          day,
          author_id: item.authorId,
          sold_count: 0,
        };
        row.sold_count += 1;
        daily.set(key, row);
      }
    }

    if (placed.size > 0) {
      const orders = [...placed].map(([order_id, items]) => ({ order_id, items }));
      await tx.query(sql.unsafe`
        insert into item_sales_orders (order_id, items)
        select x.order_id, x.items from json_to_recordset(${jsonRows(orders)}) as x(order_id bigint, items jsonb)
        on conflict (order_id) do nothing`);
    }
    if (sums.size > 0) {
      const rows = [...sums.values()];
      const updates = sql.join(
        SUMS.map(
          (c) =>
            sql.fragment`${sql.identifier([c])} = item_sales_by_source.${sql.identifier([c])} + excluded.${sql.identifier([c])}`,
        ),
        sql.fragment`, `,
      );
      await tx.query(sql.unsafe`
        insert into item_sales_by_source (item_type, item_id, source, author_id, sold_count, sold_cents,
          author_share_cents, author_part_cents, refund_count, refunded_cents)
        select x.item_type, x.item_id, x.source, x.author_id, x.sold_count, x.sold_cents,
          x.author_share_cents, x.author_part_cents, x.refund_count, x.refunded_cents
        from json_to_recordset(${jsonRows(rows)}) as x(item_type text, item_id bigint, source text,
          author_id bigint, sold_count int, sold_cents bigint, author_share_cents bigint,
          author_part_cents bigint, refund_count int, refunded_cents bigint)
        on conflict (item_type, item_id, source, author_id) do update set ${updates}`);
    }
    if (daily.size > 0) {
      await tx.query(sql.unsafe`
        insert into item_sales_daily (item_type, item_id, day, author_id, sold_count)
        select x.item_type, x.item_id, x.day, x.author_id, x.sold_count
        from json_to_recordset(${jsonRows([...daily.values()])}) as x(item_type text, item_id bigint, day date,
          author_id bigint, sold_count int)
        on conflict (item_type, item_id, day) do update set sold_count = item_sales_daily.sold_count + excluded.sold_count`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate item_sales_orders, item_sales_by_source, item_sales_daily`);
  },
};

/** The items of these orders placed in earlier batches, with one query. */
async function ordersPlacedBefore(
  tx: DatabaseTransactionConnection,
  orderIds: readonly number[],
  inBatch: ReadonlyMap<number, OrderedItemSale[]>,
): Promise<Map<number, OrderedItemSale[]>> {
  const ids = [...new Set(orderIds)].filter((id) => !inBatch.has(id));
  if (ids.length === 0) return new Map();
  const rows = await tx.any(sql.type(storedOrder)`
    select order_id, items from item_sales_orders where order_id = any(${sql.array(ids, 'int8')})`);
  return new Map(rows.map((row) => [row.order_id, storedOrder.parse(row).items]));
}
