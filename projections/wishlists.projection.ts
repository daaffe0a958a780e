import { sql } from 'slonik';
import type { ItemUnwished, ItemWished } from '../domain/community/community.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type WishEvent = ItemWished | ItemUnwished;
const isWishEvent = isEventOf<WishEvent>(['ItemWished', 'ItemUnwished']);

/**
 * Each person's wishlist, in the wish's own transaction (the heart shows it at once). One user's
 * wish for one item is one stream, which the feed gives in stream order: the batch is folded per
 * wish to its last event (a wish writes the row with its decided time, an unwish deletes it), so any
 * split of the feed into batches gives the same rows.
 */
export const wishlistsProjection: RebuildableProjection = {
  name: 'wishlists',
  mode: 'inline',
  eventTypes: ['ItemWished', 'ItemUnwished'],
  tables: [{ name: 'wishlist_items' }],
  async apply(tx, events) {
    const last = new Map<string, WishEvent>();
    for (const event of events.filter(isWishEvent)) {
      last.set(`${event.data.userId}-${event.data.itemType}-${event.data.itemId}`, event);
    }
    const wishes: { user_id: number; item_type: string; item_id: number; wished_at: string }[] = [];
    const unwishes: { user_id: number; item_type: string; item_id: number }[] = [];
    for (const event of last.values()) {
      const key = { user_id: event.data.userId, item_type: event.data.itemType, item_id: event.data.itemId };
      if (event.type === 'ItemWished') wishes.push({ ...key, wished_at: event.data.wishedAt });
      else unwishes.push(key);
    }
    if (unwishes.length > 0) {
      await tx.query(sql.unsafe`
        delete from wishlist_items w
        using json_to_recordset(${jsonRows(unwishes)}) as x(user_id bigint, item_type text, item_id bigint)
        where w.user_id = x.user_id and w.item_type = x.item_type and w.item_id = x.item_id`);
    }
    if (wishes.length > 0) {
      await tx.query(sql.unsafe`
        insert into wishlist_items (user_id, item_type, item_id, wished_at)
        select user_id, item_type, item_id, wished_at
        from json_to_recordset(${jsonRows(wishes)}) as x(user_id bigint, item_type text, item_id bigint, wished_at timestamptz)
        on conflict (user_id, item_type, item_id) do update set wished_at = excluded.wished_at`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate wishlist_items`);
  },
};
