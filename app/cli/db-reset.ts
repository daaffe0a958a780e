// npm run db:reset: erase every table and event and the stored files (uploads, pictures, skin zips;
// a bucket set by S3_BUCKET is left alone) and the local mail outbox that belonged to them, then migrate again; the next start loads the demo
// data. Refused while an app runs on the database.
import fs from 'node:fs/promises';
import pg from 'pg';
import { loadConfig } from '../../infra/config';
import { assertDatabaseNotInUse, DatabaseInUseError, openDatabaseServer } from '../../infra/db/database';
import { migrate } from '../../infra/db/migrate';
import { createLogger } from '../../infra/logger';
import { bucketAddress } from '../../infra/storage/backup-manifest';

const config = loadConfig();
const log = createLogger({ level: 'warn' });
if (config.databaseUrl && !process.argv.includes('--yes')) {
  console.error(
    'DATABASE_URL is set: this would erase that database. Run `npm run db:reset -- --yes` to confirm.',
  );
  process.exit(2);
}
try {
  await assertDatabaseNotInUse(config);
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(2);
}
// Started by this process (not attached): a start of the app meanwhile is refused by the cluster.
const database = await openDatabaseServer(config, log);
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // The read-model snapshots go with the log they were taken from.
  await client.query(
    'drop schema public cascade; create schema public; drop schema if exists read_model_snapshots cascade;',
  );
  await client.end();
  // The files go after the rows that named them, as the app removes them. A bucket is left alone:
  // it may be shared, versioned or replicated, and emptying it is the bucket owner's decision.
  if (!config.s3) await fs.rm(config.storageDir, { recursive: true, force: true });
  await fs.rm(config.mail.outboxDir, { recursive: true, force: true });
  const { to } = await migrate(database.url, log);
  console.log(
    config.s3
      ? `Database reset and migrated to version ${to}; mail outbox removed. The stored files in ` +
          `${bucketAddress(config.s3)} were left alone: empty that bucket (prefix) yourself if they should go.`
      : `Database reset and migrated to version ${to}; stored files and mail outbox removed.`,
  );
} finally {
  await database.stop();
}
