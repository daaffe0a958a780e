import { sql } from 'slonik';
import type {
  OrderCancelled,
  OrderEvent,
  OrderPlaced,
  OrderRefunded,
  PaymentReceived,
} from '../domain/orders/order.events';
import type { Projection } from '../infra/projection-engine/projection';

/**
 * Who owns which skin and bundle. An order's grants are written when it is placed (not yet owned),
 * become owned when its payment is received, and disappear when it is cancelled or refunded. A
 * bundle grants the skins it held when it was bought (recorded in OrderPlaced), so a rebuild gives
 * the same rows whatever the bundle holds today. Only this projection's own rows are read, so it
 * rebuilds on its own.
 */
export const ownershipProjection: Projection = {
  name: 'ownership',
  mode: 'inline',
  eventTypes: [
    'OrderPlaced',
    'PaymentReceived',
    'OrderCancelled',
    'OrderRefunded',
  ] satisfies OrderEvent['type'][],
  async apply(tx, events) {
    for (const event of events) {
      switch (event.type as OrderEvent['type']) {
        case 'OrderPlaced': {
          const data = event.data as OrderPlaced['data'];
          const userId = data.buyer.userId;
          // An order without an account grants nothing anyone could use.
          if (userId === null) break;
          const orderId = Number(data.orderId);
          const bundles = data.items.filter((item) => item.itemType === 'BUNDLE');
          const skins = data.items.flatMap((item) =>
            item.itemType === 'SKIN'
              ? [{ skin_id: item.itemId, bundle_id: 0 }]
              : (item.skinIds ?? []).map((skinId) => ({ skin_id: skinId, bundle_id: item.itemId })),
          );
          if (bundles.length > 0) {
            await tx.query(sql.unsafe`
              insert into owned_bundles (order_id, bundle_id, user_id)
              select ${orderId}, bundle_id, ${userId}
              from unnest(${sql.array(
                bundles.map((item) => item.itemId),
                'int8',
              )}) as bundle_id
              on conflict do nothing`);
          }
          if (skins.length > 0) {
            await tx.query(sql.unsafe`
              insert into owned_skins (order_id, skin_id, bundle_id, user_id)
              select ${orderId}, x.skin_id, x.bundle_id, ${userId}
              from jsonb_to_recordset(${sql.jsonb(skins)}) as x(skin_id bigint, bundle_id bigint)
              on conflict do nothing`);
          }
          break;
        }
        case 'PaymentReceived': {
          const data = event.data as PaymentReceived['data'];
          const orderId = Number(data.orderId);
          await tx.query(
            sql.unsafe`update owned_bundles set acquired_at = ${data.receivedAt} where order_id = ${orderId}`,
          );
          await tx.query(
            sql.unsafe`update owned_skins set acquired_at = ${data.receivedAt} where order_id = ${orderId}`,
          );
          break;
        }
        case 'OrderCancelled':
        case 'OrderRefunded': {
          const data = event.data as (OrderCancelled | OrderRefunded)['data'];
          const orderId = Number(data.orderId);
          await tx.query(sql.unsafe`delete from owned_bundles where order_id = ${orderId}`);
          await tx.query(sql.unsafe`delete from owned_skins where order_id = ${orderId}`);
          break;
        }
        default:
          break;
      }
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate owned_bundles, owned_skins`);
  },
};
