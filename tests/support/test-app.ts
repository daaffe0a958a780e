import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/app-context';
import { MailSender } from '../../api/mail/mail-sender';
import { reactors } from '../../api/reactors';
import { buildServer } from '../../api/server';
import { createAppContext } from '../../app/app';
import { projections } from '../../projections';
import { loadConfig, type Config } from '../../infra/config';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import { CatchUpRunner } from '../../infra/projection-engine/catch-up-runner';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  server: FastifyInstance;
  context: AppContext;
  db: TestDatabase;
  /** Sends the recorded order mails; woken by NOTIFY like the app's, `drain()` sends what is due now. */
  mailSender: MailSender;
  close(): Promise<void>;
};

/**
 * The API on a fresh database, driven in-process through `server.inject`. The web app's folder is
 * a small stand-in build, so page routing can be checked without running Vite.
 */
export async function createTestApp(
  overrides: {
    config?: Partial<Config>;
    context?: Partial<AppContext>;
    /** Adds to the stand-in build before the server lists its files. */
    webDist?: (dir: string) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-app-'));
  const webDistDir = path.join(dataDir, 'web-dist');
  await fs.mkdir(path.join(webDistDir, 'static'), { recursive: true });
  await fs.writeFile(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html><head><title>TrackSkins</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webDistDir, 'static', 'app-1a2b3c.js'), 'console.log("app")');
  await fs.writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await overrides.webDist?.(webDistDir);

  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webDistDir,
    ...overrides.config,
  };
  const log = createLogger({ level: config.logLevel });
  const store = createEventStore({ inlineProjections: projections.filter((p) => p.mode === 'inline') });
  const runner = new CatchUpRunner({
    pool: db.pool,
    store,
    projections: [...projections, ...reactors({ store, log, vat: config.vat })],
    log,
    batchSize: 500,
    pollMs: 60_000,
  });
  await runner.start();
  const context: AppContext = Object.assign(
    await createAppContext({ config, log, pool: db.pool, store, runner }),
    overrides.context,
  );
  const mailSender = new MailSender(context, { ...config.mail.delivery, listenUrl: db.url });
  await mailSender.start();
  const server = await buildServer(context);
  await server.ready();
  return {
    server,
    context,
    db,
    mailSender,
    close: async () => {
      await server.close();
      await context.database.stop();
      await runner.stop();
      await mailSender.stop();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What the web app's GraphQL client (urql) accepts: the GraphQL-over-HTTP media type first, so a
 * request that never ran answers 4xx (api/graphql/graphql-over-http.ts).
 */
export const WEB_APP_ACCEPT =
  'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';

/** Posts a GraphQL document the way the web app does. */
export async function graphql(
  app: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/graphql',
    headers: { accept: WEB_APP_ACCEPT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { query, variables },
  });
  // Tests read answers of many shapes; each asserts what it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as { data?: any; errors?: any[] } };
}
