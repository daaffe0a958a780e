import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { ERASED_PERSONAL_DATA } from '../../domain/personal-data/personal-fields';
import { buyerAccountIds } from '../accounts/users.repository';

// The reads of the data export (docs/account-deletion.md, "Your data"): one query per file, each
// naming its columns, times as ISO 8601 in UTC and money as euros with two decimals.

const ISO = 'YYYY-MM-DD"T"HH24:MI:SS"Z"';
const at = (...column: [string, string]) =>
  sql.fragment`to_char(${sql.identifier(column)} at time zone 'UTC', ${ISO})`;
const euros = (...column: [string, string]) =>
  sql.fragment`(${sql.identifier(column)} / 100.0)::numeric(14, 2)::text`;

export type ExportRow = Record<string, string | number | boolean | null | unknown[] | object>;
const anyRow = z.record(z.string(), z.unknown());
async function rows(db: Queryable, query: FragmentSqlToken): Promise<ExportRow[]> {
  return [...(await db.any(sql.type(anyRow)`${query}`))] as ExportRow[];
}

export async function profileOf(db: Queryable, userId: number): Promise<ExportRow | null> {
  const [row] = await rows(
    db,
    sql.fragment`
      select u.id, u.username::text as username, u.url::text as url, u.email::text as email,
             ${at('u', 'email_verified_at')} as email_verified_at, u.fullname, u.country, u.language,
             u.roles, u.subscribed_to_news, u.avatar_filename, u.description, u.twitter, u.instagram,
             u.twitch, u.discord, u.facebook, u.website, u.payout_method, u.paypal_account,
             u.bank_account_iban, u.bank_account_bic, u.street, u.city, u.blocked,
             ${at('u', 'created_at')} as created_at, ${at('u', 'modified_at')} as modified_at,
             coalesce(d.frequency, 'OFF') as notification_digest
      from users u left join notification_digests d on d.user_id = u.id
      where u.id = ${userId}`,
  );
  return row ?? null;
}

/** The orders of the account and, once its email is proven, those it placed as a guest with it. */
export function ordersOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select o.external_id as order_number, o.status, o.payment_type, o.buyer_email::text as buyer_email,
             o.buyer_name, o.buyer_country, o.guest as placed_as_guest, ${euros('o', 'total_cents')} as total_eur,
             ${at('o', 'placed_at')} as placed_at, ${at('o', 'payment_received_at')} as payment_received_at,
             ${at('o', 'cancelled_at')} as cancelled_at, ${at('o', 'refunded_at')} as refunded_at,
             i.number as invoice_number, c.number as credit_note_number
      from orders o
      left join invoices i on i.order_id = o.id
      left join credit_notes c on c.order_id = o.id
      where o.buyer_user_id in ${buyerAccountIds(userId)}
      order by o.placed_at, o.id`,
  );
}

export function orderItemsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select o.external_id as order_number, it.position, it.item_type, it.item_id, it.name,
             ${euros('it', 'price_cents')} as price_eur, ${euros('it', 'tip_cents')} as tip_eur
      from orders o join order_items it on it.order_id = o.id
      where o.buyer_user_id in ${buyerAccountIds(userId)}
      order by o.placed_at, o.id, it.position`,
  );
}

/** The invoice and credit note numbers of the account's orders, for their PDFs. */
export async function taxDocumentNumbersOf(db: Queryable, userId: number) {
  return db.any(sql.type(z.object({ kind: z.enum(['INVOICE', 'CREDIT_NOTE']), number: z.string() }))`
    select 'INVOICE' as kind, i.number from invoices i join orders o on o.id = i.order_id
    where o.buyer_user_id in ${buyerAccountIds(userId)}
    union all
    select 'CREDIT_NOTE' as kind, c.number from credit_notes c join orders o on o.id = c.order_id
    where o.buyer_user_id in ${buyerAccountIds(userId)}
    order by 1, 2`);
}

export function taxDocumentsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select 'INVOICE' as kind, i.number, i.order_external_id as order_number, null as invoice_number,
             ${euros('i', 'total_cents')} as total_eur, ${euros('i', 'vat_cents')} as vat_eur,
             ${at('i', 'issued_at')} as issued_at
      from invoices i join orders o on o.id = i.order_id where o.buyer_user_id in ${buyerAccountIds(userId)}
      union all
      select 'CREDIT_NOTE' as kind, c.number, c.order_external_id, c.invoice_number,
             ${euros('c', 'total_cents')}, ${euros('c', 'vat_cents')}, ${at('c', 'issued_at')}
      from credit_notes c join orders o on o.id = c.order_id where o.buyer_user_id in ${buyerAccountIds(userId)}
      order by 1, 2`,
  );
}

export function downloadsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select s.id as skin_id, s.url::text as skin_url, s.title as skin_title,
             ${at('d', 'first_at')} as first_download_at, ${at('d', 'last_at')} as last_download_at
      from skin_downloaders d join skins s on s.id = d.skin_id
      where d.downloader = ${`user:${userId}`}
      order by d.first_at, s.id`,
  );
}

export function ratingsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select s.id as skin_id, s.url::text as skin_url, s.title as skin_title, r.rating,
             ${at('r', 'rated_at')} as rated_at
      from skin_ratings r join skins s on s.id = r.skin_id
      where r.user_id = ${userId} order by r.rated_at, s.id`,
  );
}

export function commentsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select c.id, case when c.skin_id is not null then 'SKIN' else 'BUNDLE' end as item_type,
             coalesce(s.url::text, b.url::text) as item_url, coalesce(s.title, b.title) as item_title,
             c.text, c.removed as removed_by_moderation, ${at('c', 'created_at')} as created_at
      from comments c left join skins s on s.id = c.skin_id left join bundles b on b.id = c.bundle_id
      where c.user_id = ${userId} order by c.created_at, c.id`,
  );
}

export function followsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select a.id as author_id,
             -- A deleted author reads as everywhere else (its placeholder username is no name).
             case when a.deleted_at is null then a.username::text else ${ERASED_PERSONAL_DATA} end as author_username,
             ${at('f', 'followed_at')} as followed_at
      from author_follows f join users a on a.id = f.author_id
      where f.user_id = ${userId} order by f.followed_at, a.id`,
  );
}

export function wishesOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select w.item_type, w.item_id, coalesce(s.url::text, b.url::text) as item_url,
             coalesce(s.title, b.title) as item_title, ${at('w', 'wished_at')} as wished_at
      from wishlist_items w
      left join skins s on w.item_type = 'SKIN' and s.id = w.item_id
      left join bundles b on w.item_type = 'BUNDLE' and b.id = w.item_id
      where w.user_id = ${userId} order by w.wished_at, w.item_type, w.item_id`,
  );
}

export function notificationsOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select n.kind, n.item_type, n.item_id, n.message, n.link, ${at('n', 'created_at')} as created_at,
             n.position <= coalesce(r.read_up_to_position, 0) as read
      from notifications n left join notification_reads r on r.user_id = n.user_id
      where n.user_id = ${userId} order by n.position, n.kind`,
  );
}

export function createdItemsOf(db: Queryable, userId: number, table: 'skins' | 'bundles') {
  const t = sql.identifier([table]);
  return rows(
    db,
    sql.fragment`
      select x.id, x.url::text as url, x.title, x.description, ${euros('x', 'price_cents')} as price_eur,
             x.published, x.taken_down, ${at('x', 'created_at')} as created_at,
             ${at('x', 'deleted_at')} as deleted_at
      from ${t} x where x.author_id = ${userId} order by x.created_at, x.id`,
  );
}

export function apiTokensOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select t.name, t.prefix, t.scopes, ${at('t', 'created_at')} as created_at,
             ${at('t', 'last_used_at')} as last_used_at, ${at('t', 'revoked_at')} as revoked_at
      from api_tokens t where t.user_id = ${userId} order by t.created_at, t.id`,
  );
}

/** The person's webhook endpoints, never their signing secrets. */
export function webhooksOf(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select e.id, e.scope, e.url, e.event_types, e.status, e.pause_reason, ${at('e', 'created_at')} as created_at,
             ${at('e', 'secret_rotated_at')} as secret_rotated_at,
             (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id) as deliveries_logged
      from webhook_endpoints e where e.owner_id = ${userId} order by e.id`,
  );
}

export function reportsFiledBy(db: Queryable, userId: number) {
  return rows(
    db,
    sql.fragment`
      select r.item_type, r.item_id, r.reason, r.text, r.status, ${at('r', 'reported_at')} as reported_at
      from item_reports r where r.reporter_id = ${userId} order by r.reported_at`,
  );
}

export async function sessionFactsOf(db: Queryable, userId: number) {
  return db.one(sql.type(z.object({ session_version: z.number(), email_verification_links: z.number() }))`
    select u.session_version,
           (select count(*)::int from email_verification_links l where l.user_id = u.id) as email_verification_links
    from users u where u.id = ${userId}`);
}

export async function payoutIdsOf(db: Queryable, userId: number): Promise<readonly number[]> {
  return db.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from payouts where author_id = ${userId} order by opened_at, id`);
}
