import { sql } from 'slonik';
import { z } from 'zod';
import type {
  OrderCancelled,
  OrderPlaced,
  OrderRefunded,
  PaymentReceived,
} from '../domain/orders/order.events';
import { authorSalesOf } from '../domain/co-authors/author-sales';
import { authorPartsOf } from '../domain/co-authors/author-share-split';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type SalesEvent = OrderPlaced | PaymentReceived | OrderRefunded | OrderCancelled;
const SALES_EVENT_TYPES: readonly SalesEvent['type'][] = [
  'OrderPlaced',
  'PaymentReceived',
  'OrderRefunded',
  'OrderCancelled',
];
const isSalesEvent = isEventOf<SalesEvent>(SALES_EVENT_TYPES);

const saleItem = z.object({
  itemType: z.enum(['SKIN', 'BUNDLE']),
  itemId: z.number(),
  authorId: z.number(),
  /** price + tip: what the buyer paid for the item. */
  salesCents: z.number(),
  /** The VAT carved out of salesCents; absent (0) for orders placed before VAT. */
  vatCents: z.number().default(0),
  authorShareCents: z.number(),
  /** The split the order recorded for a co-authored item; absent: the whole share is authorId's. */
  authorShares: z.array(z.object({ authorId: z.number(), weight: z.number(), cents: z.number() })).optional(),
});
const saleOrder = z.object({
  order_id: z.number(),
  payment_type: z.string(),
  total_cents: z.number(),
  /** The order's VAT (totals.vatCents), 0 for orders placed before VAT. */
  vat_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  items: z.array(saleItem),
});
type SaleOrder = z.infer<typeof saleOrder>;

/** The UTC day and the first day of the UTC month of an ISO time. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const monthOf = (iso: string) => `${dayOf(iso).slice(0, 7)}-01`;

type ColumnType = 'bigint' | 'integer' | 'date' | 'text';
const columnTypes = {
  bigint: sql.fragment`bigint`,
  integer: sql.fragment`integer`,
  date: sql.fragment`date`,
  text: sql.fragment`text`,
};

/**
 * A table's rows as sums: `keys` are its primary key, `sums` the columns events add to; any other
 * column is a fact of the key (an item's author) and is written once.
 */
class Sums<Row extends Record<string, string | number>> {
  readonly rows = new Map<string, Row>();
  constructor(
    readonly table: string,
    readonly columns: Record<keyof Row & string, ColumnType>,
    readonly keys: readonly (keyof Row & string)[],
    readonly sums: readonly (keyof Row & string)[],
  ) {}
  add(row: Row) {
    const key = JSON.stringify(this.keys.map((k) => row[k]));
    const existing = this.rows.get(key) as Record<string, string | number> | undefined;
    if (!existing) {
      this.rows.set(key, { ...row });
      return;
    }
    for (const column of this.sums) existing[column] = (existing[column] as number) + (row[column] as number);
  }
}

/** What an item's sales and refunds add up, per month and of all time. */
const ITEM_SUMS = [
  'sold_count',
  'sold_cents',
  'refund_count',
  'refunded_cents',
  'sold_vat_cents',
  'refunded_vat_cents',
] as const;

/**
 * Sales statistics (docs/statistics.md): orders per month, payment status and type, the site's
 * payments, fees and refunds per day, each item's sales per month (for the site, and for each
 * author with a part of it), and each author's items sold and earnings per month, for the whole
 * site and for each author. An author is every author with a part of an item: its owner, and the
 * co-authors of the split its order recorded (`authorSalesOf`); an author's earnings are their own
 * parts, and an item's rows for an author carry its whole author share beside that author's part.
 *
 * A payment, refund or cancellation names only its order, so the projection keeps what it needs
 * of each order placed (`sales_orders`). An order's events share one stream, so its OrderPlaced
 * comes before them in the feed, in the same batch or an earlier one. Every other row is a sum
 * that events only add to, in the month (or day) of the event's own time: none depends on where the
 * feed is split into batches, so a rebuild gives the live rows. Amounts are the events' cents; the
 * VAT beside each amount is the one the order recorded (0 for orders placed before VAT).
 */
export const salesStatisticsProjection: RebuildableProjection = {
  name: 'sales-statistics',
  mode: 'catch-up',
  eventTypes: SALES_EVENT_TYPES,
  // Snapshotted monthly (read-model-snapshots.ts): raise when the rows written for the same events change.
  snapshotVersion: 1,
  tables: [
    { name: 'sales_orders' },
    { name: 'sales_monthly' },
    { name: 'sales_daily' },
    { name: 'sales_item_monthly' },
    { name: 'sales_item_totals' },
    { name: 'sales_author_monthly' },
    { name: 'sales_item_author_monthly' },
  ],
  async apply(tx, events) {
    const batch = events.filter(isSalesEvent);
    const placed = new Map<number, SaleOrder>();
    for (const event of batch) {
      if (event.type !== 'OrderPlaced') continue;
      const { data } = event;
      placed.set(Number(data.orderId), {
        order_id: Number(data.orderId),
        payment_type: data.paymentType,
        total_cents: data.totals.totalCents,
        // Absent in orders placed before VAT: they had none.
        vat_cents: data.totals.vatCents ?? 0,
        site_fee_cents: data.totals.siteFeeCents,
        payment_fee_cents: data.totals.paymentFeeCents,
        items: data.items.map((item) => ({
          itemType: item.itemType,
          itemId: item.itemId,
          authorId: item.authorId,
          salesCents: item.priceCents + item.tipCents,
          vatCents: item.vatCents ?? 0,
          authorShareCents: item.authorShareCents,
          ...(item.authorShares ? { authorShares: item.authorShares } : {}),
        })),
      });
    }
    const earlier = await ordersPlacedBefore(
      tx,
      batch.filter((e) => e.type !== 'OrderPlaced').map((e) => Number(e.data.orderId)),
      placed,
    );
    const orderOf = (orderId: string) => placed.get(Number(orderId)) ?? earlier.get(Number(orderId));

    const monthly = new Sums<{
      author_id: number;
      month: string;
      payment_status: string;
      payment_type: string;
      order_count: number;
      total_cents: number;
      vat_cents: number;
    }>(
      'sales_monthly',
      {
        author_id: 'bigint',
        month: 'date',
        payment_status: 'text',
        payment_type: 'text',
        order_count: 'integer',
        total_cents: 'bigint',
        vat_cents: 'bigint',
      },
      ['author_id', 'month', 'payment_status', 'payment_type'],
      ['order_count', 'total_cents', 'vat_cents'],
    );
    const daily = new Sums<{
      day: string;
      paid_count: number;
      paid_cents: number;
      site_fee_cents: number;
      payment_fee_cents: number;
      refund_count: number;
      refunded_cents: number;
      vat_cents: number;
      refunded_vat_cents: number;
    }>(
      'sales_daily',
      {
        day: 'date',
        paid_count: 'integer',
        paid_cents: 'bigint',
        site_fee_cents: 'bigint',
        payment_fee_cents: 'bigint',
        refund_count: 'integer',
        refunded_cents: 'bigint',
        vat_cents: 'bigint',
        refunded_vat_cents: 'bigint',
      },
      ['day'],
      [
        'paid_count',
        'paid_cents',
        'site_fee_cents',
        'payment_fee_cents',
        'refund_count',
        'refunded_cents',
        'vat_cents',
        'refunded_vat_cents',
      ],
    );
    const itemMonthly = new Sums<{
      item_type: string;
      item_id: number;
      month: string;
      author_id: number;
      sold_count: number;
      sold_cents: number;
      refund_count: number;
      refunded_cents: number;
      sold_vat_cents: number;
      refunded_vat_cents: number;
    }>(
      'sales_item_monthly',
      {
        item_type: 'text',
        item_id: 'bigint',
        month: 'date',
        author_id: 'bigint',
        sold_count: 'integer',
        sold_cents: 'bigint',
        refund_count: 'integer',
        refunded_cents: 'bigint',
        sold_vat_cents: 'bigint',
        refunded_vat_cents: 'bigint',
      },
      ['item_type', 'item_id', 'month'],
      ITEM_SUMS,
    );
    // The same sums of all time, so the best sellers of all time need no sum over the months.
    const { month: _month, ...totalColumns } = itemMonthly.columns;
    const itemTotals = new Sums<Omit<Parameters<typeof itemMonthly.add>[0], 'month'>>(
      'sales_item_totals',
      totalColumns,
      ['item_type', 'item_id'],
      ITEM_SUMS,
    );
    /** An item's sale or refund, in its month and of all time. */
    const addItem = (row: Parameters<typeof itemMonthly.add>[0]) => {
      itemMonthly.add(row);
      const { month: _rowMonth, ...total } = row;
      itemTotals.add(total);
    };
    // Each item's sales for each author with a part of it: the item whole, the author's part.
    const itemAuthorMonthly = new Sums<{
      item_type: string;
      item_id: number;
      author_id: number;
      month: string;
      sold_count: number;
      sold_cents: number;
      sold_vat_cents: number;
      share_cents: number;
      part_cents: number;
      refund_count: number;
      refunded_cents: number;
      refunded_vat_cents: number;
      refunded_share_cents: number;
      refunded_part_cents: number;
    }>(
      'sales_item_author_monthly',
      {
        item_type: 'text',
        item_id: 'bigint',
        author_id: 'bigint',
        month: 'date',
        sold_count: 'integer',
        sold_cents: 'bigint',
        sold_vat_cents: 'bigint',
        share_cents: 'bigint',
        part_cents: 'bigint',
        refund_count: 'integer',
        refunded_cents: 'bigint',
        refunded_vat_cents: 'bigint',
        refunded_share_cents: 'bigint',
        refunded_part_cents: 'bigint',
      },
      ['item_type', 'item_id', 'author_id', 'month'],
      [
        'sold_count',
        'sold_cents',
        'sold_vat_cents',
        'share_cents',
        'part_cents',
        'refund_count',
        'refunded_cents',
        'refunded_vat_cents',
        'refunded_share_cents',
        'refunded_part_cents',
      ],
    );
    /** An item's sale (or refund) for each of its authors. */
    const addItemAuthors = (item: SaleOrder['items'][number], month: string, sold: boolean) => {
      for (const part of authorPartsOf(item)) {
        itemAuthorMonthly.add({
          item_type: item.itemType,
          item_id: item.itemId,
          author_id: part.authorId,
          month,
          sold_count: sold ? 1 : 0,
          sold_cents: sold ? item.salesCents : 0,
          sold_vat_cents: sold ? item.vatCents : 0,
          share_cents: sold ? item.authorShareCents : 0,
          part_cents: sold ? part.cents : 0,
          refund_count: sold ? 0 : 1,
          refunded_cents: sold ? 0 : item.salesCents,
          refunded_vat_cents: sold ? 0 : item.vatCents,
          refunded_share_cents: sold ? 0 : item.authorShareCents,
          refunded_part_cents: sold ? 0 : part.cents,
        });
      }
    };
    const authorMonthly = new Sums<{
      author_id: number;
      month: string;
      items_sold: number;
      sales_cents: number;
      author_share_cents: number;
      items_refunded: number;
      refunded_cents: number;
      refunded_share_cents: number;
      vat_cents: number;
      refunded_vat_cents: number;
    }>(
      'sales_author_monthly',
      {
        author_id: 'bigint',
        month: 'date',
        items_sold: 'integer',
        sales_cents: 'bigint',
        author_share_cents: 'bigint',
        items_refunded: 'integer',
        refunded_cents: 'bigint',
        refunded_share_cents: 'bigint',
        vat_cents: 'bigint',
        refunded_vat_cents: 'bigint',
      },
      ['author_id', 'month'],
      [
        'items_sold',
        'sales_cents',
        'author_share_cents',
        'items_refunded',
        'refunded_cents',
        'refunded_share_cents',
        'vat_cents',
        'refunded_vat_cents',
      ],
    );

    /**
     * One order's row for the site (its total, or the refunded amount) and one per author with a
     * part of its items. A refund returns the whole order, so its VAT is the order's.
     */
    const countOrder = (order: SaleOrder, month: string, status: string, siteCents: number) => {
      const key = { month, payment_status: status, payment_type: order.payment_type, order_count: 1 };
      monthly.add({ ...key, author_id: 0, total_cents: siteCents, vat_cents: order.vat_cents });
      for (const [authorId, line] of authorSalesOf(order.items)) {
        monthly.add({ ...key, author_id: authorId, total_cents: line.salesCents, vat_cents: line.vatCents });
      }
    };

    /**
     * A paid (or refunded) order in the authors' monthly rows: the site's row (author 0) counts each
     * item once with its whole author share; each author's row the items they have a part in, with
     * their own parts; and each item's row for each of its authors.
     */
    const addAuthors = (order: SaleOrder, month: string, sold: boolean) => {
      const site = {
        count: order.items.length,
        salesCents: order.items.reduce((sum, item) => sum + item.salesCents, 0),
        vatCents: order.items.reduce((sum, item) => sum + item.vatCents, 0),
        partCents: order.items.reduce((sum, item) => sum + item.authorShareCents, 0),
      };
      for (const [authorId, line] of [[0, site] as const, ...authorSalesOf(order.items)]) {
        authorMonthly.add({
          author_id: authorId,
          month,
          items_sold: sold ? line.count : 0,
          sales_cents: sold ? line.salesCents : 0,
          author_share_cents: sold ? line.partCents : 0,
          items_refunded: sold ? 0 : line.count,
          refunded_cents: sold ? 0 : line.salesCents,
          refunded_share_cents: sold ? 0 : line.partCents,
          vat_cents: sold ? line.vatCents : 0,
          refunded_vat_cents: sold ? 0 : line.vatCents,
        });
      }
      for (const item of order.items) addItemAuthors(item, month, sold);
    };

    for (const event of batch) {
      if (event.type === 'OrderPlaced') continue;
      const order = orderOf(event.data.orderId);
      // Only an order placed before can be paid, refunded or cancelled (the decider refuses others).
      if (!order) continue;
      switch (event.type) {
        case 'PaymentReceived': {
          const at = event.data.receivedAt;
          const month = monthOf(at);
          countOrder(order, month, 'PAYMENT_RECEIVED', order.total_cents);
          daily.add({
            day: dayOf(at),
            paid_count: 1,
            paid_cents: order.total_cents,
            site_fee_cents: order.site_fee_cents,
            payment_fee_cents: order.payment_fee_cents,
            refund_count: 0,
            refunded_cents: 0,
            vat_cents: order.vat_cents,
            refunded_vat_cents: 0,
          });
          for (const item of order.items) {
            addItem({
              item_type: item.itemType,
              item_id: item.itemId,
              month,
              author_id: item.authorId,
              sold_count: 1,
              sold_cents: item.salesCents,
              refund_count: 0,
              refunded_cents: 0,
              sold_vat_cents: item.vatCents,
              refunded_vat_cents: 0,
            });
          }
          addAuthors(order, month, true);
          break;
        }
        case 'OrderRefunded': {
          const at = event.data.refundedAt;
          const month = monthOf(at);
          countOrder(order, month, 'REFUNDED', event.data.amountCents);
          daily.add({
            day: dayOf(at),
            paid_count: 0,
            paid_cents: 0,
            site_fee_cents: 0,
            payment_fee_cents: 0,
            refund_count: 1,
            refunded_cents: event.data.amountCents,
            vat_cents: 0,
            refunded_vat_cents: order.vat_cents,
          });
          for (const item of order.items) {
            addItem({
              item_type: item.itemType,
              item_id: item.itemId,
              month,
              author_id: item.authorId,
              sold_count: 0,
              sold_cents: 0,
              refund_count: 1,
              refunded_cents: item.salesCents,
              sold_vat_cents: 0,
              refunded_vat_cents: item.vatCents,
            });
          }
          addAuthors(order, month, false);
          break;
        }
        case 'OrderCancelled':
          countOrder(order, monthOf(event.data.cancelledAt), 'CANCELLED', order.total_cents);
          break;
      }
    }

    await insertOrders(tx, [...placed.values()]);
    await addSums(tx, monthly);
    await addSums(tx, daily);
    await addSums(tx, itemMonthly);
    await addSums(tx, itemTotals);
    await addSums(tx, authorMonthly);
    await addSums(tx, itemAuthorMonthly);
  },
  async reset(tx) {
    await tx.query(
      sql.unsafe`truncate sales_orders, sales_monthly, sales_daily, sales_item_monthly, sales_item_totals, sales_author_monthly, sales_item_author_monthly`,
    );
  },
};

/** The orders of these ids placed in earlier batches, with one query. */
async function ordersPlacedBefore(
  tx: DatabaseTransactionConnection,
  orderIds: readonly number[],
  inBatch: ReadonlyMap<number, SaleOrder>,
): Promise<Map<number, SaleOrder>> {
  const ids = [...new Set(orderIds)].filter((id) => !inBatch.has(id));
  if (ids.length === 0) return new Map();
  const rows = await tx.any(sql.type(saleOrder)`
    select order_id, payment_type, total_cents, vat_cents, site_fee_cents, payment_fee_cents, items
    from sales_orders where order_id = any(${sql.array(ids, 'int8')})`);
  return new Map(rows.map((row) => [row.order_id, saleOrder.parse(row)]));
}

async function insertOrders(tx: DatabaseTransactionConnection, rows: readonly SaleOrder[]) {
  if (rows.length === 0) return;
  // An item's VAT is kept only when it has some, so the items of orders placed before VAT keep the
  // shape they were stored with (reading takes an absent one as 0).
  const stored = rows.map((row) => ({
    ...row,
    items: row.items.map(({ vatCents, ...item }) => (vatCents === 0 ? item : { ...item, vatCents })),
  }));
  await tx.query(sql.unsafe`
    insert into sales_orders (order_id, payment_type, total_cents, vat_cents, site_fee_cents, payment_fee_cents, items)
    select x.order_id, x.payment_type, x.total_cents, x.vat_cents, x.site_fee_cents, x.payment_fee_cents, x.items
    from json_to_recordset(${jsonRows(stored)}) as x(
      order_id bigint, payment_type text, total_cents int, vat_cents int, site_fee_cents int,
      payment_fee_cents int, items jsonb)
    on conflict (order_id) do nothing`);
}

/** Inserts the batch's sums, or adds them to the rows already there. */
async function addSums<Row extends Record<string, string | number>>(
  tx: DatabaseTransactionConnection,
  sums: Sums<Row>,
) {
  if (sums.rows.size === 0) return;
  const names = Object.keys(sums.columns) as (keyof Row & string)[];
  const ident = (name: string) => sql.identifier([name]);
  const list = sql.join(names.map(ident), sql.fragment`, `);
  const recordset = sql.join(
    names.map((name) => sql.fragment`${ident(name)} ${columnTypes[sums.columns[name]]}`),
    sql.fragment`, `,
  );
  // The live table, or during a rebuild its copy (first on the search_path): never schema-qualified.
  const table = sql.identifier([sums.table]);
  const additions = sql.join(
    sums.sums.map((name) => sql.fragment`${ident(name)} = ${table}.${ident(name)} + excluded.${ident(name)}`),
    sql.fragment`, `,
  );
  await tx.query(sql.unsafe`
    insert into ${table} (${list})
    select ${list} from json_to_recordset(${jsonRows([...sums.rows.values()])}) as x(${recordset})
    on conflict (${sql.join(sums.keys.map(ident), sql.fragment`, `)}) do update set ${additions}`);
}
