import { sql } from 'slonik';
import { z } from 'zod';
import type { ModeratedItemType } from '../../domain/moderation/moderation.schemas';
import type { Queryable } from '../../infra/db/pool';

const ids = (values: readonly number[]) => sql.array([...new Set(values)], 'int8');

export const takedownRow = z.object({
  item_id: z.number(),
  taken_down_at: z.number(),
  taken_down_by: z.number().nullable(),
  reason: z.string(),
});
export type TakedownRow = z.infer<typeof takedownRow>;

/** The current takedowns of some items of one type, by item id. */
export async function takedownsOf(
  db: Queryable,
  itemType: ModeratedItemType,
  itemIds: readonly number[],
): Promise<Map<number, TakedownRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db.any(sql.type(takedownRow)`
    select item_id, taken_down_at, taken_down_by, reason from moderated_items
    where item_type = ${itemType} and item_id = any(${ids(itemIds)})`);
  return new Map(rows.map((row) => [row.item_id, row]));
}

/**
 * The current takedowns of some skins or bundles that `reader` may read, by item id: every one for
 * an admin, else those of the reader's own items. One query, by the takedowns' primary key.
 */
export async function takedownsReadableBy(
  db: Queryable,
  itemType: 'SKIN' | 'BUNDLE',
  itemIds: readonly number[],
  reader: { userId: number; admin: boolean },
): Promise<Map<number, TakedownRow>> {
  if (itemIds.length === 0) return new Map();
  const items = sql.identifier([itemType === 'SKIN' ? 'skins' : 'bundles']);
  const rows = await db.any(sql.type(takedownRow)`
    select m.item_id, m.taken_down_at, m.taken_down_by, m.reason
    from moderated_items m join ${items} i on i.id = m.item_id
    where m.item_type = ${itemType} and m.item_id = any(${ids(itemIds)})
      and (${reader.admin} or i.author_id = ${reader.userId})`);
  return new Map(rows.map((row) => [row.item_id, row]));
}

const blockRow = z.object({
  user_id: z.number(),
  blocked_at: z.number(),
  blocked_by: z.number().nullable(),
  reason: z.string(),
});
export type BlockRow = z.infer<typeof blockRow>;

export async function blocksOf(db: Queryable, userIds: readonly number[]): Promise<Map<number, BlockRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.any(sql.type(blockRow)`
    select user_id, blocked_at, blocked_by, reason from blocked_accounts where user_id = any(${ids(userIds)})`);
  return new Map(rows.map((row) => [row.user_id, row]));
}

const reportedItemRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE', 'COMMENT']),
  item_id: z.number(),
  open_reports: z.number(),
  total_reports: z.number(),
  last_reported_at: z.number(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number() })),
});
export type ReportedItemRow = z.infer<typeof reportedItemRow>;

/**
 * Reported items with their counts: `open` lists those with reports no admin answered yet (the
 * queue), most reported first; `all` every item ever reported, latest report first. `reasons`
 * counts the open reports by reason (all reports once none is open).
 */
export async function listReportedItems(
  db: Queryable,
  options: { open: boolean; page: number; size: number },
): Promise<{ rows: ReportedItemRow[]; total: number }> {
  const having = options.open
    ? sql.fragment`having count(*) filter (where status = 'OPEN') > 0`
    : sql.fragment``;
  const order = options.open
    ? sql.fragment`open_reports desc, last_reported_at desc, item_type, item_id`
    : sql.fragment`last_reported_at desc, item_type, item_id`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(reportedItemRow)`
      with counted as (
        select item_type, item_id, count(*) filter (where status = 'OPEN')::int as open_reports,
               count(*)::int as total_reports, max(reported_at) as last_reported_at
        from item_reports group by item_type, item_id ${having}
        order by ${order}
        limit ${options.size} offset ${options.page * options.size})
      select p.*, coalesce((
        select jsonb_agg(jsonb_build_object('reason', reason, 'count', n) order by n desc, reason)
        from (select reason, count(*)::int as n from item_reports r
              where r.item_type = p.item_type and r.item_id = p.item_id and (p.open_reports = 0 or r.status = 'OPEN')
              group by reason) by_reason), '[]'::jsonb) as reasons
      from counted p
      order by ${order}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from (
        select 1 from item_reports group by item_type, item_id ${having}) items`),
  ]);
  return { rows: [...rows], total };
}

const reportRow = z.object({
  item_type: z.string(),
  item_id: z.number(),
  reporter_id: z.number(),
  reason: z.string(),
  text: z.string(),
  reported_at: z.number(),
  status: z.enum(['OPEN', 'UPHELD', 'DISMISSED']),
  resolved_at: z.number().nullable(),
  resolved_by: z.number().nullable(),
  resolution_note: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** The reports of several items of one type, newest first. */
export async function reportsOfItems(
  db: Queryable,
  itemType: ModeratedItemType,
  itemIds: readonly number[],
): Promise<ReportRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.any(sql.type(reportRow)`
    select item_type, item_id, reporter_id, reason, text, reported_at, status, resolved_at, resolved_by, resolution_note
    from item_reports where item_type = ${itemType} and item_id = any(${ids(itemIds)})
    order by reported_at desc, reporter_id`);
  return [...rows];
}

/** A user's own report of an item, if they made one. */
export async function reportBy(
  db: Queryable,
  reporterId: number,
  itemType: ModeratedItemType,
  itemId: number,
): Promise<ReportRow | null> {
  return db.maybeOne(sql.type(reportRow)`
    select item_type, item_id, reporter_id, reason, text, reported_at, status, resolved_at, resolved_by, resolution_note
    from item_reports where item_type = ${itemType} and item_id = ${itemId} and reporter_id = ${reporterId}`);
}

const logRow = z.object({
  position: z.number(),
  at: z.number(),
  action: z.string(),
  item_type: z.string(),
  item_id: z.number(),
  actor_id: z.number().nullable(),
  reason: z.string().nullable(),
  item_label: z.string().nullable(),
  item_url: z.string().nullable(),
});
export type ModerationLogRow = z.infer<typeof logRow>;

/**
 * The moderation history, newest first: everything, one item's or account's steps, or one person's
 * (`actorId`). Each entry names its item (a title, a comment's first words, a username) and the
 * page it is on.
 */
export async function listModerationLog(
  db: Queryable,
  options: {
    itemType: string | null;
    itemId: number | null;
    actorId: number | null;
    page: number;
    size: number;
  },
): Promise<{ rows: ModerationLogRow[]; total: number }> {
  const conditions = [sql.fragment`true`];
  if (options.itemType) conditions.push(sql.fragment`l.item_type = ${options.itemType}`);
  if (options.itemId !== null) conditions.push(sql.fragment`l.item_id = ${options.itemId}`);
  if (options.actorId !== null) conditions.push(sql.fragment`l.actor_id = ${options.actorId}`);
  const where = sql.join(conditions, sql.fragment` and `);
  const [rows, total] = await Promise.all([
    db.any(sql.type(logRow)`
      select l.position, l.at, l.action, l.item_type, l.item_id, l.actor_id, l.reason,
             case l.item_type
               when 'SKIN' then s.title
               when 'BUNDLE' then b.title
               when 'COMMENT' then left(c.text, 80)
               when 'ACCOUNT' then u.username::text
             end as item_label,
             case l.item_type
               when 'SKIN' then '/skins/' || s.url
               when 'BUNDLE' then '/bundles/' || b.url
               when 'COMMENT' then coalesce('/skins/' || cs.url, '/bundles/' || cb.url)
               when 'ACCOUNT' then case when u.anonymous then null else '/authors/' || u.url end
             end as item_url
      from moderation_log l
      left join skins s on l.item_type = 'SKIN' and s.id = l.item_id
      left join bundles b on l.item_type = 'BUNDLE' and b.id = l.item_id
      left join comments c on l.item_type = 'COMMENT' and c.id = l.item_id
      left join skins cs on cs.id = c.skin_id
      left join bundles cb on cb.id = c.bundle_id
      left join users u on l.item_type = 'ACCOUNT' and u.id = l.item_id
      where ${where}
      order by l.position desc
      limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from moderation_log l where ${where}`),
  ]);
  return { rows: [...rows], total };
}
