import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConcurrencyError,
  EventStoreUsageError,
  FEED_START,
  type ExpectedVersion,
  type FeedCheckpoint,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
const store = createEventStore({ inlineProjections: [] });
let streamCounter = 0;
const newStreamId = () => `test-${++streamCounter}-${Date.now()}`;
const metadata = { actor: { system: 'test' }, correlationId: 'event-store-test' };
const event = (n: number) => ({ type: 'ThingHappened', data: { n }, metadata });

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 12 });
});
afterAll(async () => {
  await db.drop();
});

function append(streamId: string, expectedVersion: ExpectedVersion, count = 1) {
  return db.pool.transaction((tx) =>
    store.append(tx, {
      streamId,
      streamType: 'test',
      expectedVersion,
      events: Array.from({ length: count }, (_, index) => event(index)),
    }),
  );
}

/**
 * Reads the feed the way a catch-up projection does, batch by batch, until `count` events arrived.
 * Transactions of other test files (same server) can hold the in-flight guard back for a moment.
 */
async function readFeedUntil(from: FeedCheckpoint, count: number, limit = 50): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let after = from;
  const deadline = Date.now() + 10_000;
  while (all.length < count && Date.now() < deadline) {
    const { events, scannedTo } = await store.readFeed(db.pool, after, { limit });
    all.push(...events);
    if (scannedTo) after = scannedTo;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return all;
}

describe('append and read', () => {
  it('stores events with versions, positions, metadata and returns them in stream order', async () => {
    const streamId = newStreamId();
    const stored = await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId,
        streamType: 'order',
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'OrderPlaced',
            data: { total: 1500 },
            metadata: { actor: { userId: 7 }, correlationId: 'c-1' },
          },
          {
            type: 'PaymentReceived',
            data: { amount: 1500 },
            metadata: { actor: { system: 'stripe' }, correlationId: 'c-1', causationId: 'x-9' },
          },
        ],
      }),
    );
    expect(stored.map((e) => [e.type, e.streamVersion])).toEqual([
      ['OrderPlaced', 1],
      ['PaymentReceived', 2],
    ]);
    expect(stored[1]!.globalPosition).toBeGreaterThan(stored[0]!.globalPosition);

    const read = await store.readStream(db.pool, streamId);
    expect(read.version).toBe(2);
    expect(read.events.map((e) => e.data)).toEqual([{ total: 1500 }, { amount: 1500 }]);
    // Without a causation id, the request (the correlation) is the cause.
    expect(read.events[0]!.metadata).toEqual({
      actor: { userId: 7 },
      correlationId: 'c-1',
      causationId: 'c-1',
    });
    expect(read.events[1]!.metadata.causationId).toBe('x-9');
    expect(read.events[0]!.eventId).toBe(stored[0]!.eventId);
    expect(read.events[0]!.recordedAt).toBeInstanceOf(Date);
  });

  it('reads an unknown stream as empty with version 0', async () => {
    expect(await store.readStream(db.pool, 'nobody-here')).toEqual({ version: 0, events: [] });
  });

  it('refuses an append that is not the first write of its transaction', async () => {
    const streamId = newStreamId();
    await expect(
      db.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into event_activity_daily values ('x', current_date, 1)`);
        return store.append(tx, { streamId, streamType: 'test', expectedVersion: 'any', events: [event(1)] });
      }),
    ).rejects.toBeInstanceOf(EventStoreUsageError);
    expect(await store.streamVersion(db.pool, streamId)).toBe(0);
  });

  it('appends to several streams atomically', async () => {
    const [a, b] = [newStreamId(), newStreamId()];
    await append(b, 'no_stream');
    const failing = db.pool.transaction((tx) =>
      store.append(tx, [
        { streamId: a, streamType: 'test', expectedVersion: 'no_stream', events: [event(1)] },
        { streamId: b, streamType: 'test', expectedVersion: 'no_stream', events: [event(2)] },
      ]),
    );
    await expect(failing).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion(db.pool, a)).toBe(0);
  });

  it('appends to several streams with any version in one go, each continuing its versions', async () => {
    const [a, b, c] = [newStreamId(), newStreamId(), newStreamId()];
    await append(b, 'no_stream', 2);
    const stored = await db.pool.transaction((tx) =>
      store.append(tx, [
        { streamId: a, streamType: 'test', expectedVersion: 'any', events: [event(1), event(2)] },
        { streamId: b, streamType: 'test', expectedVersion: 'any', events: [event(3)] },
        { streamId: c, streamType: 'test', expectedVersion: 'any', events: [event(4), event(5), event(6)] },
      ]),
    );
    // In the order given, each stream's events at its next versions, in one transaction.
    expect(stored.map((e) => [e.streamId, e.streamVersion, (e.data as { n: number }).n])).toEqual([
      [a, 1, 1],
      [a, 2, 2],
      [b, 3, 3],
      [c, 1, 4],
      [c, 2, 5],
      [c, 3, 6],
    ]);
    expect(new Set(stored.map((e) => e.transactionId)).size).toBe(1);
    expect(stored.map((e) => e.globalPosition)).toEqual(
      [...stored.map((e) => e.globalPosition)].sort((x, y) => x - y),
    );
    expect(await store.streamVersion(db.pool, b)).toBe(3);
    expect((await store.readStream(db.pool, c)).events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
  });
});

describe('expected version', () => {
  it('a number must equal the current version', async () => {
    const streamId = newStreamId();
    await append(streamId, 0, 2);
    await expect(append(streamId, 1)).rejects.toMatchObject({ actualVersion: 2, expectedVersion: 1 });
    await expect(append(streamId, 3)).rejects.toBeInstanceOf(ConcurrencyError);
    const stored = await append(streamId, 2);
    expect(stored[0]!.streamVersion).toBe(3);
  });

  it('no_stream refuses an existing stream', async () => {
    const streamId = newStreamId();
    await append(streamId, 'no_stream');
    await expect(append(streamId, 'no_stream')).rejects.toMatchObject({ actualVersion: 1 });
  });

  it('stream_exists refuses a missing stream and accepts an existing one at any version', async () => {
    const streamId = newStreamId();
    await expect(append(streamId, 'stream_exists')).rejects.toMatchObject({ actualVersion: null });
    await append(streamId, 'no_stream', 3);
    expect((await append(streamId, 'stream_exists'))[0]!.streamVersion).toBe(4);
  });

  it('any accepts both a missing and an existing stream', async () => {
    const streamId = newStreamId();
    expect((await append(streamId, 'any'))[0]!.streamVersion).toBe(1);
    expect((await append(streamId, 'any', 2)).map((e) => e.streamVersion)).toEqual([2, 3]);
  });

  it('a refused append writes nothing', async () => {
    const streamId = newStreamId();
    await append(streamId, 'no_stream');
    await expect(append(streamId, 5)).rejects.toBeInstanceOf(ConcurrencyError);
    const read = await store.readStream(db.pool, streamId);
    expect(read.events).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('of eight appenders expecting the same version, exactly one wins each version', async () => {
    const streamId = newStreamId();
    for (let version = 0; version < 5; version++) {
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => append(streamId, version)));
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const result of lost)
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    const read = await store.readStream(db.pool, streamId);
    expect(read.events.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
  });

  it('appends to one stream reach the feed in stream order, even when racing', async () => {
    const streamId = newStreamId();
    const start = await feedEnd();
    await Promise.all(
      Array.from({ length: 8 }, () => Promise.all([1, 2, 3, 4, 5].map(() => append(streamId, 'any')))),
    );
    const feed = await readFeedUntil(start, 40);
    expect(feed).toHaveLength(40);
    expect(feed.map((e) => e.streamVersion)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });
});

describe('the global feed', () => {
  it('delivers an event whose transaction took an earlier position but committed later', async () => {
    const start = await feedEnd();
    const [early, late] = [newStreamId(), newStreamId()];
    let releaseEarly!: () => void;
    const earlyMayCommit = new Promise<void>((resolve) => (releaseEarly = resolve));
    let earlyAppended!: () => void;
    const earlyHasAppended = new Promise<void>((resolve) => (earlyAppended = resolve));

    // Connection 1 appends first (earlier position) and keeps its transaction open.
    const earlyTransaction = db.pool.transaction(async (tx) => {
      const stored = await store.append(tx, {
        streamId: early,
        streamType: 'test',
        expectedVersion: 'any',
        events: [event(1)],
      });
      earlyAppended();
      await earlyMayCommit;
      return stored;
    });
    await earlyHasAppended;
    // Connection 2 appends later (later position) and commits at once.
    const [lateEvent] = await append(late, 'any');
    const [earlyEvent] = await (async () => {
      // A reader now must not move past the early event it cannot see yet.
      const { events, scannedTo } = await store.readFeed(db.pool, start, { limit: 100 });
      expect(events.map((e) => e.streamId)).not.toContain(late);
      expect(scannedTo).toBeNull();
      releaseEarly();
      return earlyTransaction;
    })();
    expect(earlyEvent!.globalPosition).toBeLessThan(lateEvent!.globalPosition);

    const delivered = (await readFeedUntil(start, 2)).map((e) => e.streamId);
    expect(delivered).toEqual([early, late]);
  });

  it('orders by transaction id as a number, not as text', async () => {
    const streamId = newStreamId();
    await db.pool.query(
      sql.unsafe`insert into streams (stream_id, stream_type, version) values (${streamId}, 'test', 2)`,
    );
    // Written directly with chosen transaction ids: 10 sorts before 5 as text, after it as a number.
    for (const [version, xid] of [
      [1, '10'],
      [2, '5'],
    ] as const) {
      await db.pool.query(sql.unsafe`
        insert into events (stream_id, stream_version, transaction_id, event_id, event_type, data)
        values (${streamId}, ${version}, ${xid}::xid8, gen_random_uuid(), 'Old', '{}')`);
    }
    const { events } = await store.readFeed(db.pool, FEED_START, { limit: 10_000, eventTypes: ['Old'] });
    expect(events.map((e) => e.transactionId)).toEqual(['5', '10']);
  });

  it('skips what a reader does not handle but moves past it', async () => {
    const start = await feedEnd();
    const streamId = newStreamId();
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId,
        streamType: 'test',
        expectedVersion: 'no_stream',
        events: [
          { type: 'Wanted', data: { n: 1 }, metadata },
          { type: 'Unwanted', data: { n: 2 }, metadata },
          { type: 'Wanted', data: { n: 3 }, metadata },
        ],
      }),
    );
    const { events, scannedTo } = await store.readFeed(db.pool, start, { limit: 10, eventTypes: ['Wanted'] });
    expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(scannedTo!.position).toBe(events[1]!.globalPosition);
  });
});

describe('upcasting', () => {
  it('reads old event shapes as the newest one', async () => {
    const streamId = newStreamId();
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId,
        streamType: 'skin',
        expectedVersion: 'no_stream',
        events: [{ type: 'SkinRated', schemaVersion: 1, data: { stars: 4 }, metadata }],
      }),
    );
    const upcasting = createEventStore({
      inlineProjections: [],
      testUpcastSteps: [
        {
          type: 'SkinRated',
          from: 1,
          upcast: (data) => ({ rating: (data as { stars: number }).stars }),
        },
        { type: 'SkinRated', from: 2, upcast: (data) => ({ ...(data as object), userId: null }) },
      ],
    });
    const [rated] = (await upcasting.readStream(db.pool, streamId)).events;
    expect(rated).toMatchObject({ type: 'SkinRated', schemaVersion: 3, data: { rating: 4, userId: null } });
  });
});

async function feedEnd(): Promise<FeedCheckpoint> {
  const row = await db.pool.maybeOne(
    sql.type(z.object({ transaction_id: z.string(), position: z.number() }))`
      select transaction_id::text as transaction_id, global_position as position
      from events order by events.transaction_id desc, events.global_position desc limit 1`,
  );
  return row ? { transactionId: row.transaction_id, position: row.position } : FEED_START;
}
