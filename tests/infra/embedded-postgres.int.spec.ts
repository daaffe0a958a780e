import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../infra/db/embedded-postgres';
import { createLogger } from '../../infra/logger';
import { freePort } from '../support/free-port';

const log = createLogger({ level: 'silent' });
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

async function dataFolder() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-pg-'));
  await fs.chmod(folder, 0o755);
  folders.push(folder);
  return folder;
}

async function serverPid(dataDir: string) {
  return Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL', () => {
  it('stops the server a killed run left behind, then starts on the same data', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const child = spawn(
      path.resolve('node_modules/.bin/tsx'),
      ['tests/support/embedded-postgres-child.ts', dataDir, String(port)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
    });
    const leftover = await serverPid(dataDir);
    // Keep data the new start must find again.
    const first = new pg.Client({ connectionString: await urlOf(dataDir, port) });
    await first.connect();
    await first.query('create table kept (n int); insert into kept values (42)');
    await first.end();

    // Kill the Node process that started the server (tsx runs the script in a child of its own).
    const stat = await fs.readFile(`/proc/${leftover}/stat`, 'utf8');
    const owner = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    process.kill(owner, 'SIGKILL');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    for (let waited = 0; isRunning(owner) && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(leftover)).toBe(true);

    const server = await startEmbeddedPostgres({ dataDir, port, log });
    try {
      expect(isRunning(leftover)).toBe(false);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('select n from kept')).rows).toEqual([{ n: 42 }]);
      const encoding = await client.query('show server_encoding');
      expect(encoding.rows[0].server_encoding).toBe('UTF8');
      await client.end();
    } finally {
      await server.stop();
    }
    // A clean stop removes the pid file.
    await expect(serverPid(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('explains a port that is taken', async () => {
    const blocker = await startEmbeddedPostgres({ dataDir: await dataFolder(), port: await freePort(), log });
    try {
      const taken = Number(new URL(blocker.url).port);
      await expect(startEmbeddedPostgres({ dataDir: await dataFolder(), port: taken, log })).rejects.toThrow(
        /did not start on port .*EMBEDDED_POSTGRES_PORT/s,
      );
    } finally {
      await blocker.stop();
    }
  });
});

async function urlOf(dataDir: string, port: number) {
  const password = (await fs.readFile(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/marketplace`;
}
