import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findOrder, ownedSkinIds } from '../../api/orders/orders.repository';
import type { SkinDownloaded } from '../../domain/downloads/download.events';
import type { OrderEvent } from '../../domain/orders/order.events';
import type { SkinRated } from '../../domain/ratings/rating.decider';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { EventStore, type AppendRequest, type NewEvent } from '../../infra/event-store/event-store';
import {
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../../infra/projection-engine/catch-up-runner';
import { rebuildInPlace, rebuildInShadow } from '../../infra/projection-engine/shadow-rebuild';
import { projections } from '../../projections';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { readModelRows } from './event-history';

/**
 * `npm run replay` beside a live app: while projections are rebuilt in shadow tables and swapped
 * in, buyers keep placing and paying orders, voting and downloading, and the app keeps reading who
 * owns what and the orders. No read fails or waits long, no write fails, and the read models end as
 * a clean rebuild of the same events gives them.
 */
let db: TestDatabase;
const store = new EventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
const catchUp = projections.filter((projection) => projection.mode === 'catch-up');
const metadata = { actor: { system: 'shadow-replay-test' }, correlationId: 'shadow-replay-test' };
const USERS = 20;
const SKINS = 30;
let nextOrder = 1;

/** A paid order of one skin: its stream with OrderPlaced and PaymentReceived. */
function paidOrder(userId: number, skinId: number): AppendRequest {
  const id = nextOrder++;
  const orderId = String(id);
  const at = new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
  const events: OrderEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        externalId: `TS-${orderId.padStart(6, '0')}`,
        buyer: { userId, email: `user${userId}@example.com`, fullName: `User ${userId}`, country: 'fr' },
        paymentType: 'STRIPE',
        items: [
          {
            itemType: 'SKIN',
            itemId: skinId,
            name: `Skin ${skinId}`,
            authorId: 1000,
            priceCents: 500,
            tipCents: 0,
            siteFeeCents: 50,
            paymentFeeCents: 40,
            authorShareCents: 410,
          },
        ],
        totals: { totalCents: 500, siteFeeCents: 50, paymentFeeCents: 40, authorShareCents: 410 },
        feePolicyVersion: '2026-01',
        placedAt: at,
      },
    },
    {
      type: 'PaymentReceived',
      data: {
        orderId,
        provider: 'LOCAL',
        providerReference: `local-${orderId}`,
        providerEventId: null,
        amountCents: 500,
        receivedAt: at,
      },
    },
  ];
  return {
    streamId: `order-${orderId}`,
    streamType: 'order',
    expectedVersion: 'no_stream',
    events: events.map((event) => ({ ...event, metadata })),
  };
}

function downloads(skinId: number, count: number, seed: number): AppendRequest {
  return {
    streamId: `skin-downloads-${skinId}`,
    streamType: 'skin-downloads',
    expectedVersion: 'any',
    events: Array.from({ length: count }, (_, i): NewEvent & SkinDownloaded => ({
      type: 'SkinDownloaded',
      data: {
        skinId,
        downloader: `visitor:${(seed + i) % 97}`,
        userId: null,
        game: 'TM2020',
        authorId: 1000,
      },
      metadata,
      // Recorded over three months, as the demo history loads them.
      occurredAt: new Date(
        Date.UTC(2026, 0, 1) + ((seed * 7 + i) % 90) * 86_400_000,
      ) as NewEvent['occurredAt'],
    })),
  };
}

function vote(userId: number, skinId: number, rating: number, previousRating: number | null): AppendRequest {
  const event: SkinRated = { type: 'SkinRated', data: { skinId, userId, rating, previousRating } };
  return {
    streamId: `skin-rating-${skinId}-${userId}`,
    streamType: 'skin-rating',
    expectedVersion: 'any',
    events: [{ ...event, metadata }],
  };
}

const append = (requests: AppendRequest[]) => db.pool.transaction((tx) => store.append(tx, requests));

/** The public schema as the catalogue describes it, with each relation's identity (its oid). */
async function schemaFingerprint(): Promise<string[]> {
  return [
    ...(await db.pool.anyFirst(sql.type(z.object({ line: z.string() }))`
      select line from (
        select format('relation %s %s %s', c.relname, c.relkind, c.oid) as line
        from pg_class c where c.relnamespace = 'public'::regnamespace
        union all
        select format('column %s.%s %s not null %s default %s', c.relname, a.attname,
                      format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
        union all
        select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
        from pg_constraint where connamespace = 'public'::regnamespace
        union all
        select format('index %s', pg_get_indexdef(indexrelid)) from pg_index i
        join pg_class c on c.oid = i.indexrelid where c.relnamespace = 'public'::regnamespace
        union all
        select format('trigger %s', pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
        union all
        select format('schema %s', nspname) from pg_namespace
      ) catalogue order by line`)),
  ];
}

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 12 });
  await ensureCheckpoints(db.pool, catchUp);
  // A history to rebuild: 3,000 paid orders, 6,000 downloads, votes.
  for (let chunk = 0; chunk < 10; chunk++) {
    await append(
      Array.from({ length: 300 }, (_, i) => paidOrder(((chunk * 300 + i) % USERS) + 1, (i % SKINS) + 1)),
    );
    await append(Array.from({ length: SKINS }, (_, skin) => downloads(skin + 1, 20, chunk * 31 + skin)));
  }
  for (let user = 1; user <= USERS; user++) {
    await append(Array.from({ length: 5 }, (_, skin) => vote(user, skin + 1, ((user + skin) % 5) + 1, null)));
  }
  for (const projection of catchUp)
    await runUntilCaughtUp({ pool: db.pool, store, batchSize: 1000 }, projection);
}, 120_000);
afterAll(async () => {
  await db.drop();
});

describe('npm run replay beside a live app', () => {
  it('never fails nor holds up reads, and ends as a clean rebuild', async () => {
    const schemaBefore = await schemaFingerprint();
    const readMs: number[] = [];
    const writeMs: number[] = [];
    const failures: unknown[] = [];
    let replaying = true;
    let downloadsSeen = 0;
    const timed = async (times: number[], work: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await work();
      } catch (error) {
        failures.push(error);
      }
      times.push(performance.now() - started);
    };

    // A read that would wait for a lock longer than this fails (recorded as a failure): blocking is
    // measured directly, whatever the machine's speed.
    const noWait = <T>(read: (tx: DatabaseTransactionConnection) => Promise<T>) =>
      db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`set local lock_timeout = '200ms'`);
        return read(tx);
      });
    // The app: reads of who owns what and of orders (a paid download asks ownedSkinIds) ...
    const reader = (async () => {
      for (let i = 0; replaying; i++) {
        const user = (i % USERS) + 1;
        await timed(readMs, async () => {
          const owned = await noWait((tx) => ownedSkinIds(tx, user));
          if (owned.length === 0) throw new Error(`user ${user} lost their skins during the replay`);
        });
        await timed(readMs, async () => {
          if (!(await noWait((tx) => findOrder(tx, (i % 3000) + 1)))) throw new Error('an order vanished');
        });
        // Download counts only grow: a replay never shows a half-rebuilt read model.
        await timed(readMs, async () => {
          const total = await noWait((tx) =>
            tx.oneFirst(sql.type(z.object({ total: z.number() }))`
              select coalesce(sum(downloads_total), 0)::int as total from skin_stats`),
          );
          if (total < downloadsSeen) throw new Error(`downloads went from ${downloadsSeen} down to ${total}`);
          downloadsSeen = total;
        });
      }
    })();
    // ... buyers paying, voting and downloading, and the catch-up runner at work.
    let written = 0;
    const writer = (async () => {
      for (let i = 0; replaying || i < 5; i++) {
        await timed(writeMs, () =>
          append([
            paidOrder((i % USERS) + 1, (i % SKINS) + 1),
            vote((i % USERS) + 1, 10 + (i % 5), (i % 5) + 1, null),
            downloads((i % SKINS) + 1, 2, 5000 + i),
          ]),
        );
        written++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const runner = (async () => {
      while (replaying) {
        for (const projection of catchUp) {
          await timed(writeMs, () => runUntilCaughtUp({ pool: db.pool, store, batchSize: 200 }, projection));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const swaps: { name: string; swapMs: number; appliedInSwap: number; applied: number }[] = [];
    const writtenBeforeSwap = new Set<string>();
    try {
      for (const projection of projections) {
        const lockCatchUp = async (tx: DatabaseTransactionConnection, name: string) => {
          // Besides the writer's appends, which land between a build and its swap only by chance,
          // one download always commits there: the swap must apply it.
          if (!writtenBeforeSwap.has(name)) {
            writtenBeforeSwap.add(name);
            const [event] = await append([downloads(1, 1, 9000 + writtenBeforeSwap.size)]);
            // Readable by the catch-up rule once no older transaction (the writer's) is in flight.
            for (let tries = 0; tries < 200; tries++) {
              const visible = await tx.oneFirst(sql.type(z.object({ visible: z.boolean() }))`
                select pg_snapshot_xmin(pg_current_snapshot()) > ${event!.transactionId}::xid8 as visible`);
              if (visible) break;
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
          }
          await tx.query(sql.unsafe`select pg_advisory_xact_lock(7220, hashtext(${name}))`);
        };
        const result = await rebuildInShadow(
          { pool: db.pool, store, batchSize: 500, lockCatchUp },
          projection,
        );
        swaps.push({ name: projection.name, ...result });
      }
    } finally {
      replaying = false;
      await Promise.all([reader, writer, runner]);
    }
    for (const projection of catchUp)
      await runUntilCaughtUp({ pool: db.pool, store, batchSize: 1000 }, projection);

    expect(failures).toEqual([]);
    expect(written).toBeGreaterThan(5);
    // Events written during the builds were applied by the swaps: the live app really ran beside.
    // Every catch-up projection that handles downloads applied at least the one written just before
    // its swap.
    for (const name of ['event-activity', 'skin-downloads']) {
      expect(swaps.find((swap) => swap.name === name)?.appliedInSwap).toBeGreaterThan(0);
    }
    const slowestRead = Math.max(...readMs);
    const slowestWrite = Math.max(...writeMs);
    const longestSwap = Math.max(...swaps.map((swap) => swap.swapMs));
    console.info(
      `shadow replay: ${readMs.length} reads (slowest ${slowestRead.toFixed(0)} ms), ` +
        `${writeMs.length} writes (slowest ${slowestWrite.toFixed(0)} ms), ` +
        `swaps ${swaps.map((swap) => `${swap.name} ${swap.swapMs} ms`).join(', ')}`,
    );
    // Generous: a busy machine slows every query, a lock wait fails the read above.
    expect(slowestRead).toBeLessThan(2_000);
    expect(longestSwap).toBeLessThan(2_000);
    expect(slowestWrite).toBeLessThan(5_000);

    // The same tables, the same objects (oids): nothing referencing them was cut off; no shadow left.
    expect(await schemaFingerprint()).toEqual(schemaBefore);

    // What the replay left equals a clean rebuild (emptied, replayed in place) of the same events.
    const afterReplay = await readModelRows(db.pool);
    expect(afterReplay.owned_skins!.length).toBeGreaterThan(3000);
    for (const projection of projections) {
      await rebuildInPlace(
        {
          pool: db.pool,
          store,
          batchSize: 5000,
          lockCatchUp: async (tx, name) => {
            await tx.query(sql.unsafe`select pg_advisory_xact_lock(7220, hashtext(${name}))`);
          },
        },
        projection,
      );
    }
    expect(await readModelRows(db.pool)).toEqual(afterReplay);
  }, 120_000);

  it('repairs a live row that differs from the events, and a rebuild with nothing to change writes nothing', async () => {
    const ownership = projections.find((projection) => projection.name === 'ownership')!;
    const before = await readModelRows(db.pool);
    await db.pool.query(sql.unsafe`delete from owned_skins where order_id = 1`);
    await db.pool.query(sql.unsafe`update owned_skins set acquired_at = null where order_id = 2`);
    await rebuildProjection({ pool: db.pool, store, batchSize: 700 }, ownership);
    expect(await readModelRows(db.pool)).toEqual(before);

    const again = await rebuildInShadow(
      {
        pool: db.pool,
        store,
        batchSize: 700,
        lockCatchUp: async () => {},
      },
      ownership,
    );
    expect(again.rowsWritten).toBe(0);
  }, 60_000);

  it('waits for a long writer by giving the tables back and trying the swap again', async () => {
    const ownership = projections.find((projection) => projection.name === 'ownership')!;
    const options = {
      pool: db.pool,
      store,
      batchSize: 2000,
      lockCatchUp: async () => {},
      lockTimeoutMs: 200,
    };
    /** A writer holding owned_skins until released. */
    const holdWrite = () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const done = db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`update owned_skins set acquired_at = acquired_at where order_id = 1`);
        await released;
      });
      return { release, done };
    };
    const swapWaiting = async () => {
      for (;;) {
        const waiting = await db.pool.oneFirst(sql.type(z.object({ waiting: z.boolean() }))`
          select exists (select from pg_locks where relation = 'public.owned_skins'::regclass and not granted)
            as waiting`);
        if (waiting) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    // One attempt only: the swap gives up on the lock instead of queueing every writer behind it.
    const first = holdWrite();
    try {
      await expect(rebuildInShadow({ ...options, swapAttempts: 1 }, ownership)).rejects.toThrow(/lock/i);
    } finally {
      first.release();
      await first.done;
    }

    // The writer goes on well past the swap's lock timeout: the swap tries again and succeeds.
    const second = holdWrite();
    const rebuilding = rebuildInShadow(options, ownership);
    await swapWaiting();
    await new Promise((resolve) => setTimeout(resolve, 600));
    second.release();
    await second.done;
    const rebuilt = await rebuilding;
    expect(rebuilt.applied).toBeGreaterThan(3000);
  }, 60_000);
});
