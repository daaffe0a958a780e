import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Every file under `root` (relative path → size), without the halves of writes in progress. */
export async function listStoredFiles(root: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat) found.set(path.relative(root, file), stat.size);
  }
  return found;
}

/**
 * Copies the files under `from` that `to` does not have yet. Stored files never change once written
 * (every upload gets a new name), so a file present under the same name is the same file; a second
 * pass after a first one copies only what arrived in between. Returns what it copied.
 */
export async function copyMissingFiles(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const [source, present] = await Promise.all([listStoredFiles(from), listStoredFiles(to)]);
  let files = 0;
  let bytes = 0;
  for (const [name, size] of source) {
    if (present.has(name)) continue;
    const target = path.join(to, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // A file removed since the listing (an expired upload) is simply not copied.
    const copied = await fs.copyFile(path.join(from, name), target, constants.COPYFILE_FICLONE).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    if (copied) {
      files += 1;
      bytes += size;
    }
  }
  return { files, bytes };
}
