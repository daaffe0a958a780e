import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

// The stored SEPA files (migration 038): written once by the export, read by the download.

export const sepaFileSummaryRow = z.object({
  id: z.string(),
  message_id: z.string(),
  filename: z.string(),
  payout_ids: z.array(z.number()),
  payout_count: z.number(),
  total_cents: z.number(),
  execution_date: z.string(),
  created_at: z.number(),
  created_by: z.number(),
});
export type SepaFileSummaryRow = z.infer<typeof sepaFileSummaryRow>;

const summaryColumns = sql.fragment`
  id::text as id, message_id, filename, payout_ids, payout_count, total_cents::int8 as total_cents,
  to_char(execution_date, 'YYYY-MM-DD') as execution_date, created_at, created_by`;

export type NewSepaFile = Omit<SepaFileSummaryRow, 'created_at'> & {
  xml: string;
  createdAt: Date;
  /** The export command's key (export-sepa-file.handler.ts): one file per key. */
  idempotencyKey: string;
};

/** Stores a file; false when a file is stored under its key already (nothing is written then). */
export async function insertSepaFile(db: Queryable, file: NewSepaFile): Promise<boolean> {
  const inserted = await db.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    insert into sepa_files (id, message_id, filename, xml, payout_ids, payout_count, total_cents,
                            execution_date, created_at, created_by, idempotency_key)
    values (${file.id}, ${file.message_id}, ${file.filename}, ${file.xml},
            ${sql.array(file.payout_ids, 'int8')}, ${file.payout_count}, ${file.total_cents},
            ${file.execution_date}, ${file.createdAt.toISOString()}, ${file.created_by},
            ${file.idempotencyKey})
    on conflict (idempotency_key) do nothing
    returning id::text as id`);
  return inserted !== null;
}

/** The file stored under an export command's key, or null. */
export async function findSepaFileByKey(db: Queryable, key: string): Promise<SepaFileSummaryRow | null> {
  return db.maybeOne(sql.type(sepaFileSummaryRow)`
    select ${summaryColumns} from sepa_files where idempotency_key = ${key}`);
}

/** A stored file with its XML, or null (an id that is not a UUID is no file either). */
export async function findSepaFile(
  db: Queryable,
  id: string,
): Promise<(SepaFileSummaryRow & { xml: string }) | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return db.maybeOne(sql.type(sepaFileSummaryRow.extend({ xml: z.string() }))`
    select ${summaryColumns}, xml from sepa_files where id = ${id}`);
}
