import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { createUpcasters } from '../../infra/event-store/upcaster-registry';
import type { ReconcileCheck } from './scratch-replay';

/**
 * The tables behind the sales dashboards (projections/sales-statistics.projection.ts), each with
 * its key: recomputed here in SQL straight from the stored order events, without the projection's
 * code, so a bug in it or a row edited by hand shows as a difference.
 */
const SALES_TABLES = {
  sales_orders: ['order_id'],
  sales_monthly: ['author_id', 'month', 'payment_status', 'payment_type'],
  sales_daily: ['day'],
  sales_item_monthly: ['item_type', 'item_id', 'month'],
  sales_item_totals: ['item_type', 'item_id'],
  sales_author_monthly: ['author_id', 'month'],
  sales_item_author_monthly: ['item_type', 'item_id', 'author_id', 'month'],
} as const;
type SalesTable = keyof typeof SALES_TABLES;

const SALES_EVENT_TYPES = ['OrderPlaced', 'PaymentReceived', 'OrderRefunded', 'OrderCancelled'];

/** The first row of a table that differs from what the events give, and how many do. */
export type SalesDifference = {
  table: string;
  /** Rows that differ: missing, unexpected, or with other values. */
  rows: number;
  /** The first differing row's primary key, column by column in the key's order. */
  key: Record<string, unknown>;
  /** The row the events give (null: the events give none) and the row found (null: none). */
  expected: Record<string, unknown> | null;
  found: Record<string, unknown> | null;
};

export type SalesReconciliation = {
  /** Order events up to the sales-statistics checkpoint, which the live tables hold. */
  eventsRead: number;
  differences: SalesDifference[];
};

/**
 * The sales part of `npm run reconcile`. The projection runs behind the feed (catch-up), so the
 * events counted are those up to its checkpoint, which it writes with its rows: in one snapshot
 * the two agree. Amounts and days are taken as the projection is documented to take them
 * (docs/statistics.md): an order's totals and items from its OrderPlaced (VAT included, 0 when the
 * order recorded none), a payment, refund or cancellation counted in the UTC day and month of its
 * own time.
 */
export function salesCheck(): ReconcileCheck<SalesReconciliation> {
  // Plain SQL on a connection of its own in the same snapshot: it overlaps with the replay.
  return { tables: [], projections: [], alongside: (tx) => reconcileSales(tx) };
}

export async function reconcileSales(tx: DatabaseTransactionConnection): Promise<SalesReconciliation> {
  await copyEventsUpToCheckpoint(tx, {
    table: 'sales_events',
    projection: 'sales-statistics',
    eventTypes: SALES_EVENT_TYPES,
    file: 'app/reconcile/reconcile-sales.ts',
  });
  await tx.query(sql.unsafe`
    create temporary table expected_sales_orders on commit drop as
    select distinct on ((data ->> 'orderId')::int8)
           (data ->> 'orderId')::int8 as order_id, data ->> 'paymentType' as payment_type,
           (data #>> '{totals,totalCents}')::int as total_cents,
           (data #>> '{totals,siteFeeCents}')::int as site_fee_cents,
           (data #>> '{totals,paymentFeeCents}')::int as payment_fee_cents,
           (select jsonb_agg(jsonb_build_object(
                     'itemType', i ->> 'itemType', 'itemId', (i ->> 'itemId')::int8,
                     'authorId', (i ->> 'authorId')::int8,
                     'salesCents', (i ->> 'priceCents')::int8 + (i ->> 'tipCents')::int8,
                     'authorShareCents', (i ->> 'authorShareCents')::int8)
                   -- An item's VAT is kept only when it has some (absent: placed before VAT, 0).
                   || case when coalesce((i ->> 'vatCents')::int8, 0) <> 0
                           then jsonb_build_object('vatCents', (i ->> 'vatCents')::int8) else '{}' end
                   -- A co-authored item's split, as the order recorded it.
                   || case when i ? 'authorShares'
                           then jsonb_build_object('authorShares', i -> 'authorShares') else '{}' end
                   order by n)
            from jsonb_array_elements(data -> 'items') with ordinality as x(i, n)) as items,
           coalesce((data #>> '{totals,vatCents}')::int, 0) as vat_cents
    from sales_events where event_type = 'OrderPlaced'
    order by (data ->> 'orderId')::int8, global_position`);
  // Temporary tables get no statistics by themselves: without them the joins below are planned as
  // nested loops over whole tables.
  await tx.query(sql.unsafe`alter table expected_sales_orders add primary key (order_id)`);
  await tx.query(sql.unsafe`analyze expected_sales_orders`);
  // Each payment, refund and cancellation of an order placed before it, with its UTC day and month.
  await tx.query(sql.unsafe`
    create temporary table expected_sales_facts on commit drop as
    select f.global_position as fact, f.status, o.order_id, o.payment_type,
           (f.at at time zone 'UTC')::date as day,
           date_trunc('month', f.at at time zone 'UTC')::date as month,
           case when f.status = 'REFUNDED' then f.refunded_cents else o.total_cents end as site_cents,
           o.total_cents, o.site_fee_cents, o.payment_fee_cents, f.refunded_cents, o.vat_cents
    from (
      select global_position, (data ->> 'orderId')::int8 as order_id,
             case event_type when 'PaymentReceived' then 'PAYMENT_RECEIVED'
                             when 'OrderRefunded' then 'REFUNDED' else 'CANCELLED' end as status,
             (case event_type when 'PaymentReceived' then data ->> 'receivedAt'
                              when 'OrderRefunded' then data ->> 'refundedAt'
                              else data ->> 'cancelledAt' end)::timestamptz as at,
             (data ->> 'amountCents')::int8 as refunded_cents
      from sales_events where event_type <> 'OrderPlaced'
    ) f
    join expected_sales_orders o on o.order_id = f.order_id`);
  await tx.query(sql.unsafe`analyze expected_sales_facts`);
  await tx.query(sql.unsafe`
    create temporary table expected_sales_lines on commit drop as
    select f.fact, f.status, f.month, i ->> 'itemType' as item_type, (i ->> 'itemId')::int8 as item_id,
           (i ->> 'authorId')::int8 as author_id, (i ->> 'salesCents')::int8 as sales_cents,
           (i ->> 'authorShareCents')::int8 as share_cents, f.payment_type,
           coalesce((i ->> 'vatCents')::int8, 0) as vat_cents, i -> 'authorShares' as shares
    from expected_sales_facts f
    join expected_sales_orders o using (order_id)
    cross join lateral jsonb_array_elements(o.items) as i`);
  await tx.query(sql.unsafe`analyze expected_sales_lines`);
  // Each line once for every author with a part: the recorded split, or the item's author alone.
  await tx.query(sql.unsafe`
    create temporary table expected_sales_parts on commit drop as
    select l.fact, l.status, l.month, l.payment_type, l.item_type, l.item_id,
           (p ->> 'authorId')::int8 as author_id, l.sales_cents, l.vat_cents, l.share_cents,
           (p ->> 'cents')::int8 as part_cents
    from expected_sales_lines l
    cross join lateral jsonb_array_elements(coalesce(
      l.shares, jsonb_build_array(jsonb_build_object('authorId', l.author_id, 'cents', l.share_cents)))) as p`);
  await tx.query(sql.unsafe`analyze expected_sales_parts`);

  const expected: Record<Exclude<SalesTable, 'sales_orders'>, ReturnType<typeof sql.fragment>> = {
    sales_daily: sql.fragment`
      select day,
             count(*) filter (where status = 'PAYMENT_RECEIVED')::int as paid_count,
             coalesce(sum(total_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as paid_cents,
             coalesce(sum(site_fee_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as site_fee_cents,
             coalesce(sum(payment_fee_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8
               as payment_fee_cents,
             count(*) filter (where status = 'REFUNDED')::int as refund_count,
             coalesce(sum(refunded_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_cents,
             coalesce(sum(vat_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as vat_cents,
             coalesce(sum(vat_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_vat_cents
      from expected_sales_facts where status <> 'CANCELLED' group by day`,
    sales_monthly: sql.fragment`
      select 0::int8 as author_id, month, status as payment_status, payment_type,
             count(*)::int as order_count, sum(site_cents)::int8 as total_cents,
             sum(vat_cents)::int8 as vat_cents
      from expected_sales_facts group by month, status, payment_type
      union all
      select author_id, month, payment_status, payment_type, count(*)::int, sum(cents)::int8, sum(vat)::int8
      from (
        select fact, author_id, month, status as payment_status, payment_type, sum(sales_cents) as cents,
               sum(vat_cents) as vat
        from expected_sales_parts
        group by fact, author_id, month, status, payment_type
      ) by_author
      group by author_id, month, payment_status, payment_type`,
    sales_item_monthly: sql.fragment`
      select item_type, item_id, month, min(author_id) as author_id,
             count(*) filter (where status = 'PAYMENT_RECEIVED')::int as sold_count,
             coalesce(sum(sales_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_cents,
             count(*) filter (where status = 'REFUNDED')::int as refund_count,
             coalesce(sum(sales_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_cents,
             coalesce(sum(vat_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_vat_cents,
             coalesce(sum(vat_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_vat_cents
      from expected_sales_lines where status <> 'CANCELLED' group by item_type, item_id, month`,
    sales_item_totals: sql.fragment`
      select item_type, item_id, min(author_id) as author_id,
             count(*) filter (where status = 'PAYMENT_RECEIVED')::int as sold_count,
             coalesce(sum(sales_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_cents,
             count(*) filter (where status = 'REFUNDED')::int as refund_count,
             coalesce(sum(sales_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_cents,
             coalesce(sum(vat_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_vat_cents,
             coalesce(sum(vat_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_vat_cents
      from expected_sales_lines where status <> 'CANCELLED' group by item_type, item_id`,
    sales_author_monthly: sql.fragment`
      select author_id, month,
             count(*) filter (where status = 'PAYMENT_RECEIVED')::int as items_sold,
             coalesce(sum(sales_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sales_cents,
             coalesce(sum(part_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as author_share_cents,
             count(*) filter (where status = 'REFUNDED')::int as items_refunded,
             coalesce(sum(sales_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_cents,
             coalesce(sum(part_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_share_cents,
             coalesce(sum(vat_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as vat_cents,
             coalesce(sum(vat_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_vat_cents
      from (
        -- Each author's parts, and the whole site (author 0) with each item once and its whole share.
        select status, month, author_id, sales_cents, vat_cents, part_cents from expected_sales_parts
        union all
        select status, month, 0, sales_cents, vat_cents, share_cents from expected_sales_lines
      ) x
      where status <> 'CANCELLED' group by author_id, month`,
    sales_item_author_monthly: sql.fragment`
      select item_type, item_id, author_id, month,
             count(*) filter (where status = 'PAYMENT_RECEIVED')::int as sold_count,
             coalesce(sum(sales_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_cents,
             coalesce(sum(vat_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as sold_vat_cents,
             coalesce(sum(share_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as share_cents,
             coalesce(sum(part_cents) filter (where status = 'PAYMENT_RECEIVED'), 0)::int8 as part_cents,
             count(*) filter (where status = 'REFUNDED')::int as refund_count,
             coalesce(sum(sales_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_cents,
             coalesce(sum(vat_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_vat_cents,
             coalesce(sum(share_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_share_cents,
             coalesce(sum(part_cents) filter (where status = 'REFUNDED'), 0)::int8 as refunded_part_cents
      from expected_sales_parts where status <> 'CANCELLED' group by item_type, item_id, author_id, month`,
  };

  const differences = await differencesFromLive(tx, SALES_TABLES, (table) =>
    table === 'sales_orders' ? sql.fragment`select * from expected_sales_orders` : expected[table],
  );
  const eventsRead = await tx.oneFirst(
    sql.type(z.object({ count: z.number() }))`select count(*)::int as count from sales_events`,
  );
  return { eventsRead, differences };
}

/**
 * Each table's first row that differs from the rows `source` gives (its SQL, over the tables made
 * from the events), keyed by the table's primary key, with how many rows differ.
 */
export async function differencesFromLive<Table extends string>(
  tx: DatabaseTransactionConnection,
  tables: Record<Table, readonly string[]>,
  source: (table: Table) => ReturnType<typeof sql.fragment>,
): Promise<SalesDifference[]> {
  const differences: SalesDifference[] = [];
  for (const [table, keys] of Object.entries(tables) as [Table, readonly string[]][]) {
    const ident = (name: string) => sql.identifier([name]);
    const on = sql.join(
      keys.map((key) => sql.fragment`x.${ident(key)} = l.${ident(key)}`),
      sql.fragment` and `,
    );
    const order = sql.join(
      keys.map((key) => sql.fragment`coalesce(x.${ident(key)}, l.${ident(key)})`),
      sql.fragment`, `,
    );
    const row = await tx.maybeOne(sql.type(
      z.object({
        rows: z.number(),
        expected: z.record(z.string(), z.unknown()).nullable(),
        found: z.record(z.string(), z.unknown()).nullable(),
      }),
    )`
      select (count(*) over ())::int as rows, to_jsonb(x) as expected, to_jsonb(l) as found
      from (${source(table)}) x full join ${sql.identifier(['public', table])} l on ${on}
      where x is distinct from l
      order by ${order} limit 1`);
    if (row) {
      const either = (row.expected ?? row.found)!;
      differences.push({ table, ...row, key: Object.fromEntries(keys.map((key) => [key, either[key]])) });
    }
  }
  return differences;
}

/** One line for a difference: the table, the first differing row's key, expected and found. */
export function salesDifferenceLine(difference: SalesDifference): string {
  const key = Object.entries(difference.key)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(', ');
  const more = difference.rows > 1 ? ` (and ${difference.rows - 1} more rows differ)` : '';
  return (
    `${difference.table.startsWith('item_') ? 'ITEM SALES' : 'SALES'} ${difference.table} ${key}: expected ${JSON.stringify(difference.expected)}, ` +
    `found ${JSON.stringify(difference.found)}${more}`
  );
}

/**
 * Copies the events of the given types that a projection has applied (up to its checkpoint) into a
 * temporary table, for a check that recomputes the projection's tables in SQL. The SQL reads the
 * events as stored, so an upcast step for these types must be mirrored in that check first.
 */
export async function copyEventsUpToCheckpoint(
  tx: DatabaseTransactionConnection,
  {
    table,
    projection,
    eventTypes,
    file,
  }: { table: string; projection: string; eventTypes: string[]; file: string },
): Promise<void> {
  const upcasters = createUpcasters();
  if (
    eventTypes.some((type) => upcasters.hasStepsFor(type)) ||
    upcasters.storedTypesFor(eventTypes).length !== eventTypes.length
  ) {
    throw new Error(`Order events have upcast steps: teach ${file} their old shapes.`);
  }
  await tx.query(sql.unsafe`
    create temporary table ${sql.identifier([table])} on commit drop as
    select e.event_type, e.data, e.global_position
    from events e join projection_checkpoints c on c.projection_name = ${projection}
    where e.event_type = any(${sql.array(eventTypes, 'text')})
      and (e.transaction_id, e.global_position) <= (c.last_transaction_id, c.last_position)`);
}
