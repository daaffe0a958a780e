import { sql } from 'slonik';
import { z } from 'zod';
import { SOCIAL_NETWORKS } from '../../domain/social/social-post';
import type { Queryable } from '../../infra/db/pool';

const socialPostRow = z.object({
  reference: z.string(),
  network: z.enum(SOCIAL_NETWORKS),
  status: z.enum(['PUBLISHED', 'FAILED']),
  delivery: z.enum(['API', 'OUTBOX']).nullable(),
  author_id: z.number(),
  skin_ids: z.array(z.number()),
  image_ids: z.array(z.number()),
  message: z.string(),
  post_id: z.string().nullable(),
  url: z.string().nullable(),
  outbox_file: z.string().nullable(),
  error_kind: z.string().nullable(),
  error: z.string().nullable(),
  at: z.number(),
  actor_id: z.number().nullable(),
});
export type SocialPostRow = z.infer<typeof socialPostRow>;

/** Publications, newest first: all, or those showing one skin, or about one author. */
export async function listSocialPosts(
  db: Queryable,
  options: { skinId: number | null; authorId: number | null; page: number; size: number },
): Promise<{ rows: SocialPostRow[]; total: number }> {
  const conditions = [sql.fragment`true`];
  if (options.skinId) conditions.push(sql.fragment`${options.skinId}::bigint = any(skin_ids)`);
  if (options.authorId) conditions.push(sql.fragment`author_id = ${options.authorId}`);
  const where = sql.join(conditions, sql.fragment` and `);
  const [rows, total] = await Promise.all([
    db.any(sql.type(socialPostRow)`
      select reference::text as reference, network, status, delivery, author_id, skin_ids, image_ids, message,
             post_id, url, outbox_file, error_kind, error, at, actor_id
      from social_posts where ${where}
      order by position desc limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from social_posts where ${where}`),
  ]);
  return { rows: [...rows], total };
}
