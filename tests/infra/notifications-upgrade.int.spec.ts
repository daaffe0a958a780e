import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { migrate } from '../../infra/db/migrate';
import { createDatabasePool, type DatabasePool } from '../../infra/db/pool';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';

const adminUrl = inject('postgresAdminUrl');
const name = `upgrade_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let pool: DatabasePool | null = null;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

afterAll(async () => {
  await pool?.end();
  await admin(`drop database if exists ${name} with (force)`);
});

describe('upgrading a marketplace that had accounts before notifications', () => {
  it('counts everything before the upgrade as read, for accounts only (migration 037)', async () => {
    await admin(`create database ${name}`);
    const log = createLogger({ level: 'silent' });
    await migrate(url, log, { to: 36 });
    pool = await createDatabasePool(url, { maxPoolSize: 2 });
    // Accounts as the schema of then stores them (the code of today writes columns added later).
    const register = (username: string) =>
      pool!.oneFirst(sql.type(z.object({ id: z.number() }))`
        insert into users (url, username, email, password_hash, country, subscribed_to_news)
        values (${username}, ${username}, ${`${username}@example.com`}, 'x', 'cz', false)
        returning id`);
    const seller = { user: { id: await register('seller') } };
    const guest = { user: { id: await register('guest1') } };
    await pool.query(sql.unsafe`update users set anonymous = true where id = ${guest.user.id}`);
    // The history notifications will be built from (any event moves the feed's head).
    const store = createEventStore({ inlineProjections: [] });
    for (const id of [1, 2]) {
      await store.appendAlone(pool, {
        streamId: `upgrade-test-${id}`,
        streamType: 'upgrade-test',
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'UpgradeTested',
            data: { id },
            metadata: { actor: { system: 'test' }, correlationId: 'test' },
          },
        ],
      });
    }

    await migrate(url, log);
    const reads = await pool.any(sql.type(z.object({ user_id: z.number(), read_up_to_position: z.number() }))`
      select user_id, read_up_to_position from notification_reads`);
    const head = await pool.oneFirst(sql.type(z.object({ head: z.number() }))`
      select max(global_position) as head from events`);
    expect(reads).toEqual([{ user_id: seller.user.id, read_up_to_position: head }]);
  });
});
