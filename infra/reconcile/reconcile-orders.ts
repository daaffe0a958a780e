import { sql } from 'slonik';
import { z } from 'zod';
import { ordersProjection } from '../../projections/orders.projection';
import { ownershipProjection } from '../../projections/ownership.projection';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import { FEED_START, type EventStore } from '../event-store/event-store';
import { handlesEvent } from '../projection-engine/projection';

/** The read models rebuilt from the order events, compared with the live ones. */
const ORDER_TABLES = ['orders', 'order_items', 'order_payment_sessions', 'owned_bundles', 'owned_skins'];
const SAMPLE_ROWS = 5;

export type TableDifference = {
  table: string;
  /** Rows the events give that the live read model lacks (or holds with other values). */
  missingFromLive: number;
  /** Live rows the events do not give. */
  unexpectedInLive: number;
  samples: { missingFromLive: unknown[]; unexpectedInLive: unknown[] };
};

export type UnbalancedOrder = {
  orderId: number;
  externalId: string;
  source: 'events' | 'live';
  problem: string;
};

export type OrdersReconciliation = {
  eventsReplayed: number;
  orders: number;
  differences: TableDifference[];
  unbalanced: UnbalancedOrder[];
};

/**
 * Replays every order event into scratch copies of the order and ownership read models and
 * compares them with the live ones, row by row; then checks the money of every order, as the events
 * give it and as the live model holds it: fees plus author shares make the total, the items add up
 * to the order's figures, and no share is negative.
 *
 * It all happens in one repeatable-read transaction (the events and the live rows are one
 * snapshot, so a running app does not cause false differences). The scratch tables are temporary:
 * PostgreSQL looks up temporary tables first, so the projections' own SQL fills them unchanged,
 * and they vanish with the transaction.
 */
export async function reconcileOrders(
  deps: { pool: DatabasePool; store: EventStore },
  options: { batchSize?: number } = {},
): Promise<OrdersReconciliation> {
  const batchSize = options.batchSize ?? 5_000;
  return deps.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    for (const table of ORDER_TABLES) {
      await tx.query(sql.unsafe`
        create temporary table ${sql.identifier([table])}
        (like ${sql.identifier(['public', table])} including all) on commit drop`);
    }
    const projections = [ordersProjection, ownershipProjection];
    let after = FEED_START;
    let eventsReplayed = 0;
    for (;;) {
      const events = await deps.store.readCommitted(tx, after, batchSize);
      const last = events.at(-1);
      if (!last) break;
      for (const projection of projections) {
        const handled = events.filter((event) => handlesEvent(projection, event.type));
        if (handled.length > 0) await projection.apply(tx, handled);
      }
      eventsReplayed += events.filter((event) => handlesEvent(ordersProjection, event.type)).length;
      after = { transactionId: last.transactionId, position: last.globalPosition };
    }

    const differences: TableDifference[] = [];
    for (const table of ORDER_TABLES) {
      const difference = await compareTable(tx, table);
      if (difference.missingFromLive > 0 || difference.unexpectedInLive > 0) differences.push(difference);
    }
    const unbalanced = [
      ...(await unbalancedOrders(tx, 'pg_temp', 'events')),
      ...(await unbalancedOrders(tx, 'public', 'live')),
    ];
    const orders = await tx.oneFirst(
      sql.type(z.object({ count: z.number() }))`select count(*)::int as count from pg_temp.orders`,
    );
    return { eventsReplayed, orders, differences, unbalanced };
  });
}

async function compareTable(tx: DatabaseTransactionConnection, table: string): Promise<TableDifference> {
  const scratch = sql.identifier(['pg_temp', table]);
  const live = sql.identifier(['public', table]);
  const rows = z.object({ row: z.unknown() });
  const count = z.object({ count: z.number() });
  const [missingFromLive, unexpectedInLive, missingSamples, unexpectedSamples] = await Promise.all([
    tx.oneFirst(sql.type(count)`
      select count(*)::int as count from (select * from ${scratch} except all select * from ${live}) d`),
    tx.oneFirst(sql.type(count)`
      select count(*)::int as count from (select * from ${live} except all select * from ${scratch}) d`),
    tx.anyFirst(sql.type(rows)`
      select to_jsonb(d) as row from (select * from ${scratch} except all select * from ${live}) d
      limit ${SAMPLE_ROWS}`),
    tx.anyFirst(sql.type(rows)`
      select to_jsonb(d) as row from (select * from ${live} except all select * from ${scratch}) d
      limit ${SAMPLE_ROWS}`),
  ]);
  return {
    table,
    missingFromLive,
    unexpectedInLive,
    samples: { missingFromLive: [...missingSamples], unexpectedInLive: [...unexpectedSamples] },
  };
}

/** Orders whose money does not add up, in the read model of one schema. */
async function unbalancedOrders(
  tx: DatabaseTransactionConnection,
  schema: 'pg_temp' | 'public',
  source: UnbalancedOrder['source'],
): Promise<UnbalancedOrder[]> {
  const orders = sql.identifier([schema, 'orders']);
  const items = sql.identifier([schema, 'order_items']);
  const rows = await tx.any(sql.type(
    z.object({ id: z.number(), external_id: z.string(), problem: z.string() }),
  )`
    with sums as (
      select order_id, count(*) as lines, sum(price_cents + tip_cents) as amount, sum(site_fee_cents) as site,
             sum(payment_fee_cents) as payment, sum(author_share_cents) as share,
             count(*) filter (where price_cents + tip_cents
                               <> site_fee_cents + payment_fee_cents + author_share_cents) as unbalanced_lines,
             count(*) filter (where author_share_cents < 0 or site_fee_cents < 0 or payment_fee_cents < 0)
               as negative_lines
      from ${items} group by order_id
    )
    select o.id, o.external_id, concat_ws('; ',
      case when o.site_fee_cents + o.payment_fee_cents + o.author_share_cents <> o.total_cents
        then format('fees %s + %s and shares %s make %s, not the total %s', o.site_fee_cents,
          o.payment_fee_cents, o.author_share_cents,
          o.site_fee_cents + o.payment_fee_cents + o.author_share_cents, o.total_cents) end,
      case when s.order_id is null then 'no items' end,
      case when s.amount <> o.total_cents then format('items add up to %s, not the total %s', s.amount, o.total_cents) end,
      case when s.site <> o.site_fee_cents then format('item site fees add up to %s, not %s', s.site, o.site_fee_cents) end,
      case when s.payment <> o.payment_fee_cents
        then format('item payment fees add up to %s, not %s', s.payment, o.payment_fee_cents) end,
      case when s.share <> o.author_share_cents
        then format('item shares add up to %s, not %s', s.share, o.author_share_cents) end,
      case when s.unbalanced_lines > 0 then format('%s items whose fees and share are not their price', s.unbalanced_lines) end,
      case when s.negative_lines > 0 then format('%s items with a negative fee or share', s.negative_lines) end
    ) as problem
    from ${orders} o left join sums s on s.order_id = o.id
    where o.site_fee_cents + o.payment_fee_cents + o.author_share_cents <> o.total_cents
       or s.order_id is null or s.amount <> o.total_cents or s.site <> o.site_fee_cents
       or s.payment <> o.payment_fee_cents or s.share <> o.author_share_cents
       or s.unbalanced_lines > 0 or s.negative_lines > 0
    order by o.id`);
  return rows.map((row) => ({ orderId: row.id, externalId: row.external_id, source, problem: row.problem }));
}
