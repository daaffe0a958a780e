import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../infra/db/embedded-postgres';
import { migrate } from '../infra/db/migrate';
import { createDatabasePool, type DatabasePool } from '../infra/db/pool';
import { createLogger } from '../infra/logger';
import { freePort } from '../tests/support/free-port';

export type BenchDatabase = { url: string; pool: DatabasePool; close(): Promise<void> };

/**
 * A throw-away embedded PostgreSQL with the current schema, so figures never touch real data. With
 * `keepIn`, a scratch database in that folder that outlives the run: the next run with the same
 * folder reuses it (migrated to the current schema), so a big fill is done once.
 */
export async function openBenchDatabase(options: { keepIn?: string } = {}): Promise<BenchDatabase> {
  const log = createLogger({ level: 'warn' });
  const dataDir = options.keepIn ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-bench-')));
  await fs.mkdir(dataDir, { recursive: true });
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log, databaseName: 'bench' });
  await migrate(server.url, log);
  const pool = await createDatabasePool(server.url, { maxPoolSize: 16 });
  return {
    url: server.url,
    pool,
    close: async () => {
      await pool.end();
      await server.stop();
      if (!options.keepIn) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
