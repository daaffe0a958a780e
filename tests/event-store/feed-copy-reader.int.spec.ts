import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FEED_START, type FeedCheckpoint, type StoredEvent } from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import type { UpcastStep } from '../../infra/event-store/event-upcasters';
import { feedCopyColumns, FeedCopyReader } from '../../infra/event-store/feed-copy-reader';
import { ensureCheckpoints, rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import type { Projection } from '../../infra/projection-engine/projection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A replay reads the feed with a binary COPY (feed-copy-reader.ts) instead of the pool's queries:
// it must hand a projection exactly the events, pages and positions that `readFeed` and
// `readCommitted` give, whatever the values in the rows.

const renameStep: UpcastStep = {
  type: 'OldWanted',
  from: 1,
  renamesTo: 'Wanted',
  upcast: (data) => ({ renamed: data }),
};
const store = createEventStore({ inlineProjections: [], testUpcastSteps: [renameStep] });

let db: TestDatabase;
let total = 0;

const datas: unknown[] = [
  { n: 1 },
  { text: 'quotes " and \\ backslashes, a new\nline, a tab\t, é, 日本, 🏎️', list: [1, 2.5, -0, 1e21] },
  { nested: { deeper: { deepest: [null, true, false, { '': 'empty key' }] } } },
  [1, 'two', { three: 3 }],
  'a string',
  2 ** 64,
  { empty: {}, none: [] },
  { big: 'x'.repeat(300_000) },
];
const metadatas = [
  { actor: { system: 'copy-test' }, correlationId: 'c-1' },
  { actor: { userId: 42, role: 'author' }, correlationId: 'c-2', causationId: 'cause' },
  { actor: { guestEmail: 'guest@example.com' }, correlationId: 'c-3 ü' },
];

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
  const types = ['Wanted', 'Other', 'OldWanted', 'Wanted'];
  for (let round = 0; round < 6; round++) {
    for (const streamId of ['copy-a', 'copy-ü-🚗', `copy-${'long-'.repeat(40)}`]) {
      const events = datas.map((data, i) => ({
        type: types[(i + round) % types.length]!,
        data,
        metadata: metadatas[(i + round) % metadatas.length]!,
      }));
      await db.pool.transaction((tx) =>
        store.append(tx, {
          streamId: `${streamId}-${round % 3}`,
          streamType: 'test',
          expectedVersion: 'any',
          events,
        }),
      );
      total += events.length;
    }
  }
  // Times a Date holds to the millisecond, recorded with microseconds, before 1970 and 2000 too.
  await db.pool.query(sql.unsafe`
    update events set recorded_at = case global_position % 5
      when 0 then '1969-12-31 23:59:59.999999+00'::timestamptz
      when 1 then '1999-12-31 23:59:59.9995+00'::timestamptz
      when 2 then '1900-02-28 12:00:00.000001+00'::timestamptz
      when 3 then '2262-04-11 23:47:16.854775+00'::timestamptz
      else recorded_at end`);
});
afterAll(async () => {
  await db.drop();
});

type Page = { events: StoredEvent[]; scannedTo: FeedCheckpoint };

/** The pages `readFeed` gives, call after call, until it finds nothing. */
async function pagesOfReadFeed(after: FeedCheckpoint, limit: number, eventTypes?: readonly string[]) {
  const pages: Page[] = [];
  for (;;) {
    const { events, scannedTo } = await store.readFeed(db.pool, after, {
      limit,
      ...(eventTypes ? { eventTypes } : {}),
    });
    if (!scannedTo) return pages;
    pages.push({ events, scannedTo });
    after = scannedTo;
  }
}

async function pagesOfCopy(
  after: FeedCheckpoint,
  options: { pageSize: number; eventTypes?: readonly string[]; inFlightGuard: boolean },
) {
  return FeedCopyReader.using(db.pool, async (reader) => {
    const pages: Page[] = [];
    for await (const page of store.readFeedPages(reader, after, { ...options, keys: db.pool }))
      pages.push(page);
    return pages;
  });
}

describe('a replay reading the feed through a binary copy', () => {
  it('gets the pages readFeed gives, for any page size, filter and start', async () => {
    // Until the in-flight guard lets every event through (other test files' transactions).
    for (let tries = 0; (await pagesOfReadFeed(FEED_START, 10_000))[0]?.events.length !== total; tries++) {
      expect(tries).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const middle = (await pagesOfReadFeed(FEED_START, 37))[0]!.scannedTo;
    for (const pageSize of [1, 3, 37, 10_000]) {
      for (const eventTypes of [undefined, ['Wanted'], ['Other', 'Wanted'], ['OldWanted'], ['Nothing']]) {
        for (const from of [FEED_START, middle]) {
          const expected = await pagesOfReadFeed(from, pageSize, eventTypes);
          const copied = await pagesOfCopy(from, {
            pageSize,
            inFlightGuard: true,
            ...(eventTypes ? { eventTypes } : {}),
          });
          expect(copied).toStrictEqual(expected);
        }
      }
    }
    // The renamed events come upcast, the times to the millisecond as stored (rounded down).
    const [all] = await pagesOfCopy(FEED_START, { pageSize: 10_000, inFlightGuard: true });
    expect(all!.events).toHaveLength(total);
    expect(all!.events.some((event) => event.type === 'Wanted' && 'renamed' in (event.data as object))).toBe(
      true,
    );
    expect(all!.events.map((event) => event.recordedAt.toISOString())).toEqual(
      expect.arrayContaining([
        '1969-12-31T23:59:59.999Z',
        '1999-12-31T23:59:59.999Z',
        '1900-02-28T12:00:00.000Z',
        '2262-04-11T23:47:16.854Z',
      ]),
    );
  });

  it('without the in-flight guard gets the events readCommitted gives', async () => {
    for (const pageSize of [2, 50, 10_000]) {
      const expected: StoredEvent[][] = [];
      for (let after = FEED_START; ;) {
        const events = await store.readCommitted(db.pool, after, pageSize);
        if (events.length === 0) break;
        expected.push(events);
        after = { transactionId: events.at(-1)!.transactionId, position: events.at(-1)!.globalPosition };
      }
      const copied = await pagesOfCopy(FEED_START, { pageSize, inFlightGuard: false });
      expect(copied.map((page) => page.events)).toStrictEqual(expected);
    }
  });
});

describe('a replay whose projection fails', () => {
  it('ends with its error, its copy stopped and its connection closed', async () => {
    let batches = 0;
    const failing: Projection = {
      name: 'copy-failing',
      mode: 'catch-up',
      eventTypes: 'all',
      async apply() {
        if (++batches === 2) throw new Error('the projection failed');
      },
      async reset() {},
    };
    await ensureCheckpoints(db.pool, [failing]);
    // The reader's connection: its last statement was the copy, running or not.
    const readers = () =>
      db.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like 'copy (%'`);
    await expect(rebuildProjection({ pool: db.pool, store, batchSize: 3 }, failing)).rejects.toThrow(
      'the projection failed',
    );
    expect(batches).toBe(2);
    for (let tries = 0; (await readers()) > 0; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});

describe('the binary decoder', () => {
  /**
   * The same rows decoded by the copy reader and by the pool, as readFeed reads them (and makes
   * its events of them, but for upcasting): the events with whether each was wanted.
   */
  async function bothWays(values: string) {
    const source = `(values ${values}) as v(wanted, event_id, stream_id, stream_version, global_position,
      transaction_id, event_type, schema_version, data, metadata, recorded_at)`;
    const copied = await FeedCopyReader.using(db.pool, async (reader) => {
      const rows: { wanted: boolean; event: StoredEvent }[] = [];
      for await (const page of reader.pages(
        `select ${feedCopyColumns('wanted', 'data')} from ${source}`,
        2,
      )) {
        expect(page.events.length).toBeLessThanOrEqual(2);
        page.events.forEach((event, i) => rows.push({ wanted: page.wanted[i]!, event }));
      }
      return rows;
    });
    // The rows' values are literals of this test: a template of one part, made by hand.
    const text = `select wanted, event_id, stream_id, stream_version, global_position,
        transaction_id::text as transaction_id, event_type, schema_version, data, metadata,
        floor(extract(epoch from recorded_at) * 1000)::int8 as recorded_at
      from ${source}`;
    const template = Object.assign([text], { raw: Object.freeze([text]) });
    const rows = await db.pool.any(sql.unsafe(template as unknown as TemplateStringsArray));
    const pooled = (rows as readonly Record<string, unknown>[]).map((row) => ({
      wanted: row.wanted,
      event: {
        eventId: row.event_id,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        globalPosition: row.global_position,
        transactionId: row.transaction_id,
        type: row.event_type,
        schemaVersion: row.schema_version,
        data: row.data,
        metadata: row.metadata,
        recordedAt: new Date(row.recorded_at as number),
      },
    }));
    return [copied, pooled] as const;
  }

  const row = (fields: Partial<Record<string, string>>) => {
    const value = {
      wanted: 'true',
      event_id: `'6f1c2e3a-0b4d-4e5f-8a9b-0c1d2e3f4a5b'::uuid`,
      stream_id: `'s'`,
      stream_version: '1::int8',
      global_position: '1::int8',
      transaction_id: `'1'::xid8`,
      event_type: `'T'`,
      schema_version: '1',
      data: `'{}'::jsonb`,
      metadata: `'{}'::jsonb`,
      recorded_at: `'2026-01-01 00:00:00+00'::timestamptz`,
      ...fields,
    };
    return `(${Object.values(value).join(', ')})`;
  };

  it('decodes edge values as the pool does', async () => {
    const [copied, pooled] = await bothWays(
      [
        row({}),
        row({
          wanted: 'false',
          event_id: `'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'::uuid`,
          stream_id: `'stream 🏁 ü ${"'".repeat(2)} \\ end'`,
          stream_version: '9007199254740991::int8',
          global_position: '-9007199254740991::int8',
          transaction_id: `'18446744073709551615'::xid8`,
          event_type: `''`,
          schema_version: '2147483647',
          data: 'null',
          metadata: `'{"a": [1.50, 1e400, -0, 0.1], "b": "\\u00e9\\ud83d\\ude00"}'::jsonb`,
          recorded_at: `'1969-12-31 23:59:59.999999+00'::timestamptz`,
        }),
        row({ transaction_id: `'9007199254740993'::xid8`, data: `'null'::jsonb` }),
        row({ recorded_at: `'1999-12-31 23:59:59.999+00'::timestamptz` }),
        row({ recorded_at: `'4713-01-01 00:00:00+00 BC'::timestamptz` }),
        row({ data: `jsonb_build_object('big', repeat('é', 200000))` }),
      ].join(', '),
    );
    expect(copied).toHaveLength(6);
    expect(copied).toStrictEqual(pooled);
  });

  it('refuses what it cannot decode exactly', async () => {
    await expect(bothWays(row({ global_position: '9007199254740992::int8' }))).rejects.toThrow(RangeError);
    await expect(bothWays(row({ recorded_at: `'infinity'::timestamptz` }))).rejects.toThrow();
    // A select of other columns than the decoder reads.
    await expect(
      FeedCopyReader.using(db.pool, async (reader) => {
        for await (const page of reader.pages(`select 1, 2`, 10)) expect(page).toBeUndefined();
      }),
    ).rejects.toThrow(TypeError);
  });
});
