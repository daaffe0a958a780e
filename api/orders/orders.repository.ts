import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { PAYMENT_STATUSES, type OrderItemRef, type PaymentStatus } from '../../domain/orders/order.events';
import type { SkinDownloaded } from '../../domain/downloads/download.events';
import type { Queryable } from '../../infra/db/pool';
import { buyerAccountIds } from '../accounts/users.repository';
import {
  FEED_START,
  isEventOf,
  type EventStore,
  type FeedCheckpoint,
} from '../../infra/event-store/event-store';

// Reads of the order and ownership read models (migration 009); the projections write them.

export const orderRow = z.object({
  id: z.number(),
  external_id: z.string(),
  buyer_user_id: z.number().nullable(),
  buyer_email: z.string(),
  buyer_name: z.string(),
  buyer_country: z.string().nullable(),
  guest: z.boolean(),
  payment_type: z.enum(['STRIPE', 'PAYPAL']),
  status: z.enum(PAYMENT_STATUSES as [PaymentStatus, ...PaymentStatus[]]),
  total_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  author_share_cents: z.number(),
  provider: z.enum(['STRIPE', 'PAYPAL', 'LOCAL']).nullable(),
  provider_reference: z.string().nullable(),
  placed_at: z.number(),
  payment_received_at: z.number().nullable(),
  cancelled_at: z.number().nullable(),
  refunded_at: z.number().nullable(),
  /** Checkout asked for the consent to immediate delivery (migration 044); false before it did. */
  withdrawal_consent_asked: z.boolean(),
  withdrawal_consent_given_at: z.number().nullable(),
  withdrawal_consent_where: z.enum(['CHECKOUT', 'CONFIRMATION_PAGE', 'COLLECTION']).nullable(),
  // VAT (migration 043): defaults for orders placed before VAT.
  vat_cents: z.number(),
  vat_treatment: z.enum(['OSS', 'DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', 'NOT_REGISTERED']).nullable(),
  vat_country: z.string().nullable(),
  vat_rate_basis_points: z.number().nullable(),
  vat_rate_set_version: z.string().nullable(),
  buyer_vat_id: z.string().nullable(),
  vat_id_check: z
    .object({ source: z.string(), requestIdentifier: z.string().nullable(), checkedAt: z.string() })
    .nullable(),
  ip_country: z.string().nullable(),
  evidence_rule: z.string().nullable(),
  card_country: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

const orderColumns = sql.fragment`
  o.id, o.external_id, o.buyer_user_id, o.buyer_email::text as buyer_email, o.buyer_name, o.buyer_country,
  o.guest, o.payment_type, o.status, o.total_cents, o.site_fee_cents, o.payment_fee_cents,
  o.author_share_cents, o.provider, o.provider_reference, o.placed_at, o.payment_received_at,
  o.cancelled_at, o.refunded_at, o.withdrawal_consent_asked, o.withdrawal_consent_given_at,
  o.withdrawal_consent_where, o.vat_cents, o.vat_treatment, o.vat_country, o.vat_rate_basis_points,
  o.vat_rate_set_version, o.buyer_vat_id, o.vat_id_check, o.ip_country, o.evidence_rule, o.card_country`;

export const orderItemRow = z.object({
  order_id: z.number(),
  position: z.number(),
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  name: z.string(),
  author_id: z.number(),
  price_cents: z.number(),
  tip_cents: z.number(),
  skin_ids: z.array(z.number()),
  vat_cents: z.number(),
  list_price_cents: z.number().nullable(),
});
export type OrderItemRow = z.infer<typeof orderItemRow>;

/** The next order id: taken before the order's stream is written (its name holds the id). */
export async function nextOrderId(db: Queryable): Promise<number> {
  return db.oneFirst(sql.type(z.object({ id: z.number() }))`select nextval('order_ids') as id`);
}

export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | null> {
  return db.maybeOne(sql.type(orderRow)`select ${orderColumns} from orders o where o.id = ${orderId}`);
}

/** The order a provider session belongs to: the webhook, the PayPal capture and the local checkout use this. */
export async function findOrderBySession(
  db: Queryable,
  providers: readonly ('STRIPE' | 'PAYPAL' | 'LOCAL')[],
  reference: string,
): Promise<OrderRow | null> {
  return db.maybeOne(sql.type(orderRow)`
    select ${orderColumns} from order_payment_sessions s join orders o on o.id = s.order_id
    where s.provider = any(${sql.array([...providers], 'text')}) and s.provider_reference = ${reference}`);
}

export async function itemsOfOrders(db: Queryable, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.any(sql.type(orderItemRow)`
    select order_id, position, item_type, item_id, name, author_id, price_cents, tip_cents, skin_ids,
           vat_cents, list_price_cents
    from order_items where order_id = any(${sql.array([...orderIds], 'int8')})
    order by order_id, position`);
  return [...rows];
}

export type OrderListing = {
  /** Only this account's orders (My purchase history); null for the admin's list of every order. */
  buyerUserId: number | null;
  search: string | null;
  status: PaymentStatus | null;
  page: number;
  size: number;
};

/** A page of orders, newest first. Search matches the order number, the buyer's email or name. */
export async function listOrders(
  db: Queryable,
  listing: OrderListing,
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: FragmentSqlToken[] = [sql.fragment`true`];
  if (listing.buyerUserId !== null)
    conditions.push(sql.fragment`o.buyer_user_id in ${buyerAccountIds(listing.buyerUserId)}`);
  if (listing.status) conditions.push(sql.fragment`o.status = ${listing.status}`);
  if (listing.search) {
    const pattern = `%${listing.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql.fragment`(o.external_id || ' ' || o.buyer_email::text || ' ' || o.buyer_name) ilike ${pattern}`,
    );
  }
  const where = sql.join(conditions, sql.fragment` and `);
  const [rows, total] = await Promise.all([
    db.any(sql.type(orderRow)`
      select ${orderColumns} from orders o where ${where}
      order by o.placed_at desc, o.id desc limit ${listing.size} offset ${listing.page * listing.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from orders o where ${where}`,
    ),
  ]);
  return { rows: [...rows], total };
}

/** Unpaid orders placed before `placedBefore`: the job cancels them. */
export async function unpaidOrdersPlacedBefore(db: Queryable, placedBefore: Date): Promise<number[]> {
  const ids = await db.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from orders
    where status in ('BEFORE_CHECKOUT', 'PAYMENT_ON_THE_WAY') and placed_at < ${placedBefore.toISOString()}
    order by placed_at limit 500`);
  return [...ids];
}

export async function ownedSkinIds(db: Queryable, userId: number): Promise<number[]> {
  const ids = await db.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
    select distinct skin_id from owned_skins where user_id in ${buyerAccountIds(userId)} and acquired_at is not null
    order by skin_id`);
  return [...ids];
}

export async function ownedBundleIds(db: Queryable, userId: number): Promise<number[]> {
  const ids = await db.anyFirst(sql.type(z.object({ bundle_id: z.number() }))`
    select distinct bundle_id from owned_bundles where user_id in ${buyerAccountIds(userId)} and acquired_at is not null
    order by bundle_id`);
  return [...ids];
}

/** A page of the skin ids a user owns (not deleted), latest purchase first, optionally of one game. */
export async function listOwnedSkinIds(
  db: Queryable,
  options: { userId: number; game: string | null; page: number; size: number },
): Promise<{ ids: number[]; total: number }> {
  const game = options.game ? sql.fragment`and s.game = ${options.game}` : sql.fragment``;
  const owned = sql.fragment`
    select o.skin_id, max(o.acquired_at) as acquired_at from owned_skins o
    join skins s on s.id = o.skin_id and s.deleted_at is null ${game}
    where o.user_id in ${buyerAccountIds(options.userId)} and o.acquired_at is not null
    group by o.skin_id`;
  const [ids, total] = await Promise.all([
    db.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
      select skin_id from (${owned}) owned order by acquired_at desc, skin_id desc
      limit ${options.size} offset ${options.page * options.size}`),
    db.oneFirst(
      sql.type(z.object({ total: z.number() }))`select count(*)::int as total from (${owned}) owned`,
    ),
  ]);
  return { ids: [...ids], total };
}

/** Which of these skins and bundles the user owns now. */
export async function ownedAmong(
  db: Queryable,
  userId: number,
  items: { skinIds: readonly number[]; bundleIds: readonly number[] },
): Promise<{ skinIds: Set<number>; bundleIds: Set<number> }> {
  const [skins, bundles] = await Promise.all([
    items.skinIds.length === 0
      ? []
      : db.anyFirst(sql.type(z.object({ skin_id: z.number() }))`
          select distinct skin_id from owned_skins
          where user_id in ${buyerAccountIds(userId)} and acquired_at is not null
            and skin_id = any(${sql.array([...items.skinIds], 'int8')})`),
    items.bundleIds.length === 0
      ? []
      : db.anyFirst(sql.type(z.object({ bundle_id: z.number() }))`
          select distinct bundle_id from owned_bundles
          where user_id in ${buyerAccountIds(userId)} and acquired_at is not null
            and bundle_id = any(${sql.array([...items.bundleIds], 'int8')})`),
  ]);
  return { skinIds: new Set(skins), bundleIds: new Set(bundles) };
}

/**
 * The items of each order its buyer downloaded since the payment (a bundle counts when any skin it
 * granted was): what forbids a refund. Reads the download read model, plus the download events the
 * catch-up projection has not applied yet (read through the store, so upcast like any reader sees
 * them), so a download a moment ago counts too.
 */
export async function itemsDownloadedSincePayment(
  deps: { pool: Queryable; store: EventStore },
  orderIds: readonly number[],
): Promise<Map<number, OrderItemRef[]>> {
  const found = new Map<number, OrderItemRef[]>();
  if (orderIds.length === 0) return found;
  const granted = await deps.pool.any(sql.type(grantedRow)`
    with granted as (
      select o.id as order_id, i.item_type, i.item_id, s.skin_id, d.downloader, o.payment_received_at
      from orders o
      join order_items i on i.order_id = o.id
      cross join lateral unnest(case when i.item_type = 'SKIN' then array[i.item_id] else i.skin_ids end) as s(skin_id)
      -- A guest's order also counts the downloads of the account that proved the guest's email.
      cross join lateral (
        select 'user:' || o.buyer_user_id
        union all
        select 'user:' || account.id from users guest
        join users account on account.email = guest.email and not account.anonymous
          and account.email_verified_at is not null
        where guest.id = o.buyer_user_id and guest.anonymous
      ) as d(downloader)
      where o.id = any(${sql.array([...orderIds], 'int8')})
        and o.buyer_user_id is not null and o.payment_received_at is not null
    )
    select g.order_id, g.item_type, g.item_id, g.skin_id, g.downloader, g.payment_received_at,
           exists (
             select 1 from skin_downloaders d
             where d.skin_id = g.skin_id and d.downloader = g.downloader and d.last_at >= g.payment_received_at
           ) as downloaded
    from granted g
    order by g.order_id, g.item_type, g.item_id`);
  if (granted.length === 0) return found;
  const pending = await pendingDownloads(deps, new Set(granted.map((row) => row.skin_id)));
  const seen = new Set<string>();
  for (const row of granted) {
    const key = `${row.order_id}:${row.item_type}:${row.item_id}`;
    if (seen.has(key)) continue;
    const since = row.payment_received_at!;
    const downloaded =
      row.downloaded ||
      pending.some(
        (download) =>
          download.skinId === row.skin_id && download.downloader === row.downloader && download.at >= since,
      );
    if (!downloaded) continue;
    seen.add(key);
    const items = found.get(row.order_id) ?? [];
    items.push({ itemType: row.item_type, itemId: row.item_id });
    found.set(row.order_id, items);
  }
  return found;
}

const grantedRow = z.object({
  order_id: z.number(),
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  skin_id: z.number(),
  downloader: z.string(),
  payment_received_at: z.number().nullable(),
  downloaded: z.boolean(),
});

const PENDING_BATCH = 5_000;
const isDownload = isEventOf<SkinDownloaded>(['SkinDownloaded']);

/** Downloads of these skins the skin-downloads projection has not applied yet. */
async function pendingDownloads(
  deps: { pool: Queryable; store: EventStore },
  skinIds: ReadonlySet<number>,
): Promise<{ skinId: number; downloader: string; at: number }[]> {
  const checkpoint = await deps.pool.maybeOne(sql.type(
    z.object({ transaction_id: z.string(), position: z.number() }),
  )`
    select last_transaction_id::text as transaction_id, last_position as position
    from projection_checkpoints where projection_name = 'skin-downloads'`);
  const pending: { skinId: number; downloader: string; at: number }[] = [];
  let after: FeedCheckpoint | null = checkpoint
    ? { transactionId: checkpoint.transaction_id, position: checkpoint.position }
    : FEED_START;
  while (after) {
    const batch = await deps.store.readCommittedOfTypes(deps.pool, after, {
      limit: PENDING_BATCH,
      eventTypes: ['SkinDownloaded'],
    });
    for (const event of batch.events.filter(isDownload)) {
      const { data } = event;
      if (!skinIds.has(data.skinId)) continue;
      pending.push({ skinId: data.skinId, downloader: data.downloader, at: event.recordedAt.getTime() });
    }
    after = batch.scannedTo;
  }
  return pending;
}

/** The order a confirmation page names, by its order number (unique, so indexed). */
export async function findOrderByExternalId(db: Queryable, externalId: string): Promise<OrderRow | null> {
  return db.maybeOne(
    sql.type(orderRow)`select ${orderColumns} from orders o where o.external_id = ${externalId}`,
  );
}

/** Whether the order was bought by this account, or by the guest row of its verified email. */
export async function isBuyerOf(db: Queryable, orderId: number, userId: number): Promise<boolean> {
  return db.exists(sql.unsafe`
    select 1 from orders where id = ${orderId} and buyer_user_id in ${buyerAccountIds(userId)}`);
}

export const skinLinkRow = z.object({ id: z.number(), url: z.string(), title: z.string() });

/** The address and title of each skin still in the catalogue (hidden ones too: their owners keep them). */
export async function skinLinksOf(
  db: Queryable,
  skinIds: readonly number[],
): Promise<z.infer<typeof skinLinkRow>[]> {
  if (skinIds.length === 0) return [];
  const rows = await db.any(sql.type(skinLinkRow)`
    select id, url::text as url, title from skins
    where id = any(${sql.array([...skinIds], 'int8')}) and deleted_at is null`);
  return [...rows];
}

/** The paid orders of a buyer (and the guest rows whose email they proved) that wait for their consent. */
export async function ordersAwaitingConsent(db: Queryable, userId: number): Promise<readonly OrderRow[]> {
  return db.any(sql.type(orderRow)`
    select ${orderColumns} from orders o
    where o.buyer_user_id in ${buyerAccountIds(userId)} and o.status in ('PAYMENT_RECEIVED', 'PAYMENT_PENDING')
      and o.withdrawal_consent_asked and o.withdrawal_consent_given_at is null
    order by o.placed_at desc, o.id desc
    limit 50`);
}
