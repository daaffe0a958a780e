import fc from 'fast-check';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import {
  applyNextBatch,
  ensureCheckpoints,
  runUntilCaughtUp,
} from '../../infra/projection-engine/catch-up-runner';
import {
  dropOlderSnapshots,
  isSnapshotted,
  latestSnapshot,
  rebuildWithSnapshots,
  recordLiveVersion,
  takeMonthEndSnapshots,
  takeSnapshot,
} from '../../infra/projection-engine/read-model-snapshots';
import { createLogger } from '../../infra/logger';
import { projections } from '../../projections';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import {
  appendHistory,
  emptyEverything,
  erasures,
  historyStep,
  paidAndRefunded,
  readModelRows,
  withErasures,
} from './event-history';

// The sibling of rebuild-equals-live: the same generated histories (REBUILD_FROM_SNAPSHOT_SEED=<n>
// explores others), a snapshot taken somewhere in them, then a rebuild from it against one from the
// first event.
const SEED = Number(process.env.REBUILD_FROM_SNAPSHOT_SEED ?? 1);

let db: TestDatabase;
const snapshotted = projections.filter(isSnapshotted);
const skinDownloadsProjection = snapshotted.find((projection) => projection.name === 'skin-downloads')!;
const catchUp = projections.filter((projection) => projection.mode === 'catch-up');
const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
const log = createLogger({ level: 'silent' });

/** The rows of the snapshotted projections' tables. */
async function snapshottedRows() {
  const tables = new Set(snapshotted.flatMap((projection) => projection.tables.map((table) => table.name)));
  return Object.fromEntries(
    Object.entries(await readModelRows(db.pool)).filter(([table]) => tables.has(table)),
  );
}

async function forgetSnapshots() {
  for (const projection of snapshotted) await dropOlderSnapshots(db.pool, projection, 0);
  await db.pool.query(sql.unsafe`truncate read_model_snapshots.live_versions`);
}

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
  await ensureCheckpoints(db.pool, catchUp);
});
afterAll(async () => {
  await db.drop();
});

describe('the download and statistics read models', () => {
  it('are the download, sales, item-sales and event-activity projections', () => {
    expect(snapshotted.map((projection) => projection.name).sort()).toEqual([
      'event-activity',
      'item-sales-by-source',
      'sales-statistics',
      'skin-downloads',
    ]);
  });

  it('rebuild from a snapshot to the rows a rebuild from the first event gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(historyStep, { minLength: 8, maxLength: 30 }),
        // After which step the snapshots are taken, and whether the projections had caught up then
        // (a snapshot of a lagging projection is at its checkpoint, not at the feed's end).
        fc.nat(),
        fc.option(fc.integer({ min: 1, max: 5 })),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 50 }),
        erasures,
        async (generated, cutAt, lagBatch, liveBatch, rebuildBatch, deletions) => {
          const steps = withErasures(generated, deletions);
          await emptyEverything(db.pool);
          await forgetSnapshots();
          const cut = cutAt % steps.length;
          await appendHistory({ pool: db.pool, store }, steps, async (index) => {
            if (index !== cut) return;
            for (const projection of snapshotted) {
              if (lagBatch === null)
                await runUntilCaughtUp({ pool: db.pool, store, batchSize: liveBatch }, projection);
              else await applyNextBatch({ pool: db.pool, store, batchSize: lagBatch }, projection);
              const taken = await takeSnapshot(db.pool, projection);
              expect('taken' in taken).toBe(true);
            }
          });
          for (const projection of snapshotted) {
            await runUntilCaughtUp({ pool: db.pool, store, batchSize: liveBatch }, projection);
          }
          const live = await snapshottedRows();

          const options = { pool: db.pool, store, batchSize: rebuildBatch };
          let replayed = 0;
          for (const projection of snapshotted) {
            const rebuilt = await rebuildWithSnapshots(options, projection);
            expect(rebuilt.fromSnapshot?.projectionName).toBe(projection.name);
            replayed += rebuilt.applied;
          }
          const fromSnapshots = await snapshottedRows();
          let replayedFromStart = 0;
          for (const projection of snapshotted) {
            const rebuilt = await rebuildWithSnapshots({ ...options, fromStart: true }, projection);
            expect(rebuilt.fromSnapshot).toBeNull();
            replayedFromStart += rebuilt.applied;
          }
          expect(fromSnapshots).toEqual(await snapshottedRows());
          expect(fromSnapshots).toEqual(live);
          // Only the events after the snapshots were replayed.
          expect(replayed).toBeLessThanOrEqual(replayedFromStart);
        },
      ),
      {
        // Lean: about 3 s a history on an idle machine (the sibling test covers the histories widely).
        numRuns: 6,
        seed: SEED,
        interruptAfterTimeLimit: 100_000,
        markInterruptAsFailure: true,
        // A paid and refunded history whose buyer is deleted after the payment, snapshots midway.
        examples: [[paidAndRefunded, 4, null, 3, 7, [{ at: 5, user: 1 }]]],
      },
    );
  }, 150_000);

  it('uses no snapshot of another version, and takes none of live tables another version built', async () => {
    await emptyEverything(db.pool);
    await forgetSnapshots();
    const now = new Date('2026-11-01T00:30:00Z');
    const [first] = await takeMonthEndSnapshots(db.pool, [skinDownloadsProjection], now, log);
    expect(first?.monthEnding).toBe('2026-10-01');
    // Once per month: the next hour's run takes none.
    expect(await takeMonthEndSnapshots(db.pool, [skinDownloadsProjection], now, log)).toEqual([]);

    const changed = { ...skinDownloadsProjection, snapshotVersion: 2 };
    expect(await latestSnapshot(db.pool, changed)).toBeNull();
    const rebuilt = await rebuildWithSnapshots({ pool: db.pool, store, batchSize: 10 }, changed);
    expect(rebuilt.fromSnapshot).toBeNull();
    // The live tables are now version 2's: version 1 no longer snapshots them, version 2 does.
    expect(await takeSnapshot(db.pool, skinDownloadsProjection)).toMatchObject({
      skipped: 'live tables built by another version',
    });
    expect(await takeMonthEndSnapshots(db.pool, [changed], now, log)).toHaveLength(1);
    expect((await latestSnapshot(db.pool, changed))?.version).toMatch(/^v2-/);
    await recordLiveVersion(db.pool, skinDownloadsProjection);
  });

  it('keeps the latest three snapshots of a projection, tables and listing together', async () => {
    await forgetSnapshots();
    for (let i = 0; i < 5; i++) await takeSnapshot(db.pool, skinDownloadsProjection);
    const listed = await db.pool.anyFirst(sql.unsafe`
      select id from read_model_snapshots.snapshots where projection_name = 'skin-downloads' order by id`);
    expect(listed).toHaveLength(3);
    const tables = await db.pool.anyFirst(sql.unsafe`
      select count(*)::int from pg_tables where schemaname = 'read_model_snapshots' and tablename ~ '^s[0-9]+_'`);
    expect(tables).toEqual([3 * skinDownloadsProjection.tables.length]);
  });
});
