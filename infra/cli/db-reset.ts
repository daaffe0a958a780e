// npm run db:reset : drop every table and event, migrate again; the next start loads the demo data.
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabaseServer } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../logger';

const config = loadConfig();
const log = createLogger({ level: 'warn' });
if (config.databaseUrl && !process.argv.includes('--yes')) {
  console.error(
    'DATABASE_URL is set: this would erase that database. Run `npm run db:reset -- --yes` to confirm.',
  );
  process.exit(2);
}
const database = await openDatabaseServer(config, log, { attach: true });
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('drop schema public cascade; create schema public;');
  await client.end();
  const { to } = await migrate(database.url, log);
  console.log(`Database reset and migrated to version ${to}.`);
} finally {
  await database.stop();
}
