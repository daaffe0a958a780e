// npm run backup [-- <folder>]: the database (every table, from one consistent snapshot) and the
// stored files (unless they are in a bucket: S3_BUCKET), into one new folder (docs/operations.md, "Backup and restore"). Runs beside a
// running app; `npm run restore -- <folder>` brings it back into an empty DATA_DIR.
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../infra/config';
import { dumpDatabase } from '../../infra/db/database-backup';
import { openDatabaseServer } from '../../infra/db/database';
import { createLogger } from '../../infra/logger';
import {
  BACKUP_FORMAT,
  backupLayout,
  bucketAddress,
  type BackupManifest,
} from '../../infra/storage/backup-manifest';
import { copyMissingFiles, listStoredFiles } from '../../infra/storage/file-copy';

const config = loadConfig();
const log = createLogger({
  level: config.logLevel === 'info' ? 'warn' : config.logLevel,
  pretty: process.stdout.isTTY,
}).child({ component: 'backup' });

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const target = path.resolve(process.argv[2] ?? path.join('backups', `trackskins-${stamp}`));
const existing = await fs.readdir(target).catch(() => null);
if (existing && existing.length > 0) {
  console.error(`${target} exists and is not empty: name a new folder for the backup.`);
  process.exit(2);
}

const started = Date.now();
// Written beside the target and renamed at the end: a folder under the target's name is complete.
const partial = `${target}.partial`;
await fs.rm(partial, { recursive: true, force: true });
await fs.mkdir(partial, { recursive: true, mode: 0o700 });
const layout = backupLayout(partial);
const database = await openDatabaseServer(config, log, { attach: true });
let failed = false;
try {
  // Files first, the database snapshot, then the files that arrived meanwhile. Stored files never
  // change and are removed only after the rows that used them are gone, so a file the snapshot
  // names can be missing only when the app stopped using it and removed it during the backup.
  // With object storage the files stay in the bucket, which keeps its own versions or replicas.
  const bucket = config.s3 ? bucketAddress(config.s3) : null;
  if (!bucket) await copyMissingFiles(config.storageDir, layout.files);
  const dump = await dumpDatabase(database.url, layout.database);
  if (!bucket) await copyMissingFiles(config.storageDir, layout.files);
  const files = await listStoredFiles(layout.files);
  // The token secret, so that sessions and mailed download links stay valid after a restore.
  const secret = await fs.readFile(path.join(config.dataDir, 'secrets', 'jwt-secret')).catch(() => null);
  if (secret) {
    await fs.mkdir(path.dirname(layout.jwtSecret), { recursive: true, mode: 0o700 });
    await fs.writeFile(layout.jwtSecret, secret, { mode: 0o600 });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: dump,
    files: {
      count: files.size,
      bytes: [...files.values()].reduce((sum, size) => sum + size, 0),
      ...(bucket ? { bucket } : {}),
    },
  };
  await fs.writeFile(layout.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(partial, target);
  const rows = Object.fromEntries(dump.tables.map((table) => [table.name, table.rows]));
  console.log(
    [
      `Backup written to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      `  database at schema version ${dump.schemaVersion}: ${dump.tables.length} tables, ` +
        `${rows.events ?? 0} events, ${rows.orders ?? 0} orders, ${rows.users ?? 0} users`,
      bucket
        ? `  NO stored files: they are in ${bucket}, which this backup does not copy (keep that bucket's versioning or replication on)`
        : `  ${manifest.files.count} stored files (${(manifest.files.bytes / 1024 / 1024).toFixed(1)} MB)`,
      ...(secret ? ['  the token secret'] : []),
      `Restore it with: DATA_DIR=<an empty folder> npm run restore -- ${target}`,
    ].join('\n'),
  );
} catch (error) {
  failed = true;
  log.fatal({ err: error }, error instanceof Error ? error.message : 'backup failed');
  await fs.rm(partial, { recursive: true, force: true });
} finally {
  await database.stop();
}
process.exitCode = failed ? 1 : 0;
