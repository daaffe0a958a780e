import { sql } from 'slonik';
import { z } from 'zod';
import { PAYOUT_ALLOCATION, payoutAllocationReactor } from '../api/payouts/payout-allocation.reactor';
import { runPayoutCommand } from '../api/payouts/payout-commands';
import { ORDER_STREAM_TYPE, orderEventSchemaVersions } from '../domain/orders/order.events';
import type { PayoutCommand } from '../domain/payouts/payout.decider';
import { PAYOUT_EVENT_TYPES, type PayoutDestination } from '../domain/payouts/payout.events';
import { backdated } from '../infra/event-store/backdating';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { createLogger } from '../infra/logger';
import {
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../infra/projection-engine/catch-up-runner';
import { reconcileAll } from '../app/reconcile/reconcile';
import { projections } from '../projections';
import { ordersProjection } from '../projections/orders.projection';
import { ownershipProjection } from '../projections/ownership.projection';
import { payoutsProjection } from '../projections/payouts.projection';
import type { BenchDatabase } from './bench-database';
import { insertOrderEvents, paidOrders, refundOf, type GeneratedEvent } from './order-history';

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const count = z.object({ n: z.number() });

/** Orders per INSERT … SELECT (three events each). */
const ORDERS_PER_INSERT = 5_000;
/** One order in this many is refunded: half before the allocation runs, half after the locks. */
const REFUND_EVERY = 331;
/** One author in this many has their payout locked. */
const LOCK_EVERY = 3;
const FIRST_AUTHOR_ID = 1_001;

const BANK: PayoutDestination = {
  method: 'BANK_TRANSFER',
  name: 'Bench Author',
  street: 'Karlova 1',
  city: 'Praha',
  country: 'cz',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};
const PAYPAL: PayoutDestination = {
  method: 'PAYPAL',
  name: 'Bench Author',
  paypalAccount: 'author@example.com',
};

/**
 * Payouts at scale: paid orders over many authors are allocated into payouts by the
 * 'payout-allocation' reactor, a share of the payouts is locked, sent, failed and locked again, a
 * second wave of refunds books adjustments; then the payout read models are replayed from scratch
 * (beside a plain copy of the same rows) and `npm run reconcile` runs over the whole history.
 */
export async function benchPayouts(
  db: BenchDatabase,
  options: { orders: number; authors: number; allocationBatchSize: number },
) {
  const { pool } = db;
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const log = createLogger({ level: 'warn' });

  // 1. The order history, written with INSERT … SELECT (bench/order-history.ts): the same rows an
  // append writes, 5,000 orders per statement, without the inline projections, rebuilt after.
  let started = performance.now();
  const lateRefunds: { orderId: string; totalCents: number; paidAt: number }[] = [];
  let pending: GeneratedEvent[] = [];
  const earlyRefunds: GeneratedEvent[] = [];
  let written = 0;
  for (const order of paidOrders({ ...options, firstAuthorId: FIRST_AUTHOR_ID })) {
    pending.push(...order.events);
    const n = Number(order.orderId);
    if (n % REFUND_EVERY === 0) {
      if ((n / REFUND_EVERY) % 2 === 0) earlyRefunds.push(refundOf(order));
      else lateRefunds.push(order);
    }
    if (n % ORDERS_PER_INSERT === 0) {
      await insertOrderEvents(pool, pending);
      written += pending.length;
      pending = [];
    }
  }
  pending.push(...earlyRefunds);
  await insertOrderEvents(pool, pending);
  written += pending.length;
  const writeMs = performance.now() - started;
  await pool.query(sql.unsafe`vacuum analyze events, streams`);

  // The order read models, replayed from the events (set-based batches).
  const orderModels: Record<string, { events: number; seconds: number; eventsPerSecond: number }> = {};
  for (const projection of [ordersProjection, ownershipProjection]) {
    started = performance.now();
    const events = await rebuildProjection({ pool, store, batchSize: 5_000 }, projection);
    const ms = performance.now() - started;
    orderModels[projection.name] = { events, seconds: seconds(ms), eventsPerSecond: perSecond(events, ms) };
  }

  // 2. The allocation, as the catch-up runner runs it (its batch size is PROJECTION_BATCH_SIZE).
  const reactor = payoutAllocationReactor({ store, log });
  await ensureCheckpoints(pool, [reactor]);
  started = performance.now();
  const allocated = await runUntilCaughtUp({ pool, store, batchSize: options.allocationBatchSize }, reactor);
  const allocationMs = performance.now() - started;
  const payoutEventsWritten = await pool.oneFirst(sql.type(count)`
    select count(*)::int as n from events where event_type = any(${sql.array([...PAYOUT_EVENT_TYPES], 'text')})`);

  // 3. Lock a share of the payouts; send, fail and lock again some of them, so the replays meet
  // every payout event type. Then refunds of orders whose items are in locked payouts.
  const toLock = await pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from payouts where status = 'PENDING' and amount_cents >= 5000 and author_id % ${LOCK_EVERY} = 0
    order by id`);
  const metadata = { actor: { system: 'bench' }, correlationId: 'bench' };
  const command = (payoutId: number, payoutCommand: PayoutCommand) =>
    runPayoutCommand({ pool, store }, payoutId, payoutCommand, metadata);
  const at = () => new Date();
  for (const [index, payoutId] of toLock.entries()) {
    const bank = index % 6 < 2;
    await command(payoutId, {
      type: 'LockPayout',
      destination: bank ? BANK : PAYPAL,
      payoutDate: bank ? '2026-12-01' : null,
      lockedAt: at(),
    });
    if (index % 6 === 1) {
      await command(payoutId, {
        type: 'RecordPayoutExport',
        fileId: `bench-file-${index}`,
        batchId: `TS-SEPA-BENCH-${index}`,
        exportedAt: at(),
      });
    }
    if (index % 6 === 1 || index % 6 === 2) {
      await command(payoutId, { type: 'SendPayout', transferReference: `BENCH-${payoutId}`, sentAt: at() });
    }
    if (index % 6 === 3 || index % 6 === 4) {
      await command(payoutId, { type: 'FailPayout', reason: 'RECEIVER_UNREGISTERED', failedAt: at() });
    }
    if (index % 6 === 4) {
      await command(payoutId, {
        type: 'RelockPayout',
        destination: PAYPAL,
        payoutDate: null,
        relockedAt: at(),
      });
    }
  }
  // The late refunds go through the store, one transaction each, as the refund handler appends them.
  for (const order of lateRefunds) {
    const refund = refundOf(order);
    await pool.transaction((tx) =>
      store.append(tx, {
        streamId: refund.streamId,
        streamType: ORDER_STREAM_TYPE,
        expectedVersion: 3,
        events: [
          {
            type: refund.type,
            data: refund.data,
            schemaVersion: orderEventSchemaVersions[refund.type],
            metadata: { actor: { system: 'bench' }, correlationId: 'bench' },
            occurredAt: backdated(refund.recordedAt),
          },
        ],
      }),
    );
  }
  await runUntilCaughtUp({ pool, store, batchSize: options.allocationBatchSize }, reactor);
  await pool.query(sql.unsafe`vacuum analyze`);
  const eventTypes = Object.fromEntries(
    (
      await pool.any(sql.type(z.object({ event_type: z.string(), n: z.number() }))`
        select event_type, count(*)::int as n from events group by event_type order by event_type`)
    ).map((row) => [row.event_type, row.n]),
  );
  const missingTypes = PAYOUT_EVENT_TYPES.filter((type) => !eventTypes[type]);
  if (missingTypes.length > 0) throw new Error(`The history lacks ${missingTypes.join(', ')}.`);
  const statuses = Object.fromEntries(
    (
      await pool.any(sql.type(z.object({ status: z.string(), n: z.number() }))`
        select status, count(*)::int as n from payouts group by status order by status`)
    ).map((row) => [row.status, row.n]),
  );

  // 4. The payout read models replayed from scratch, beside a plain copy of the same rows (the copy
  // is also what the replay must give back).
  for (const table of ['payouts', 'payout_lines']) {
    await pool.query(sql.unsafe`
      create table ${sql.identifier([`bench_${table}_copy`])} (like ${sql.identifier([table])} including all)`);
  }
  started = performance.now();
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`insert into bench_payouts_copy select * from payouts`);
    await tx.query(sql.unsafe`insert into bench_payout_lines_copy select * from payout_lines`);
  });
  const plainMs = performance.now() - started;
  const rows = await pool.oneFirst(sql.type(count)`
    select ((select count(*) from payouts) + (select count(*) from payout_lines))::int as n`);
  started = performance.now();
  const replayed = await rebuildProjection({ pool, store, batchSize: 5_000 }, payoutsProjection);
  const replayMs = performance.now() - started;
  const changed = await pool.oneFirst(sql.type(count)`
    select ((select count(*) from (select * from payouts except all select * from bench_payouts_copy) a)
          + (select count(*) from (select * from bench_payouts_copy except all select * from payouts) b)
          + (select count(*) from (select * from payout_lines except all select * from bench_payout_lines_copy) c)
          + (select count(*) from (select * from bench_payout_lines_copy except all select * from payout_lines) d))::int as n`);
  if (changed > 0) throw new Error(`The payout replay gave ${changed} rows other than the live ones.`);
  for (const table of ['bench_payouts_copy', 'bench_payout_lines_copy']) {
    await pool.query(sql.unsafe`drop table ${sql.identifier([table])}`);
  }

  // 5. npm run reconcile over the whole history.
  await pool.query(sql.unsafe`vacuum analyze`);
  const report = await reconcileAll({ pool, store });
  if (report.differences > 0) throw new Error(`The reconciliation found ${report.differences} differences.`);
  const checkpoint = await pool.oneFirst(sql.type(count)`
    select events_applied::int as n from projection_checkpoints where projection_name = ${PAYOUT_ALLOCATION}`);

  return {
    orders: options.orders,
    authors: options.authors,
    refunds: earlyRefunds.length + lateRefunds.length,
    write: {
      method:
        'INSERT … SELECT into streams and events, 5,000 orders (OrderPlaced, PaymentSessionOpened, PaymentReceived) per statement; inline projections rebuilt after',
      events: written,
      seconds: seconds(writeMs),
      eventsPerSecond: perSecond(written, writeMs),
    },
    orderReadModelsReplay: orderModels,
    allocation: {
      batchSize: options.allocationBatchSize,
      orderEvents: allocated,
      payoutEventsWritten,
      seconds: seconds(allocationMs),
      orderEventsPerSecond: perSecond(allocated, allocationMs),
      payoutEventsPerSecond: perSecond(payoutEventsWritten, allocationMs),
    },
    afterLocks: { payoutsByStatus: statuses, allocatedOrderEvents: checkpoint, eventTypes },
    replay: {
      events: replayed,
      replayEventsPerSecond: perSecond(replayed, replayMs),
      replayMs: Math.round(replayMs),
      plainInsertSelectMs: Math.round(plainMs),
      plainRows: rows,
      plainRowsPerSecond: perSecond(rows, plainMs),
      replayToPlainTimeRatio: Math.round((replayMs / plainMs) * 10) / 10,
    },
    reconcile: {
      seconds: report.seconds,
      eventsReplayed: report.eventsReplayed,
      orders: report.orders.orders,
      orderEvents: report.orders.eventsReplayed,
      payouts: report.payouts.payouts,
      payoutEvents: report.payouts.eventsReplayed,
      differences: report.differences,
      targetSeconds: 30,
      timingsMs: report.timings,
    },
  };
}
