import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { EventStore } from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import {
  applyNextBatch,
  CatchUpRunner,
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../../infra/projection-engine/catch-up-runner';
import type { Projection } from '../../infra/projection-engine/projection';
import { eventActivityProjection } from '../../projections/event-activity.projection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const metadata = { actor: { system: 'test' }, correlationId: 'projection-engine-test' };
let db: TestDatabase;
const log = createLogger({ level: 'silent' });

/** Each test's projection handles its own event type, so tests sharing the database stay apart. */
const countedType = (projectionName: string) => `Counted:${projectionName}`;

/** A read model that records every handled event as a row, so losses and doubles show. */
function recordingProjection(
  name: string,
  mode: Projection['mode'],
  hooks: { afterApply?: (tx: DatabaseTransactionConnection) => Promise<void> } = {},
) {
  const table = sql.identifier([`${name.replaceAll('-', '_')}_rows`]);
  const projection: Projection = {
    name,
    mode,
    eventTypes: [countedType(name)],
    async apply(tx, events) {
      await tx.query(sql.unsafe`
        insert into ${table} (event_id, stream_id, amount)
        select * from jsonb_to_recordset(${sql.jsonb(
          events.map((e) => ({
            event_id: e.eventId,
            stream_id: e.streamId,
            amount: (e.data as { amount: number }).amount,
          })),
        )}) as x(event_id uuid, stream_id text, amount int)`);
      await hooks.afterApply?.(tx);
    },
    async reset(tx) {
      await tx.query(sql.unsafe`truncate ${table}`);
    },
  };
  return {
    projection,
    create: () =>
      db.pool.query(
        sql.unsafe`create table if not exists ${table} (event_id uuid not null, stream_id text not null, amount int not null)`,
      ),
    rows: () =>
      db.pool.any(
        sql.type(z.object({ event_id: z.string(), stream_id: z.string(), amount: z.number() }))`
          select event_id, stream_id, amount from ${table} order by event_id`,
      ),
  };
}

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 12 });
});
afterAll(async () => {
  await db.drop();
});

async function appendCounted(store: EventStore, projection: Projection, streamId: string, amounts: number[]) {
  return db.pool.transaction((tx) =>
    store.append(tx, {
      streamId,
      streamType: 'counter',
      expectedVersion: 'any',
      events: amounts.map((amount) => ({ type: countedType(projection.name), data: { amount }, metadata })),
    }),
  );
}

async function eventually(check: () => Promise<void>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe('inline projections', () => {
  it('apply in the append transaction and roll back with it', async () => {
    const inline = recordingProjection('inline-a', 'inline');
    await inline.create();
    const store = createEventStore({ inlineProjections: [inline.projection] });

    await appendCounted(store, inline.projection, 'inline-1', [5, 7]);
    expect((await inline.rows()).map((row) => row.amount).sort()).toEqual([5, 7]);

    await expect(
      db.pool.transaction(async (tx) => {
        await store.append(tx, {
          streamId: 'inline-1',
          streamType: 'counter',
          expectedVersion: 'any',
          events: [{ type: countedType(inline.projection.name), data: { amount: 100 }, metadata }],
        });
        throw new Error('the command failed after appending');
      }),
    ).rejects.toThrow('the command failed');
    expect(await inline.rows()).toHaveLength(2);
  });

  it('a rebuilt inline read model equals the live one', async () => {
    const inline = recordingProjection('inline-b', 'inline');
    await inline.create();
    const store = createEventStore({ inlineProjections: [inline.projection] });
    for (let i = 0; i < 30; i++)
      await appendCounted(store, inline.projection, `inline-b-${i % 4}`, [i, i * 2]);
    const live = await inline.rows();
    expect(live).toHaveLength(60);

    const applied = await rebuildProjection({ pool: db.pool, store, batchSize: 7 }, inline.projection);
    expect(applied).toBeGreaterThanOrEqual(60);
    expect(await inline.rows()).toEqual(live);
  });
});

describe('catch-up projections', () => {
  it('apply each event exactly once, in batches, and record the checkpoint', async () => {
    const catchUp = recordingProjection('catch-a', 'catch-up');
    await catchUp.create();
    const store = createEventStore({ inlineProjections: [] });
    await ensureCheckpoints(db.pool, [catchUp.projection]);
    const appended = (
      await Promise.all(
        [1, 2, 3, 4, 5].map((n) => appendCounted(store, catchUp.projection, `c-${n}`, [n, n, n])),
      )
    ).flat();

    await eventually(async () => {
      await runUntilCaughtUp({ pool: db.pool, store, batchSize: 4 }, catchUp.projection);
      expect(await catchUp.rows()).toHaveLength(appended.length);
    });
    const ids = (await catchUp.rows()).map((row) => row.event_id);
    expect(new Set(ids)).toEqual(new Set(appended.map((e) => e.eventId)));

    // Nothing new: another pass applies nothing.
    expect(await runUntilCaughtUp({ pool: db.pool, store, batchSize: 4 }, catchUp.projection)).toBe(0);
  });

  it('resumes without losing or doubling an event after being killed between applying and committing', async () => {
    let killNext = true;
    const catchUp = recordingProjection('catch-killed', 'catch-up', {
      afterApply: async (tx) => {
        if (!killNext) return;
        killNext = false;
        // Another connection kills this runner's backend after the rows were written, before commit.
        const pid = await tx.oneFirst(
          sql.type(z.object({ pid: z.number() }))`select pg_backend_pid() as pid`,
        );
        await db.pool.query(sql.unsafe`select pg_terminate_backend(${pid}, 5000)`);
      },
    });
    await catchUp.create();
    const store = createEventStore({ inlineProjections: [] });
    const killable = await createTestConnectionPool();
    try {
      await ensureCheckpoints(db.pool, [catchUp.projection]);
      const appended = await appendCounted(store, catchUp.projection, 'killed-1', [1, 2, 3, 4, 5, 6]);

      // Batches before ours may only move the checkpoint; the one that applies our events is killed.
      let crashed: unknown = null;
      for (let attempt = 0; attempt < 200 && !crashed; attempt++) {
        crashed = await applyNextBatch({ pool: killable, store, batchSize: 3 }, catchUp.projection).then(
          () => null,
          (error: unknown) => error,
        );
      }
      expect(crashed).toBeInstanceOf(Error);
      expect(killNext).toBe(false);
      expect(await catchUp.rows()).toHaveLength(0);

      await eventually(async () => {
        await runUntilCaughtUp({ pool: db.pool, store, batchSize: 3 }, catchUp.projection);
        expect((await catchUp.rows()).map((row) => row.event_id).sort()).toEqual(
          appended.map((e) => e.eventId).sort(),
        );
      });
    } finally {
      await killable.end().catch(() => undefined);
    }
  });

  it('two runners working one projection at once still apply each event once', async () => {
    const catchUp = recordingProjection('catch-shared', 'catch-up');
    await catchUp.create();
    const store = createEventStore({ inlineProjections: [] });
    await ensureCheckpoints(db.pool, [catchUp.projection]);
    const appended = (
      await Promise.all(
        Array.from({ length: 20 }, (_, n) => appendCounted(store, catchUp.projection, `s-${n}`, [n, n])),
      )
    ).flat();

    await eventually(async () => {
      await Promise.all([
        runUntilCaughtUp({ pool: db.pool, store, batchSize: 3 }, catchUp.projection),
        runUntilCaughtUp({ pool: db.pool, store, batchSize: 5 }, catchUp.projection),
      ]);
      expect(await catchUp.rows()).toHaveLength(appended.length);
    });
    expect(new Set((await catchUp.rows()).map((row) => row.event_id)).size).toBe(appended.length);
  });

  it('the runner wakes on NOTIFY without waiting for its poll, and reports its lag', async () => {
    const catchUp = recordingProjection('catch-notified', 'catch-up');
    await catchUp.create();
    const store = createEventStore({ inlineProjections: [] });
    const runner = new CatchUpRunner({
      pool: db.pool,
      store,
      projections: [catchUp.projection],
      log,
      batchSize: 100,
      pollMs: 600_000,
      listenUrl: db.url,
    });
    await runner.start();
    try {
      await eventually(async () => expect((await runner.lag(db.pool))[0]!.eventsBehind).toBe(0));
      await appendCounted(store, catchUp.projection, 'notified-1', [42]);
      await eventually(
        async () => expect((await catchUp.rows()).map((row) => row.amount)).toEqual([42]),
        3_000,
      );
      const [lag] = await runner.lag(db.pool);
      expect(lag).toMatchObject({
        name: 'catch-notified',
        mode: 'catch-up',
        eventsBehind: 0,
        lastError: null,
      });
    } finally {
      await runner.stop();
    }
  });

  it('gives every consumer a batch each round, even beside one whose events never stop', async () => {
    const store = createEventStore({ inlineProjections: [] });
    // Every batch of the flood appends a new event for itself: its feed never runs dry.
    const flood: Projection = {
      name: 'catch-flood',
      mode: 'catch-up',
      eventTypes: ['Flood'],
      async apply(tx) {
        await store.append(tx, {
          streamId: 'flood',
          streamType: 'flood',
          expectedVersion: 'any',
          events: [{ type: 'Flood', data: {}, metadata }],
        });
      },
      async reset() {},
    };
    const quiet = recordingProjection('catch-quiet', 'catch-up');
    await quiet.create();
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId: 'flood',
        streamType: 'flood',
        expectedVersion: 'any',
        events: [{ type: 'Flood', data: {}, metadata }],
      }),
    );
    await appendCounted(store, quiet.projection, 'quiet-1', [1, 2]);
    const runner = new CatchUpRunner({
      pool: db.pool,
      store,
      projections: [flood, quiet.projection],
      log,
      // Large enough for every event the earlier tests left in this database.
      batchSize: 50_000,
      pollMs: 600_000,
    });
    await ensureCheckpoints(db.pool, [flood, quiet.projection]);
    // Running the flood until it is caught up would never end; in rounds, the quiet projection
    // applies its events in the first one, and keeps up with every new event in each later one.
    const afterFirst = await runner.runRound();
    expect(afterFirst.map((p) => p.name)).toContain('catch-flood');
    expect((await quiet.rows()).map((row) => row.amount).sort()).toEqual([1, 2]);
    for (let round = 0; round < 3; round++) {
      await appendCounted(store, quiet.projection, 'quiet-1', [10 + round]);
      expect((await runner.runRound()).map((p) => p.name)).toContain('catch-flood');
      expect(await quiet.rows()).toHaveLength(3 + round);
    }
  });

  it('a rebuilt catch-up read model equals the live one', async () => {
    const store = createEventStore({ inlineProjections: [] });
    await ensureCheckpoints(db.pool, [eventActivityProjection]);
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId: 'activity-1',
        streamType: 'test',
        expectedVersion: 'any',
        events: [
          { type: 'SkinDownloaded', data: {}, metadata },
          { type: 'SkinRated', data: {}, metadata },
          { type: 'SkinDownloaded', data: {}, metadata },
        ],
      }),
    );
    const readModel = () =>
      db.pool.any(
        sql.type(z.object({ event_type: z.string(), day: z.string(), events: z.number() }))`
          select event_type, day::text as day, events from event_activity_daily order by event_type, day`,
      );
    let live: Awaited<ReturnType<typeof readModel>> = [];
    await eventually(async () => {
      await runUntilCaughtUp({ pool: db.pool, store, batchSize: 2 }, eventActivityProjection);
      live = await readModel();
      expect(live.find((row) => row.event_type === 'SkinDownloaded')?.events).toBe(2);
    });
    await rebuildProjection({ pool: db.pool, store, batchSize: 3 }, eventActivityProjection);
    expect(await readModel()).toEqual(live);
  });
});

async function createTestConnectionPool() {
  const { createDatabasePool } = await import('../../infra/db/pool');
  return createDatabasePool(db.url, { maxPoolSize: 2 });
}
