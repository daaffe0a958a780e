import { sql } from 'slonik';
import {
  paymentStatusAfter,
  type OrderCancelled,
  type OrderEvent,
  type OrderPlaced,
  type OrderRefunded,
  type PaymentReceived,
  type PaymentSessionOpened,
} from '../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../infra/db/pool';
import type { StoredEvent } from '../infra/event-store/event-store';
import type { Projection } from '../infra/projection-engine/projection';

export const ORDER_EVENT_TYPES: readonly OrderEvent['type'][] = [
  'OrderPlaced',
  'PaymentSessionOpened',
  'PaymentReceived',
  'OrderCancelled',
  'OrderRefunded',
];

/** The order number of an order placed before numbers were recorded in OrderPlaced. */
export const fallbackExternalId = (orderId: string) => `TS-${orderId.padStart(6, '0')}`;

/**
 * Orders, their items and their provider sessions, as the events recorded them: amounts are copied,
 * never recomputed, and every time comes from the event, so a rebuild gives the same rows.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  mode: 'inline',
  eventTypes: ORDER_EVENT_TYPES,
  async apply(tx, events) {
    // Orders are few next to downloads or votes: one statement per event keeps each change plain.
    for (const event of events) await applyOrderEvent(tx, event);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate orders, order_items, order_payment_sessions`);
  },
};

async function applyOrderEvent(tx: DatabaseTransactionConnection, event: StoredEvent) {
  const type = event.type as OrderEvent['type'];
  const status = paymentStatusAfter[type];
  const recordedAt = event.recordedAt.toISOString();
  switch (type) {
    case 'OrderPlaced': {
      const data = event.data as OrderPlaced['data'];
      const { buyer, totals } = data;
      await tx.query(sql.unsafe`
        insert into orders (id, external_id, buyer_user_id, buyer_email, buyer_name, buyer_country, guest,
                            payment_type, status, total_cents, site_fee_cents, payment_fee_cents,
                            author_share_cents, fee_policy_version, placed_at, updated_at)
        values (${Number(data.orderId)}, ${data.externalId ?? fallbackExternalId(data.orderId)},
                ${buyer.userId}, ${buyer.email}, ${buyer.fullName}, ${buyer.country}, ${buyer.guest ?? false},
                ${data.paymentType}, ${status}, ${totals.totalCents}, ${totals.siteFeeCents},
                ${totals.paymentFeeCents}, ${totals.authorShareCents}, ${data.feePolicyVersion},
                ${data.placedAt}, ${recordedAt})`);
      const items = data.items.map((item, position) => ({
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
        skin_ids: item.skinIds ?? [],
      }));
      await tx.query(sql.unsafe`
        insert into order_items (order_id, position, item_type, item_id, name, author_id, price_cents, tip_cents,
                                 site_fee_cents, payment_fee_cents, author_share_cents, skin_ids)
        select ${Number(data.orderId)}, x.position, x.item_type, x.item_id, x.name, x.author_id, x.price_cents,
               x.tip_cents, x.site_fee_cents, x.payment_fee_cents, x.author_share_cents,
               array(select jsonb_array_elements_text(x.skin_ids)::bigint)
        from jsonb_to_recordset(${sql.jsonb(items)}) as x(
          position int, item_type text, item_id bigint, name text, author_id bigint, price_cents int,
          tip_cents int, site_fee_cents int, payment_fee_cents int, author_share_cents int, skin_ids jsonb)`);
      return;
    }
    case 'PaymentSessionOpened': {
      const data = event.data as PaymentSessionOpened['data'];
      await tx.query(sql.unsafe`
        insert into order_payment_sessions (provider, provider_reference, order_id, url, opened_at)
        values (${data.provider}, ${data.providerReference}, ${Number(data.orderId)}, ${data.url}, ${data.openedAt})
        on conflict do nothing`);
      await tx.query(sql.unsafe`
        update orders set status = ${status}, provider = ${data.provider},
          provider_reference = ${data.providerReference}, session_opened_at = ${data.openedAt},
          updated_at = ${recordedAt}
        where id = ${Number(data.orderId)}`);
      return;
    }
    case 'PaymentReceived': {
      const data = event.data as PaymentReceived['data'];
      await tx.query(sql.unsafe`
        update orders set status = ${status}, provider = ${data.provider},
          provider_reference = ${data.providerReference}, provider_event_id = ${data.providerEventId},
          payment_received_at = ${data.receivedAt}, updated_at = ${recordedAt}
        where id = ${Number(data.orderId)}`);
      return;
    }
    case 'OrderCancelled': {
      const data = event.data as OrderCancelled['data'];
      await tx.query(sql.unsafe`
        update orders set status = ${status}, cancelled_at = ${data.cancelledAt}, cancel_reason = ${data.reason},
          updated_at = ${recordedAt}
        where id = ${Number(data.orderId)}`);
      return;
    }
    case 'OrderRefunded': {
      const data = event.data as OrderRefunded['data'];
      await tx.query(sql.unsafe`
        update orders set status = ${status}, refunded_at = ${data.refundedAt}, refunded_by = ${data.by},
          refund_reason = ${data.reason}, updated_at = ${recordedAt}
        where id = ${Number(data.orderId)}`);
      return;
    }
  }
}
