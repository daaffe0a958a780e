import { sql } from 'slonik';
import { paymentStatusAfter, type OrderEvent } from '../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

export const ORDER_EVENT_TYPES: readonly OrderEvent['type'][] = [
  'OrderPlaced',
  'PaymentSessionOpened',
  'PaymentPending',
  'PaymentReceived',
  'OrderCancelled',
  'OrderRefunded',
  'WithdrawalConsentGiven',
];
const isOrderEvent = isEventOf<OrderEvent>(ORDER_EVENT_TYPES);

/** The order number of an order placed before numbers were recorded in OrderPlaced. */
export const fallbackExternalId = (orderId: string) => `TS-${orderId.padStart(6, '0')}`;

/** The columns an event sets on its order, as the row holds them (times as ISO strings). */
type OrderFields = Record<string, string | number | boolean | null>;

/**
 * Orders, their items and their provider sessions, as the events recorded them: amounts are copied,
 * never recomputed, and every time comes from the event, so a rebuild gives the same rows.
 *
 * A batch is folded in memory and written with a few set-based statements, so a replay of a long
 * history (or `npm run reconcile`) does not pay a round trip per event: orders placed in the batch
 * are inserted with their later changes already applied, the columns later events set on older
 * orders are updated once (the latest event wins), items and sessions are inserted in bulk. The
 * rows are those that applying the events one by one gives.
 */
export const ordersProjection: RebuildableProjection = {
  name: 'orders',
  mode: 'inline',
  eventTypes: ORDER_EVENT_TYPES,
  // Orders first: the other two reference them.
  tables: [{ name: 'orders' }, { name: 'order_items' }, { name: 'order_payment_sessions' }],
  async apply(tx, events) {
    const placed = new Map<number, OrderFields>();
    const items: Record<string, unknown>[] = [];
    const sessions = new Map<string, Record<string, unknown>>();
    const changed = new Map<number, OrderFields>();
    const change = (orderId: number, fields: OrderFields) => {
      const row = placed.get(orderId);
      if (row) Object.assign(row, fields);
      else changed.set(orderId, Object.assign(changed.get(orderId) ?? {}, fields));
    };
    for (const event of events.filter(isOrderEvent)) {
      const updatedAt = event.recordedAt.toISOString();
      // The gift's events are the gifts read model's (gifts.projection.ts); the order's row keeps its status.
      if (event.type === 'GiftGiven' || event.type === 'GiftClaimed') continue;
      if (event.type === 'WithdrawalConsentGiven') {
        const { data } = event;
        change(Number(data.orderId), {
          withdrawal_consent_given_at: data.givenAt,
          withdrawal_consent_where: data.where,
          updated_at: updatedAt,
        });
        continue;
      }
      const status = paymentStatusAfter[event.type];
      switch (event.type) {
        case 'OrderPlaced': {
          const { data } = event;
          const { buyer, totals } = data;
          const orderId = Number(data.orderId);
          // Events of this order seen before it was placed changed nothing, one by one.
          changed.delete(orderId);
          placed.set(orderId, {
            id: orderId,
            external_id: data.externalId ?? fallbackExternalId(data.orderId),
            buyer_user_id: buyer.userId,
            buyer_email: buyer.email,
            buyer_name: buyer.fullName,
            buyer_country: buyer.country,
            guest: buyer.guest ?? false,
            payment_type: data.paymentType,
            status,
            total_cents: totals.totalCents,
            site_fee_cents: totals.siteFeeCents,
            payment_fee_cents: totals.paymentFeeCents,
            author_share_cents: totals.authorShareCents,
            fee_policy_version: data.feePolicyVersion,
            withdrawal_consent_asked: data.withdrawalConsentAsked === true,
            withdrawal_consent_given_at: null,
            withdrawal_consent_where: null,
            // VAT (docs/vat.md); an order placed before VAT has none.
            vat_cents: totals.vatCents ?? 0,
            vat_treatment: data.vat?.treatment ?? null,
            vat_country: data.vat?.country ?? null,
            vat_rate_basis_points: data.vat?.rateBasisPoints ?? null,
            vat_rate_set_version: data.vat?.rateSetVersion ?? null,
            buyer_vat_id: data.vat?.buyerVatId ?? null,
            vat_id_check: data.vat?.vatIdCheck ? JSON.stringify(data.vat.vatIdCheck) : null,
            ip_country: data.vat?.evidence.ipCountry ?? null,
            evidence_rule: data.vat?.evidence.rule ?? null,
            placed_at: data.placedAt,
            updated_at: updatedAt,
          });
          data.items.forEach((item, position) =>
            items.push({
              order_id: orderId,
              position,
              item_type: item.itemType,
              item_id: item.itemId,
              name: item.name,
              author_id: item.authorId,
              price_cents: item.priceCents,
              tip_cents: item.tipCents,
              site_fee_cents: item.siteFeeCents,
              payment_fee_cents: item.paymentFeeCents,
              author_share_cents: item.authorShareCents,
              vat_cents: item.vatCents ?? 0,
              list_price_cents: item.listPriceCents ?? null,
              skin_ids: item.skinIds ?? [],
            }),
          );
          break;
        }
        case 'PaymentSessionOpened': {
          const { data } = event;
          const key = JSON.stringify([data.provider, data.providerReference]);
          // The first session with a reference stays (insert … on conflict do nothing).
          if (!sessions.has(key)) {
            sessions.set(key, {
              provider: data.provider,
              provider_reference: data.providerReference,
              order_id: Number(data.orderId),
              url: data.url,
              opened_at: data.openedAt,
            });
          }
          change(Number(data.orderId), {
            status,
            provider: data.provider,
            provider_reference: data.providerReference,
            session_opened_at: data.openedAt,
            updated_at: updatedAt,
          });
          break;
        }
        case 'PaymentPending': {
          const { data } = event;
          change(Number(data.orderId), {
            status,
            provider: data.provider,
            provider_reference: data.providerReference,
            updated_at: updatedAt,
          });
          break;
        }
        case 'PaymentReceived': {
          const { data } = event;
          change(Number(data.orderId), {
            status,
            provider: data.provider,
            provider_reference: data.providerReference,
            provider_event_id: data.providerEventId,
            payment_received_at: data.receivedAt,
            card_country: data.cardCountry ?? null,
            updated_at: updatedAt,
          });
          break;
        }
        case 'OrderCancelled': {
          const { data } = event;
          change(Number(data.orderId), {
            status,
            cancelled_at: data.cancelledAt,
            cancel_reason: data.reason,
            updated_at: updatedAt,
          });
          break;
        }
        case 'OrderRefunded': {
          const { data } = event;
          change(Number(data.orderId), {
            status,
            refunded_at: data.refundedAt,
            refunded_by: data.by,
            refund_reason: data.reason,
            provider_refund_id: data.providerRefundId ?? null,
            updated_at: updatedAt,
          });
          break;
        }
      }
    }
    await insertOrders(tx, [...placed.values()]);
    await insertItems(tx, items);
    await insertSessions(tx, [...sessions.values()]);
    await updateOrders(tx, changed);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate orders, order_items, order_payment_sessions`);
  },
};

async function insertOrders(tx: DatabaseTransactionConnection, rows: OrderFields[]) {
  if (rows.length === 0) return;
  await tx.query(sql.unsafe`
    insert into orders (id, external_id, buyer_user_id, buyer_email, buyer_name, buyer_country, guest,
                        payment_type, status, total_cents, site_fee_cents, payment_fee_cents, author_share_cents,
                        fee_policy_version, provider, provider_reference, provider_event_id, placed_at,
                        session_opened_at, payment_received_at, cancelled_at, cancel_reason, refunded_at,
                         refunded_by, refund_reason, provider_refund_id, withdrawal_consent_asked,
                         withdrawal_consent_given_at, withdrawal_consent_where, updated_at, vat_cents,
                         vat_treatment, vat_country, vat_rate_basis_points, vat_rate_set_version, buyer_vat_id,
                         vat_id_check, ip_country, evidence_rule, card_country)
    select x.id, x.external_id, x.buyer_user_id, x.buyer_email, x.buyer_name, x.buyer_country, x.guest,
           x.payment_type, x.status, x.total_cents, x.site_fee_cents, x.payment_fee_cents, x.author_share_cents,
           x.fee_policy_version, x.provider, x.provider_reference, x.provider_event_id, x.placed_at,
           x.session_opened_at, x.payment_received_at, x.cancelled_at, x.cancel_reason, x.refunded_at,
           x.refunded_by, x.refund_reason, x.provider_refund_id, x.withdrawal_consent_asked,
           x.withdrawal_consent_given_at, x.withdrawal_consent_where, x.updated_at, coalesce(x.vat_cents, 0),
           x.vat_treatment, x.vat_country, x.vat_rate_basis_points, x.vat_rate_set_version, x.buyer_vat_id,
           x.vat_id_check::jsonb, x.ip_country, x.evidence_rule, x.card_country
    from json_to_recordset(${jsonRows(rows)}) as x(
      id bigint, external_id text, buyer_user_id bigint, buyer_email text, buyer_name text, buyer_country text,
      guest boolean, payment_type text, status text, total_cents int, site_fee_cents int, payment_fee_cents int,
      author_share_cents int, fee_policy_version text, provider text, provider_reference text,
      provider_event_id text, placed_at timestamptz, session_opened_at timestamptz,
      payment_received_at timestamptz, cancelled_at timestamptz, cancel_reason text, refunded_at timestamptz,
      refunded_by bigint, refund_reason text, provider_refund_id text, withdrawal_consent_asked boolean,
      withdrawal_consent_given_at timestamptz, withdrawal_consent_where text, updated_at timestamptz,
      vat_cents int, vat_treatment text, vat_country text, vat_rate_basis_points int,
      vat_rate_set_version text, buyer_vat_id text, vat_id_check text, ip_country text, evidence_rule text,
      card_country text)`);
}

async function insertItems(tx: DatabaseTransactionConnection, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  await tx.query(sql.unsafe`
    insert into order_items (order_id, position, item_type, item_id, name, author_id, price_cents, tip_cents,
                             site_fee_cents, payment_fee_cents, author_share_cents, skin_ids, vat_cents,
                             list_price_cents)
    select x.order_id, x.position, x.item_type, x.item_id, x.name, x.author_id, x.price_cents,
           x.tip_cents, x.site_fee_cents, x.payment_fee_cents, x.author_share_cents,
           array(select jsonb_array_elements_text(x.skin_ids)::bigint), x.vat_cents, x.list_price_cents
    from json_to_recordset(${jsonRows(rows)}) as x(
      order_id bigint, position int, item_type text, item_id bigint, name text, author_id bigint,
      price_cents int, tip_cents int, site_fee_cents int, payment_fee_cents int, author_share_cents int,
      skin_ids jsonb, vat_cents int, list_price_cents int)`);
}

async function insertSessions(tx: DatabaseTransactionConnection, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  await tx.query(sql.unsafe`
    insert into order_payment_sessions (provider, provider_reference, order_id, url, opened_at)
    select x.provider, x.provider_reference, x.order_id, x.url, x.opened_at
    from json_to_recordset(${jsonRows(rows)}) as x(
      provider text, provider_reference text, order_id bigint, url text, opened_at timestamptz)
    on conflict do nothing`);
}

/** Orders placed before the batch: each column a batch event set takes the latest value it was given. */
async function updateOrders(tx: DatabaseTransactionConnection, changed: Map<number, OrderFields>) {
  if (changed.size === 0) return;
  const rows = [...changed].map(([id, fields]) => ({ id, fields }));
  const casts = {
    text: sql.fragment``,
    timestamptz: sql.fragment`::timestamptz`,
    bigint: sql.fragment`::bigint`,
  };
  const columns: [string, keyof typeof casts][] = [
    ['status', 'text'],
    ['provider', 'text'],
    ['provider_reference', 'text'],
    ['provider_event_id', 'text'],
    ['session_opened_at', 'timestamptz'],
    ['payment_received_at', 'timestamptz'],
    ['cancelled_at', 'timestamptz'],
    ['cancel_reason', 'text'],
    ['refunded_at', 'timestamptz'],
    ['refunded_by', 'bigint'],
    ['refund_reason', 'text'],
    ['provider_refund_id', 'text'],
    ['withdrawal_consent_given_at', 'timestamptz'],
    ['withdrawal_consent_where', 'text'],
    ['card_country', 'text'],
    ['updated_at', 'timestamptz'],
  ];
  // A column the batch set wins (`?` asks whether it was set at all, so null can clear it).
  const assignments = columns.map(([name, type]) => {
    const column = sql.identifier([name]);
    return sql.fragment`${column} = case when x.fields ? ${name} then (x.fields->>${name})${casts[type]} else o.${column} end`;
  });
  await tx.query(sql.unsafe`
    update orders o set ${sql.join(assignments, sql.fragment`, `)}
    from json_to_recordset(${jsonRows(rows)}) as x(id bigint, fields jsonb)
    where o.id = x.id`);
}
