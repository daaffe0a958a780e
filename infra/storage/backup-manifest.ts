import path from 'node:path';
import { z } from 'zod';
import { databaseDumpSchema } from '../db/database-backup';

/** What `npm run backup` writes into its folder, read back by `npm run restore -- <folder>`. */
export const BACKUP_FORMAT = 'trackskins-backup-1';

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: databaseDumpSchema,
  files: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Set when the app kept its files in a bucket: the backup holds none of them (docs/deployment.md). */
    bucket: z.string().optional(),
  }),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** `s3://bucket/prefix`: where the files of an app with object storage are, for messages. */
export function bucketAddress(s3: { bucket: string; prefix: string }): string {
  return `s3://${s3.bucket}/${s3.prefix}`;
}

export function backupLayout(folder: string) {
  return {
    manifest: path.join(folder, 'manifest.json'),
    database: path.join(folder, 'database'),
    /** The stored files as under DATA_DIR/files (`public/`, `private/`). */
    files: path.join(folder, 'files'),
    jwtSecret: path.join(folder, 'secrets', 'jwt-secret'),
  };
}
