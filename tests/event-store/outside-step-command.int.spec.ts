import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamKind } from '../../infra/event-store/command-handler';
import { ConcurrencyError } from '../../infra/event-store/event-store';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import {
  handleCommandWithOutsideStep,
  type OutsideStepDecider,
} from '../../infra/event-store/outside-step-command';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A transfer stream: Requested makes a transfer due, Transferred records the outside service's
// receipt, Noted is an unrelated event another writer may append meanwhile.
type TransferEvent =
  | { type: 'Requested'; data: { amount: number } }
  | { type: 'Transferred'; data: { receipt: string } }
  | { type: 'Noted'; data: { text: string } };
type State = { due: number | null; receipts: string[] };
const kind: StreamKind<TransferEvent> = {
  streamType: 'transfer',
  schemaVersions: { Requested: 1, Transferred: 1, Noted: 1 },
};
const transfer: OutsideStepDecider<{ by: string }, State, TransferEvent, { amount: number }, string> = {
  initialState: { due: null, receipts: [] },
  evolve: (state, event) =>
    event.type === 'Requested'
      ? { ...state, due: event.data.amount }
      : event.type === 'Transferred'
        ? { due: null, receipts: [...state.receipts, event.data.receipt] }
        : state,
  plan: (_command, [state]) => (state!.due === null ? null : { amount: state!.due }),
  decide: (_command, _states, receipt) => [receipt ? [{ type: 'Transferred', data: { receipt } }] : []],
};
const metadata = { actor: { system: 'test' }, correlationId: 'outside-step-test' };
const store = createEventStore({ inlineProjections: [] });
let db: TestDatabase;
let streams = 0;

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
});
afterAll(async () => {
  await db.drop();
});

const append = (streamId: string, event: TransferEvent) =>
  db.pool.transaction((tx) =>
    store.append(tx, {
      streamId,
      streamType: 'transfer',
      expectedVersion: 'any',
      events: [{ ...event, metadata }],
    }),
  );
const target = (streamId: string) => ({
  streamIds: [streamId],
  kind,
  decider: transfer,
  commandKind: 'transfer',
  keyAnchors: ['Requested'] as const,
});
/** An outside service that remembers its answers by key, as Stripe or PayPal do. */
function service(during?: (calls: number) => Promise<void>) {
  const done = new Map<string, string>();
  const keys: string[] = [];
  return {
    keys,
    effects: () => done.size,
    call: async ({ amount }: { amount: number }, key: string) => {
      keys.push(key);
      if (!done.has(key)) done.set(key, `receipt-${done.size + 1}-${amount}`);
      await during?.(keys.length);
      return done.get(key)!;
    },
  };
}

describe('the command path with an outside step', () => {
  it('calls outside once with a key from the stream and its due event, then appends the outcome', async () => {
    const streamId = `transfer-${++streams}`;
    await append(streamId, { type: 'Requested', data: { amount: 40 } });
    const outside = service();
    const result = await handleCommandWithOutsideStep(
      { pool: db.pool, store },
      target(streamId),
      { by: 'test' },
      outside.call,
      { metadata },
    );
    expect(outside.keys).toEqual([`transfer-${streamId}-1`]);
    expect(result.outcome).toBe('receipt-1-40');
    expect(result.states[0]).toEqual({ due: null, receipts: ['receipt-1-40'] });
    // Carried out: the same command again needs no call and writes nothing.
    const again = await handleCommandWithOutsideStep(
      { pool: db.pool, store },
      target(streamId),
      { by: 'test' },
      outside.call,
      { metadata },
    );
    expect(again.outcome).toBeNull();
    expect(outside.keys).toHaveLength(1);
    expect((await store.readStream(db.pool, streamId)).version).toBe(2);
  });

  it('on a conflict plans again and reuses the answer in hand: one call, one record', async () => {
    const streamId = `transfer-${++streams}`;
    await append(streamId, { type: 'Requested', data: { amount: 25 } });
    // Another writer appends while the outside call is under way.
    const outside = service(async (calls) => {
      if (calls === 1) await append(streamId, { type: 'Noted', data: { text: 'meanwhile' } });
    });
    const result = await handleCommandWithOutsideStep(
      { pool: db.pool, store },
      target(streamId),
      { by: 'test' },
      outside.call,
      { metadata },
    );
    expect(outside.keys).toHaveLength(1);
    expect(result.appended.map((event) => [event.streamVersion, event.type])).toEqual([[3, 'Transferred']]);
  });

  it('writes nothing when the append fails after the call; the retry gets the first answer by its key', async () => {
    const streamId = `transfer-${++streams}`;
    await append(streamId, { type: 'Requested', data: { amount: 70 } });
    const outside = service();
    const failing = Object.create(store) as typeof store;
    failing.append = () => Promise.reject(new Error('the database went away'));
    await expect(
      handleCommandWithOutsideStep(
        { pool: db.pool, store: failing },
        target(streamId),
        { by: 'test' },
        outside.call,
        {
          metadata,
        },
      ),
    ).rejects.toThrow('the database went away');
    expect((await store.readStream(db.pool, streamId)).version).toBe(1);
    const retried = await handleCommandWithOutsideStep(
      { pool: db.pool, store },
      target(streamId),
      { by: 'test' },
      outside.call,
      { metadata },
    );
    expect(outside.keys).toEqual([`transfer-${streamId}-1`, `transfer-${streamId}-1`]);
    expect(outside.effects()).toBe(1);
    expect(retried.outcome).toBe('receipt-1-70');
  });

  it('gives up with CONFLICT after the attempts allowed, having called outside once', async () => {
    const streamId = `transfer-${++streams}`;
    await append(streamId, { type: 'Requested', data: { amount: 5 } });
    const outside = service(() =>
      append(streamId, { type: 'Noted', data: { text: 'again' } }).then(() => undefined),
    );
    const busy = Object.create(store) as typeof store;
    const realLoad = store.readStreams.bind(store);
    busy.readStreams = async (...args) => {
      const read = await realLoad(...args);
      await append(streamId, { type: 'Noted', data: { text: 'busy' } });
      return read;
    };
    await expect(
      handleCommandWithOutsideStep(
        { pool: db.pool, store: busy },
        target(streamId),
        { by: 'test' },
        outside.call,
        {
          metadata,
          maxAttempts: 2,
        },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(new Set(outside.keys).size).toBe(1);
    expect(outside.effects()).toBe(1);
  });
});
