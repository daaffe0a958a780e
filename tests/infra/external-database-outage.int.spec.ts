import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../app/app';
import { loadConfig } from '../../infra/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../infra/db/embedded-postgres';
import { createLogger } from '../../infra/logger';
import { freePort } from '../support/free-port';
import { expectUnavailable, outageRequests, until } from '../support/outage-requests';

// The whole app (startApp, as `npm start` runs it) with DATABASE_URL pointing at a PostgreSQL it
// does not manage: a second embedded server that this test stops and starts again under it.
let app: RunningApp;
let server: EmbeddedDatabase | null = null;
let serverDir: string;
let appDir: string;
let serverPort: number;
const log = createLogger({ level: 'silent' });

const startServer = async () => {
  server = await startEmbeddedPostgres({
    dataDir: serverDir,
    port: serverPort,
    log,
    databaseName: 'outside',
  });
  return server;
};

beforeAll(async () => {
  serverDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-outside-db-'));
  await fs.chmod(serverDir, 0o755);
  appDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-outside-app-'));
  serverPort = await freePort();
  const { url } = await startServer();
  const webDistDir = path.join(appDir, 'web-dist');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>TrackSkins</title>');
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: appDir,
      DATABASE_URL: url,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    }),
    webDistDir,
  };
  app = await startApp(config, log);
}, 120_000);

afterAll(async () => {
  // A test that failed half-way may leave the server stopped: the app closes its pool either way.
  await app?.close();
  await server?.stop();
  await fs.rm(appDir, { recursive: true, force: true });
  await fs.rm(serverDir, { recursive: true, force: true });
}, 60_000);

const { health, login, graphqlQuery } = outageRequests(() => app.url);

describe('with DATABASE_URL, when that server stops and starts again under the running app', () => {
  it('answers 503 with Retry-After in between (never 500), says down, and reconnects on its own', async () => {
    expect((await health()).body.status).toBe('ok');
    expect((await login()).response.status).toBe(400);
    expect((await graphqlQuery()).response.status).toBe(200);

    await server!.stop();
    server = null;
    const seen: number[] = [];
    const down = await until(health, (r) => r.body.status === 'down', seen, 5_000);
    expect(down.ms).toBeLessThan(1_000);
    expect(down.response.status).toBe(503);
    expect(Number(down.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expectUnavailable(await until(login, (r) => r.response.status !== 400, seen, 5_000), false);
    expectUnavailable(await until(graphqlQuery, (r) => r.response.status !== 200, seen, 5_000), true);
    // Still away a little later: still 503, nothing exits or gives up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expectUnavailable(await login(), false);
    expectUnavailable(await graphqlQuery(), true);
    expect((await health()).body.status).toBe('down');

    // The operator brings the server back: the app finds it without being told.
    await startServer();
    await until(health, (r) => r.body.status === 'ok', seen, 30_000);
    await until(login, (r) => r.response.status === 400, seen, 10_000);
    const answered = await until(graphqlQuery, (r) => r.response.status === 200, seen, 10_000);
    expect(answered.body.errors).toBeUndefined();
    expect(seen).not.toContain(500);
    expect(seen.every((status) => [200, 400, 503].includes(status))).toBe(true);
  }, 90_000);
});
