import type { Config } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded-postgres';

export type DatabaseServer = { url: string; embedded: boolean; stop(): Promise<void> };

/**
 * The PostgreSQL the app uses: DATABASE_URL when given, otherwise the embedded server under DATA_DIR.
 * Command-line tools attach to the embedded server of a running app instead of starting another.
 */
export async function openDatabaseServer(
  config: Config,
  log: Logger,
  options: { attach?: boolean } = {},
): Promise<DatabaseServer> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    log,
    attach: options.attach ?? false,
  });
  return { url: embedded.url, embedded: true, stop: embedded.stop };
}
