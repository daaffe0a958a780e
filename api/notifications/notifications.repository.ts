import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

const notificationRow = z.object({
  position: z.number(),
  kind: z.string(),
  message: z.string(),
  link: z.string(),
  created_at: z.union([z.number(), z.string(), z.date()]),
  read: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

const readMark = (userId: number) => sql.fragment`
  coalesce((select read_up_to_position from notification_reads where user_id = ${userId}), 0)`;

/**
 * One page of a person's notifications, newest first by the date shown beside each (a fact recorded
 * late with an earlier date sorts by its date), with whether each is read.
 */
export async function notificationsOf(
  db: Queryable,
  userId: number,
  page: { page: number; size: number },
): Promise<{ rows: readonly NotificationRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.any(sql.type(notificationRow)`
      select n.position, n.kind, n.message, n.link, n.created_at, n.position <= ${readMark(userId)} as read
      from notifications n where n.user_id = ${userId}
      order by n.created_at desc, n.position desc, n.kind
      limit ${page.size} offset ${page.page * page.size}`),
    db.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from notifications where user_id = ${userId}`),
  ]);
  return { rows, total };
}

export async function unreadCountOf(db: Queryable, userId: number): Promise<number> {
  return db.oneFirst(sql.type(z.object({ unread: z.number() }))`
    select count(*)::int as unread from notifications
    where user_id = ${userId} and position > ${readMark(userId)}`);
}

/**
 * Moves the person's read mark to `upToPosition`, never back and never past their newest
 * notification (what arrives later stays unread). Returns the mark.
 */
export async function markRead(db: Queryable, userId: number, upToPosition: number): Promise<number> {
  return db.oneFirst(sql.type(z.object({ read_up_to_position: z.number() }))`
    insert into notification_reads (user_id, read_up_to_position)
    values (${userId}, least(${upToPosition}, coalesce(
      (select max(position) from notifications where user_id = ${userId}), 0)))
    on conflict (user_id) do update
      set read_up_to_position = greatest(notification_reads.read_up_to_position, excluded.read_up_to_position)
    returning read_up_to_position`);
}
