import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readHealth } from '../../api/health/health.query';
import { DatabaseMonitor } from '../../infra/db/database-monitor';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import { CatchUpRunner, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import type { Projection } from '../../infra/projection-engine/projection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** Handles one type only, so the lag it reports covers the events it merely scans as well. */
const sparse: Projection = {
  name: 'lag-sparse',
  mode: 'catch-up',
  eventTypes: ['LagRare'],
  apply: async () => {},
  reset: async () => {},
};

describe('projection lag', () => {
  it('counts every event behind, past any cap, and the age of the oldest, and turns health degraded', async () => {
    const store = createEventStore({ inlineProjections: [] });
    const runner = new CatchUpRunner({
      pool: db.pool,
      store,
      projections: [sparse],
      log: createLogger({ level: 'silent' }),
      batchSize: 5000,
      pollMs: 60_000,
    });
    // Started only to create the checkpoint: stopped at once, so nothing is applied meanwhile.
    await runner.start();
    await runner.stop();
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId: 'lag-flood',
        streamType: 'lag',
        expectedVersion: 'no_stream',
        events: Array.from({ length: 12_000 }, (_, i) => ({
          type: 'LagFlood',
          data: { i },
          metadata: { correlationId: 'lag-test', actor: { system: 'test' } },
        })),
      }),
    );
    // The flood happened 30 s ago.
    await db.pool.query(sql.unsafe`
      update events set recorded_at = recorded_at - interval '30 seconds' where stream_id = 'lag-flood'`);
    const app = {
      pool: db.pool,
      runner,
      startedAt: Date.now(),
      config: { projections: { degradedAfterSeconds: 5 } },
      database: new DatabaseMonitor({ url: db.url, log: createLogger({ level: 'silent' }) }),
    } as Parameters<typeof readHealth>[0];
    onTestFinished(() => app.database.stop());

    const behind = await readHealth(app);
    expect(behind.status).toBe('degraded');
    expect(behind.degradedAfterSeconds).toBe(5);
    const [lag] = behind.projections;
    expect(lag).toMatchObject({ name: 'lag-sparse', eventsBehind: 12_000, eventsBehindIsLowerBound: false });
    expect(lag!.secondsBehind).toBeGreaterThanOrEqual(30);
    expect(lag!.secondsBehind).toBeLessThan(60);

    // Three batches later it has caught up, and says so once health reads the lag again (it answers
    // from a read at most a second old, reading again in the background).
    await runUntilCaughtUp({ pool: db.pool, store, batchSize: 5000 }, sparse);
    await expect.poll(async () => (await readHealth(app)).status, { timeout: 5_000 }).toBe('ok');
    const caughtUp = await readHealth(app);
    expect(caughtUp.projections[0]).toMatchObject({ eventsBehind: 0, secondsBehind: 0 });
  });
});
