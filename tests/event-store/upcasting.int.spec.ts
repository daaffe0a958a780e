import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import type { EventStore, StoredEvent } from '../../infra/event-store/event-store';
import type { UpcastStep } from '../../infra/event-store/event-upcasters';
import {
  ensureCheckpoints,
  rebuildProjection,
  runUntilCaughtUp,
} from '../../infra/projection-engine/catch-up-runner';
import type { Projection } from '../../infra/projection-engine/projection';
import { reconcileInSnapshot } from '../../app/reconcile/scratch-replay';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A rename: votes were once stored as `SkinRatedV0` with `stars`; they read as `SkinRated` with `rating`.
const renameStep: UpcastStep = {
  type: 'SkinRatedV0',
  from: 1,
  renamesTo: 'SkinRated',
  upcast: (data) => ({ rating: (data as { stars: number }).stars }),
};
const metadata = { actor: { system: 'upcasting-test' }, correlationId: 'upcasting-test' };

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
  for (const name of ['inline', 'catch_up', 'scratch']) {
    await db.pool.query(sql.unsafe`
      create table ${sql.identifier([`upcast_seen_${name}`])} (
        event_id uuid primary key, event_type text not null, rating int not null)`);
  }
});
afterAll(async () => {
  await db.drop();
});

/** A read model of the votes it was given: which events, under which type, with which rating. */
function seenProjection(
  name: string,
  mode: Projection['mode'],
): Projection & { tables: readonly { name: string }[] } {
  const table = `upcast_seen_${name}`;
  return {
    name,
    mode,
    eventTypes: ['SkinRated'],
    tables: [{ name: table }],
    async apply(tx: DatabaseTransactionConnection, events: readonly StoredEvent[]) {
      for (const event of events) {
        const { rating } = event.data as { rating: number };
        await tx.query(sql.unsafe`
          insert into ${sql.identifier([table])} (event_id, event_type, rating)
          values (${event.eventId}, ${event.type}, ${rating})`);
      }
    },
    async reset(tx: DatabaseTransactionConnection) {
      await tx.query(sql.unsafe`delete from ${sql.identifier([table])}`);
    },
  };
}

const seenRow = z.object({ event_id: z.string(), event_type: z.string(), rating: z.number() });
const seenBy = (name: string) =>
  db.pool.any(sql.type(seenRow)`
    select event_id, event_type, rating from ${sql.identifier([`upcast_seen_${name}`])} order by rating`);

describe('one upcaster registry for every reader', () => {
  const inline = seenProjection('inline', 'inline');
  const catchUp = seenProjection('catch_up', 'catch-up');
  let store: EventStore;
  let expected: { event_id: string; event_type: string; rating: number }[];

  beforeAll(async () => {
    store = createEventStore({ inlineProjections: [inline], testUpcastSteps: [renameStep] });
    const stored = await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId: 'skin-rating-1-2',
        streamType: 'skin-rating',
        expectedVersion: 'no_stream',
        events: [
          { type: 'SkinRatedV0', schemaVersion: 1, data: { stars: 3 }, metadata },
          { type: 'SkinCommented', data: { text: 'not a vote' }, metadata },
          { type: 'SkinRated', schemaVersion: 2, data: { rating: 5 }, metadata },
        ],
      }),
    );
    expected = stored
      .filter((event) => event.type === 'SkinRated')
      .map((event) => ({
        event_id: event.eventId,
        event_type: 'SkinRated',
        rating: event.streamVersion === 1 ? 3 : 5,
      }));
    expect(expected).toHaveLength(2);
  });

  it('a stream read gives the renamed type and the new shape', async () => {
    const { events } = await store.readStream(db.pool, 'skin-rating-1-2');
    expect(events.map((event) => [event.type, event.schemaVersion, event.data])).toEqual([
      ['SkinRated', 2, { rating: 3 }],
      ['SkinCommented', 1, { text: 'not a vote' }],
      ['SkinRated', 2, { rating: 5 }],
    ]);
  });

  it('an inline projection applies the old events as the new type at append', async () => {
    expect(await seenBy(inline.name)).toEqual(expected);
  });

  it('a catch-up projection filtering on the new type is fed the old stored type too', async () => {
    await ensureCheckpoints(db.pool, [catchUp]);
    const applied = await runUntilCaughtUp({ pool: db.pool, store, batchSize: 2 }, catchUp);
    expect(applied).toBe(2);
    expect(await seenBy(catchUp.name)).toEqual(expected);
  });

  it('a replay of either projection gives the same rows', async () => {
    for (const projection of [inline, catchUp]) {
      expect(await rebuildProjection({ pool: db.pool, store, batchSize: 2 }, projection)).toBe(2);
      expect(await seenBy(projection.name)).toEqual(expected);
    }
  });

  it("reconcile's scratch replay sees them the same way", async () => {
    const { results } = await reconcileInSnapshot(
      { pool: db.pool, store },
      {
        votes: {
          tables: ['upcast_seen_scratch'],
          projections: [seenProjection('scratch', 'inline')],
          finish: (tx) =>
            tx.any(
              sql.type(seenRow)`select event_id, event_type, rating from upcast_seen_scratch order by rating`,
            ),
        },
      },
      { batchSize: 2 },
    );
    expect(results.votes).toEqual(expected);
  });

  it('without the step, the old events are neither fed nor renamed (the registry is what decides)', async () => {
    const plain = createEventStore({ inlineProjections: [] });
    const { events } = await plain.readFeed(
      db.pool,
      { transactionId: '0', position: 0 },
      {
        limit: 100,
        eventTypes: ['SkinRated'],
      },
    );
    expect(events.map((event) => event.data)).toEqual([{ rating: 5 }]);
  });
});
