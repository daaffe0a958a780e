import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * Debian's PostgreSQL server and tools (the `postgresql` package, installed by .ci/run): the
 * embedded server has no pg_basebackup. PG_BIN_DIR names another folder; otherwise the newest
 * /usr/lib/postgresql/<version>/bin that has one.
 */
async function postgresBinDir(): Promise<string> {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const dir = path.join('/usr/lib/postgresql', version, 'bin');
    if (await fs.stat(path.join(dir, 'pg_basebackup')).catch(() => null)) return dir;
  }
  throw new Error(
    "PostgreSQL's server tools are missing: install Debian's `postgresql` package (.ci/run does), or set PG_BIN_DIR.",
  );
}

export type StreamingReplica = {
  primaryUrl: string;
  replicaUrl: string;
  /** A superuser session on each server (to pause replay, or to change a row with no notice). */
  admin(server: 'primary' | 'replica'): Promise<pg.Client>;
  /** Stops the replica at once (as a crash would). */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A primary and a streaming replica of it, made with `pg_basebackup -R` (the standby's settings
 * and signal file written for it), in a temporary folder, each a server of its own on 127.0.0.1.
 * PostgreSQL refuses to run as root: as root (CI's containers) every server command runs as the
 * `postgres` user the Debian package creates, through `runuser`, on a folder that user owns.
 */
export async function startStreamingReplica(options: {
  primaryPort: number;
  replicaPort: number;
  database: string;
}): Promise<StreamingReplica> {
  const bin = await postgresBinDir();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-replica-'));
  const asRoot = os.userInfo().uid === 0;
  if (asRoot) {
    await fs.chmod(root, 0o755);
    await run('chown', ['postgres:postgres', root]);
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const serverOptions = (port: number) =>
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const started: string[] = [];
  const start = async (dir: string, port: number) => {
    try {
      await tool('pg_ctl', ['-D', dir, '-o', serverOptions(port), '-l', `${dir}.log`, '-w', 'start']);
    } catch (error) {
      const serverLog = await fs.readFile(`${dir}.log`, 'utf8').catch(() => '');
      throw new Error(`PostgreSQL on port ${port} did not start:\n${serverLog.slice(-2_000)}`, {
        cause: error,
      });
    }
    started.push(dir);
  };
  const stop = async () => {
    for (const dir of started.reverse()) {
      await tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    }
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    // Trust on 127.0.0.1 (replication connections included): a throwaway pair for one test.
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await start(primaryDir, options.primaryPort);
    const primaryUrl = `postgres://postgres@127.0.0.1:${options.primaryPort}/${options.database}`;
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${options.primaryPort}/postgres`,
    });
    await admin.connect();
    await admin.query(`create database ${options.database}`);
    await admin.end();
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(options.primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
      '--checkpoint=fast',
    ]);
    await start(replicaDir, options.replicaPort);
    return {
      primaryUrl,
      replicaUrl: `postgres://postgres@127.0.0.1:${options.replicaPort}/${options.database}`,
      admin: async (server) => {
        const port = server === 'primary' ? options.primaryPort : options.replicaPort;
        const client = new pg.Client({
          connectionString: `postgres://postgres@127.0.0.1:${port}/${options.database}`,
        });
        await client.connect();
        return client;
      },
      stopReplica: async () => {
        await tool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']);
        started.splice(started.indexOf(replicaDir), 1);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
