import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { retiredUsernameHash } from '../accounts/users.repository';

export type DeletionRecord = {
  userId: number;
  username: string;
  deletedAt: string;
  by: 'SELF' | 'ADMIN';
  adminId: number | null;
  reason: string | null;
  earningsGivenUpCents: number;
};

/**
 * What the deletion changes beside its event, in the event's transaction (docs/account-deletion.md):
 * - the account: marked deleted, its password gone (no sign-in, no reset), its sessions ended (the
 *   trigger of migration 056 moves the session version), its profile, contact and payout details
 *   cleared (the name, email and url become placeholders);
 * - its credentials and ways to reach it: API tokens, password-reset codes, verification links,
 *   webhook endpoints (with their deliveries) are deleted, digests turned off and order or sale
 *   mails still waiting for it are not sent;
 * - its skins and bundles are unpublished (the terms' licence ends with publication; buyers keep
 *   theirs and still download what they bought);
 * - its username is retired, and the deletion is logged for the admins.
 * Comments and ratings stay, shown as by "deleted user" (accounts.resolvers.ts, userViewOf).
 */
export async function applyAccountDeletion(tx: Queryable, record: DeletionRecord): Promise<void> {
  const { userId, deletedAt } = record;
  // The row stays (orders, payouts and comments point at it) without anything of the person: the
  // name, email and url become placeholders that free the email for a new account.
  await tx.query(sql.unsafe`
    update users set deleted_at = ${deletedAt}::timestamptz, password_hash = null,
      username = ${`deleted-user-${userId}`}, username_key = null, url = ${`deleted-user-${userId}`},
      email = ${`deleted-user-${userId}@deleted.invalid`}, email_verified_at = null,
      fullname = null, avatar_filename = null, description = null, twitter = null, instagram = null,
      twitch = null, discord = null, facebook = null, website = null, payout_method = null,
      paypal_account = null, bank_account_iban = null, bank_account_bic = null, street = null,
      city = null, country = null, subscribed_to_news = false, modified_at = ${deletedAt}::timestamptz
    where id = ${userId}`);
  await tx.query(sql.unsafe`delete from api_tokens where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from password_reset_codes where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from email_verification_links where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from webhook_endpoints where owner_id = ${userId}`);
  await tx.query(sql.unsafe`
    update notification_digests set frequency = 'OFF', changed_at = ${deletedAt}::timestamptz
    where user_id = ${userId}`);
  await tx.query(sql.unsafe`
    update mail_deliveries set status = 'FAILED', last_error = 'Not sent: the account was deleted.'
    where recipient_user_id = ${userId} and status = 'PENDING'`);
  await tx.query(sql.unsafe`
    update skins set published = false, modified_at = ${deletedAt}::timestamptz
    where author_id = ${userId} and published`);
  await tx.query(sql.unsafe`
    update bundles set published = false where author_id = ${userId} and published`);
  await tx.query(sql.unsafe`
    insert into retired_username_keys (key_hash, retired_at)
    values (${retiredUsernameHash(record.username)}, ${deletedAt}::timestamptz)
    on conflict (key_hash) do nothing`);
  await tx.query(sql.unsafe`
    insert into account_deletions (user_id, deleted_at, by_whom, admin_id, reason, earnings_given_up_cents)
    values (${userId}, ${deletedAt}::timestamptz, ${record.by}, ${record.adminId}, ${record.reason},
            ${record.earningsGivenUpCents})`);
}

const payoutFactRow = z.object({
  id: z.number(),
  status: z.enum(['PENDING', 'LOCKED', 'SENT', 'ERROR']),
  amount_cents: z.number(),
});

/** The account's payouts that are not sent yet (the deletion's obstacles). */
export async function unsentPayoutsOf(db: Queryable, userId: number) {
  const rows = await db.any(sql.type(payoutFactRow)`
    select id, status, amount_cents from payouts where author_id = ${userId} and status <> 'SENT' order by id`);
  return rows.map((row) => ({ id: row.id, status: row.status, amountCents: row.amount_cents }));
}

const keptRow = z.object({
  invoices: z.number(),
  credit_notes: z.number(),
  payouts: z.number(),
  published_skins: z.number(),
  published_bundles: z.number(),
  comments: z.number(),
  ratings: z.number(),
});

/** What the page counts for the person: what the law keeps, and what becomes anonymous or unpublished. */
export async function deletionCounts(db: Queryable, userId: number) {
  return db.one(sql.type(keptRow)`
    select
      (select count(*)::int from invoices i join orders o on o.id = i.order_id where o.buyer_user_id = ${userId}) as invoices,
      (select count(*)::int from credit_notes c join orders o on o.id = c.order_id where o.buyer_user_id = ${userId}) as credit_notes,
      (select count(*)::int from payouts where author_id = ${userId}) as payouts,
      (select count(*)::int from skins where author_id = ${userId} and published and deleted_at is null) as published_skins,
      (select count(*)::int from bundles where author_id = ${userId} and published and deleted_at is null) as published_bundles,
      (select count(*)::int from comments where user_id = ${userId}) as comments,
      (select count(*)::int from skin_ratings where user_id = ${userId}) as ratings`);
}

const deletionLogRow = z.object({
  user_id: z.number(),
  deleted_at: z.string(),
  by_whom: z.enum(['SELF', 'ADMIN']),
  admin_id: z.number().nullable(),
  reason: z.string().nullable(),
  earnings_given_up_cents: z.number(),
  guest_buyer: z.boolean(),
});
export type DeletionLogRow = z.infer<typeof deletionLogRow>;

/** The admins' log of deletions, newest first. */
export async function listAccountDeletions(db: Queryable, page: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    db.any(sql.type(deletionLogRow)`
      select user_id, to_char(deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deleted_at,
             by_whom, admin_id, reason, earnings_given_up_cents,
             coalesce((select u.anonymous from users u where u.id = d.user_id), false) as guest_buyer
      from account_deletions d order by deleted_at desc, user_id desc
      limit ${page.size} offset ${page.page * page.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from account_deletions`,
    ),
  ]);
  return { rows: [...rows], total };
}
