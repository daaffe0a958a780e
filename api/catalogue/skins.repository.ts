import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, Queryable } from '../../infra/db/pool';
import { hasAllTags } from '../tags/tags.repository';
import { searchQueryOf, skinSearchMatches } from './catalogue-search';

/** What the rows of a skin and of a bundle share (the tables `skins` and `bundles`). */
export const catalogueItemRow = z.object({
  id: z.number(),
  url: z.string(),
  author_id: z.number(),
  title: z.string(),
  description: z.string(),
  game: z.string(),
  price_cents: z.number(),
  published: z.boolean(),
  video_url: z.string().nullable(),
  created_at: z.number(),
  modified_at: z.number(),
  deleted_at: z.number().nullable(),
});
export type CatalogueItemRow = z.infer<typeof catalogueItemRow>;

export const skinRow = catalogueItemRow.extend({
  available_alone: z.boolean(),
  color_primary: z.string().nullable(),
  color_secondary: z.string().nullable(),
});
export type SkinRow = z.infer<typeof skinRow>;

export const skinColumns = sql.fragment`
  s.id, s.url::text as url, s.author_id, s.title, s.description, s.game, s.price_cents, s.published,
  s.available_alone, s.video_url, s.color_primary, s.color_secondary, s.created_at, s.modified_at, s.deleted_at`;

/**
 * Who may see what: everyone sees listed skins (published by their author, not taken down by an
 * admin, author not blocked); the author and admins also the others, deleted ones excepted.
 */
export type Visibility = { viewerId: number | null; admin: boolean };

/** The rows of table alias `alias` (skins `s`, bundles `b`) the viewer may see. */
export function visibleTo(visibility: Visibility, alias: 's' | 'b' = 's'): FragmentSqlToken {
  const column = (name: string) => sql.identifier([alias, name]);
  if (visibility.admin) return sql.fragment`${column('deleted_at')} is null`;
  if (visibility.viewerId !== null) {
    return sql.fragment`(${column('listed')} or (${column('deleted_at')} is null and ${column('author_id')} = ${visibility.viewerId}))`;
  }
  return sql.fragment`${column('listed')}`;
}

/**
 * The accounts `visibleTo` shows more than anonymous visitors see, admins aside: the authors of an
 * unlisted skin or bundle that is not deleted.
 */
export async function authorsOfUnlistedItems(db: Queryable): Promise<Set<number>> {
  const ids = await db.anyFirst(sql.type(z.object({ author_id: z.number() }))`
    select author_id from skins where not listed and deleted_at is null
    union
    select author_id from bundles where not listed and deleted_at is null`);
  return new Set(ids);
}

export async function findSkinByUrl(
  db: Queryable,
  url: string,
  visibility: Visibility,
): Promise<SkinRow | null> {
  return db.maybeOne(sql.type(skinRow)`
    select ${skinColumns} from skins s where s.url = ${url}::citext and ${visibleTo(visibility)}`);
}

export async function skinsByIds(
  db: Queryable,
  ids: readonly number[],
  visibility: Visibility,
): Promise<SkinRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.type(skinRow)`
    select ${skinColumns} from skins s
    where s.id = any(${sql.array([...ids], 'int8')}) and ${visibleTo(visibility)}`);
  return [...rows];
}

export type SkinSort =
  | 'createdAt'
  | 'author'
  | 'price'
  | 'title'
  | 'downloads'
  | 'rating'
  | 'trending'
  | 'trendingWeek'
  | 'trendingMonth'
  | 'relevance';

/** Free only (free: true), paid only (free: false), and a range of prices in cents, bounds included. */
export type SkinPriceFilter = { free: boolean | null; minCents: number | null; maxCents: number | null };

export type SkinListing = {
  search: string | null;
  game: string | null;
  /** Tag link names (distinct): the skins carrying all of them. */
  tags: readonly string[];
  price?: SkinPriceFilter;
  sort: SkinSort;
  /** Trending counts the downloads of the days from this one (YYYY-MM-DD, UTC) on. */
  trendingSince?: string;
  /** Trending by week or month counts ages from this UTC day (YYYY-MM-DD): today. */
  today?: string;
  direction: 'ASC' | 'DESC';
  page: number;
  size: number;
  /** Admins list hidden skins too. */
  includeHidden: boolean;
};

/** What the skins list's read model (`skin_cards`, migration 008) adds to a skin: its card. */
export const skinCardRow = skinRow.extend({
  author_username: z.string(),
  author_url: z.string(),
  author_country: z.string().nullable(),
  author_avatar: z.string().nullable(),
  thumbnail_id: z.number().nullable(),
  thumbnail_filename: z.string().nullable(),
  thumbnail_title: z.string().nullable(),
  thumbnail_description: z.string().nullable(),
  thumbnail_position: z.number().nullable(),
  thumbnail_width: z.number().nullable(),
  thumbnail_height: z.number().nullable(),
  rating_sum: z.number(),
  rating_count: z.number(),
  downloads_total: z.number(),
  downloads_unique: z.number(),
});
export type SkinCardRow = z.infer<typeof skinCardRow>;

export const cardColumns = sql.fragment`
  c.author_username::text as author_username, c.author_url, c.author_country, c.author_avatar,
  c.thumbnail_id, c.thumbnail_filename, c.thumbnail_title, c.thumbnail_description, c.thumbnail_position,
  c.thumbnail_width, c.thumbnail_height, c.rating_sum, c.rating_count, c.downloads_total, c.downloads_unique`;

// Ties follow the sort's direction, so one index of skin_cards serves each sort both ways.
const orderings: Record<SkinSort, (direction: FragmentSqlToken) => FragmentSqlToken> = {
  createdAt: (d) => sql.fragment`c.created_at ${d}, c.skin_id ${d}`,
  author: (d) => sql.fragment`c.author_username ${d}, c.created_at ${d}, c.skin_id ${d}`,
  price: (d) => sql.fragment`c.price_cents ${d}, c.created_at ${d}, c.skin_id ${d}`,
  title: (d) => sql.fragment`c.title ${d}, c.skin_id ${d}`,
  downloads: (d) => sql.fragment`c.downloads_total ${d}, c.created_at ${d}, c.skin_id ${d}`,
  // The Bayesian score of migration 024 (domain/ratings/rating-score.ts), then the number of votes.
  rating: (d) => sql.fragment`c.rating_score ${d}, c.rating_count ${d}, c.created_at ${d}, c.skin_id ${d}`,
  // The window's downloads (migration 024), then all-time downloads.
  trending: (d) =>
    sql.fragment`c.downloads_recent ${d}, c.downloads_total ${d}, c.created_at ${d}, c.skin_id ${d}`,
  // The decayed score of the week's or the month's downloads and votes (migration 036, 0 without
  // activity), then the newest.
  trendingWeek: (d) => sql.fragment`c.trending_week ${d}, c.created_at ${d}, c.skin_id ${d}`,
  trendingMonth: (d) => sql.fragment`c.trending_month ${d}, c.created_at ${d}, c.skin_id ${d}`,
  // `relevance` is computed for a search (`skinSearchMatches`); without one the list is newest first.
  relevance: (d) => sql.fragment`c.relevance ${d}, c.created_at ${d}, c.skin_id ${d}`,
};

/**
 * The cards count the downloads of the trending window (migration 024); on the first trending list
 * of a new day the window moves and the skins whose downloads left it are recounted, once.
 */
async function moveTrendingWindow(db: DatabasePool, since: string): Promise<void> {
  const current = await db.oneFirst(
    sql.type(z.object({ since: z.string() }))`select since::text as since from trending_window`,
  );
  if (current === since) return;
  await db.query(sql.unsafe`select roll_trending_window(${since}::date)`);
}

/**
 * The cards keep their trending scores with ages counted from one day (migration 036); on the first
 * trending list of a new day every score is recounted for it, once.
 */
async function rollTrendingScores(db: DatabasePool, today: string): Promise<void> {
  const current = await db.oneFirst(
    sql.type(z.object({ day: z.string() }))`select day::text as day from trending_scores_day`,
  );
  if (current === today) return;
  await db.query(sql.unsafe`select roll_trending_scores(${today}::date)`);
}

/** The price filter's conditions on the card's price (an index column of skin_cards). */
function priceConditions(price: SkinPriceFilter | undefined): FragmentSqlToken[] {
  if (!price) return [];
  const conditions: FragmentSqlToken[] = [];
  if (price.free === true) conditions.push(sql.fragment`c.price_cents = 0`);
  if (price.free === false) conditions.push(sql.fragment`c.price_cents > 0`);
  if (price.minCents !== null) conditions.push(sql.fragment`c.price_cents >= ${price.minCents}`);
  if (price.maxCents !== null) conditions.push(sql.fragment`c.price_cents <= ${price.maxCents}`);
  return conditions;
}

/**
 * A page of the skins list, read from the `skin_cards` read model: one indexed query for the page
 * (cards carry author, thumbnail, rating and downloads) and, without a search, the total from the
 * maintained per-game counts (with a price or tag filter, a count of the matches). Search matches
 * words of the title, description and author name, and (by trigram similarity) words typed with a
 * typo (`searchQueryOf`); a search's sorts and total work on its newest SEARCH_MATCH_LIMIT matches
 * (`skinSearchMatches`).
 */
export async function listSkins(
  db: DatabasePool,
  listing: SkinListing,
): Promise<{ rows: SkinCardRow[]; total: number }> {
  const conditions: FragmentSqlToken[] = [
    listing.includeHidden ? sql.fragment`not c.deleted` : sql.fragment`not c.deleted and c.listed`,
  ];
  if (listing.game) conditions.push(sql.fragment`c.game = ${listing.game}`);
  const priced = priceConditions(listing.price);
  conditions.push(...priced);
  const tagged = listing.tags.length > 0;
  if (tagged) conditions.push(hasAllTags(listing.tags));
  const where = sql.join(conditions, sql.fragment` and `);
  const direction = listing.direction === 'ASC' ? sql.fragment`asc` : sql.fragment`desc`;
  const counted = listing.includeHidden ? sql.fragment`visible` : sql.fragment`listed`;
  const total = z.object({ total: z.number() });
  // Relevance needs words to weigh: without a search it is the newest first.
  const sort = listing.sort === 'relevance' && !listing.search ? 'createdAt' : listing.sort;
  if (sort === 'trending' && listing.trendingSince) await moveTrendingWindow(db, listing.trendingSince);
  if ((sort === 'trendingWeek' || sort === 'trendingMonth') && listing.today) {
    await rollTrendingScores(db, listing.today);
  }
  const offset = listing.page * listing.size;
  if (listing.search) {
    const query = await searchQueryOf(db, listing.search);
    if (!query) return { rows: [], total: 0 };
    const matches = skinSearchMatches(listing.search, query, where, sort === 'relevance');
    // The page of the matches with, beside each row, how many there are (counted before the limit).
    const rows = await db.any(sql.type(skinCardRow.extend({ total: z.number() }))`
      with c as (${matches})
      select ${skinColumns}, ${cardColumns}, c.total
      from (select c.*, count(*) over ()::int as total from c
            order by ${orderings[sort](direction)} limit ${listing.size} offset ${offset}) c
      join skins s on s.id = c.skin_id
      order by ${orderings[sort](direction)}`);
    const first = rows[0];
    if (first) return { rows: rows.map(({ total: _, ...row }) => row), total: first.total };
    // Past the last page no row carries the total: count the matches alone.
    const count =
      offset === 0
        ? 0
        : await db.oneFirst(sql.type(total)`with c as (${matches}) select count(*)::int as total from c`);
    return { rows: [], total: count };
  }
  const [rows, count] = await Promise.all([
    db.any(sql.type(skinCardRow)`
      select ${skinColumns}, ${cardColumns}
      from skin_cards c join skins s on s.id = c.skin_id
      where ${where}
      order by ${orderings[sort](direction)}
      limit ${listing.size} offset ${offset}`),
    tagged || priced.length > 0
      ? db.oneFirst(sql.type(total)`select count(*)::int as total from skin_cards c where ${where}`)
      : db.oneFirst(sql.type(total)`
          select coalesce(sum(${counted}), 0)::int as total from skin_card_counts
          ${listing.game ? sql.fragment`where game = ${listing.game}` : sql.fragment``}`),
  ]);
  return { rows: [...rows], total: count };
}

export const resourceRow = z.object({
  id: z.number(),
  skin_id: z.number().nullable(),
  bundle_id: z.number().nullable(),
  type: z.enum(['IMAGE', 'SKIN_SOURCE']),
  filename: z.string(),
  original_name: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  position: z.number(),
  size_bytes: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type ResourceRow = z.infer<typeof resourceRow>;

/** The files of several skins at once, in their order (images first, then the skin source). */
export async function resourcesOfSkins(db: Queryable, skinIds: readonly number[]): Promise<ResourceRow[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(resourceRow)`
    select id, skin_id, bundle_id, type, filename, original_name, title, description, position, size_bytes, width, height
    from resources where skin_id = any(${sql.array([...skinIds], 'int8')})
    order by skin_id, type, position, id`);
  return [...rows];
}

export const statsRow = z.object({
  skin_id: z.number(),
  rating_sum: z.number(),
  rating_count: z.number(),
  downloads_total: z.number(),
  downloads_unique: z.number(),
});
export type StatsRow = z.infer<typeof statsRow>;

export async function statsOfSkins(db: Queryable, skinIds: readonly number[]): Promise<StatsRow[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(statsRow)`
    select skin_id, rating_sum, rating_count, downloads_total, downloads_unique
    from skin_stats where skin_id = any(${sql.array([...skinIds], 'int8')})`);
  return [...rows];
}

export async function votesOf(
  db: Queryable,
  userId: number,
  skinIds: readonly number[],
): Promise<Map<number, number>> {
  if (skinIds.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ skin_id: z.number(), rating: z.number() }))`
    select skin_id, rating from skin_ratings
    where user_id = ${userId} and skin_id = any(${sql.array([...skinIds], 'int8')})`);
  return new Map(rows.map((row) => [row.skin_id, row.rating]));
}

/** The color variations of several skins, as pairs (skin, variation), visible ones only. */
export async function variationsOfSkins(
  db: Queryable,
  skinIds: readonly number[],
  visibility: Visibility,
): Promise<{ skinId: number; variation: SkinRow }[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(skinRow.extend({ of_skin: z.number() }))`
    select v.skin_id as of_skin, ${skinColumns}
    from skin_color_variations v join skins s on s.id = v.variation_id
    where v.skin_id = any(${sql.array([...skinIds], 'int8')}) and ${visibleTo(visibility)}
    order by v.skin_id, s.created_at, s.id`);
  return rows.map(({ of_skin, ...variation }) => ({ skinId: of_skin, variation }));
}

export type DownloadableSkin = SkinRow & { source_filename: string | null };

/** A skin the viewer may see, with the file name of its zip (null when it has none): what a download needs, in one query. */
export async function findDownloadableSkin(
  db: Queryable,
  url: string,
  visibility: Visibility,
): Promise<DownloadableSkin | null> {
  return db.maybeOne(sql.type(skinRow.extend({ source_filename: z.string().nullable() }))`
    select ${skinColumns},
           (select r.filename from resources r where r.skin_id = s.id and r.type = 'SKIN_SOURCE'
            order by r.position, r.id desc limit 1) as source_filename
    from skins s where s.url = ${url}::citext and ${visibleTo(visibility)}`);
}

/** Winners of Skin of the Month, newest first, whose skin is still published. */
export async function skinsOfTheMonth(
  db: Queryable,
  limit: number,
): Promise<{ month: string; votes: number; average: number; skin: SkinRow }[]> {
  const rows = await db.any(sql.type(
    skinRow.extend({ month: z.string(), votes: z.number(), average: z.coerce.number() }),
  )`
    select m.month, m.votes, m.average::float8 as average, ${skinColumns}
    from skin_of_the_month m join skins s on s.id = m.skin_id
    where s.listed
    order by m.month desc limit ${limit}`);
  return rows.map(({ month, votes, average, ...skin }) => ({ month, votes, average, skin }));
}
