import { sql } from 'slonik';
import type { Queryable } from '../../infra/db/pool';

/**
 * Every place one of the needles can be read in the clear: each text, JSON and array column of
 * every table, as `table.column: needle` (the erasure tests' proof that a person is unreadable).
 */
export async function readableCopies(db: Queryable, needles: readonly string[]): Promise<string[]> {
  const columns = (await db.any(sql.unsafe`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'USER-DEFINED', 'ARRAY')
    order by 1, 2`)) as readonly { table_name: string; column_name: string }[];
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const hit = await db.oneFirst(sql.unsafe`
        select exists (select 1 from ${sql.identifier(['public', table])}
                       where strpos(lower(${sql.identifier([column])}::text), lower(${needle})) > 0)`);
      if (hit) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}
