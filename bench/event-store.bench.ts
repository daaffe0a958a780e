import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { int4Array, textArray, uuidArray } from '../infra/db/binary-arrays';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { GroupAppender } from '../infra/event-store/group-appender';
import { createLogger } from '../infra/logger';
import { rebuildProjection } from '../infra/projection-engine/catch-up-runner';
import type { Projection } from '../infra/projection-engine/projection';
import type { BenchDatabase } from './bench-database';

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A simple read model: one row per event, as a projection would keep a list of purchases. A batch
 * is one multi-row insert of typed arrays (`unnest`), sent in binary (infra/db/binary-arrays.ts):
 * the server reads three arrays without parsing a text literal or a `jsonb` document.
 */
export const benchRowsProjection: Projection = {
  name: 'bench-rows',
  mode: 'catch-up',
  eventTypes: ['BenchCounted'],
  async apply(tx, events) {
    await tx.query(sql.unsafe`
      insert into bench_rows (event_id, stream_id, amount)
      select * from unnest(
        ${uuidArray(events.map((e) => e.eventId))},
        ${textArray(events.map((e) => e.streamId))},
        ${int4Array(events.map((e) => (e.data as { amount: number }).amount))})`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate bench_rows`);
  },
};

const BENCH_METADATA = { actor: { system: 'bench' }, correlationId: 'bench' };

export async function benchEventStore(db: BenchDatabase, options: { replayEvents: number }) {
  const store = createEventStore({ inlineProjections: [] });
  const { pool } = db;
  const appendOne = (streamId: string, expectedVersion: number | 'any', amount: number) =>
    pool.transaction((tx) =>
      store.append(tx, {
        streamId,
        streamType: 'bench',
        expectedVersion,
        events: [{ type: 'BenchCounted', data: { amount }, metadata: BENCH_METADATA }],
      }),
    );

  // One stream: a single writer appending with the expected version, one event per transaction.
  const oneStreamCount = 3_000;
  let started = performance.now();
  for (let version = 0; version < oneStreamCount; version++) await appendOne('bench-one', version, version);
  const oneStream = perSecond(oneStreamCount, performance.now() - started);

  // Eight concurrent writers, one event per transaction, beside the same shape of plain insert: one
  // row per transaction into a copy of the events table (same columns, defaults and indexes), through
  // the same pool and with the same durability. Rounds alternate the ways so that a machine whose load
  // drifts weighs on all alike; the figures are the totals over the rounds.
  const writers = 8;
  const perWriterPerRound = 150;
  const rounds = 4;
  await pool.query(sql.unsafe`create table bench_plain_events (like events including all)`);
  const concurrently = async (write: (writer: number, i: number) => Promise<unknown>) => {
    const roundStarted = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < perWriterPerRound; i++) await write(writer, i);
      }),
    );
    return performance.now() - roundStarted;
  };
  const benchEvent = (i: number) => [{ type: 'BenchCounted', data: { amount: i }, metadata: BENCH_METADATA }];
  const appender = new GroupAppender({ pool, store, log: createLogger({ level: 'warn' }) });
  let plainVersion = 0;
  const plainInsert = sql.fragment`insert into bench_plain_events (stream_id, stream_version, event_id, event_type, data, metadata)`;
  const plainRow = (writer: number, i: number) => sql.fragment`
    values (${`bench-plain-${writer}-${i % 50}`}, ${++plainVersion}, ${randomUUID()}, 'BenchCounted',
            ${sql.jsonb({ amount: i })}, ${sql.jsonb(BENCH_METADATA)})`;
  const ways = {
    // store.append in the caller's transaction (BEGIN, the append, COMMIT), as a command handler does.
    inTransaction: (writer: number, i: number) => appendOne(`bench-many-${writer}-${i % 50}`, 'any', i),
    // store.appendAlone: the append statement is the transaction (one round trip).
    alone: (writer: number, i: number) =>
      store.appendAlone(pool, {
        streamId: `bench-alone-${writer}-${i % 50}`,
        streamType: 'bench',
        expectedVersion: 'any',
        events: benchEvent(i),
      }),
    // GroupAppender: calls that arrive while a transaction is writing go together in the next one.
    groupCommit: (writer: number, i: number) =>
      appender.append({
        streamId: `bench-grouped-${writer}-${i % 50}`,
        streamType: 'bench',
        expectedVersion: 'any',
        events: benchEvent(i),
      }),
    // The reference: BEGIN, INSERT, COMMIT.
    plainTransaction: (writer: number, i: number) =>
      pool.transaction((tx) => tx.query(sql.unsafe`${plainInsert} ${plainRow(writer, i)}`)),
    // A bare INSERT, its own transaction (one round trip).
    plainStatement: (writer: number, i: number) =>
      pool.query(sql.unsafe`${plainInsert} ${plainRow(writer, i)}`),
  };
  const ms = Object.fromEntries(Object.keys(ways).map((way) => [way, 0])) as Record<
    keyof typeof ways,
    number
  >;
  for (let round = 0; round < rounds; round++) {
    const order = Object.keys(ways) as (keyof typeof ways)[];
    for (const way of round % 2 === 0 ? order : order.reverse()) ms[way] += await concurrently(ways[way]);
  }
  const manyEvents = writers * perWriterPerRound * rounds;
  const rate = (way: keyof typeof ways) => perSecond(manyEvents, ms[way]);
  const toPlain = (way: keyof typeof ways) => Math.round((ms.plainTransaction / ms[way]) * 100) / 100;

  // Fill the store up to the replay size with bulk appends (1,000 events per transaction).
  const already = await pool.oneFirst(
    sql.type(z.object({ n: z.number() }))`select count(*)::int as n from events`,
  );
  for (let done = already, batch = 0; done < options.replayEvents; batch++) {
    const count = Math.min(1_000, options.replayEvents - done);
    await pool.transaction((tx) =>
      store.append(tx, {
        streamId: `bench-bulk-${batch}`,
        streamType: 'bench',
        expectedVersion: 'no_stream',
        events: Array.from({ length: count }, (_, i) => ({
          type: 'BenchCounted',
          data: { amount: i },
          metadata: BENCH_METADATA,
        })),
      }),
    );
    done += count;
  }

  for (const table of ['bench_rows', 'bench_rows_plain']) {
    await pool.query(
      sql.unsafe`create table ${sql.identifier([table])} (event_id uuid not null, stream_id text not null, amount int not null)`,
    );
  }
  await pool.query(sql.unsafe`insert into projection_checkpoints (projection_name) values ('bench-rows')`);
  await pool.query(sql.unsafe`vacuum analyze events`);

  // Replay and plain insert take turns, three rounds: on a shared machine the load drifts, and the
  // ratio of the medians of the same run is what compares them.
  const replayTimes: number[] = [];
  const plainTimes: number[] = [];
  let replayed = 0;
  for (let round = 0; round < 3; round++) {
    started = performance.now();
    replayed = await rebuildProjection({ pool, store, batchSize: 5_000 }, benchRowsProjection);
    replayTimes.push(performance.now() - started);

    await pool.query(sql.unsafe`truncate bench_rows_plain`);
    started = performance.now();
    await pool.query(sql.unsafe`
      insert into bench_rows_plain (event_id, stream_id, amount)
      select event_id, stream_id, (data->>'amount')::int from events where event_type = 'BenchCounted'`);
    plainTimes.push(performance.now() - started);
  }
  const replayMs = median(replayTimes);
  const plainMs = median(plainTimes);

  const [replayRows = 0, plainRows = 0, differing = -1] = await Promise.all([
    ...['bench_rows', 'bench_rows_plain'].map((table) =>
      pool.oneFirst(
        sql.type(z.object({ n: z.number() }))`select count(*)::int as n from ${sql.identifier([table])}`,
      ),
    ),
    pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from (
        (select * from bench_rows except all select * from bench_rows_plain)
        union all (select * from bench_rows_plain except all select * from bench_rows)) d`),
  ]);
  if (replayRows !== plainRows || differing !== 0 || replayed !== options.replayEvents) {
    throw new Error(
      `Replay wrote ${replayRows} rows from ${replayed} events; plain wrote ${plainRows}; ${differing} differ.`,
    );
  }

  return {
    appendEventsPerSecond: {
      oneStream,
      writers,
      manyStreamsInTransaction: rate('inTransaction'),
      manyStreamsAlone: rate('alone'),
      groupCommit: rate('groupCommit'),
      plainInsertTransactions: rate('plainTransaction'),
      plainInsertStatements: rate('plainStatement'),
      toPlainInsertTransactions: {
        inTransaction: toPlain('inTransaction'),
        alone: toPlain('alone'),
        groupCommit: toPlain('groupCommit'),
        plainStatement: toPlain('plainStatement'),
      },
    },
    replay: {
      events: replayed,
      replayEventsPerSecond: perSecond(replayed, replayMs),
      replayMs: Math.round(replayMs),
      plainInsertSelectMs: Math.round(plainMs),
      plainRowsPerSecond: perSecond(plainRows, plainMs),
      replayToPlainTimeRatio: Math.round((replayMs / plainMs) * 10) / 10,
      // The aim: a replay at least a quarter of the plain insert's speed (0.25 or more).
      replaySpeedShareOfPlain: Math.round((plainMs / replayMs) * 100) / 100,
      rounds: { replayMs: replayTimes.map(Math.round), plainInsertSelectMs: plainTimes.map(Math.round) },
    },
  };
}
