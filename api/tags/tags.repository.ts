import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { TAG_GROUPS, type TagGroup } from '../../domain/catalog/tags.schemas';
import type { Queryable } from '../../infra/db/pool';

export const tagRow = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  tag_group: z.enum(TAG_GROUPS),
  position: z.number(),
  retired_at: z.number().nullable(),
});
export type TagRow = z.infer<typeof tagRow>;

export const tagColumns = sql.fragment`
  t.id, t.slug::text as slug, t.name, t.tag_group, t.position, t.retired_at`;

/** Groups in their curated order, then the admins' position, then the name. */
export const tagOrder = sql.fragment`
  array_position(${sql.array([...TAG_GROUPS], 'text')}, t.tag_group), t.position, lower(t.name), t.id`;

/**
 * The skin cards (alias `c`) that carry every tag named (active tags only): the list's tag filter.
 * Served by the skin_tags index on (tag_id, skin_id); slugs must be distinct.
 */
export function hasAllTags(slugs: readonly string[]): FragmentSqlToken {
  return sql.fragment`c.skin_id in (
    select st.skin_id from skin_tags st join tags t on t.id = st.tag_id
    where t.slug = any(${sql.array([...slugs], 'citext')}) and t.retired_at is null
    group by st.skin_id having count(*) = ${slugs.length})`;
}

/**
 * The active tags with the number of listed skins of `game` (all games when null) carrying each,
 * among the skins that also carry every tag of `withTags`: the count a filter chip shows is the
 * number of skins the list holds once that chip is added.
 */
export async function tagsWithCounts(
  db: Queryable,
  game: string | null,
  withTags: readonly string[],
): Promise<(TagRow & { count: number })[]> {
  const conditions: FragmentSqlToken[] = [sql.fragment`c.skin_id = st.skin_id`, sql.fragment`c.listed`];
  if (game) conditions.push(sql.fragment`c.game = ${game}`);
  if (withTags.length > 0) conditions.push(hasAllTags(withTags));
  const rows = await db.any(sql.type(tagRow.extend({ count: z.number() }))`
    select ${tagColumns},
      (select count(*) from skin_tags st join skin_cards c on ${sql.join(conditions, sql.fragment` and `)}
       where st.tag_id = t.id)::int as count
    from tags t where t.retired_at is null
    order by ${tagOrder}`);
  return [...rows];
}

/** Every tag, retired ones included, with its listed skins and every skin (not deleted) carrying it: the admin page. */
export async function tagsWithUsage(db: Queryable): Promise<(TagRow & { listed: number; uses: number })[]> {
  const rows = await db.any(sql.type(tagRow.extend({ listed: z.number(), uses: z.number() }))`
    select ${tagColumns},
      count(s.id) filter (where s.listed)::int as listed,
      count(s.id)::int as uses
    from tags t
    left join skin_tags st on st.tag_id = t.id
    left join skins s on s.id = st.skin_id and s.deleted_at is null
    group by t.id
    order by ${tagOrder}`);
  return [...rows];
}

/** The active tags of several skins, in the curated order: the `Skin.tags` loader's one query. */
export async function tagsOfSkins(
  db: Queryable,
  skinIds: readonly number[],
): Promise<(TagRow & { skin_id: number })[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(tagRow.extend({ skin_id: z.number() }))`
    select st.skin_id, ${tagColumns}
    from skin_tags st join tags t on t.id = st.tag_id
    where st.skin_id = any(${sql.array([...new Set(skinIds)], 'int8')}) and t.retired_at is null
    order by ${tagOrder}`);
  return [...rows];
}

export async function findTag(db: Queryable, id: number, lock = false): Promise<TagRow | null> {
  return db.maybeOne(sql.type(tagRow)`
    select ${tagColumns} from tags t where t.id = ${id} ${lock ? sql.fragment`for update` : sql.fragment``}`);
}

/** The active tags among `slugs` (a skin may be given only these). */
export async function activeTagsBySlug(db: Queryable, slugs: readonly string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return [];
  const rows = await db.any(sql.type(tagRow)`
    select ${tagColumns} from tags t
    where t.slug = any(${sql.array([...slugs], 'citext')}) and t.retired_at is null`);
  return [...rows];
}

/** A skin's active tags become exactly `tagIds`; the retired ones it carries stay (restoring a tag brings them back). */
export async function replaceActiveSkinTags(
  db: Queryable,
  skinId: number,
  tagIds: readonly number[],
): Promise<void> {
  await db.query(sql.unsafe`
    delete from skin_tags st using tags t
    where st.skin_id = ${skinId} and t.id = st.tag_id and t.retired_at is null
      and not (st.tag_id = any(${sql.array([...tagIds], 'int8')}))`);
  await db.query(sql.unsafe`
    insert into skin_tags (skin_id, tag_id)
    select ${skinId}, unnest(${sql.array([...tagIds], 'int8')}) on conflict do nothing`);
}

export type TagFields = { slug: string; name: string; group: TagGroup; position: number };

/** Inserts a tag, or null when its slug or name is taken (the caller says which). */
export async function insertTag(db: Queryable, tag: TagFields, at: Date): Promise<TagRow | null> {
  return db.maybeOne(sql.type(tagRow)`
    insert into tags as t (slug, name, tag_group, position, created_at, updated_at)
    values (${tag.slug}, ${tag.name}, ${tag.group}, ${tag.position}, ${at.toISOString()}, ${at.toISOString()})
    on conflict do nothing
    returning ${tagColumns}`);
}

/** Which of a name or a slug another tag than `exceptId` already has. */
export async function takenBy(
  db: Queryable,
  name: string,
  slug: string | null,
  exceptId: number | null,
): Promise<{ name: boolean; slug: boolean }> {
  const row = await db.one(sql.type(z.object({ name: z.boolean(), slug: z.boolean() }))`
    select
      exists (select 1 from tags where lower(name) = lower(${name}) and id <> ${exceptId ?? 0}) as name,
      exists (select 1 from tags where slug = ${slug ?? ''}::citext and id <> ${exceptId ?? 0}) as slug`);
  return row;
}

export async function updateTagRow(
  db: Queryable,
  id: number,
  change: { name: string; group: TagGroup; position: number },
  at: Date,
): Promise<TagRow> {
  return db.one(sql.type(tagRow)`
    update tags t set name = ${change.name}, tag_group = ${change.group}, position = ${change.position},
      updated_at = ${at.toISOString()}
    where t.id = ${id} returning ${tagColumns}`);
}

export async function setTagRetired(db: Queryable, id: number, at: Date | null): Promise<TagRow> {
  return db.one(sql.type(tagRow)`
    update tags t set retired_at = ${at ? at.toISOString() : null}, updated_at = now()
    where t.id = ${id} returning ${tagColumns}`);
}

export type TagLogAction = 'CREATED' | 'UPDATED' | 'RETIRED' | 'RESTORED';

const snapshotOf = (tag: TagRow) => ({
  slug: tag.slug,
  name: tag.name,
  group: tag.tag_group,
  position: tag.position,
});

/** One line of the tag list's history, written in the change's transaction. */
export async function logTagChange(
  db: Queryable,
  entry: { actorId: number; action: TagLogAction; before: TagRow | null; after: TagRow; at: Date },
): Promise<void> {
  await db.query(sql.unsafe`
    insert into tag_log (at, actor_id, tag_id, action, before, after)
    values (${entry.at.toISOString()}, ${entry.actorId}, ${entry.after.id}, ${entry.action},
            ${entry.before ? sql.jsonb(snapshotOf(entry.before)) : null}, ${sql.jsonb(snapshotOf(entry.after))})`);
}

const snapshot = z.object({ slug: z.string(), name: z.string(), group: z.string(), position: z.number() });
export const tagLogRow = z.object({
  id: z.number(),
  at: z.number(),
  actor_id: z.number(),
  tag_id: z.number(),
  action: z.enum(['CREATED', 'UPDATED', 'RETIRED', 'RESTORED']),
  before: snapshot.nullable(),
  after: snapshot,
});
export type TagLogRow = z.infer<typeof tagLogRow>;

/** The latest changes to the list, newest first. */
export async function listTagLog(db: Queryable, limit: number): Promise<TagLogRow[]> {
  const rows = await db.any(sql.type(tagLogRow)`
    select id, at, actor_id, tag_id, action, before, after from tag_log order by at desc, id desc limit ${limit}`);
  return [...rows];
}
