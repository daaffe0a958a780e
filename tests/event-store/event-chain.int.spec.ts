import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chainHead, verifyEventChain, type BrokenLink } from '../../infra/event-store/event-chain';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let db: TestDatabase;
const store = createEventStore({ inlineProjections: [] });
const metadata = { actor: { system: 'test' }, correlationId: 'event-chain-test' };
const thing = (n: number) => ({ type: 'ThingHappened', data: { n, note: `thing ${n}` }, metadata });

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
  // Three streams: one appended to in several transactions, one written in one append, and two
  // written together by a grouped append (each in its own unit).
  for (let i = 1; i <= 3; i++) {
    await db.pool.transaction((tx) =>
      store.append(tx, {
        streamId: 'chain-a',
        streamType: 'test',
        expectedVersion: 'any',
        events: [thing(i)],
      }),
    );
  }
  await store.appendAlone(db.pool, {
    streamId: 'chain-b',
    streamType: 'test',
    expectedVersion: 'no_stream',
    events: [thing(1), thing(2), thing(3), thing(4)],
  });
  await store.appendEachAlone(db.pool, [
    [{ streamId: 'chain-c', streamType: 'test', expectedVersion: 'no_stream', events: [thing(1), thing(2)] }],
    [{ streamId: 'chain-a', streamType: 'test', expectedVersion: 3, events: [thing(4), thing(5)] }],
  ]);
});
afterAll(async () => {
  await db.drop();
});

type Row = { global_position: number; data: unknown; metadata: unknown; hash: string | null };
const eventRow = (streamId: string, version: number) =>
  db.pool.one(sql.type(
    z.object({
      global_position: z.number(),
      data: z.unknown(),
      metadata: z.unknown(),
      hash: z.string().nullable(),
    }),
  )`
    select global_position, data, metadata, encode(hash, 'hex') as hash
    from events where stream_id = ${streamId} and stream_version = ${version}`) as Promise<Row>;

const verify = () => verifyEventChain(db.pool);

const tsx = path.resolve('node_modules/.bin/tsx');
/** `npm run verify` against the test database: its exit code and what it printed. */
async function verifyCommand(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(tsx, ['app/cli/verify-events.ts', ...args], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}
const firstBroken = async (): Promise<BrokenLink | undefined> => (await verify()).broken[0];

describe('the event chain', () => {
  it('links every appended event, and a clean log verifies', async () => {
    const report = await verify();
    expect(report).toMatchObject({ events: 11, streams: 3, brokenCount: 0, broken: [] });
    const hashes = await db.pool.anyFirst(sql.type(z.object({ hash: z.string().nullable() }))`
      select encode(hash, 'hex') as hash from events order by global_position`);
    expect(hashes).toHaveLength(11);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(11);
  });

  it("chains each event over the previous link and its content, as the migration's formula says", async () => {
    // The link recomputed in SQL from the formula written out here (sha256 of the previous hash
    // followed by the content's bytes): a change to what append_events hashes fails this test.
    const mismatches = await db.pool.anyFirst(sql.type(z.object({ id: z.string() }))`
      select e.stream_id || '@' || e.stream_version as id from events e
      left join events p on p.stream_id = e.stream_id and p.stream_version = e.stream_version - 1
      where e.hash <> sha256(coalesce(p.hash, ''::bytea) || convert_to(jsonb_build_array(
        e.stream_id, e.stream_version, e.global_position, e.event_id::text, e.event_type, e.schema_version,
        e.data, e.metadata, to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text,
        'UTF8'))`);
    expect(mismatches).toEqual([]);
  });

  it("catches an UPDATE of an event's data and names the link", async () => {
    const before = await eventRow('chain-b', 2);
    await db.pool.query(sql.unsafe`
      update events set data = '{"n": 2, "note": "thing 2, edited"}' where stream_id = 'chain-b' and stream_version = 2`);
    try {
      const report = await verify();
      expect(report.brokenCount).toBe(1);
      expect(report.broken[0]).toEqual({
        streamId: 'chain-b',
        streamVersion: 2,
        globalPosition: before.global_position,
        problem: 'its hash does not match its content and the link before it',
      });
    } finally {
      await db.pool.query(sql.unsafe`
        update events set data = ${sql.jsonb(before.data as never)} where stream_id = 'chain-b' and stream_version = 2`);
    }
    expect((await verify()).brokenCount).toBe(0);
  });

  it("catches an UPDATE of an event's metadata", async () => {
    const before = await eventRow('chain-a', 4);
    await db.pool.query(sql.unsafe`
      update events set metadata = jsonb_set(metadata, '{actor}', '{"userId": 666}')
      where stream_id = 'chain-a' and stream_version = 4`);
    try {
      expect(await firstBroken()).toMatchObject({
        streamId: 'chain-a',
        streamVersion: 4,
        globalPosition: before.global_position,
      });
    } finally {
      await db.pool.query(sql.unsafe`
        update events set metadata = ${sql.jsonb(before.metadata as never)}
        where stream_id = 'chain-a' and stream_version = 4`);
    }
  });

  it('catches an edit whose hash was recomputed: the next link breaks', async () => {
    const edited = await eventRow('chain-a', 2);
    const next = await eventRow('chain-a', 3);
    await db.pool.query(sql.unsafe`
      update events e set data = '{"n": 99}',
        hash = sha256(p.hash || event_chain_content(e.stream_id, e.stream_version, e.global_position, e.event_id,
                 e.event_type, e.schema_version, '{"n": 99}'::jsonb, e.metadata, e.recorded_at))
      from events p where p.stream_id = e.stream_id and p.stream_version = 1
        and e.stream_id = 'chain-a' and e.stream_version = 2`);
    try {
      expect(await firstBroken()).toMatchObject({
        streamId: 'chain-a',
        streamVersion: 3,
        globalPosition: next.global_position,
      });
    } finally {
      await db.pool.query(sql.unsafe`
        update events set data = ${sql.jsonb(edited.data as never)}, hash = decode(${edited.hash!}, 'hex')
        where stream_id = 'chain-a' and stream_version = 2`);
    }
    expect((await verify()).brokenCount).toBe(0);
  });

  it('catches a deleted event: a gap in the versions, or a stream whose events end early', async () => {
    const middle = await eventRow('chain-b', 2);
    const after = await eventRow('chain-b', 3);
    const last = await eventRow('chain-b', 4);
    await db.pool.query(sql.unsafe`
      create table chain_saved as select * from events where stream_id = 'chain-b' and stream_version in (2, 4)`);
    await db.pool.query(
      sql.unsafe`delete from events where stream_id = 'chain-b' and stream_version in (2, 4)`,
    );
    try {
      const report = await verify();
      expect(report.broken).toEqual([
        {
          streamId: 'chain-b',
          streamVersion: 3,
          globalPosition: after.global_position,
          problem: 'follows version 1: the events between are missing',
        },
        {
          streamId: 'chain-b',
          streamVersion: 4,
          globalPosition: null,
          problem: 'the stream row says version 4 but its events end at 3',
        },
      ]);
      expect(middle.global_position).toBeLessThan(last.global_position);
    } finally {
      await db.pool.query(sql.unsafe`insert into events overriding system value select * from chain_saved`);
      await db.pool.query(sql.unsafe`drop table chain_saved`);
    }
    expect((await verify()).brokenCount).toBe(0);
  });

  it('catches an event inserted by hand, with or without a forged hash', async () => {
    // A plain INSERT at the end of a stream (the store never sees it).
    const inserted = await db.pool.oneFirst(sql.type(z.object({ global_position: z.number() }))`
      insert into events (stream_id, stream_version, event_id, event_type, data)
      values ('chain-c', 3, gen_random_uuid(), 'ThingHappened', '{"n": 3}') returning global_position`);
    try {
      const report = await verify();
      expect(report.broken[0]).toEqual({
        streamId: 'chain-c',
        streamVersion: 3,
        globalPosition: inserted,
        problem: 'no hash: written outside the event store',
      });
      // Linked correctly by hand with the database's own function: the stream row still says 2.
      await db.pool.query(sql.unsafe`
        update events e set hash = sha256(p.hash || event_chain_content(e.stream_id, e.stream_version,
          e.global_position, e.event_id, e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at))
        from events p where p.stream_id = 'chain-c' and p.stream_version = 2
          and e.stream_id = 'chain-c' and e.stream_version = 3`);
      expect((await verify()).broken).toEqual([
        {
          streamId: 'chain-c',
          streamVersion: 3,
          globalPosition: inserted,
          problem: "events up to version 3 beyond the stream row's version 2",
        },
      ]);
    } finally {
      await db.pool.query(sql.unsafe`delete from events where stream_id = 'chain-c' and stream_version = 3`);
    }
    expect((await verify()).brokenCount).toBe(0);
  });

  it('gives a head that changes with every append and can be recomputed as it was', async () => {
    const first = await chainHead(db.pool);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first).toMatchObject({ streams: 3, events: 11 });
    expect((await chainHead(db.pool)).hash).toBe(first.hash);

    await store.appendAlone(db.pool, {
      streamId: 'chain-c',
      streamType: 'test',
      expectedVersion: 2,
      events: [thing(3)],
    });
    const second = await chainHead(db.pool);
    expect(second).toMatchObject({ streams: 3, events: 12 });
    expect(second.hash).not.toBe(first.hash);
    // What an export printed earlier is recomputed from the events of the transactions before it.
    expect(await chainHead(db.pool, { before: first.before })).toEqual(first);

    // A rewritten link changes the head recomputed for that earlier export.
    const row = await eventRow('chain-b', 4);
    await db.pool.query(sql.unsafe`
      update events set hash = sha256(hash) where stream_id = 'chain-b' and stream_version = 4`);
    try {
      expect((await chainHead(db.pool, { before: first.before })).hash).not.toBe(first.hash);
    } finally {
      await db.pool.query(sql.unsafe`
        update events set hash = decode(${row.hash!}, 'hex') where stream_id = 'chain-b' and stream_version = 4`);
    }
    expect(await chainHead(db.pool, { before: first.before })).toEqual(first);
  });

  it('npm run verify: checks the chain, and compares a head an export carried', async () => {
    const head = await chainHead(db.pool);
    const clean = await verifyCommand();
    expect(clean.code).toBe(0);
    expect(clean.output).toContain('The event log verifies.');
    expect(clean.output).toMatch(
      /head: sha256:[0-9a-f]{64} \(\d+ events in 3 streams, transactions before \d+\)/,
    );

    const same = await verifyCommand(`--head=sha256:${head.hash}`, `--before=${head.before}`);
    expect(same.code).toBe(0);
    expect(same.output).toContain('The exported head matches the log');
    const other = await verifyCommand(`--head=sha256:${'0'.repeat(64)}`, `--before=${head.before}`);
    expect(other.code).toBe(1);
    expect(other.output).toContain(
      `HEAD DIFFERS: the export says sha256:${'0'.repeat(64)}, the log gives sha256:${head.hash}`,
    );

    const edited = await eventRow('chain-a', 1);
    await db.pool.query(
      sql.unsafe`update events set data = '{"n": 0}' where stream_id = 'chain-a' and stream_version = 1`,
    );
    try {
      const broken = await verifyCommand();
      expect(broken.code).toBe(1);
      expect(broken.output).toContain(
        `BROKEN LINK stream chain-a, version 1, position ${edited.global_position}: its hash does not match`,
      );
      expect(broken.output).toContain('The event log does not verify.');
    } finally {
      await db.pool.query(sql.unsafe`
        update events set data = ${sql.jsonb(edited.data as never)} where stream_id = 'chain-a' and stream_version = 1`);
    }
  }, 180_000);

  it('links the events a database held before the chain existed (the migration)', async () => {
    const statement = readFileSync('infra/db/migrations/039.do.event-chain.sql', 'utf8').match(
      /update events e set hash = c\.hash[\s\S]*?;/,
    )![0];
    const before = await db.pool.anyFirst(sql.type(z.object({ hash: z.string() }))`
      select encode(hash, 'hex') as hash from events order by global_position`);
    await db.pool.query(sql.unsafe`update events set hash = null`);
    expect((await verify()).brokenCount).toBe(12);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    const after = await db.pool.anyFirst(sql.type(z.object({ hash: z.string() }))`
      select encode(hash, 'hex') as hash from events order by global_position`);
    expect(after).toEqual(before);
    expect((await verify()).brokenCount).toBe(0);
  });
});
