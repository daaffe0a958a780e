import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const page = z.object({ id: z.number(), total: z.number() });

/**
 * One page of an author's own skins or bundles, hidden ones included, newest first: their ids and
 * the total. The rows themselves come from the catalogue's readers, so every field stays theirs.
 */
export async function idsOfCreatedItems(
  db: Queryable,
  kind: 'skin' | 'bundle',
  options: { authorId: number; game: string | null; page: number; size: number },
): Promise<{ ids: number[]; total: number }> {
  const table = sql.identifier([kind === 'skin' ? 'skins' : 'bundles']);
  const game = options.game ? sql.fragment`and game = ${options.game}` : sql.fragment``;
  const rows = await db.any(sql.type(page)`
    select id, count(*) over ()::int as total from ${table}
    where author_id = ${options.authorId} and deleted_at is null ${game}
    order by created_at desc, id desc
    limit ${options.size} offset ${options.page * options.size}`);
  if (rows.length > 0) return { ids: rows.map((row) => row.id), total: rows[0]!.total };
  // Past the last page the window count is gone with the rows.
  const total = await db.oneFirst(sql.type(z.object({ total: z.number() }))`
    select count(*)::int as total from ${table}
    where author_id = ${options.authorId} and deleted_at is null ${game}`);
  return { ids: [], total };
}
