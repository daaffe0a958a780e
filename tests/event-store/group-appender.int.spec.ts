import fc from 'fast-check';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConcurrencyError,
  type AppendRequest,
  type ExpectedVersion,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { GroupAppender } from '../../infra/event-store/group-appender';
import { createLogger } from '../../infra/logger';
import {
  applyNextBatch,
  CatchUpRunner,
  ensureCheckpoints,
  runUntilCaughtUp,
} from '../../infra/projection-engine/catch-up-runner';
import type { Projection } from '../../infra/projection-engine/projection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
const log = createLogger({ level: 'silent' });
const store = createEventStore({ inlineProjections: [] });
const metadata = { actor: { system: 'test' }, correlationId: 'group-appender-test' };
let streamCounter = 0;
const newStreamId = () => `grouped-${++streamCounter}-${Date.now()}`;

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 12 });
});
afterAll(async () => {
  await db.drop();
});

const request = (
  streamId: string,
  expectedVersion: ExpectedVersion,
  data: unknown = {},
  type = 'ThingHappened',
): AppendRequest => ({
  streamId,
  streamType: 'test',
  expectedVersion,
  events: [{ type, data, metadata }],
});

/** An appender writing one transaction at a time, and a first append that keeps it busy: the calls made next wait and share the next transaction. */
function busyAppender(options: { store?: typeof store } = {}) {
  const appender = new GroupAppender(
    { pool: db.pool, store: options.store ?? store, log },
    { maxBatch: 100, maxWriters: 1 },
  );
  const first = appender.append(request(newStreamId(), 'any'));
  return { appender, first };
}

describe('group commit', () => {
  it('keeps each stream in call order with consecutive versions, and shares transactions', async () => {
    const streams = Array.from({ length: 6 }, () => newStreamId());
    const appender = new GroupAppender({ pool: db.pool, store, log });
    const calls = Array.from({ length: 120 }, (_, seq) => {
      const streamId = streams[seq % streams.length]!;
      return appender.append(request(streamId, 'any', { seq }));
    });
    const results = await Promise.all(calls);

    for (const streamId of streams) {
      const { events } = await store.readStream(db.pool, streamId);
      expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, index) => index + 1));
      const seqs = events.map((e) => (e.data as { seq: number }).seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs).toHaveLength(20);
    }
    // Each call got its own event back, as stored.
    expect(results.map(([event]) => (event!.data as { seq: number }).seq)).toEqual(
      Array.from({ length: 120 }, (_, seq) => seq),
    );
    // Calls made together went in fewer transactions than calls.
    expect(new Set(results.map(([event]) => event!.transactionId)).size).toBeLessThan(120);
  });

  it('an append whose expected version does not hold fails alone; the others of its transaction commit', async () => {
    const [fresh, existing, other] = [newStreamId(), newStreamId(), newStreamId()];
    const twoEvents = request(existing, 'no_stream');
    await db.pool.transaction((tx) =>
      store.append(tx, { ...twoEvents, events: [...twoEvents.events, ...twoEvents.events] }),
    );
    const { appender, first } = busyAppender();
    const calls = [
      appender.append(request(fresh, 0)),
      appender.append(request(existing, 1)),
      appender.append(request(other, 'any')),
    ];
    const [freshResult, conflict, otherResult] = await Promise.allSettled(calls);
    await first;

    expect(conflict).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ streamId: existing, expectedVersion: 1, actualVersion: 2 }),
    });
    expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(freshResult!.status).toBe('fulfilled');
    expect(otherResult!.status).toBe('fulfilled');
    const [freshEvent] = (freshResult as PromiseFulfilledResult<StoredEvent[]>).value;
    const [otherEvent] = (otherResult as PromiseFulfilledResult<StoredEvent[]>).value;
    expect(freshEvent!.transactionId).toBe(otherEvent!.transactionId);
    expect(await store.streamVersion(db.pool, existing)).toBe(2);
    expect(await store.streamVersion(db.pool, fresh)).toBe(1);
  });

  it('writes a call to several streams together or not at all', async () => {
    const [a, b, c] = [newStreamId(), newStreamId(), newStreamId()];
    await db.pool.transaction((tx) => store.append(tx, request(b, 'no_stream')));
    const { appender, first } = busyAppender();
    const refused = appender.append([request(a, 'no_stream'), request(b, 'no_stream')]);
    const written = appender.append([request(c, 'no_stream'), request(newStreamId(), 'any')]);
    await expect(refused).rejects.toMatchObject({ streamId: b, actualVersion: 1 });
    expect(await written).toHaveLength(2);
    await first;
    expect(await store.streamVersion(db.pool, a)).toBe(0);
    expect(await store.streamVersion(db.pool, c)).toBe(1);
  });

  it('resolves only once the append is committed: another connection reads it at once', async () => {
    const appender = new GroupAppender({ pool: db.pool, store, log });
    const streams = Array.from({ length: 8 }, () => newStreamId());
    await Promise.all(
      streams.map(async (streamId) => {
        const [event] = await appender.append(request(streamId, 'no_stream', { n: 1 }));
        const read = await store.readStream(db.pool, streamId);
        expect(read.events.map((e) => e.eventId)).toEqual([event!.eventId]);
      }),
    );
  });

  it('applies the inline projections in the transaction; one that throws fails only its own append', async () => {
    await db.pool.query(sql.unsafe`create table grouped_rows (event_id uuid primary key, n int not null)`);
    const rows: Projection = {
      name: 'grouped-rows',
      mode: 'inline',
      eventTypes: ['Counted'],
      async apply(tx, events) {
        if (events.some((e) => (e.data as { n: number }).n < 0)) throw new Error('negative count');
        await tx.query(sql.unsafe`
          insert into grouped_rows select * from jsonb_to_recordset(${sql.jsonb(
            events.map((e) => ({ event_id: e.eventId, n: (e.data as { n: number }).n })),
          )}) as x(event_id uuid, n int)`);
      },
      async reset(tx) {
        await tx.query(sql.unsafe`truncate grouped_rows`);
      },
    };
    const projecting = createEventStore({ inlineProjections: [rows] });
    const { appender, first } = busyAppender({ store: projecting });
    const streams = [newStreamId(), newStreamId(), newStreamId()];
    const results = await Promise.allSettled(
      [1, -1, 3].map((n, index) => appender.append(request(streams[index]!, 'any', { n }, 'Counted'))),
    );
    await first;
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const counted = await db.pool.anyFirst(
      sql.type(z.object({ n: z.number() }))`select n from grouped_rows order by n`,
    );
    expect(counted).toEqual([1, 3]);
    expect(await store.streamVersion(db.pool, streams[1]!)).toBe(0);
  });

  it('gives the outcomes of the same calls made one after another (property)', async () => {
    const expected = fc.oneof(
      fc.constantFrom<ExpectedVersion>('any', 'no_stream', 'stream_exists'),
      fc.nat(4),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ stream: fc.nat(3), expected }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 3 }),
        async (calls, maxWriters) => {
          const streams = Array.from({ length: 4 }, () => newStreamId());
          const appender = new GroupAppender({ pool: db.pool, store, log }, { maxBatch: 7, maxWriters });
          const outcomes = await Promise.allSettled(
            calls.map((call, seq) => appender.append(request(streams[call.stream]!, call.expected, { seq }))),
          );
          // The model: each call checked on the versions the earlier calls left.
          const versions = [0, 0, 0, 0];
          const modelled = calls.map(({ stream, expected: want }) => {
            const current = versions[stream]!;
            const holds =
              want === 'any' ||
              (want === 'no_stream' && current === 0) ||
              (want === 'stream_exists' && current > 0) ||
              want === current;
            if (holds) versions[stream] = current + 1;
            return holds ? current + 1 : null;
          });
          expect(
            outcomes.map((outcome) =>
              outcome.status === 'fulfilled' ? outcome.value[0]!.streamVersion : null,
            ),
          ).toEqual(modelled);
          for (const outcome of outcomes) {
            if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
          }
          for (const [index, streamId] of streams.entries()) {
            expect(await store.streamVersion(db.pool, streamId)).toBe(versions[index]);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('appendAlone', () => {
  it('commits the append as its own statement, and a conflict writes nothing', async () => {
    const streamId = newStreamId();
    const [first] = await store.appendAlone(db.pool, request(streamId, 'no_stream', { n: 1 }));
    expect(first).toMatchObject({ streamId, streamVersion: 1 });
    expect((await store.readStream(db.pool, streamId)).events.map((e) => e.eventId)).toEqual([
      first!.eventId,
    ]);
    await expect(
      store.appendAlone(db.pool, [request(newStreamId(), 'no_stream'), request(streamId, 0)]),
    ).rejects.toMatchObject({ streamId, actualVersion: 1 });
    expect(await store.streamVersion(db.pool, streamId)).toBe(1);
  });
});

describe('the catch-up feed under concurrent appends', () => {
  it('reaches a runner that only listens, also for the appends that sent no notification', async () => {
    await db.pool.query(sql.unsafe`create table woken_rows (event_id uuid primary key)`);
    const woken: Projection = {
      name: 'woken',
      mode: 'catch-up',
      eventTypes: ['Woken'],
      async apply(tx, events) {
        await tx.query(sql.unsafe`
          insert into woken_rows select * from unnest(${sql.array(
            events.map((e) => e.eventId),
            'uuid',
          )})`);
      },
      async reset(tx) {
        await tx.query(sql.unsafe`truncate woken_rows`);
      },
    };
    const quiet = createEventStore({ inlineProjections: [] });
    const runner = new CatchUpRunner({
      pool: db.pool,
      store: quiet,
      projections: [woken],
      log,
      batchSize: 100,
      pollMs: 600_000,
      listenUrl: db.url,
    });
    await runner.start();
    try {
      await runner.catchUp();
      // A notifying append, then within the notify interval one that sends none and commits after
      // the pass the notification started has ended.
      const notified = await quiet.appendAlone(db.pool, request(newStreamId(), 'any', {}, 'Woken'));
      const silent = await db.pool.transaction(async (tx) => {
        const events = await quiet.append(tx, request(newStreamId(), 'any', {}, 'Woken'));
        await new Promise((resolve) => setTimeout(resolve, 120));
        return events;
      });
      const expected = [...notified, ...silent].map((e) => e.eventId).sort();
      const deadline = Date.now() + 5_000;
      let seen: readonly string[] = [];
      while (Date.now() < deadline) {
        seen = await db.pool.anyFirst(
          sql.type(z.object({ event_id: z.string() }))`select event_id from woken_rows order by event_id`,
        );
        if (seen.length >= expected.length) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect([...seen]).toEqual(expected);
    } finally {
      await runner.stop();
    }
  });

  it('delivers every event exactly once, each stream in version order', async () => {
    await db.pool.query(sql.unsafe`
      create table feed_seen (seq serial primary key, event_id uuid not null unique, stream_id text not null,
                              stream_version int not null)`);
    const seen: Projection = {
      name: 'feed-seen',
      mode: 'catch-up',
      eventTypes: ['Fed'],
      async apply(tx, events) {
        await tx.query(sql.unsafe`
          insert into feed_seen (event_id, stream_id, stream_version)
          select * from jsonb_to_recordset(${sql.jsonb(
            events.map((e) => ({
              event_id: e.eventId,
              stream_id: e.streamId,
              stream_version: e.streamVersion,
            })),
          )}) as x(event_id uuid, stream_id text, stream_version int)`);
      },
      async reset(tx) {
        await tx.query(sql.unsafe`truncate feed_seen`);
      },
    };
    await ensureCheckpoints(db.pool, [seen]);
    const runner = { pool: db.pool, store, batchSize: 7 };
    const appender = new GroupAppender({ pool: db.pool, store, log });
    const streams = Array.from({ length: 5 }, () => newStreamId());

    let appending = true;
    const reading = (async () => {
      while (appending) await applyNextBatch(runner, seen);
    })();
    // Grouped appends and appends in transactions of their own, racing on the same streams.
    const appended = (
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          const mine: StoredEvent[] = [];
          for (let i = 0; i < 25; i++) {
            const streamId = streams[(writer + i) % streams.length]!;
            const call = request(streamId, 'any', { writer, i }, 'Fed');
            mine.push(
              ...(writer % 2 === 0
                ? await appender.append(call)
                : await db.pool.transaction((tx) => store.append(tx, call))),
            );
          }
          return mine;
        }),
      )
    ).flat();
    appending = false;
    await reading;
    await runUntilCaughtUp(runner, seen);

    const delivered = await db.pool.any(
      sql.type(z.object({ event_id: z.string(), stream_id: z.string(), stream_version: z.number() }))`
        select event_id, stream_id, stream_version from feed_seen order by seq`,
    );
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered.map((row) => row.event_id))).toEqual(new Set(appended.map((e) => e.eventId)));
    for (const streamId of streams) {
      const versions = delivered.filter((row) => row.stream_id === streamId).map((row) => row.stream_version);
      expect(versions).toEqual(versions.map((_, index) => index + 1));
    }
  });
});
