import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'slonik';
import type { Queryable } from '../db/pool';

/**
 * The list of erased persons kept outside the database (PERSONAL_DATA_ERASURES_FILE, by default
 * `$DATA_DIR/secrets/personal-data-erasures`; docs/personal-data.md, "Backups"): one line per person,
 * `<subject> <erased at>`. `npm run backup` does not copy it, and a restore applies it again, so a
 * backup made before an erasure cannot bring the person's keys back. Lines are only ever added.
 */
export type ErasureEntry = { subject: string; erasedAt: string };

// `user-12`, `email-{hash}`, or a later person of an address erased before, `email-{hash}-2`.
const LINE = /^([a-z]+-[0-9a-f]+(?:-[0-9]+)?) (\S+)$/;

export async function readErasureList(file: string): Promise<Map<string, string>> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = LINE.exec(line.trim());
    if (match && !entries.has(match[1]!)) entries.set(match[1]!, match[2]!);
  }
  return entries;
}

/** Adds the entries not listed yet, flushed to disk before it returns. */
export async function addToErasureList(file: string, entries: readonly ErasureEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const listed = await readErasureList(file);
  const missing = entries.filter(
    (entry) => !listed.has(entry.subject) && LINE.test(`${entry.subject} ${entry.erasedAt}`),
  );
  if (missing.length === 0) return 0;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await fs.open(file, 'a', 0o600);
  try {
    await handle.appendFile(missing.map((entry) => `${entry.subject} ${entry.erasedAt}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return missing.length;
}

/** The erasures the database holds. */
export async function erasuresInDatabase(db: Queryable): Promise<ErasureEntry[]> {
  const rows = (await db.any(sql.unsafe`
    select subject, to_char(erased_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as erased_at
    from personal_data_erasures order by erased_at, subject`)) as readonly {
    subject: string;
    erased_at: string;
  }[];
  return rows.map((row) => ({ subject: row.subject, erasedAt: row.erased_at }));
}
