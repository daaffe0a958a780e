import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabasePool, type DatabasePool } from '../../infra/db/pool';

export type TestDatabase = { url: string; pool: DatabasePool; drop(): Promise<void> };

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function createTestDatabase(options: { maxPoolSize?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = await createDatabasePool(url.toString(), { maxPoolSize: options.maxPoolSize ?? 12 });
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
