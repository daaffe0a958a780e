import path from 'node:path';
import { startApp } from './app';
import { loadConfig } from './config';
import { DEMO_PASSWORD, demoAccounts } from './demo/seed-demo';
import { createLogger } from './logger';
import { buildWebAppIfNeeded } from './web-build';

const config = loadConfig();
const log = createLogger({
  level: config.logLevel,
  pretty: config.env === 'development' && process.stdout.isTTY,
});

try {
  await buildWebAppIfNeeded(path.resolve('.'), config.webDistDir, log);
  const app = await startApp(config, log);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }

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
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  process.exit(1);
}
