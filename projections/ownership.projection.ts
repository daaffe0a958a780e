import { sql } from 'slonik';
import type { GiftClaimed, GiftGiven } from '../domain/gifts/gift.events';
import type {
  OrderCancelled,
  OrderPlaced,
  OrderRefunded,
  PaymentReceived,
} from '../domain/orders/order.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

type OwnershipEvent =
  OrderPlaced | PaymentReceived | OrderCancelled | OrderRefunded | GiftGiven | GiftClaimed;
const OWNERSHIP_EVENT_TYPES: readonly OwnershipEvent['type'][] = [
  'OrderPlaced',
  'PaymentReceived',
  'OrderCancelled',
  'OrderRefunded',
  'GiftGiven',
  'GiftClaimed',
];
const isOwnershipEvent = isEventOf<OwnershipEvent>(OWNERSHIP_EVENT_TYPES);

type Grant = { order_id: number; user_id: number; acquired_at: string | null };
type SkinGrant = Grant & { skin_id: number; bundle_id: number };
type BundleGrant = Grant & { bundle_id: number };

/** What a batch does to one order's rows: to those written before it, and the rows it writes. */
type OrderGrants = {
  /** The order's earlier rows are removed (a cancellation or refund). */
  removeEarlier: boolean;
  /** The payment time the earlier rows take (the latest payment wins). */
  acquireEarlier: string | null;
  skins: SkinGrant[];
  bundles: BundleGrant[];
};

/**
 * Who owns which skin and bundle. An order's grants are written when it is placed (not yet owned),
 * become owned when its payment is received, and disappear when it is cancelled or refunded. A
 * bundle grants the skins it held when it was bought (recorded in OrderPlaced), so a rebuild gives
 * the same rows whatever the bundle holds today. Only this projection's own rows are read, so it
 * rebuilds on its own.
 *
 * A gift (docs/gifts.md) grants its buyer nothing: GiftGiven, recorded with the placement, takes
 * back what OrderPlaced wrote for the buyer, and GiftClaimed grants the order's items (copied into
 * the event) to the account that claimed, owned from the claim. A refund removes the order's rows
 * whoever holds them, so the recipient loses the items with it.
 *
 * A batch is folded per order in memory and written with a few set-based statements (removals,
 * payments of earlier rows, then the new rows), giving the rows that applying the events one by one
 * gives, without a round trip per event on a long replay.
 */
export const ownershipProjection: RebuildableProjection = {
  name: 'ownership',
  mode: 'inline',
  eventTypes: OWNERSHIP_EVENT_TYPES,
  tables: [{ name: 'owned_bundles' }, { name: 'owned_skins' }],
  async apply(tx, events) {
    const orders = new Map<number, OrderGrants>();
    const grantsOf = (orderId: number) => {
      let grants = orders.get(orderId);
      if (!grants) {
        grants = { removeEarlier: false, acquireEarlier: null, skins: [], bundles: [] };
        orders.set(orderId, grants);
      }
      return grants;
    };
    for (const event of events.filter(isOwnershipEvent)) {
      switch (event.type) {
        case 'OrderPlaced': {
          const { data } = event;
          const userId = data.buyer.userId;
          // An order without an account grants nothing anyone could use.
          if (userId === null) break;
          const order_id = Number(data.orderId);
          const grants = grantsOf(order_id);
          const grant = { order_id, user_id: userId, acquired_at: null };
          for (const item of data.items) {
            if (item.itemType === 'SKIN') {
              grants.skins.push({ ...grant, skin_id: item.itemId, bundle_id: 0 });
            } else {
              grants.bundles.push({ ...grant, bundle_id: item.itemId });
              for (const skinId of item.skinIds ?? []) {
                grants.skins.push({ ...grant, skin_id: skinId, bundle_id: item.itemId });
              }
            }
          }
          break;
        }
        case 'PaymentReceived': {
          const { data } = event;
          const grants = grantsOf(Number(data.orderId));
          grants.acquireEarlier = data.receivedAt;
          for (const row of [...grants.skins, ...grants.bundles]) row.acquired_at = data.receivedAt;
          break;
        }
        case 'GiftClaimed': {
          const { data } = event;
          const order_id = Number(data.orderId);
          const grants = grantsOf(order_id);
          const grant = { order_id, user_id: data.userId, acquired_at: data.claimedAt };
          for (const item of data.items) {
            if (item.itemType === 'SKIN') {
              grants.skins.push({ ...grant, skin_id: item.itemId, bundle_id: 0 });
            } else {
              grants.bundles.push({ ...grant, bundle_id: item.itemId });
              for (const skinId of item.skinIds ?? []) {
                grants.skins.push({ ...grant, skin_id: skinId, bundle_id: item.itemId });
              }
            }
          }
          break;
        }
        case 'GiftGiven':
        case 'OrderCancelled':
        case 'OrderRefunded': {
          const { data } = event;
          orders.set(Number(data.orderId), {
            removeEarlier: true,
            acquireEarlier: null,
            skins: [],
            bundles: [],
          });
          break;
        }
      }
    }
    const all = [...orders];
    const removed = all.filter(([, grants]) => grants.removeEarlier).map(([orderId]) => orderId);
    const acquired = all.flatMap(([order_id, grants]) =>
      grants.acquireEarlier === null ? [] : [{ order_id, acquired_at: grants.acquireEarlier }],
    );
    // Rows of the same order and item are written once (insert … on conflict do nothing): the first stays.
    const skins = all.flatMap(([, grants]) => grants.skins);
    const bundles = all.flatMap(([, grants]) => grants.bundles);

    if (removed.length > 0) {
      const ids = sql.array(removed, 'int8');
      await tx.query(sql.unsafe`delete from owned_bundles where order_id = any(${ids})`);
      await tx.query(sql.unsafe`delete from owned_skins where order_id = any(${ids})`);
    }
    if (acquired.length > 0) {
      for (const table of ['owned_bundles', 'owned_skins']) {
        await tx.query(sql.unsafe`
          update ${sql.identifier([table])} t set acquired_at = x.acquired_at
          from json_to_recordset(${jsonRows(acquired)}) as x(order_id bigint, acquired_at timestamptz)
          where t.order_id = x.order_id`);
      }
    }
    if (bundles.length > 0) {
      await tx.query(sql.unsafe`
        insert into owned_bundles (order_id, bundle_id, user_id, acquired_at)
        select x.order_id, x.bundle_id, x.user_id, x.acquired_at
        from json_to_recordset(${jsonRows(bundles)}) as x(
          order_id bigint, bundle_id bigint, user_id bigint, acquired_at timestamptz)
        on conflict do nothing`);
    }
    if (skins.length > 0) {
      await tx.query(sql.unsafe`
        insert into owned_skins (order_id, skin_id, bundle_id, user_id, acquired_at)
        select x.order_id, x.skin_id, x.bundle_id, x.user_id, x.acquired_at
        from json_to_recordset(${jsonRows(skins)}) as x(
          order_id bigint, skin_id bigint, bundle_id bigint, user_id bigint, acquired_at timestamptz)
        on conflict do nothing`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate owned_bundles, owned_skins`);
  },
};
