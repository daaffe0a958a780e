import { sql } from 'slonik';
import type { AccountDeleted } from '../domain/accounts/account.events';
import { ERASED_PERSONAL_DATA } from '../domain/personal-data/personal-fields';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isAccountDeleted = isEventOf<AccountDeleted>(['AccountDeleted']);

/** The payout destination's personal fields (domain/personal-data/personal-fields.ts). */
const DESTINATION_KEYS = ['name', 'street', 'city', 'iban', 'bic', 'paypalAccount'];

/**
 * What a deleted account leaves in plain rows, scrubbed (docs/personal-data.md). The event store
 * destroyed the person's keys in this same transaction; this makes the read models say what a
 * rebuild from the events now gives ("deleted user" in the personal fields), and clears the
 * account's own row and what hangs on it. Before the names go, the invoices' and credit notes'
 * buyer name is copied into `tax_record_buyers`, where tax law keeps it until its retention ends.
 * Safe to run again (a replay, a re-applied erasure after a restore): every step is idempotent.
 */
export async function scrubDeletedAccount(
  tx: DatabaseTransactionConnection,
  userId: number,
  deletedAt: string,
): Promise<void> {
  const erased = ERASED_PERSONAL_DATA;
  const account = (await tx.maybeOne(sql.unsafe`
    select email::text as email, username::text as username, anonymous from users where id = ${userId}`)) as {
    email: string;
    username: string;
    anonymous: boolean;
  } | null;
  // The account's own orders and the guest orders placed with its address: the orders whose
  // personal fields the erased keys sealed (a guest order's belong to its address, an account's
  // to the account; domain/personal-data/personal-fields.ts). A guest buyer's row is deleted the
  // same way (an admin erases a guest on request): its orders are its address's guest orders.
  const ofBuyer = account
    ? sql.fragment`(o.buyer_user_id = ${userId} or (o.guest and o.buyer_email = ${account.email}::citext))`
    : sql.fragment`o.buyer_user_id = ${userId}`;

  // Kept by law: the name on each invoice and credit note, until 1 January of the 11th year after
  // the latest document of the order (Czech VAT Act §35: ten years from the end of the year).
  await tx.query(sql.unsafe`
    insert into tax_record_buyers (order_id, buyer_name, kept_until, recorded_at)
    select o.id, o.buyer_name,
           make_date(greatest(i.year, coalesce(c.year, i.year)) + 11, 1, 1), ${deletedAt}::timestamptz
    from orders o
    join invoices i on i.order_id = o.id
    left join credit_notes c on c.order_id = o.id
    where ${ofBuyer} and o.buyer_name <> ${erased}
    on conflict (order_id) do nothing`);

  await tx.query(sql.unsafe`
    update orders o set buyer_email = ${erased}, buyer_name = ${erased}
    where ${ofBuyer} and (o.buyer_email <> ${erased} or o.buyer_name <> ${erased})`);
  await tx.query(sql.unsafe`
    update payouts set destination = (
      select jsonb_object_agg(d.key, case when d.key = any(${sql.array(DESTINATION_KEYS, 'text')}::text[])
                                           and jsonb_typeof(d.value) = 'string'
                                      then to_jsonb(${erased}::text) else d.value end)
      from jsonb_each(destination) as d (key, value))
    where author_id = ${userId} and destination is not null`);
  await tx.query(sql.unsafe`
    update item_reports set text = ${erased} where reporter_id = ${userId} and text <> ${erased}`);
  await tx.query(sql.unsafe`
    update blocked_accounts set reason = ${erased} where user_id = ${userId} and reason is not null`);
  await tx.query(sql.unsafe`
    update moderation_log set reason = ${erased}
    where item_type = 'ACCOUNT' and item_id = ${userId} and reason is not null`);
  // What the person typed into a gift (its recipient's address and the note), and their appeals.
  await tx.query(sql.unsafe`
    update gifts set recipient_email = ${erased}, note = case when note is null then null else ${erased} end
    where giver_user_id = ${userId} and recipient_email <> ${erased}`);
  await tx.query(sql.unsafe`
    update statements_of_reasons
    set appeal_text = case when appeal_text is null then null else ${erased} end,
        appeal_reason = case when appeal_reason is null then null else ${erased} end
    where user_id = ${userId} and (appeal_text is not null or appeal_reason is not null)`);
  // A block's statement states its reason, which the block's event seals under the person's key.
  await tx.query(sql.unsafe`
    update statements_of_reasons set facts = ${erased}
    where user_id = ${userId} and kind = 'ACCOUNT_BLOCK' and facts <> ${erased}`);
  if (account && account.anonymous) {
    // The mails to a guest about their orders (an account with the same address keeps its own
    // mails; a gift's mail to its recipient is the recipient's).
    await tx.query(sql.unsafe`
      delete from mail_deliveries m
      where lower(m.recipient_email) = lower(${account.email})
        and (m.recipient_user_id = ${userId} or m.order_id in (select o.id from orders o where ${ofBuyer}))`);
  } else if (account) {
    // A followed author's new item is told as "… by {username} is out", the username the event
    // recorded (sealed under the author's key): only those lines name the person, and only at their end.
    const named = ` by ${account.username} is out`;
    await tx.query(sql.unsafe`
      update notifications n set message = left(n.message, length(n.message) - length(${named})) || ${` by ${erased} is out`}
      where n.kind = 'NEW_ITEM' and right(n.message, length(${named})) = ${named}
        and n.item_id in (select id from skins where author_id = ${userId} and n.item_type = 'SKIN'
                          union all select id from bundles where author_id = ${userId} and n.item_type = 'BUNDLE')`);
    // The outbox's copies of mails to the person (addresses and what the mails said).
    await tx.query(sql.unsafe`
      delete from mail_deliveries where recipient_user_id = ${userId} or lower(recipient_email) = lower(${account.email})`);
  }

  if (account && !account.anonymous) {
    // The guest row of the account's address (its guest purchases hang on it) names the person too.
    const guestRows = await tx.anyFirst(sql.unsafe`
      select id from users where email = ${account.email}::citext and anonymous order by id`);
    for (const guestId of guestRows) await scrubDeletedAccount(tx, Number(guestId), deletedAt);
  }

  // The account itself: nothing that names or reaches the person, no way to sign in, every session ended.
  await tx.query(sql.unsafe`
    update users set
      username = ${`deleted-user-${userId}`}, url = ${`deleted-user-${userId}`},
      username_key = ${`deleted-user-${userId}`},
      email = ${`deleted-${userId}@deleted.invalid`}, password_hash = null, fullname = null,
      description = null, twitter = null, instagram = null, twitch = null, discord = null,
      facebook = null, website = null, avatar_filename = null, subscribed_to_news = false,
      payout_method = null, paypal_account = null, bank_account_iban = null, bank_account_bic = null,
      street = null, city = null, session_version = session_version + 1
    where id = ${userId} and email <> ${`deleted-${userId}@deleted.invalid`}`);
  await tx.query(sql.unsafe`delete from password_reset_codes where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from email_verification_links where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from api_tokens where user_id = ${userId}`);
  await tx.query(sql.unsafe`delete from webhook_endpoints where owner_id = ${userId}`);
}

/**
 * Acts on `AccountDeleted` in the transaction that records it (inline), so no moment exists in
 * which the deletion is recorded and the person's data still reads. Names no read model of its own:
 * a replay runs it again over the deletions, which changes nothing.
 */
export const personalDataErasureProjection: RebuildableProjection = {
  name: 'personal-data-erasure',
  mode: 'inline',
  eventTypes: ['AccountDeleted'],
  tables: [],
  async apply(tx, events) {
    for (const event of events.filter(isAccountDeleted)) {
      await scrubDeletedAccount(tx, event.data.userId, event.data.deletedAt);
    }
  },
  async reset() {},
};
