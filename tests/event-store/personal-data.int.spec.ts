import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PERSONAL_DATA } from '../../domain/personal-data/personal-fields';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { EventStore, FEED_START } from '../../infra/event-store/event-store';
import { verifyEventChain } from '../../infra/event-store/event-chain';
import { sealStoredEvents } from '../../infra/personal-data/seal-stored-events';
import { testPersonalDataVault } from '../../infra/personal-data/key-source';
import { createLogger } from '../../infra/logger';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const metadata = { actor: { userId: 7 }, correlationId: 'personal-data-test' };
let db: TestDatabase;
const store = createEventStore({ inlineProjections: [] });

beforeAll(async () => {
  db = await createTestDatabase({ maxPoolSize: 4 });
});
afterAll(async () => {
  await db.drop();
});

const rawEvent = async (streamId: string) =>
  (await db.pool.one(sql.unsafe`
    select data::text as data, metadata::text as metadata from events where stream_id = ${streamId}
    order by stream_version desc limit 1`)) as { data: string; metadata: string };

const locked = (payoutId: number, authorId: number) => ({
  type: 'PayoutLocked',
  data: {
    payoutId,
    authorId,
    amountCents: 6000,
    itemCount: 2,
    destination: {
      method: 'BANK_TRANSFER',
      name: 'Jana Nováková',
      street: 'Dlouhá 12',
      city: 'Praha',
      country: 'cz',
      iban: 'CZ6508000000192000145399',
      bic: 'GIBACZPX',
    },
    payoutDate: '2026-12-01',
    lockedAt: '2026-11-28T10:00:00.000Z',
  },
  metadata,
});

describe('personal fields of events', () => {
  it('are stored encrypted with the person’s key and read back in the clear', async () => {
    const [appended] = await store.appendAlone(db.pool, {
      streamId: 'payout-1',
      streamType: 'payout',
      expectedVersion: 'any',
      events: [locked(1, 41)],
    });
    // What an inline projection is given is the clear data.
    expect((appended!.data as { destination: { iban: string } }).destination.iban).toBe(
      'CZ6508000000192000145399',
    );
    const raw = await rawEvent('payout-1');
    for (const text of ['Jana', 'Dlouhá', 'Praha', 'CZ6508000000192000145399', 'GIBACZPX']) {
      expect(raw.data).not.toContain(text);
    }
    // Amounts, ids and the country stay clear, for replay, reconcile and statistics.
    expect(JSON.parse(raw.data)).toMatchObject({
      payoutId: 1,
      authorId: 41,
      amountCents: 6000,
      destination: { country: 'cz' },
    });
    const keys = await db.pool.any(
      sql.unsafe`select subject from personal_data_keys where subject = 'user-41'`,
    );
    expect(keys).toHaveLength(1);

    const { events } = await store.readStream(db.pool, 'payout-1');
    expect(events[0]!.data).toEqual(locked(1, 41).data);
    const feed = await store.readFeed(db.pool, FEED_START, { limit: 100, eventTypes: ['PayoutLocked'] });
    expect(feed.events.find((event) => event.streamId === 'payout-1')!.data).toEqual(locked(1, 41).data);
  });

  it('seal a guest buyer’s address in the metadata under the address’s own subject', async () => {
    await store.appendAlone(db.pool, {
      streamId: 'order-guest-1',
      streamType: 'order',
      expectedVersion: 'any',
      events: [
        {
          type: 'OrderCancelled',
          data: { orderId: '1', reason: 'CANCELLED_BY_BUYER', cancelledAt: '2026-11-28T10:00:00.000Z' },
          metadata: { actor: { guestEmail: 'guest.buyer@example.com' }, correlationId: 'c' },
        },
      ],
    });
    expect((await rawEvent('order-guest-1')).metadata).not.toContain('guest.buyer@example.com');
    const { events } = await store.readStream(db.pool, 'order-guest-1');
    expect(events[0]!.metadata.actor).toEqual({ guestEmail: 'guest.buyer@example.com' });
  });

  it('cannot be moved to another event: the ciphertext is bound to its event and field', async () => {
    await store.appendAlone(db.pool, {
      streamId: 'payout-2',
      streamType: 'payout',
      expectedVersion: 'any',
      events: [locked(2, 41)],
    });
    await db.pool.query(sql.unsafe`
      update events set data = jsonb_set(data, '{destination,iban}',
        (select data->'destination'->'iban' from events where stream_id = 'payout-1'))
      where stream_id = 'payout-2'`);
    await expect(store.readStream(db.pool, 'payout-2')).rejects.toThrow();
  });

  it('read as "deleted user" once the account is deleted, and later appends store the placeholder', async () => {
    await db.pool.query(sql.unsafe`
      insert into users (url, username, email) overriding system value values ('u41', 'u41', 'jana@example.com')`);
    const userId = Number(
      await db.pool.oneFirst(sql.unsafe`select id from users where email = 'jana@example.com'`),
    );
    await store.appendAlone(db.pool, {
      streamId: 'payout-3',
      streamType: 'payout',
      expectedVersion: 'any',
      events: [locked(3, userId)],
    });
    await store.appendAlone(db.pool, {
      streamId: `account-${userId}`,
      streamType: 'account',
      expectedVersion: 'any',
      events: [
        {
          type: 'AccountDeleted',
          data: { userId, deletedAt: '2026-11-28T11:00:00.000Z', by: 'SELF', adminId: null },
          metadata: { actor: { userId }, correlationId: 'c' },
        },
      ],
    });
    expect(
      await db.pool.any(sql.unsafe`select 1 from personal_data_keys where subject = ${`user-${userId}`}`),
    ).toHaveLength(0);
    const { events } = await store.readStream(db.pool, 'payout-3');
    expect((events[0]!.data as { destination: unknown }).destination).toEqual({
      method: 'BANK_TRANSFER',
      name: ERASED_PERSONAL_DATA,
      street: ERASED_PERSONAL_DATA,
      city: ERASED_PERSONAL_DATA,
      country: 'cz',
      iban: ERASED_PERSONAL_DATA,
      bic: ERASED_PERSONAL_DATA,
    });
    // Another author's data is untouched.
    expect((await store.readStream(db.pool, 'payout-1')).events[0]!.data).toEqual(locked(1, 41).data);

    await store.appendAlone(db.pool, {
      streamId: 'payout-4',
      streamType: 'payout',
      expectedVersion: 'any',
      events: [locked(4, userId)],
    });
    expect((await rawEvent('payout-4')).data).not.toContain('CZ6508000000192000145399');
    expect(
      await db.pool.any(sql.unsafe`select 1 from personal_data_keys where subject = ${`user-${userId}`}`),
    ).toHaveLength(0);
  });

  it('stored before encryption are sealed once at start, their chain re-linked', async () => {
    // A store without a vault writes as the store did before: every field in the clear.
    await new EventStore().appendAlone(db.pool, {
      streamId: 'payout-9',
      streamType: 'payout',
      expectedVersion: 'no_stream',
      events: [
        {
          type: 'PayoutOpened',
          data: { payoutId: 9, authorId: 77, openedAt: '2026-11-01T00:00:00.000Z' },
          metadata,
        },
        {
          type: 'PayoutSent',
          data: {
            payoutId: 9,
            amountCents: 6000,
            destination: { method: 'PAYPAL', name: 'Old Payee', paypalAccount: 'old.payee@example.com' },
            transferReference: 'PP-1',
            sentAt: '2026-11-02T00:00:00.000Z',
          },
          metadata,
        },
      ],
    });
    expect((await rawEvent('payout-9')).data).toContain('old.payee@example.com');
    await db.pool.query(sql.unsafe`delete from personal_data_sealed_events`);
    const sealed = await sealStoredEvents(
      db.pool,
      testPersonalDataVault(),
      createLogger({ level: 'silent' }),
    );
    expect(sealed).toBeGreaterThanOrEqual(1);
    const raw = await rawEvent('payout-9');
    expect(raw.data).not.toContain('old.payee@example.com');
    expect(JSON.parse(raw.data)).toMatchObject({ authorId: 77 });
    const { events } = await store.readStream(db.pool, 'payout-9');
    expect((events[1]!.data as { destination: unknown }).destination).toEqual({
      method: 'PAYPAL',
      name: 'Old Payee',
      paypalAccount: 'old.payee@example.com',
    });
    // Only the stream tampered with above is broken; the rewritten one is linked again.
    expect((await verifyEventChain(db.pool)).broken.map((link) => link.streamId)).toEqual(['payout-2']);
    // Once: a second start finds the work done.
    expect(await sealStoredEvents(db.pool, testPersonalDataVault(), createLogger({ level: 'silent' }))).toBe(
      0,
    );
  });
});
