import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleCommand,
  loadStream,
  type Decider,
  type StreamKind,
} from '../../infra/event-store/command-handler';
import { ConcurrencyError, EventStoreUsageError } from '../../infra/event-store/event-store';
import { InvalidEventMetadataError } from '../../infra/event-store/event-metadata';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

type Counted = { type: 'Counted'; data: { by: number; total: number } };
const kind: StreamKind<Counted> = { streamType: 'counter', schemaVersions: { Counted: 1 } };
const counter: Decider<{ add: number }, number, Counted> = {
  initialState: 0,
  evolve: (total, event) => event.data.total,
  decide: (command, total) => [{ type: 'Counted', data: { by: command.add, total: total + command.add } }],
};
const metadata = { actor: { system: 'test' }, correlationId: 'command-handler-test' };
const store = createEventStore({ inlineProjections: [] });
let db: TestDatabase;
let streams = 0;

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
});
afterAll(async () => {
  await db.drop();
});

const deps = () => ({ pool: db.pool, store });

/** Another writer's append to the stream, committed at once. */
const interloper = (streamId: string, total: number) =>
  db.pool.transaction((tx) =>
    store.append(tx, {
      streamId,
      streamType: 'counter',
      expectedVersion: 'any',
      events: [{ type: 'Counted', data: { by: total, total }, metadata }],
    }),
  );

describe('the command handler', () => {
  it('loads, decides and appends with the expected version, returning the events and the state', async () => {
    const streamId = `counter-${++streams}`;
    const first = await handleCommand(deps(), { streamId, kind, decider: counter }, { add: 2 }, { metadata });
    const second = await handleCommand(
      deps(),
      { streamId, kind, decider: counter },
      { add: 3 },
      { metadata },
    );
    expect(first.state).toBe(2);
    expect(second.state).toBe(5);
    expect(second.appended.map((event) => [event.streamVersion, event.data.total])).toEqual([[2, 5]]);
    expect(second.appended[0]!.metadata).toMatchObject({ correlationId: 'command-handler-test' });
  });

  it('decides again on the new state when another writer appended in between', async () => {
    const streamId = `counter-${++streams}`;
    const racing = racingStore(streamId, 1);
    const result = await handleCommand(
      { pool: db.pool, store: racing.store },
      { streamId, kind, decider: counter },
      { add: 2 },
      { metadata },
    );
    expect(racing.reads()).toBe(2);
    // Decided on the interloper's total (10), appended after it.
    expect(result.state).toBe(12);
    expect((await store.readStream(db.pool, streamId)).events.map((event) => event.data)).toEqual([
      { by: 10, total: 10 },
      { by: 2, total: 12 },
    ]);
  });

  it('gives up with CONFLICT after the attempts allowed, writing nothing', async () => {
    const streamId = `counter-${++streams}`;
    const racing = racingStore(streamId, 3);
    await expect(
      handleCommand(
        { pool: db.pool, store: racing.store },
        { streamId, kind, decider: counter },
        { add: 2 },
        { metadata, maxAttempts: 3 },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(racing.reads()).toBe(3);
    const single = racingStore(`counter-${++streams}`, 1);
    await expect(
      handleCommand(
        { pool: db.pool, store: single.store },
        { streamId: `counter-${streams}`, kind, decider: counter },
        { add: 2 },
        { metadata, maxAttempts: 1 },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(
      (await loadStream(store, db.pool, streamId, kind, counter)).events.map((event) => event.data.by),
    ).toEqual([10, 20, 30]);
  });

  it('refuses a stream holding an event of another kind (a missing upcaster) and metadata without an actor', async () => {
    const streamId = `counter-${++streams}`;
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId,
        streamType: 'counter',
        expectedVersion: 'no_stream',
        events: [{ type: 'CountedV0', data: {}, metadata }],
      }),
    );
    await expect(loadStream(store, db.pool, streamId, kind, counter)).rejects.toThrow(EventStoreUsageError);
    const fresh = `counter-${++streams}`;
    await expect(
      handleCommand(
        deps(),
        { streamId: fresh, kind, decider: counter },
        { add: 1 },
        {
          metadata: { correlationId: 'no-actor' },
        },
      ),
    ).rejects.toBeInstanceOf(InvalidEventMetadataError);
    expect(await store.streamVersion(db.pool, fresh)).toBe(0);
  });
});

/**
 * The store, but each of the first `races` stream reads is followed by another writer's append
 * (committed on another connection) before the command appends: its expected version is stale.
 */
function racingStore(streamId: string, races: number) {
  let reads = 0;
  const racing = Object.create(store) as typeof store;
  racing.readStream = async (db_, id, options) => {
    const read = await store.readStream(db_, id, options);
    reads++;
    if (id === streamId && reads <= races) await interloper(streamId, reads * 10);
    return read;
  };
  return { store: racing, reads: () => reads };
}
