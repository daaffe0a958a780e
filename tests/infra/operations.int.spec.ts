import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../infra/db/embedded-postgres';
import { createLogger } from '../../infra/logger';
import { listStoredFiles } from '../../infra/storage/file-copy';
import { freePort } from '../support/free-port';
import { skinZip, testImage } from '../support/upload-files';

// The marketplace as an operator runs it: `npm start` stopped by a signal to its process alone,
// `npm run db:reset`, `npm run backup` and `npm run restore` against it, as separate processes.

const log = createLogger({ level: 'silent' });
const tsx = path.resolve('node_modules/.bin/tsx');
const folders: string[] = [];
const started: ChildProcess[] = [];

async function folder(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755); // the embedded server runs as the postgres user
  folders.push(dir);
  return dir;
}

type Site = { dataDir: string; port: number; postgresPort: number };
async function site(prefix: string): Promise<Site> {
  return { dataDir: await folder(prefix), port: await freePort(), postgresPort: await freePort() };
}

const environment = (at: Site) => ({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: at.dataDir,
  PORT: String(at.port),
  HOST: '127.0.0.1',
  EMBEDDED_POSTGRES_PORT: String(at.postgresPort),
  SEED_DEMO: 'false',
  WEB_BUILD: 'false',
  PAYOUT_SCHEDULE: 'false',
  LOG_LEVEL: 'info',
});

/**
 * Starts the app as a process manager does: its own process group, so that a signal sent to its
 * pid reaches that one process and nothing else.
 */
function startApp(command: string, args: string[], at: Site) {
  const child = spawn(command, args, {
    env: environment(at),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

/** Waits for the app's health; a start that fails or hangs throws with the app's last output. */
const healthy = (at: Site, app: { output(): string }) =>
  until(
    'the app answers',
    async () => (await fetch(`http://127.0.0.1:${at.port}/api/health`)).ok,
    120_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${app.output().slice(-3000)}`);
  });

/** `npm run <script> -- <args>` as a separate process, with the site's environment. */
function npmRun(script: string, at: Site, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      env: environment(at),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function processGroupAlive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = (at: Site) =>
  fs.readFile(path.join(at.dataDir, 'postgres', 'postmaster.pid'), 'utf8').then(
    (text) => Number(text.split('\n')[0]),
    () => null,
  );

/** Every order, event and user of a stopped site's database, read by starting its cluster here. */
async function contentsOf(at: Site) {
  const cluster = await startEmbeddedPostgres({ dataDir: at.dataDir, port: await freePort(), log });
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const rows = async (query: string) => (await client.query(query)).rows;
    return {
      events: await rows(
        'select event_id, stream_id, stream_version, event_type, data from events order by stream_id, stream_version',
      ),
      orders: await rows('select id, external_id, status, total_cents from orders order by id'),
      users: await rows('select id, username, email from users order by id'),
      resources: await rows('select id, filename from resources order by id'),
      uploads: await rows('select id, filename from temporary_assets order by id'),
    };
  } finally {
    await client.end();
    await cluster.stop();
  }
}

const api = (at: Site) => `http://127.0.0.1:${at.port}`;

async function post(at: Site, url: string, body: unknown, token?: string) {
  const response = await fetch(`${api(at)}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text;
}

async function uploadFile(
  at: Site,
  token: string,
  type: 'IMAGE' | 'SKIN_SOURCE',
  name: string,
  bytes: Buffer,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${api(at)}/api/assets/temporary?type=${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as { id: string; success: boolean };
  expect(answer.success).toBe(true);
  return answer.id;
}

/** An author with a paid skin (three picture sizes and a zip), one unused upload, and a paid order. */
async function fillWithData(at: Site) {
  const registered = await post(at, '/api/auth/register', {
    username: 'backup_author',
    email: 'backup.author@example.com',
    password: 'correct horse battery',
    country: 'cz',
    subscribedToNews: false,
  });
  const token = registered.startsWith('{') ? (JSON.parse(registered) as { token: string }).token : registered;
  const image = await uploadFile(at, token, 'IMAGE', 'shot.png', await testImage());
  const zip = await uploadFile(at, token, 'SKIN_SOURCE', 'skin.zip', await skinZip());
  await uploadFile(at, token, 'IMAGE', 'unused.png', await testImage({ color: '#ff0000' }));
  const created = JSON.parse(
    await post(
      at,
      '/graphql',
      {
        query: 'mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id url } }',
        variables: {
          dto: {
            title: 'Backup Blaze',
            description: 'Kept safe',
            type: 'TM2020',
            price: 5,
            images: [{ id: image, temporary: true, type: 'IMAGE', order: 0 }],
            skinSource: { id: zip, temporary: true, type: 'SKIN_SOURCE', order: 0 },
          },
        },
      },
      token,
    ),
  ) as { data: { createSkin: { id: string; url: string } } };
  const skin = created.data.createSkin;
  const checkout = await post(at, '/api/stripe/checkout', {
    email: 'backup.buyer@example.com',
    fullname: 'Pat Player',
    country: 'cz',
    skins: [skin.id],
    bundles: [],
    termsAccepted: true,
    reminderAccepted: true,
    // A loopback address tells no country: the buyer confirms it (docs/vat.md).
    countryConfirmed: true,
  });
  const reference = /\/local-checkout\/(lc_[a-f0-9]+)/.exec(checkout)![1]!;
  const paid = await fetch(`${api(at)}/local-checkout/${reference}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBeLessThan(400);
  return { token, skin };
}

let original: Site;
let restored: Site;
let backupDir: string;
let data: Awaited<ReturnType<typeof fillWithData>>;

beforeAll(async () => {
  [original, restored] = await Promise.all([site('ops-original-'), site('ops-restored-')]);
  backupDir = path.join(await folder('ops-backup-'), 'backup');
});
afterAll(async () => {
  for (const child of started)
    if (child.pid && processGroupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

describe('operations that lose nothing', () => {
  it('npm start serves; db:reset and restore are refused over it, a backup is taken beside it; SIGTERM to npm alone stops app and database within 10 s', async () => {
    const app = startApp('npm', ['start'], original);
    await healthy(original, app);
    data = await fillWithData(original);

    // Run together, as they do not depend on each other.
    const [reset, refused, backup] = await Promise.all([
      npmRun('db:reset', original),
      npmRun('restore', original, [backupDir]),
      npmRun('backup', original, [backupDir]),
    ]);
    expect(reset.code, reset.output).toBe(2);
    expect(reset.output).toMatch(/is running on .*Stop the app first.*Nothing was changed/s);
    expect(refused.code, refused.output).toBe(2);
    expect(refused.output).toMatch(/is running on .*Stop the app first/s);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*\n.* 1 orders?/);

    const postgres = await postmasterPid(original);
    expect(postgres).toBeGreaterThan(0);
    const signalled = Date.now();
    process.kill(app.child.pid!, 'SIGTERM');
    await until('the whole process group is gone', async () => !processGroupAlive(app.child.pid!), 10_000);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(app.output()).toMatch(/"msg":"stopped"/);
    expect(app.output()).not.toMatch(/"level":(50|60)/);
    expect(await postmasterPid(original)).toBeNull();
  }, 240_000);

  it('npm run restore brings the backup into an empty data folder: every order, event, file, and the sessions; db:reset erases the original and its files', async () => {
    const before = await contentsOf(original);
    const files = await listStoredFiles(path.join(original.dataDir, 'files'));
    const [restore, reset] = await Promise.all([
      npmRun('restore', restored, [backupDir]),
      npmRun('db:reset', original),
    ]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored .* 1 orders?, \d+ stored files/);
    expect(reset.code, reset.output).toBe(0);

    const [after, erased] = await Promise.all([contentsOf(restored), contentsOf(original)]);
    expect(before.orders).toHaveLength(1);
    expect(before.events.length).toBeGreaterThan(3);
    expect(before.uploads).toHaveLength(1);
    expect(after).toEqual(before);
    expect(files.size).toBe(3 + 1 + 3); // the skin's picture in three sizes, its zip, the unused upload
    expect(await listStoredFiles(path.join(restored.dataDir, 'files'))).toEqual(files);
    expect(erased.events).toEqual([]);
    expect(erased.orders).toEqual([]);
    expect(await listStoredFiles(path.join(original.dataDir, 'files'))).toEqual(new Map());

    // The restored site runs (here from the tsx entry, stopped by SIGINT to that process alone),
    // knows the author's session and sends the skin's zip.
    const app = startApp(tsx, ['app/main.ts'], restored);
    await healthy(restored, app);
    const download = await fetch(`${api(restored)}/assets/skin/${data.skin.url}`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const signalled = Date.now();
    process.kill(app.child.pid!, 'SIGINT');
    await until('the whole process group is gone', async () => !processGroupAlive(app.child.pid!), 10_000);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await app.exited).toBe(0);
    expect(await postmasterPid(restored)).toBeNull();
  }, 240_000);
});
