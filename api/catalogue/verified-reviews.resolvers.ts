import { sql } from 'slonik';
import { z } from 'zod';
import type { RequestContext } from '../auth/viewer';

type Query<T> = { obj: T; params: unknown };
const ids = (values: readonly number[]) => sql.array([...new Set(values)], 'int8');

/** The verified marks of a page of comments and ratings: one query per field and page (docs/community.md). */
export const verifiedReviewsLoaders = {
  Comment: {
    verified: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const rows = await context.services.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
        select id from comments where verified and id = any(${ids(queries.map((q) => q.obj.id))})`);
      const verified = new Set(rows);
      return queries.map((q) => verified.has(q.obj.id));
    },
  },
  Skin: {
    verifiedRatings: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const rows = await context.services.pool.any(sql.type(
        z.object({ skin_id: z.number(), count: z.number() }),
      )`
        select skin_id, count(*)::int as count from skin_ratings
        where verified and skin_id = any(${ids(queries.map((q) => q.obj.id))}) group by skin_id`);
      const counts = new Map(rows.map((row) => [row.skin_id, row.count]));
      return queries.map((q) => counts.get(q.obj.id) ?? 0);
    },
  },
};
