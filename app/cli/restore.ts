// npm run restore -- <backup folder>: brings a backup made by `npm run backup` back into an empty
// DATA_DIR (or empty DATABASE_URL database), refused while an app runs on it.
// npm run restore (no folder): after a logical restore made some other way (pg_dump/pg_restore,
// logical replication into a new cluster), re-bases the stored transaction ids so that new events
// follow the restored ones; on a healthy database it says that nothing needs doing.
// (docs/operations.md, "Backup and restore")
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { assertDatabaseNotInUse, DatabaseInUseError, openDatabaseServer } from '../../infra/db/database';
import { DatabaseNotEmptyError, loadDatabase } from '../../infra/db/database-backup';
import { createDatabasePool } from '../../infra/db/pool';
import { repairTransactionIds } from '../../infra/db/transaction-id-repair';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { applyErasureList } from '../personal-data-erasures';
import { createLogger } from '../../infra/logger';
import {
  backupLayout,
  backupManifestSchema,
  bucketAddress,
  type BackupManifest,
} from '../../infra/storage/backup-manifest';
import { copyMissingFiles, listStoredFiles } from '../../infra/storage/file-copy';

const config = loadConfig();
const log = createLogger({
  level: config.logLevel,
  pretty: config.env === 'development' && process.stdout.isTTY,
}).child({ component: 'restore' });

const source = process.argv[2] ? path.resolve(process.argv[2]) : null;
let manifest: BackupManifest | null = null;
if (source) {
  try {
    await assertDatabaseNotInUse(config);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  const text = await fs.readFile(backupLayout(source).manifest, 'utf8').catch(() => null);
  const parsed = text === null ? null : backupManifestSchema.safeParse(JSON.parse(text));
  if (!parsed?.success) {
    console.error(
      `${source} holds no complete backup made by npm run backup (its manifest.json is missing or unreadable).`,
    );
    process.exit(2);
  }
  manifest = parsed.data;
}

// A backup is restored into a cluster this process starts (refused if another one runs on it).
const database = await openDatabaseServer(config, log, { attach: !source });
let failed = false;
/** What the operator must still do by hand, printed at the end. */
const notes: string[] = [];
try {
  if (source && manifest) {
    const started = Date.now();
    const layout = backupLayout(source);
    await loadDatabase(database.url, layout.database, manifest.database, log);
    if (config.s3) {
      // This app keeps its files in a bucket: copying them there is the operator's step, said plainly.
      const bucket = bucketAddress(config.s3);
      notes.push(
        manifest.files.count > 0
          ? `The backup's ${manifest.files.count} stored files were NOT copied: this app keeps its files in ${bucket}. ` +
              `Upload them there, e.g. aws s3 sync ${layout.files} ${bucket}`
          : `Stored files were not restored: they are in ${manifest.files.bucket ?? bucket}; restore that bucket from its versions or replica if needed.`,
      );
    } else {
      // Copied files of a restore that failed half-way are simply there again on the next try.
      await copyMissingFiles(layout.files, config.storageDir);
      const restored = await listStoredFiles(config.storageDir);
      const missing = [...(await listStoredFiles(layout.files))].filter(
        ([name, size]) => restored.get(name) !== size,
      );
      if (missing.length > 0)
        throw new Error(`Files not restored: ${missing.map(([name]) => name).join(', ')}`);
      if (manifest.files.bucket)
        notes.push(
          `The backup holds no stored files: they were in ${manifest.files.bucket}. Copy them into ${config.storageDir}, ` +
            `e.g. aws s3 sync ${manifest.files.bucket} ${config.storageDir}`,
        );
    }
    const secret = await fs.readFile(layout.jwtSecret).catch(() => null);
    if (secret) {
      const file = path.join(config.dataDir, 'secrets', 'jwt-secret');
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, secret, { mode: 0o600 });
    }
    log.info(
      {
        tables: manifest.database.tables.length,
        files: manifest.files.count,
        seconds: (Date.now() - started) / 1000,
      },
      'backup loaded',
    );
  }
  // A new cluster's transaction counter is behind the restored events': re-base them (a no-op
  // when nothing is ahead). Renumbering a large event table takes longer than the app's one-minute
  // statement limit.
  const pool = await createDatabasePool(database.url, { maxPoolSize: 2, statementTimeoutMs: 6 * 3600_000 });
  try {
    await repairTransactionIds(pool, log);
    // Persons erased after the backup was made are erased again at once (docs/personal-data.md, "Backups").
    const { reapplied } = await applyErasureList(
      pool,
      await loadPersonalDataVault(config),
      config.personalData.erasuresFile,
      log,
    );
    if (reapplied > 0)
      notes.push(`${reapplied} erasures made after the backup were applied again from the erasure list.`);
  } finally {
    await pool.end();
  }
  if (source && manifest) {
    const rows = Object.fromEntries(manifest.database.tables.map((table) => [table.name, table.rows]));
    console.log(
      `Restored ${source} (taken ${manifest.createdAt}) into ${config.databaseUrl ? 'the DATABASE_URL database' : config.dataDir}: ` +
        `${rows.events ?? 0} events, ${rows.orders ?? 0} orders, ${config.s3 ? 0 : manifest.files.count} stored files.`,
    );
    for (const note of notes) console.log(note);
  }
} catch (error) {
  failed = true;
  if (error instanceof DatabaseNotEmptyError) console.error(error.message);
  log.fatal({ err: error }, error instanceof Error ? error.message : 'restore failed');
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
