import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApp } from '../../app/app';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { buildWebAppIfNeeded } from '../../infra/web-build';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the marketplace under test answers, e.g. http://localhost:41234 */
    appUrl: string;
    /** The app's DATA_DIR: its mail outbox is `outbox/` inside. */
    appDataDir: string;
    /** The app's database, for a journey's second instance on it (tests/support/clocked-app.ts). */
    appDatabaseUrl: string;
  }
}

/** The whole marketplace as `npm start` runs it, on a fresh embedded database and a free port. */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-e2e-'));
  await fs.chmod(dataDir, 0o755);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  });
  const log = createLogger({ level: config.logLevel });
  await buildWebAppIfNeeded(path.resolve('.'), config.webDistDir, log);
  const app = await startApp(config, log);
  project.provide('appUrl', app.url);
  project.provide('appDataDir', dataDir);
  project.provide('appDatabaseUrl', app.context.pool.configuration.connectionUri);
  return async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
