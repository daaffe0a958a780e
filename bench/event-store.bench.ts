import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import { createEventStore } from '../infra/event-store/event-store-factory';
import { rebuildProjection } from '../infra/projection-engine/catch-up-runner';
import type { Projection } from '../infra/projection-engine/projection';
import type { BenchDatabase } from './bench-database';

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

/** A simple read model: one row per event, as a projection would keep a list of purchases. */
const benchRowsProjection: Projection = {
  name: 'bench-rows',
  mode: 'catch-up',
  eventTypes: ['BenchCounted'],
  async apply(tx, events) {
    await tx.query(sql.unsafe`
      insert into bench_rows (event_id, stream_id, amount)
      select * from jsonb_to_recordset(${sql.jsonb(
        events.map((e) => ({
          event_id: e.eventId,
          stream_id: e.streamId,
          amount: (e.data as { amount: number }).amount,
        })),
      )}) as x(event_id uuid, stream_id text, amount int)`);
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

  // Eight concurrent writers, one event per transaction, against the same shape of plain insert: one
  // row per transaction into a copy of the events table (same columns, defaults and indexes), through
  // the same pool and with the same durability. Rounds alternate the two so that a machine whose load
  // drifts weighs on both alike; the figures are the totals over the rounds.
  const writers = 8;
  const perWriterPerRound = 250;
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
  const ms = { appends: 0, plain: 0 };
  let plainVersion = 0;
  for (let round = 0; round < rounds; round++) {
    ms.appends += await concurrently((writer, i) => appendOne(`bench-many-${writer}-${i % 50}`, 'any', i));
    ms.plain += await concurrently((writer, i) =>
      pool.transaction((tx) =>
        tx.query(sql.unsafe`
          insert into bench_plain_events (stream_id, stream_version, event_id, event_type, data, metadata)
          values (${`bench-plain-${writer}-${i % 50}`}, ${++plainVersion}, ${randomUUID()}, 'BenchCounted',
                  ${sql.jsonb({ amount: i })}, ${sql.jsonb(BENCH_METADATA)})`),
      ),
    );
  }
  const manyEvents = writers * perWriterPerRound * rounds;
  const manyStreams = perSecond(manyEvents, ms.appends);
  const plainInsert = perSecond(manyEvents, ms.plain);

  // Fill the store up to the replay size with bulk appends (1,000 events per transaction).
  const already = oneStreamCount + manyEvents;
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

  started = performance.now();
  const replayed = await rebuildProjection({ pool, store, batchSize: 5_000 }, benchRowsProjection);
  const replayMs = performance.now() - started;

  started = performance.now();
  await pool.query(sql.unsafe`
    insert into bench_rows_plain (event_id, stream_id, amount)
    select event_id, stream_id, (data->>'amount')::int from events where event_type = 'BenchCounted'`);
  const plainMs = performance.now() - started;

  const [replayRows = 0, plainRows = 0] = await Promise.all(
    ['bench_rows', 'bench_rows_plain'].map((table) =>
      pool.oneFirst(
        sql.type(z.object({ n: z.number() }))`select count(*)::int as n from ${sql.identifier([table])}`,
      ),
    ),
  );
  if (replayRows !== plainRows || replayed !== options.replayEvents) {
    throw new Error(`Replay wrote ${replayRows} rows from ${replayed} events; plain wrote ${plainRows}.`);
  }

  return {
    appendEventsPerSecond: {
      oneStream,
      manyStreams,
      manyStreamsWriters: writers,
      plainInsertTransactions: plainInsert,
      manyStreamsToPlainRatio: Math.round((manyStreams / plainInsert) * 100) / 100,
    },
    replay: {
      events: replayed,
      replayEventsPerSecond: perSecond(replayed, replayMs),
      replayMs: Math.round(replayMs),
      plainInsertSelectMs: Math.round(plainMs),
      plainRowsPerSecond: perSecond(plainRows, plainMs),
      replayToPlainTimeRatio: Math.round((replayMs / plainMs) * 10) / 10,
    },
  };
}
