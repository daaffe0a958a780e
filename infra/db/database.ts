import type { Config } from '../config';
import type { Logger } from '../logger';
import pg from 'pg';
import { runningEmbeddedServer, startEmbeddedPostgres } from './embedded-postgres';
import { EMBEDDED_RESTART_POLICY, RestartPolicy } from './restart-policy';

export type DatabaseServer = {
  url: string;
  embedded: boolean;
  /** The app is shutting down: an exit of the embedded server is expected from now on. */
  stopSupervising(): void;
  stop(): Promise<void>;
};

/**
 * The PostgreSQL the app uses: DATABASE_URL when given, otherwise the embedded server under DATA_DIR.
 * Command-line tools attach to the embedded server of a running app instead of starting another.
 */
export async function openDatabaseServer(
  config: Config,
  log: Logger,
  options: {
    attach?: boolean;
    /** The app's embedded server is restarted when it dies; `onGiveUp` when it cannot be (the app exits). */
    supervise?: { onGiveUp: () => void };
  } = {},
): Promise<DatabaseServer> {
  if (config.databaseUrl) {
    return {
      url: config.databaseUrl,
      embedded: false,
      stopSupervising: () => undefined,
      stop: async () => undefined,
    };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    log,
    attach: options.attach ?? false,
    ...(options.supervise && {
      supervise: {
        policy: new RestartPolicy({
          ...EMBEDDED_RESTART_POLICY,
          maxAttempts: config.embeddedPostgresRestartAttempts,
        }),
        onGiveUp: options.supervise.onGiveUp,
      },
    }),
  });
  return {
    url: embedded.url,
    embedded: true,
    stopSupervising: embedded.stopSupervising,
    stop: embedded.stop,
  };
}

export class DatabaseInUseError extends Error {}

/**
 * Refuses (DatabaseInUseError) while the app, or any other client, works on the database the
 * configuration names: tools that erase or replace data (db:reset, restore) must not pull it from
 * under a running app. The embedded cluster is in use while its server runs; a DATABASE_URL server
 * while another client session is connected to that database.
 */
export async function assertDatabaseNotInUse(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    const running = await runningEmbeddedServer(config.dataDir);
    if (running) {
      throw new DatabaseInUseError(
        `The marketplace (or another process) is running on ${config.dataDir}: its PostgreSQL (pid ${running.pid}) is up. ` +
          'Stop the app first (Ctrl-C, or SIGTERM to its process), then run this again. Nothing was changed.',
      );
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ sessions: number }>(`
      select count(*)::int as sessions from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
    if (rows[0]!.sessions > 0) {
      throw new DatabaseInUseError(
        `${rows[0]!.sessions} other session(s) are connected to the database of DATABASE_URL: is the marketplace running on it? ` +
          'Stop it first, then run this again. Nothing was changed.',
      );
    }
  } finally {
    await client.end();
  }
}
