import { sql } from 'slonik';
import type { DatabasePool } from '../infra/db/pool';
import type { Logger } from '../infra/logger';
import { addToErasureList, erasuresInDatabase, readErasureList } from '../infra/personal-data/erasure-list';
import type { PersonalDataVault } from '../infra/personal-data/personal-data-vault';
import { scrubDeletedAccount } from '../projections/personal-data-erasure.projection';

/**
 * Makes the database and the erasure list outside it agree (docs/personal-data.md, "Backups"): the
 * erasures the database holds are added to the list, and every person the list names but the
 * database does not (a backup from before their erasure was restored) is erased again: keys
 * destroyed, the account's rows scrubbed. Then the tax records whose retention has ended are
 * removed. Run at every start and by `npm run restore`, before anything reads the events.
 */
export async function applyErasureList(
  pool: DatabasePool,
  vault: PersonalDataVault,
  file: string,
  log: Logger,
): Promise<{ reapplied: number; taxRecordsRemoved: number }> {
  // A backup from before migration 055 is restored without its tables: the next start migrates and applies.
  if (!(await pool.oneFirst(sql.unsafe`select to_regclass('personal_data_erasures') is not null`))) {
    return { reapplied: 0, taxRecordsRemoved: 0 };
  }
  await addToErasureList(file, await erasuresInDatabase(pool));
  const inDatabase = new Set((await erasuresInDatabase(pool)).map((entry) => entry.subject));
  const missing = [...(await readErasureList(file))].filter(([subject]) => !inDatabase.has(subject));
  for (const [subject, erasedAt] of missing) {
    await pool.transaction(async (tx) => {
      const userId = /^user-(\d+)$/.exec(subject)?.[1];
      const subjects = [subject];
      if (userId) {
        // The restored row may still hold the address: its guest orders are the person's too.
        const email = (await tx.maybeOneFirst(
          sql.unsafe`select email::text from users where id = ${Number(userId)}`,
        )) as string | null;
        if (email && !email.endsWith('@deleted.invalid'))
          subjects.push(await vault.emailSubjectNow(tx, email));
      }
      await vault.erase(tx, subjects, new Date(erasedAt));
      if (userId) await scrubDeletedAccount(tx, Number(userId), erasedAt);
    });
  }
  if (missing.length > 0) {
    await addToErasureList(file, await erasuresInDatabase(pool));
    log.warn(
      { persons: missing.length },
      'erasures missing from the database applied again from the erasure list',
    );
  }
  const removed = await pool.query(
    sql.unsafe`delete from tax_record_buyers where kept_until <= current_date`,
  );
  return { reapplied: missing.length, taxRecordsRemoved: removed.rowCount };
}
