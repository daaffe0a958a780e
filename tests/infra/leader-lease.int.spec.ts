import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderLease } from '../../infra/cluster/leader-lease';
import { createLogger } from '../../infra/logger';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const RETRY_MS = 200;

/** A lease that records when it led and followed, as the app's would start and stop its work. */
function instance(db: TestDatabase, name: string, log: string[]) {
  const lease = new LeaderLease({
    url: db.url,
    log: createLogger({ level: 'silent' }),
    retryMs: RETRY_MS,
    onLead: async () => void log.push(`${name} leads`),
    onFollow: async () => void log.push(`${name} follows`),
  });
  return { name, lease };
}

describe('leader lease', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('lets exactly one of three instances lead, and another take over when the leader dies or stops', async () => {
    const log: string[] = [];
    const instances = ['a', 'b', 'c'].map((name) => instance(db, name, log));
    await Promise.all(instances.map(({ lease }) => lease.start()));
    const leaders = () => instances.filter(({ lease }) => lease.isLeader);
    expect(leaders()).toHaveLength(1);
    // Nobody else takes it while the leader lives.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(leaders()).toHaveLength(1);
    expect(log).toHaveLength(1);
    const first = leaders()[0]!;

    // The leader's process dies: its session ends (here, the server ends it).
    const killedAt = Date.now();
    const terminated = await db.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
      select count(pg_terminate_backend(l.pid))::int as count
      from pg_locks l where l.locktype = 'advisory' and l.classid = 7221 and l.granted
        and l.database = (select oid from pg_database where datname = current_database())`);
    expect(terminated).toBe(1);
    await expect
      .poll(() => leaders().some((other) => other !== first), { timeout: 5_000, interval: 20 })
      .toBe(true);
    const failoverMs = Date.now() - killedAt;
    expect(failoverMs).toBeLessThan(RETRY_MS * 5);
    // The old leader noticed it lost the lock and stopped its work; still one leader only.
    await expect.poll(() => first.lease.isLeader).toBe(false);
    expect(log).toContain(`${first.name} follows`);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(leaders()).toHaveLength(1);

    // A leader that stops hands over too.
    const second = leaders()[0]!;
    await second.lease.stop();
    expect(log.at(-1)).toBe(`${second.name} follows`);
    await expect.poll(() => leaders().length, { timeout: 5_000, interval: 20 }).toBe(1);
    expect(leaders()[0]).not.toBe(second);
    await Promise.all(instances.map(({ lease }) => lease.stop()));
    expect(leaders()).toHaveLength(0);
  });
});
