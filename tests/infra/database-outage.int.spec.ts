import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../app/app';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { freePort } from '../support/free-port';
import { expectUnavailable, outageRequests, until } from '../support/outage-requests';

// The whole app (startApp, as `npm start` runs it) on a fresh embedded database, whose postmaster
// the tests freeze (SIGSTOP), thaw (SIGCONT) and kill (SIGKILL) under it.
let app: RunningApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-outage-'));
  await fs.chmod(dataDir, 0o755);
  const webDistDir = path.join(dataDir, 'web-dist');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>TrackSkins</title>');
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '7000',
      DATABASE_LOCK_TIMEOUT_MS: '3000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    }),
    webDistDir,
  };
  app = await startApp(config, createLogger({ level: config.logLevel }));
}, 120_000);

afterAll(async () => {
  // A test that failed half-way may leave the server stopped: let it run again so it can shut down.
  await serverProcesses()
    .then((pids) => signalAll(pids, 'SIGCONT'))
    .catch(() => undefined);
  await app?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function postmasterPid(): Promise<number> {
  const file = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(file.split('\n')[0]);
}

/** The postmaster and its children (backends, checkpointer, …): a frozen server is all of them. */
async function serverProcesses(): Promise<number[]> {
  const postmaster = await postmasterPid();
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Field 4, after the parenthesised command name, is the parent pid.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
      children.push(Number(entry));
  }
  return [postmaster, ...children];
}

function signalAll(pids: number[], signal: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

const { health, login, graphqlQuery } = outageRequests(() => app.url);

describe('when the database freezes or dies under the running app', () => {
  it('gives every pooled session the configured time limits', async () => {
    const settings = await app.context.pool.one(
      sql.unsafe`select current_setting('statement_timeout') as statement,
                        current_setting('lock_timeout') as lock,
                        current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(settings).toEqual({ statement: '7s', lock: '3s', idle: '9s' });
  });

  it('answers health within a second and refuses with 503 while the server is frozen, then recovers', async () => {
    expect((await health()).body.status).toBe('ok');
    expect((await login()).response.status).toBe(400);
    const pids = await serverProcesses();
    signalAll(pids, 'SIGSTOP');
    const seen: number[] = [];
    try {
      // Health reports the monitor's last probe (at most a second old, plus the 800 ms it waits):
      // it answers at once, and finds the freeze within about two seconds.
      const frozen = await until(
        health,
        (r) => {
          expect(r.ms).toBeLessThan(1_000);
          return r.body.status !== 'ok';
        },
        seen,
        3_000,
      );
      expect(['degraded', 'down']).toContain(frozen.body.status);
      expectUnavailable(await until(login, (r) => r.response.status === 503, seen, 5_000), false);
      expectUnavailable(await until(graphqlQuery, (r) => r.response.status === 503, seen, 5_000), true);
      const still = await health();
      expect(still.ms).toBeLessThan(1_000);
      expect(still.body.status).toBe('down');
    } finally {
      signalAll(pids, 'SIGCONT');
    }
    await until(health, (r) => r.body.status === 'ok', seen, 10_000);
    expect((await login()).response.status).toBe(400);
    expect((await graphqlQuery()).response.status).toBe(200);
    expect(seen).not.toContain(500);
  }, 40_000);

  it('restarts a killed server on its own, answering 503 with Retry-After in between', async () => {
    const pid = await postmasterPid();
    process.kill(pid, 'SIGKILL');
    const seen: number[] = [];
    // Health reports the monitor's last probe, taken at most a second before the kill.
    const dead = await until(health, (r) => r.body.status !== 'ok', seen, 3_000);
    expect(dead.ms).toBeLessThan(1_000);
    expect(['degraded', 'down']).toContain(dead.body.status);
    expectUnavailable(await until(login, (r) => r.response.status !== 400, seen, 5_000), false);
    expectUnavailable(await until(graphqlQuery, (r) => r.response.status !== 200, seen, 5_000), true);

    // The supervisor brings up a new server on the same data; the pool and the probes reconnect.
    await until(health, (r) => r.body.status === 'ok', seen, 30_000);
    expect(await postmasterPid()).not.toBe(pid);
    expect((await login()).response.status).toBe(400);
    const answered = await graphqlQuery();
    expect(answered.response.status).toBe(200);
    expect(answered.body.errors).toBeUndefined();
    expect(seen).not.toContain(500);
  }, 60_000);
});
