import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { userColumns, userRow } from '../accounts/users.repository';

const authorRow = userRow.extend({ skin_count: z.number() });
export type AuthorRow = z.infer<typeof authorRow>;

/** Authors: users with at least one published skin, by username; search by username. */
export async function listAuthors(
  db: Queryable,
  options: { search: string | null; page: number; size: number },
): Promise<{ rows: AuthorRow[]; total: number }> {
  const search = options.search
    ? sql.fragment`and u.username::text ilike ${`%${options.search.replace(/[\\%_]/g, '\\$&')}%`}`
    : sql.fragment``;
  const [rows, total] = await Promise.all([
    db.any(sql.type(authorRow)`
      select ${userColumns}, c.skin_count from users u
      join (select author_id, count(*)::int as skin_count from skins where listed group by author_id) c
        on c.author_id = u.id
      where true ${search}
      order by u.username limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from users u
      where exists (select 1 from skins s where s.author_id = u.id and s.listed) ${search}`),
  ]);
  return { rows: [...rows], total };
}

/** An author's page, by its url or the author's id: not for a blocked account, except to admins (`includeBlocked`), nor a deleted one. */
export async function findAuthor(
  db: Queryable,
  key: { url: string } | { id: number },
  options: { includeBlocked: boolean },
): Promise<AuthorRow | null> {
  const match = 'url' in key ? sql.fragment`u.url = ${key.url}::citext` : sql.fragment`u.id = ${key.id}`;
  return db.maybeOne(sql.type(authorRow)`
    select ${userColumns},
           (select count(*)::int from skins s where s.author_id = u.id and s.listed) as skin_count
    from users u
    where ${match} and not u.anonymous and u.deleted_at is null ${options.includeBlocked ? sql.fragment`` : sql.fragment`and not u.blocked`}`);
}

/** Published skin ids of several authors, newest first. */
export async function skinIdsOfAuthors(
  db: Queryable,
  authorIds: readonly number[],
): Promise<{ authorId: number; skinId: number }[]> {
  if (authorIds.length === 0) return [];
  const rows = await db.any(sql.type(z.object({ authorId: z.number(), skinId: z.number() }))`
    select author_id as "authorId", id as "skinId" from skins
    where author_id = any(${sql.array([...authorIds], 'int8')}) and listed
    order by author_id, created_at desc, id desc`);
  return [...rows];
}

export const commentRow = z.object({
  id: z.number(),
  text: z.string(),
  created_at: z.number(),
  user_id: z.number(),
  skin_id: z.number().nullable(),
  bundle_id: z.number().nullable(),
});
export type CommentRow = z.infer<typeof commentRow>;

const commentColumns = sql.fragment`id, text, created_at, user_id, skin_id, bundle_id`;

/**
 * A page of the comments of a skin or a bundle, newest first: the listed ones (not removed by an
 * admin, writer not blocked), or every one for admins (`includeRemoved`).
 */
export async function listComments(
  db: Queryable,
  target: { skinId: number } | { bundleId: number },
  page: { page: number; size: number; includeRemoved: boolean },
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = sql.join(
    [
      'skinId' in target
        ? sql.fragment`skin_id = ${target.skinId}`
        : sql.fragment`bundle_id = ${target.bundleId}`,
      page.includeRemoved ? sql.fragment`true` : sql.fragment`listed`,
    ],
    sql.fragment` and `,
  );
  const [rows, total] = await Promise.all([
    db.any(sql.type(commentRow)`
      select ${commentColumns} from comments where ${where}
      order by created_at desc, id desc limit ${page.size} offset ${page.page * page.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from comments where ${where}`,
    ),
  ]);
  return { rows: [...rows], total };
}

/** Every comment on every skin and bundle, newest first (the admin's list), removed ones included. */
export async function listAllComments(
  db: Queryable,
  page: { page: number; size: number; removedOnly: boolean },
): Promise<{ rows: CommentRow[]; total: number }> {
  const where = page.removedOnly ? sql.fragment`not listed` : sql.fragment`true`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(commentRow)`
      select ${commentColumns} from comments where ${where}
      order by created_at desc, id desc limit ${page.size} offset ${page.page * page.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from comments where ${where}`,
    ),
  ]);
  return { rows: [...rows], total };
}

/** Comments by id (removed ones included: the callers are admins' lists). */
export async function commentsByIds(db: Queryable, ids: readonly number[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.type(commentRow)`
    select ${commentColumns} from comments where id = any(${sql.array([...new Set(ids)], 'int8')})`);
  return [...rows];
}
