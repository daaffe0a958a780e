import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../infra/db/embedded-postgres';
import { createLogger } from '../../infra/logger';
import { migrate } from '../../infra/db/migrate';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the maintenance database of the run's PostgreSQL server. */
    postgresAdminUrl: string;
    /** A migrated database that each test file copies. */
    templateDatabase: string;
  }
}

const TEMPLATE = 'marketplace_template';

/** One PostgreSQL server per test run: the embedded one, or the server of TEST_DATABASE_URL. */
export default async function setup(project: TestProject) {
  const log = createLogger({ level: 'warn' });
  let adminUrl: string;
  let stop = async () => {};
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    // Under the system temp folder: the postgres user must be able to enter every parent folder.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-test-'));
    await fs.chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      log,
      databaseName: TEMPLATE,
    });
    adminUrl = server.urlFor('postgres');
    stop = async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  if (external) await recreateDatabase(adminUrl, TEMPLATE);
  await migrate(templateUrl.toString(), log);
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);
  return stop;
}

async function recreateDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}
