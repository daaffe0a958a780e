// npm run restore: after a logical restore (pg_dump/pg_restore, logical replication into a new
// cluster), re-base the stored transaction ids so that new events follow the restored ones; on a
// healthy database it says that nothing needs doing (docs/operations.md, "Restoring a backup").
import { loadConfig } from '../config';
import { openDatabaseServer } from '../db/database';
import { createDatabasePool } from '../db/pool';
import { repairTransactionIds } from '../db/transaction-id-repair';
import { createLogger } from '../logger';

const config = loadConfig();
const log = createLogger({
  level: config.logLevel,
  pretty: config.env === 'development' && process.stdout.isTTY,
}).child({ component: 'restore' });
const database = await openDatabaseServer(config, log, { attach: true });
let failed = false;
try {
  // Renumbering a large event table takes longer than the app's one-minute statement limit.
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2, statementTimeoutMs: 6 * 3600_000 });
  try {
    await repairTransactionIds(pool, log);
  } finally {
    await pool.end();
  }
} catch (error) {
  failed = true;
  log.fatal({ err: error }, error instanceof Error ? error.message : 'restore failed');
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
