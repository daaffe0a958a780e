import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../infra/logger';
import { listStoredFiles } from '../../infra/storage/file-copy';
import { S3FileStorage } from '../../infra/storage/s3-file-storage';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';

// backup, restore and db:reset as an operator runs them, with the stored files in a bucket: they
// must say that the files are not theirs to copy or erase, and leave the bucket alone.

const tsx = path.resolve('node_modules/.bin/tsx');
const adminUrl = () => inject('postgresAdminUrl');
const databases: string[] = [];
let s3: S3StandIn;
let work: string;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database on the test server: empty, or copied from the run's migrated template. */
async function database(from: 'empty' | 'migrated'): Promise<string> {
  const name = `ops_s3_${randomBytes(5).toString('hex')}`;
  const template = from === 'migrated' ? ` template ${inject('templateDatabase')}` : '';
  await admin(`create database ${name}${template}`);
  databases.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function run(script: string, databaseUrl: string, args: string[] = []) {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl,
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'ops',
  };
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(tsx, [`app/cli/${script}.ts`, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const storage = () => new S3FileStorage({ ...s3.config, prefix: 'ops/' }, createLogger({ level: 'silent' }));
const picture = Buffer.from('a stored picture');

beforeAll(async () => {
  s3 = await startS3StandIn();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-s3-'));
  await storage().put('public', 'image-kept.jpg', picture);
});
afterAll(async () => {
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  await s3?.close();
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('operations with the stored files in a bucket', () => {
  let backup: string;

  it('npm run backup copies no files, says where they are, and records the bucket', async () => {
    backup = path.join(work, 'backup');
    const answer = await run('backup', await database('migrated'), [backup]);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toContain(
      'NO stored files: they are in s3://trackskins-test/ops/, which this backup does not copy',
    );
    const manifest = JSON.parse(await fs.readFile(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.files).toEqual({ count: 0, bytes: 0, bucket: 's3://trackskins-test/ops/' });
    expect(await listStoredFiles(path.join(backup, 'files'))).toEqual(new Map());
  });

  it('npm run restore loads the database and says that the files are in the bucket', async () => {
    const answer = await run('restore', await database('empty'), [backup]);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toContain('0 stored files');
    expect(answer.output).toContain('Stored files were not restored: they are in s3://trackskins-test/ops/');
    expect(await fs.stat(path.join(work, 'data', 'files')).catch(() => null)).toBeNull();
  });

  it('npm run restore of a backup with files on disk tells how to upload them, copying none', async () => {
    // The same backup as if taken from a site with its files on disk.
    const fromDisk = path.join(work, 'backup-from-disk');
    await fs.cp(backup, fromDisk, { recursive: true });
    await fs.mkdir(path.join(fromDisk, 'files', 'public'), { recursive: true });
    await fs.writeFile(path.join(fromDisk, 'files', 'public', 'image-on-disk.jpg'), picture);
    const manifestFile = path.join(fromDisk, 'manifest.json');
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
    manifest.files = { count: 1, bytes: picture.length };
    await fs.writeFile(manifestFile, JSON.stringify(manifest));

    const answer = await run('restore', await database('empty'), [fromDisk]);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toContain(
      "The backup's 1 stored files were NOT copied: this app keeps its files in s3://trackskins-test/ops/",
    );
    expect(answer.output).toContain(`aws s3 sync ${path.join(fromDisk, 'files')} s3://trackskins-test/ops/`);
    expect(await storage().read('public', 'image-on-disk.jpg')).toBeNull();
  });

  it('npm run db:reset erases the database and leaves the bucket alone, saying so', async () => {
    const answer = await run('db-reset', await database('migrated'), ['--yes']);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toContain('The stored files in s3://trackskins-test/ops/ were left alone');
    expect(await storage().read('public', 'image-kept.jpg')).toEqual(picture);
  });
});
