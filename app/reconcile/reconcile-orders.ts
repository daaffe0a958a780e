import { sql } from 'slonik';
import { z } from 'zod';
import { ordersProjection } from '../../projections/orders.projection';
import { ownershipProjection } from '../../projections/ownership.projection';
import type { DatabasePool, DatabaseTransactionConnection } from '../../infra/db/pool';
import type { EventStore } from '../../infra/event-store/event-store';
import {
  differingTables,
  reconcileInSnapshot,
  type ReconcileCheck,
  type TableDifference,
} from './scratch-replay';

export type { TableDifference } from './scratch-replay';

/** The read models rebuilt from the order events, compared with the live ones. */
const ORDER_TABLES = ['orders', 'order_items', 'order_payment_sessions', 'owned_bundles', 'owned_skins'];

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
  /** Set when the events could not be replayed into the scratch tables (a read-model constraint broke). */
  replayError: string | null;
};

/**
 * The order part of `npm run reconcile`: the order events are replayed into scratch copies of the
 * order and ownership read models, which are compared with the live ones row by row; then the
 * money of every order is checked, as the events give it and as the live model holds it: fees plus
 * author shares make the total, the items add up to the order's figures, and no share is negative.
 */
export function ordersCheck(): ReconcileCheck<OrdersReconciliation> {
  return {
    tables: ORDER_TABLES,
    projections: [ordersProjection, ownershipProjection],
    async finish(tx, replay) {
      const failures = [ordersProjection, ownershipProjection].flatMap((projection) => {
        const failure = replay.failures.get(projection.name);
        return failure ? [`${projection.name}: ${failure}`] : [];
      });
      const replayError = failures.length > 0 ? failures.join('; ') : null;
      const differences = replayError ? [] : await differingTables(tx, ORDER_TABLES);
      const unbalanced = [
        ...(replayError ? [] : await unbalancedOrders(tx, 'pg_temp', 'events')),
        ...(await unbalancedOrders(tx, 'public', 'live')),
      ];
      const orders = await tx.oneFirst(
        sql.type(z.object({ count: z.number() }))`select count(*)::int as count from pg_temp.orders`,
      );
      return {
        eventsReplayed: replay.applied.get(ordersProjection.name) ?? 0,
        orders,
        differences,
        unbalanced,
        replayError,
      };
    },
  };
}

/**
 * Reconciles the order read models alone, in one repeatable-read snapshot (see
 * `reconcileInSnapshot`; `npm run reconcile` runs it together with the payouts).
 */
export async function reconcileOrders(
  deps: { pool: DatabasePool; store: EventStore },
  options: { batchSize?: number } = {},
): Promise<OrdersReconciliation> {
  const { results } = await reconcileInSnapshot(deps, { orders: ordersCheck() }, options);
  return results.orders;
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
             sum(payment_fee_cents) as payment, sum(author_share_cents) as share, sum(vat_cents) as vat,
             count(*) filter (where price_cents + tip_cents
                               <> vat_cents + site_fee_cents + payment_fee_cents + author_share_cents)
               as unbalanced_lines,
             count(*) filter (where author_share_cents < 0 or site_fee_cents < 0 or payment_fee_cents < 0
                                 or vat_cents < 0) as negative_lines
      from ${items} group by order_id
    )
    select o.id, o.external_id, concat_ws('; ',
      case when o.vat_cents + o.site_fee_cents + o.payment_fee_cents + o.author_share_cents <> o.total_cents
        then format('VAT %s, fees %s + %s and shares %s make %s, not the total %s', o.vat_cents, o.site_fee_cents,
          o.payment_fee_cents, o.author_share_cents,
          o.vat_cents + o.site_fee_cents + o.payment_fee_cents + o.author_share_cents, o.total_cents) end,
      case when s.order_id is null then 'no items' end,
      case when s.amount <> o.total_cents then format('items add up to %s, not the total %s', s.amount, o.total_cents) end,
      case when s.vat <> o.vat_cents then format('item VAT adds up to %s, not %s', s.vat, o.vat_cents) end,
      case when s.site <> o.site_fee_cents then format('item site fees add up to %s, not %s', s.site, o.site_fee_cents) end,
      case when s.payment <> o.payment_fee_cents
        then format('item payment fees add up to %s, not %s', s.payment, o.payment_fee_cents) end,
      case when s.share <> o.author_share_cents
        then format('item shares add up to %s, not %s', s.share, o.author_share_cents) end,
      case when s.unbalanced_lines > 0 then format('%s items whose fees and share are not their price', s.unbalanced_lines) end,
      case when s.negative_lines > 0 then format('%s items with a negative fee or share', s.negative_lines) end
    ) as problem
    from ${orders} o left join sums s on s.order_id = o.id
    where o.vat_cents + o.site_fee_cents + o.payment_fee_cents + o.author_share_cents <> o.total_cents
       or s.order_id is null or s.amount <> o.total_cents or s.vat <> o.vat_cents or s.site <> o.site_fee_cents
       or s.payment <> o.payment_fee_cents or s.share <> o.author_share_cents
       or s.unbalanced_lines > 0 or s.negative_lines > 0
    order by o.id`);
  return rows.map((row) => ({ orderId: row.id, externalId: row.external_id, source, problem: row.problem }));
}
