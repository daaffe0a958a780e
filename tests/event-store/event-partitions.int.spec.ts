import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { startEventPartitionsJob } from '../../app/jobs/event-partitions.job';
import type { PeriodicJob } from '../../app/jobs/periodic-job';
import { LeaderLease } from '../../infra/cluster/leader-lease';
import { ensureEventPartitions, eventPartitions } from '../../infra/db/event-partitions';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool, type DatabasePool } from '../../infra/db/pool';
import { backdated } from '../../infra/event-store/backdating';
import { verifyEventChain } from '../../infra/event-store/event-chain';
import {
  FEED_START,
  type EventStore,
  type FeedCheckpoint,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const metadata = { actor: { system: 'test' }, correlationId: 'event-partitions-test' };

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const partitionNames = async () => (await eventPartitions(app.context.pool)).map((p) => p.name);

/** The partition each of the stream's events is stored in, in version order. */
const storedIn = (streamId: string) =>
  app.context.pool.anyFirst(sql.type(z.object({ partition: z.string() }))`
    select tableoid::regclass::text as partition from events where stream_id = ${streamId} order by stream_version`);

/** The whole feed from the start, as a catch-up reader reads it, batch by batch. */
async function wholeFeed(
  store: EventStore = app.context.store,
  pool: DatabasePool = app.context.pool,
): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let after: FeedCheckpoint = FEED_START;
  for (;;) {
    const { events, scannedTo } = await store.readFeed(pool, after, { limit: 3 });
    all.push(...events);
    if (!scannedTo) return all;
    after = scannedTo;
  }
}

describe('monthly partitions of the event log', () => {
  it('are made ahead of time by the leader: its month and the next three', async () => {
    // A clock years ahead, so the months are none the migration made.
    const now = new Date('2031-11-20T12:00:00Z');
    expect(await partitionNames()).not.toContain('events_2031_11');
    let job: PeriodicJob | null = null;
    const lease = new LeaderLease({
      url: app.db.url,
      log: createLogger({ level: 'silent' }),
      retryMs: 200,
      onLead: async () => {
        job = startEventPartitionsJob({ ...app.context, now: () => now });
      },
      onFollow: async () => job?.stop(),
    });
    await lease.start();
    try {
      expect(lease.isLeader).toBe(true);
      await expect
        .poll(partitionNames, { timeout: 10_000 })
        .toEqual(
          expect.arrayContaining(['events_2031_11', 'events_2031_12', 'events_2032_01', 'events_2032_02']),
        );
      expect(await partitionNames()).not.toContain('events_2032_03');
      const bounds = (await eventPartitions(app.context.pool)).find(
        (p) => p.name === 'events_2031_12',
      )!.bounds;
      expect(bounds).toBe("FOR VALUES FROM ('2031-12-01 00:00:00+00') TO ('2032-01-01 00:00:00+00')");
    } finally {
      await lease.stop();
    }
    // Nothing more to make a second time.
    expect(await ensureEventPartitions(app.context.pool, now)).toEqual([]);
  });

  it('store writes across a month boundary in each month and read them back in order; a month without a partition loses nothing', async () => {
    await ensureEventPartitions(app.context.pool, new Date('2031-11-20T12:00:00Z'));
    const streamId = `partitions-boundary-${Date.now()}`;
    const times = [
      '2031-11-30T23:59:59.999Z',
      '2031-12-01T00:00:00.000Z',
      '2031-12-31T23:59:59.999999Z',
      // No partition for this month yet: the default partition takes it.
      '2035-06-01T00:00:00Z',
    ];
    const written = [];
    for (const [n, at] of times.entries()) {
      written.push(
        ...(await app.context.pool.transaction((tx) =>
          app.context.store.append(tx, {
            streamId,
            streamType: 'partition-test',
            expectedVersion: n,
            events: [{ type: 'ThingHappened', data: { n }, metadata, occurredAt: backdated(at) }],
          }),
        )),
      );
    }
    expect(await storedIn(streamId)).toEqual([
      'events_2031_11',
      'events_2031_12',
      'events_2031_12',
      'events_default',
    ]);

    const before = await wholeFeed();
    // The leader's next run moves the caught event into a partition of its month.
    expect(await ensureEventPartitions(app.context.pool, new Date('2031-11-20T12:00:00Z'))).toEqual([
      'events_2035_06',
    ]);
    expect(await storedIn(streamId)).toEqual([
      'events_2031_11',
      'events_2031_12',
      'events_2031_12',
      'events_2035_06',
    ]);

    const { events, version } = await app.context.store.readStream(app.context.pool, streamId);
    expect(version).toBe(4);
    expect(events.map((e) => [e.streamVersion, e.globalPosition, e.recordedAt.toISOString()])).toEqual(
      written.map((e) => [e.streamVersion, e.globalPosition, e.recordedAt.toISOString()]),
    );
    // The feed is the same rows in the same order after the move, and in append order for the stream.
    const after = await wholeFeed();
    expect(after.map((e) => e.globalPosition)).toEqual(before.map((e) => e.globalPosition));
    const ours = after.filter((e) => e.streamId === streamId);
    expect(ours.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
    expect(ours.map((e) => e.globalPosition)).toEqual(written.map((e) => e.globalPosition));

    // The stream's next version is still the only one: a stale expected version is refused.
    await expect(
      app.context.pool.transaction((tx) =>
        app.context.store.append(tx, {
          streamId,
          streamType: 'partition-test',
          expectedVersion: 2,
          events: [{ type: 'ThingHappened', data: { n: 9 }, metadata }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', actualVersion: 4 });
    // And the hash chain runs through the months and the move (npm run verify).
    const chain = await verifyEventChain(app.context.pool);
    expect(chain.brokenCount).toBe(0);
    expect(chain.events).toBe(after.length);
  });
});

describe('a database from before the partitions (migration 061)', () => {
  const adminUrl = inject('postgresAdminUrl');
  const name = `partitions_upgrade_${randomBytes(6).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let pool: DatabasePool | null = null;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  afterAll(async () => {
    await pool?.end();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('is rewritten into its months in place and keeps its feed, chain, versions and positions', async () => {
    await admin(`create database ${name}`);
    const log = createLogger({ level: 'silent' });
    await migrate(url, log, { to: 57 });
    pool = await createDatabasePool(url, { maxPoolSize: 2 });
    const store = createEventStore({ inlineProjections: [] });
    const append = (streamId: string, expectedVersion: number, at?: string) =>
      store.appendAlone(pool!, {
        streamId,
        streamType: 'upgrade-test',
        expectedVersion,
        events: [
          { type: 'ThingHappened', data: { at }, metadata, occurredAt: at ? backdated(at) : undefined },
        ],
      });
    for (const [n, at] of [
      '2024-02-29T23:59:59Z',
      '2024-03-01T00:00:00Z',
      '2025-07-15T12:00:00Z',
      undefined,
    ].entries()) {
      await append('upgrade-a', n, at);
      await append(`upgrade-b-${n}`, 0, at);
    }
    const before = await wholeFeed(store, pool);
    expect(before).toHaveLength(8);

    await migrate(url, log);
    const names = (await eventPartitions(pool)).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['events_2024_02', 'events_2024_03', 'events_2025_07', 'events_default']),
    );
    const inDefault = await pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from events_default`);
    expect(inDefault).toBe(0);
    const after = await wholeFeed(store, pool);
    expect(after.map((e) => [e.globalPosition, e.streamId, e.streamVersion, e.eventId])).toEqual(
      before.map((e) => [e.globalPosition, e.streamId, e.streamVersion, e.eventId]),
    );
    expect((await verifyEventChain(pool)).brokenCount).toBe(0);

    // Appends go on where they stopped: the next version, a position after every earlier one.
    const [next] = await append('upgrade-a', 4);
    expect(next!.streamVersion).toBe(5);
    expect(next!.globalPosition).toBeGreaterThan(Math.max(...before.map((e) => e.globalPosition)));
    await expect(append('upgrade-a', 4)).rejects.toMatchObject({ code: 'CONFLICT', actualVersion: 5 });
    expect((await verifyEventChain(pool)).brokenCount).toBe(0);
  });
});
