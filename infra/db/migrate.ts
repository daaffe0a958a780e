import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Postgrator from 'postgrator';
import type { Logger } from '../logger';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any number that no other advisory lock in the application uses (one-key form).
const MIGRATION_LOCK = 72_201;

/**
 * Brings the schema up to the newest migration, or to `options.to` (a restore loads a backup into
 * the schema it was taken from). Safe to run from several processes at once.
 */
export async function migrate(
  databaseUrl: string,
  log: Logger,
  options: { to?: number } = {},
): Promise<{ from: number; to: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const postgrator = new Postgrator({
      migrationPattern: path.join(migrationsDir, '*.sql'),
      driver: 'pg',
      schemaTable: 'schema_migrations',
      // A migration file runs as one simple-protocol query, so its statements commit together.
      execQuery: (query) => client.query(query),
    });
    const from = await postgrator.getDatabaseVersion();
    const applied = await postgrator.migrate(options.to === undefined ? 'max' : String(options.to));
    const to = await postgrator.getDatabaseVersion();
    if (applied.length > 0)
      log.info({ from, to, applied: applied.map((m) => m.filename) }, 'database migrated');
    return { from, to };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
