import { sql } from 'slonik';
import { z } from 'zod';
import { payoutAllocationReactor } from '../api/payouts/payout-allocation.reactor';
import { orderStreamId } from '../domain/orders/order.events';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { createLogger } from '../infra/logger';
import {
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../infra/projection-engine/catch-up-runner';
import { reconcileAll } from '../app/reconcile/reconcile';
import { recomputeOrders } from '../app/reconcile/recompute-orders';
import { projections } from '../projections';
import { ordersProjection } from '../projections/orders.projection';
import { ownershipProjection } from '../projections/ownership.projection';
import { financeJournalProjection } from '../projections/finance-journal.projection';
import { itemSalesBySourceProjection } from '../projections/item-sales-by-source.projection';
import { salesStatisticsProjection } from '../projections/sales-statistics.projection';
import type { BenchDatabase } from './bench-database';
import { linkEventsWrittenByHand } from './event-chain-links';
import { insertOrderEvents, paidOrders, refundOf, type GeneratedEvent } from './order-history';

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

/** Orders per INSERT … SELECT. */
const ORDERS_PER_INSERT = 5_000;
/** The first orders are allocated into payouts by the real reactor (about 750 order events/s). */
const ALLOCATED_ORDERS = 3_000;
const FIRST_AUTHOR_ID = 1_001;
const DOWNLOADS_PER_INSERT = 100_000;

/**
 * `npm run reconcile` at scale: an order history of about a million events (paid orders, some
 * unpaid, cancelled or refunded, the first ones allocated into payouts by the real reactor, and
 * downloads to fill the store up) written set-based, its read models rebuilt, then the whole
 * reconciliation (replay into scratch tables, payout invariants, recomputation by stream) timed.
 * Every figure is of a history that must reconcile clean: a difference fails the bench.
 */
export async function benchReconcile(
  db: BenchDatabase,
  options: { orders: number; downloads: number; authors: number },
) {
  const { pool } = db;
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const log = createLogger({ level: 'warn' });

  // 1. Orders: most paid, one in 20 left unpaid, one in 40 cancelled, one paid in 50 refunded.
  let started = performance.now();
  let pending: GeneratedEvent[] = [];
  let written = 0;
  const outcomes = { paid: 0, unpaid: 0, cancelled: 0, refunded: 0 };
  const flush = async () => {
    await insertOrderEvents(pool, pending);
    written += pending.length;
    pending = [];
  };
  const reactor = payoutAllocationReactor({ store, log });
  let allocation = { orderEvents: 0, seconds: 0 };
  for (const order of paidOrders({ ...options, firstAuthorId: FIRST_AUTHOR_ID })) {
    const n = Number(order.orderId);
    const [placed, session, payment] = order.events as [GeneratedEvent, GeneratedEvent, GeneratedEvent];
    if (n % 20 === 7) {
      pending.push(placed, session);
      outcomes.unpaid++;
    } else if (n % 40 === 13) {
      const cancelledAt = new Date(Date.parse(placed.recordedAt) + 30 * 60_000).toISOString();
      pending.push(placed, session, {
        streamId: orderStreamId(order.orderId),
        streamVersion: 3,
        type: 'OrderCancelled',
        data: { orderId: order.orderId, reason: 'EXPIRED', cancelledAt },
        recordedAt: cancelledAt,
      });
      outcomes.cancelled++;
    } else {
      pending.push(placed, session, payment);
      if (n % 50 === 0) {
        pending.push(refundOf(order));
        outcomes.refunded++;
      } else {
        outcomes.paid++;
      }
    }
    if (n === ALLOCATED_ORDERS) {
      // The allocation reads the order streams, not the read models: run it on the first orders.
      await flush();
      await ensureCheckpoints(pool, [reactor]);
      const allocating = performance.now();
      const orderEvents = await runUntilCaughtUp({ pool, store, batchSize: 1_000 }, reactor);
      allocation = { orderEvents, seconds: seconds(performance.now() - allocating) };
    } else if (n % ORDERS_PER_INSERT === 0) {
      await flush();
    }
  }
  await flush();
  const ordersMs = performance.now() - started;

  // 2. Downloads, straight in SQL: streams of one skin and downloader, a few downloads each.
  started = performance.now();
  for (let from = 0; from < options.downloads; from += DOWNLOADS_PER_INSERT) {
    const to = Math.min(options.downloads, from + DOWNLOADS_PER_INSERT);
    await pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`
        create temporary table bench_downloads on commit drop as
        select 'skin-downloads-' || skin || '-user:' || user_id as stream_id, skin, user_id, n
        from generate_series(${from + 1}::int, ${to}::int) n,
             lateral (select 1 + (n::int8 * 7919) % 20000 as skin, 1000001 + (n / 3) % 20000 as user_id) d`);
      await tx.query(sql.unsafe`
        insert into streams (stream_id, stream_type, version)
        select stream_id, 'skin-downloads', count(*) from bench_downloads group by stream_id
        on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = now()`);
      await tx.query(sql.unsafe`
        insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
        select d.stream_id,
               coalesce((select max(stream_version) from events e where e.stream_id = d.stream_id), 0)
                 + row_number() over (partition by d.stream_id order by d.n),
               gen_random_uuid(), 'SkinDownloaded', 1,
               jsonb_build_object('skinId', d.skin, 'downloader', 'user:' || d.user_id, 'userId', d.user_id,
                                  'game', 'TM2020', 'authorId', ${FIRST_AUTHOR_ID} + d.skin % ${options.authors}),
               '{"actor": {"system": "bench"}, "correlationId": "bench-reconcile"}'::jsonb, now() - interval '1 day' * (d.n % 60)
        from bench_downloads d order by d.n`);
    });
  }
  const downloadsMs = performance.now() - started;

  // 2b. The event chain's links of what was written by hand (append_events writes them on append).
  started = performance.now();
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set local statement_timeout = 0`);
    await linkEventsWrittenByHand(tx);
  });
  const linkMs = performance.now() - started;

  // 3. The order read models, rebuilt from the events (the payouts' were written by the appends).
  started = performance.now();
  for (const projection of [
    ordersProjection,
    ownershipProjection,
    salesStatisticsProjection,
    itemSalesBySourceProjection,
    financeJournalProjection,
  ]) {
    await rebuildProjection({ pool, store, batchSize: 10_000 }, projection);
  }
  const rebuildMs = performance.now() - started;
  await pool.query(sql.unsafe`vacuum analyze`);
  const eventTypes = Object.fromEntries(
    (
      await pool.any(sql.type(z.object({ event_type: z.string(), n: z.number() }))`
        select event_type, count(*)::int as n from events group by event_type order by event_type`)
    ).map((row) => [row.event_type, row.n]),
  );
  const events = Object.values(eventTypes).reduce((sum, n) => sum + n, 0);

  // 4. npm run reconcile over the whole history.
  const report = await reconcileAll({ pool, store });
  if (report.differences > 0) {
    throw new Error(
      `The reconciliation found ${report.differences} differences: ` +
        JSON.stringify([
          ...report.recomputed.findings.slice(0, 5),
          ...report.sales.differences,
          ...report.itemSales.differences,
          ...report.chain.broken.slice(0, 5),
          ...report.finance.findings.slice(0, 5),
        ]),
    );
  }
  const { recomputed } = report;
  // The recomputation once more on its own, without the replay competing for the two cores.
  const alone = await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    return recomputeOrders(tx);
  });
  if (alone.findingCount > 0)
    throw new Error(`The recomputation alone found ${alone.findingCount} findings.`);
  return {
    events,
    eventTypes,
    orders: { ...outcomes, total: options.orders },
    recompute: {
      orders: recomputed.orders,
      orderEvents: recomputed.eventsRead,
      alongsideReplay: {
        seconds: recomputed.seconds,
        orderEventsPerSecond: perSecond(recomputed.eventsRead, recomputed.seconds * 1000),
        timingsMs: recomputed.timings,
      },
      alone: {
        seconds: alone.seconds,
        orderEventsPerSecond: perSecond(alone.eventsRead, alone.seconds * 1000),
        timingsMs: alone.timings,
      },
    },
    reconcile: {
      seconds: report.seconds,
      eventsPerSecond: perSecond(events, report.seconds * 1000),
      differences: report.differences,
      payouts: report.payouts.payouts,
      chainVerifySeconds: report.chain.seconds,
      salesOrderEvents: report.sales.eventsRead,
      itemSalesOrderEvents: report.itemSales.eventsRead,
      financeEvents: report.finance.eventsRead,
      financeMonths: report.finance.months.length,
      timingsMs: report.timings,
    },
    seeding: {
      orderEvents: { events: written, seconds: seconds(ordersMs) },
      payoutAllocation: { ...allocation, orders: ALLOCATED_ORDERS },
      downloads: { events: options.downloads, seconds: seconds(downloadsMs) },
      chainLinks: { seconds: seconds(linkMs) },
      readModelsRebuild: { seconds: seconds(rebuildMs) },
    },
  };
}
