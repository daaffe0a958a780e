import fc from 'fast-check';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchRowsProjection } from '../../bench/event-store.bench';
import { EventStore } from '../../infra/event-store/event-store';
import { ensureCheckpoints, rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { projections } from '../../projections';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { appendHistory, emptyEverything, historyStep, paidAndRefunded, readModelRows } from './event-history';

// A replay hands a projection its events in batches as large as the reader's page; the live
// catch-up can hand it one event at a time. Both must leave exactly the same rows.
const SEED = Number(process.env.REPLAY_BATCHES_SEED ?? 20261126);
const HISTORIES = 8;

let db: TestDatabase;
const store = new EventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
  await ensureCheckpoints(db.pool, projections);
});
afterAll(async () => {
  await db.drop();
});

type Outcome = { oneByOne: Record<string, string[]>; batched: Record<string, string[]> };

describe('a replay in large batches writes the rows of a replay one event at a time', () => {
  // Random histories appended once each; every projection is replayed both ways over each.
  const outcomes = new Map<string, Outcome[]>(projections.map((p) => [p.name, []]));
  beforeAll(async () => {
    // Half of them only orders and payouts, so these get far enough (items added and removed in
    // one payout, payments and refunds of one order) to tell a wrong fold of a batch.
    const moneyStep = historyStep.filter((step) => ['place', 'order', 'payout'].includes(step.kind));
    const histories = [
      ...fc.sample(fc.array(historyStep, { minLength: 20, maxLength: 60 }), {
        seed: SEED,
        numRuns: HISTORIES / 2,
      }),
      ...fc.sample(fc.array(moneyStep, { minLength: 20, maxLength: 60 }), {
        seed: SEED,
        numRuns: HISTORIES / 2,
      }),
      // The samples of this seed refund no order: one that does, so credit notes are compared too.
      paidAndRefunded,
    ];
    for (const steps of histories) {
      await emptyEverything(db.pool);
      await appendHistory({ pool: db.pool, store }, steps);
      for (const projection of projections) {
        await rebuildProjection({ pool: db.pool, store, batchSize: 1 }, projection);
        const oneByOne = await readModelRows(db.pool);
        await rebuildProjection({ pool: db.pool, store, batchSize: 10_000 }, projection);
        outcomes.get(projection.name)!.push({ oneByOne, batched: await readModelRows(db.pool) });
      }
    }
  }, 240_000);

  it.each(projections.map((p) => [p.name, p] as const))('%s', (_, projection) => {
    const runs = outcomes.get(projection.name)!;
    expect(runs).toHaveLength(HISTORIES + 1);
    for (const { oneByOne, batched } of runs) expect(batched).toEqual(oneByOne);
    // Never a comparison of empty tables only: some history gave each table of the projection rows.
    for (const table of projection.tables) {
      expect(
        runs.some(({ batched }) => (batched[table.name]?.length ?? 0) > 0),
        table.name,
      ).toBe(true);
    }
  });
});

describe("the event-store bench's one-row-per-event read model", () => {
  it('replays in batches to the rows of one event at a time', async () => {
    await db.pool.query(sql.unsafe`
      create table bench_rows (event_id uuid not null, stream_id text not null, amount int not null)`);
    await ensureCheckpoints(db.pool, [benchRowsProjection]);
    const rows = () =>
      db.pool.anyFirst(sql.type(z.object({ row: z.string() }))`
        select to_jsonb(b)::text as row from bench_rows b order by 1`);
    await fc.assert(
      fc.asyncProperty(
        // Appends of 1-30 events to a few streams; some events of another type between them.
        fc.array(
          fc.record({
            stream: fc.integer({ min: 0, max: 4 }),
            amounts: fc.array(fc.integer({ min: -1_000, max: 1_000 }), { minLength: 1, maxLength: 30 }),
            other: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 2, max: 200 }),
        async (appends, batchSize) => {
          await emptyEverything(db.pool);
          let counted = 0;
          for (const { stream, amounts, other } of appends) {
            await db.pool.transaction((tx) =>
              store.append(tx, {
                streamId: `bench-${stream}`,
                streamType: 'bench',
                expectedVersion: 'any',
                events: amounts.map((amount, i) => ({
                  type: other && i % 2 === 1 ? 'BenchOther' : 'BenchCounted',
                  data: { amount },
                  metadata: { actor: { system: 'test' }, correlationId: 'replay-batches' },
                })),
              }),
            );
            counted += amounts.filter((_, i) => !(other && i % 2 === 1)).length;
          }
          expect(await rebuildProjection({ pool: db.pool, store, batchSize: 1 }, benchRowsProjection)).toBe(
            counted,
          );
          const oneByOne = await rows();
          expect(oneByOne).toHaveLength(counted);
          await rebuildProjection({ pool: db.pool, store, batchSize }, benchRowsProjection);
          expect(await rows()).toEqual(oneByOne);
        },
      ),
      { numRuns: 10, seed: SEED },
    );
  }, 120_000);
});
