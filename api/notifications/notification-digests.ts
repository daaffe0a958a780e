import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  digestFrequencySchema,
  digestSelection,
  DIGEST_MAX_ITEMS,
  isDigestDue,
  lastSentDueCutoffs,
  type DigestFrequency,
} from '../../domain/community/digest-schedule';
import type { DatabasePool, Queryable } from '../../infra/db/pool';
import { recordMailDeliveries } from '../mail/mail-deliveries';

/*
 * Notification mails (migration 034, docs/community.md "Mail digests"): each user's choice of a
 * daily or weekly digest, and the job that mails the digests of the unread notifications (the
 * `notifications` read model) through the mail outbox.
 */

/** The user's digest frequency; OFF when they never chose one. */
export async function digestFrequencyOf(db: Queryable, userId: number): Promise<DigestFrequency> {
  const frequency = await db.maybeOneFirst(sql.type(z.object({ frequency: digestFrequencySchema }))`
    select frequency from notification_digests where user_id = ${userId}`);
  return frequency ?? 'OFF';
}

/**
 * Sets the user's digest frequency. Idempotent; the mark of what was mailed stays, so switching
 * off and on again never mails the same notifications twice.
 */
export async function setDigestFrequency(
  db: Queryable,
  userId: number,
  frequency: DigestFrequency,
): Promise<void> {
  // An account that no longer exists has nothing to set (and nothing is mailed to it).
  await db.query(sql.unsafe`
    insert into notification_digests (user_id, frequency)
    select id, ${frequency} from users where id = ${userId}
    on conflict (user_id) do update set frequency = excluded.frequency, changed_at = now()
    where notification_digests.frequency is distinct from excluded.frequency`);
}

const claimedRow = z.object({
  user_id: z.number(),
  frequency: z.enum(['DAILY', 'WEEKLY']),
  last_sent_at: z.number().nullable(),
  email: z.string(),
  username: z.string(),
  // What the digest starts after: the last digest's mark or what was read in the app, whichever is later.
  seen_up_to: z.number(),
});

const notificationRow = z.object({
  position: z.number(),
  kind: z.string(),
  message: z.string(),
  link: z.string(),
  created_at: z.number(),
});

/**
 * Claims the next user (after `afterUserId`) whose digest is due at `now` and who has unread
 * notifications not yet mailed; records their digest and moves their mark, all in one transaction.
 * Returns the user's id, or null when nobody is left. `for update skip locked` lets several
 * instances (or overlapping runs) work side by side: one user is claimed by one of them, and the
 * moved mark and time make the user not due for the others once it commits.
 */
async function sendNextDigest(
  pool: DatabasePool,
  now: Date,
  afterUserId: number,
): Promise<{ userId: number; sent: boolean } | null> {
  const cutoffs = lastSentDueCutoffs(now);
  return pool.transaction(async (tx) => {
    const claimed = await tx.maybeOne(sql.type(claimedRow)`
      select d.user_id, d.frequency, d.last_sent_at, u.email::text as email, u.username::text as username,
             greatest(d.sent_up_to_position, coalesce(r.read_up_to_position, 0)) as seen_up_to
      from notification_digests d
      join users u on u.id = d.user_id
      left join notification_reads r on r.user_id = d.user_id
      where d.frequency <> 'OFF'
        and d.user_id > ${afterUserId}
        and (d.last_sent_at is null
             or (d.frequency = 'DAILY' and d.last_sent_at <= ${cutoffs.DAILY.toISOString()}::timestamptz)
             or (d.frequency = 'WEEKLY' and d.last_sent_at <= ${cutoffs.WEEKLY.toISOString()}::timestamptz))
        -- Mail goes only to accounts that proved their address and may sign in.
        and not u.anonymous and not u.blocked and u.email_verified_at is not null
        and exists (
          select 1 from notifications n
          where n.user_id = d.user_id
            and n.position > greatest(d.sent_up_to_position, coalesce(r.read_up_to_position, 0)))
      order by d.user_id
      limit 1
      for update of d skip locked`);
    if (!claimed) return null;
    // The row is ours now; the rule decides, the query above only narrowed the search.
    const lastSentAt = claimed.last_sent_at === null ? null : new Date(claimed.last_sent_at);
    if (!isDigestDue({ frequency: claimed.frequency, lastSentAt }, now))
      return { userId: claimed.user_id, sent: false };

    const unread = await tx.any(sql.type(notificationRow)`
      select position, kind, message, link, created_at from notifications
      where user_id = ${claimed.user_id} and position > ${claimed.seen_up_to}
      order by position desc, kind
      limit ${DIGEST_MAX_ITEMS}`);
    const totals = await tx.one(sql.type(z.object({ unread: z.number(), up_to: z.number() }))`
      select count(*) filter (where position > ${claimed.seen_up_to})::int8 as unread,
             coalesce(max(position), 0)::int8 as up_to
      from notifications where user_id = ${claimed.user_id}`);
    const { listed, more } = digestSelection(unread, totals.unread);
    const upToPosition = Math.max(totals.up_to, claimed.seen_up_to);
    await recordMailDeliveries(tx, [
      {
        eventId: randomUUID(),
        kind: 'NOTIFICATION_DIGEST',
        recipientKey: `user:${claimed.user_id}`,
        recipientEmail: claimed.email,
        recipientUserId: claimed.user_id,
        orderId: null,
        payload: {
          userId: claimed.user_id,
          username: claimed.username,
          frequency: claimed.frequency,
          items: listed.map((n) => ({
            kind: n.kind,
            message: n.message,
            link: n.link,
            createdAt: new Date(n.created_at).toISOString(),
          })),
          more,
          upToPosition,
        },
      },
    ]);
    await tx.query(sql.unsafe`
      update notification_digests
      set sent_up_to_position = ${upToPosition}, last_sent_at = ${now.toISOString()}::timestamptz
      where user_id = ${claimed.user_id}`);
    return { userId: claimed.user_id, sent: true };
  });
}

/**
 * Records one digest for each user whose digest is due at `now` and who has unread notifications
 * not mailed yet; the mail sender delivers them. Returns how many digests were recorded.
 */
export async function sendDueDigests(pool: DatabasePool, now: Date): Promise<number> {
  let after = 0;
  let recorded = 0;
  for (;;) {
    const next = await sendNextDigest(pool, now, after);
    if (next === null) return recorded;
    after = next.userId;
    if (next.sent) recorded++;
  }
}
