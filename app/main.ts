import path from 'node:path';
import { startApp } from './app';
import { loadConfig } from '../infra/config';
import { handleShutdownSignalsYourself, stopEmbeddedServerOf } from '../infra/db/embedded-postgres';
import { DEMO_PASSWORD, demoAccounts } from './demo/demo-accounts';
import { createLogger } from '../infra/logger';
import { buildWebAppIfNeeded } from '../infra/web-build';
import { fullCollection, IdleHeapRelease } from '../infra/runtime/idle-heap-release';

/** A process manager waits about 10 s after SIGTERM before it kills: be done well before. */
const SHUTDOWN_DEADLINE_MS = 8_000;

const config = loadConfig();
const log = createLogger({
  level: config.logLevel,
  pretty: config.env === 'development' && process.stdout.isTTY,
});

// The app stops its parts in order (HTTP, jobs, projections, mail, pool, then PostgreSQL) on
// SIGINT or SIGTERM, whether the signal reaches the whole process group (a terminal's Ctrl-C) or
// only this process (a process manager, `kill <pid>`, npm forwarding it).
handleShutdownSignalsYourself();
let stopping = false;
let closeApp: (() => Promise<void>) | null = null;
/** 1 when the app stops because its database is lost, so a process manager restarts it. */
let exitStatus = 0;

function shutDown(signal: NodeJS.Signals | 'database lost') {
  if (stopping) {
    log.info({ signal }, 'already shutting down');
    return;
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    // Something (a long request, a stuck query) holds the close up: stop the database cleanly anyway.
    log.error({ afterMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long; stopping the database and exiting');
    const stopDatabase = config.databaseUrl ? Promise.resolve() : stopEmbeddedServerOf(config.dataDir, log);
    void stopDatabase.finally(() => process.exit(1));
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  // During start-up (migrations, the demo data) the app is closed once it is up, or the deadline
  // stops the database first.
  if (closeApp) closeAndExit(closeApp);
}

function closeAndExit(close: () => Promise<void>) {
  void close().then(
    () => {
      log.info({ exitStatus }, 'stopped');
      process.exit(exitStatus);
    },
    (error: unknown) => {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutDown(signal));

try {
  if (config.webBuild) await buildWebAppIfNeeded(path.resolve('.'), config.webDistDir, log);
  const app = await startApp(config, log, {
    // The supervisor spent its restarts (docs/operations.md): stop in order and exit with status 1.
    onDatabaseLost: () => {
      log.fatal(
        'the embedded PostgreSQL could not be restarted; exiting for a process manager to restart the app',
      );
      exitStatus = 1;
      shutDown('database lost');
    },
  });
  closeApp = app.close;
  // After a burst of heavy work the heap V8 grew to is given back once the process is quiet.
  const gc = fullCollection();
  if (gc) new IdleHeapRelease(gc, log.child({ component: 'heap' })).start();
  if (stopping) closeAndExit(app.close);
  else {
    const database = config.databaseUrl
      ? 'PostgreSQL from DATABASE_URL'
      : `embedded PostgreSQL in ${config.dataDir}`;
    console.log(
      [
        '',
        `  TrackSkins marketplace is running at ${config.publicUrl}`,
        `  Data: ${database}`,
        `  Health: ${config.publicUrl}/api/health   GraphQL: ${config.publicUrl}/graphql`,
        ...(config.seedDemo
          ? [
              `  Demo accounts (password "${DEMO_PASSWORD}"): ${demoAccounts.map((a) => `${a.username} (${a.note})`).join(', ')}`,
            ]
          : []),
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  process.exit(1);
}
