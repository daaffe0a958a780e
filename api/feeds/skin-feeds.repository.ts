import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { FEED_SIZE, type FeedGame, type FeedSkin } from './skin-feeds';

const feedSkinRow = z.object({
  id: z.number(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  game: z.string(),
  price_cents: z.number(),
  created_at: z.number(),
  modified_at: z.number(),
  author_username: z.string(),
  author_url: z.string(),
  thumbnail_filename: z.string().nullable(),
  thumbnail_width: z.number().nullable(),
  thumbnail_height: z.number().nullable(),
});

/**
 * The newest listed skins (of one game, or of one author), newest first: read from the skins list's
 * cards, which carry the author and the thumbnail, through their (game,) created_at index.
 */
export async function newestListedSkins(
  db: Queryable,
  filter: { game?: FeedGame; authorId?: number } = {},
): Promise<FeedSkin[]> {
  const conditions = [sql.fragment`not c.deleted and c.listed`];
  if (filter.game) conditions.push(sql.fragment`c.game = ${filter.game}`);
  if (filter.authorId !== undefined) conditions.push(sql.fragment`c.author_id = ${filter.authorId}`);
  const rows = await db.any(sql.type(feedSkinRow)`
    select s.id, s.url::text as url, c.title, c.description, c.game, c.price_cents, c.created_at, s.modified_at,
           c.author_username::text as author_username, c.author_url, c.thumbnail_filename,
           c.thumbnail_width, c.thumbnail_height
    from skin_cards c join skins s on s.id = c.skin_id
    where ${sql.join(conditions, sql.fragment` and `)}
    order by c.created_at desc, c.skin_id desc
    limit ${FEED_SIZE}`);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    game: row.game,
    priceCents: row.price_cents,
    createdAt: new Date(row.created_at),
    modifiedAt: new Date(row.modified_at),
    authorUsername: row.author_username,
    authorUrl: row.author_url,
    thumbnail: row.thumbnail_filename
      ? { filename: row.thumbnail_filename, width: row.thumbnail_width, height: row.thumbnail_height }
      : null,
  }));
}

const authorRow = z.object({
  id: z.number(),
  url: z.string(),
  username: z.string(),
  description: z.string().nullable(),
  created_at: z.number(),
});

/** An author whose page anyone may open (not a guest's account, not blocked), by the page's address. */
export async function feedAuthorByUrl(db: Queryable, url: string) {
  const row = await db.maybeOne(sql.type(authorRow)`
    select id, url::text as url, username::text as username, description, created_at
    from users where url = ${url}::citext and not anonymous and not blocked`);
  return row && { ...row, createdAt: new Date(row.created_at) };
}
