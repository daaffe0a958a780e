import { sql } from 'slonik';
import type { GiftClaimed, GiftGiven } from '../domain/gifts/gift.events';
import type { OrderCancelled, OrderRefunded } from '../domain/orders/order.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type GiftsEvent = GiftGiven | GiftClaimed | OrderCancelled | OrderRefunded;
const GIFTS_EVENT_TYPES: readonly GiftsEvent['type'][] = [
  'GiftGiven',
  'GiftClaimed',
  'OrderCancelled',
  'OrderRefunded',
];
const isGiftsEvent = isEventOf<GiftsEvent>(GIFTS_EVENT_TYPES);

type GiftFields = Record<string, string | number | null>;

/**
 * The gifts (docs/gifts.md): one row per order given as a gift, OPEN until its recipient claims it
 * (CLAIMED, by which account and when), ENDED when the order is refunded (or cancelled unpaid).
 * Every value comes from the events. A batch is folded in memory per order: gifts given in the
 * batch are inserted with their later changes applied, the changes to older gifts are one update
 * (the latest event wins), so any split of the feed gives the same rows. A cancellation or refund
 * of an order that is no gift updates nothing.
 */
export const giftsProjection: RebuildableProjection = {
  name: 'gifts',
  mode: 'inline',
  eventTypes: GIFTS_EVENT_TYPES,
  tables: [{ name: 'gifts' }],
  async apply(tx, events) {
    const given = new Map<number, GiftFields>();
    const changed = new Map<number, GiftFields>();
    const change = (orderId: number, fields: GiftFields) => {
      const row = given.get(orderId);
      if (row) Object.assign(row, fields);
      else changed.set(orderId, Object.assign(changed.get(orderId) ?? {}, fields));
    };
    for (const event of events.filter(isGiftsEvent)) {
      const orderId = Number(event.data.orderId);
      switch (event.type) {
        case 'GiftGiven':
          changed.delete(orderId);
          given.set(orderId, {
            order_id: orderId,
            giver_user_id: event.data.giverUserId,
            recipient_email: event.data.recipientEmail,
            note: event.data.note,
            given_at: event.data.givenAt,
            status: 'OPEN',
            claimed_by: null,
            claimed_at: null,
            ended_at: null,
            end_reason: null,
          });
          break;
        case 'GiftClaimed':
          change(orderId, {
            status: 'CLAIMED',
            claimed_by: event.data.userId,
            claimed_at: event.data.claimedAt,
          });
          break;
        case 'OrderCancelled':
          change(orderId, { status: 'ENDED', ended_at: event.data.cancelledAt, end_reason: 'CANCELLED' });
          break;
        case 'OrderRefunded':
          change(orderId, { status: 'ENDED', ended_at: event.data.refundedAt, end_reason: 'REFUNDED' });
          break;
      }
    }
    if (given.size > 0) {
      await tx.query(sql.unsafe`
        insert into gifts (order_id, giver_user_id, recipient_email, note, given_at, status,
                           claimed_by, claimed_at, ended_at, end_reason)
        select x.order_id, x.giver_user_id, x.recipient_email, x.note, x.given_at, x.status,
               x.claimed_by, x.claimed_at, x.ended_at, x.end_reason
        from json_to_recordset(${jsonRows([...given.values()])}) as x(
          order_id bigint, giver_user_id bigint, recipient_email text, note text, given_at timestamptz,
          status text, claimed_by bigint, claimed_at timestamptz, ended_at timestamptz, end_reason text)
        on conflict (order_id) do nothing`);
    }
    if (changed.size > 0) {
      const rows = [...changed].map(([order_id, fields]) => ({ order_id, ...fields }));
      // A claim keeps its account and time when the gift ends later: the row says both.
      await tx.query(sql.unsafe`
        update gifts g set
          status = x.status,
          claimed_by = coalesce(x.claimed_by, g.claimed_by),
          claimed_at = coalesce(x.claimed_at, g.claimed_at),
          ended_at = coalesce(x.ended_at, g.ended_at),
          end_reason = coalesce(x.end_reason, g.end_reason)
        from json_to_recordset(${jsonRows(rows)}) as x(
          order_id bigint, status text, claimed_by bigint, claimed_at timestamptz,
          ended_at timestamptz, end_reason text)
        where g.order_id = x.order_id`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate gifts`);
  },
};
