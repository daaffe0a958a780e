import { sql } from 'slonik';
import type { ItemPriceChanged, ItemPublished } from '../domain/community/community.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isPriceEvent = isEventOf<ItemPublished | ItemPriceChanged>(['ItemPublished', 'ItemPriceChanged']);

/**
 * The regular prices each skin and bundle was offered at, from the catalogue's facts: the price it
 * was published at, then each price change, keyed by the event's position. A sale's reference price
 * (the lowest of the 30 days before it) reads one index range of it. Inline, so a price changed just
 * before a sale starts is already in the reference.
 */
export const itemPriceHistoryProjection: RebuildableProjection = {
  name: 'item-price-history',
  mode: 'inline',
  eventTypes: ['ItemPublished', 'ItemPriceChanged'],
  tables: [{ name: 'item_price_history' }],
  async apply(tx, events) {
    const rows = events.filter(isPriceEvent).map((event) => ({
      item_type: event.data.itemType,
      item_id: event.data.itemId,
      position: event.globalPosition,
      changed_at: event.type === 'ItemPublished' ? event.data.publishedAt : event.data.changedAt,
      price_cents: event.type === 'ItemPublished' ? event.data.priceCents : event.data.toCents,
    }));
    if (rows.length === 0) return;
    await tx.query(sql.unsafe`
      insert into item_price_history (item_type, item_id, position, changed_at, price_cents)
      select item_type, item_id, position, changed_at, price_cents
      from json_to_recordset(${jsonRows(rows)})
        as x(item_type text, item_id bigint, position bigint, changed_at timestamptz, price_cents integer)
      on conflict do nothing`);
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate item_price_history`);
  },
};
