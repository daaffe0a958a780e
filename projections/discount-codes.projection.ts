import { sql } from 'slonik';
import {
  DISCOUNT_CODE_EVENT_TYPES,
  type DiscountCodeEvent,
} from '../domain/discount-codes/discount-code.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';

const isDiscountCodeEvent = isEventOf<DiscountCodeEvent>(DISCOUNT_CODE_EVENT_TYPES);

/**
 * Discount codes and their redemptions, in the transaction of each code event (an author sees a new
 * code at once, and checkout counts a use as soon as it is written). Events apply one by one in feed
 * order, and every time a row holds is the event's own.
 */
export const discountCodesProjection: RebuildableProjection = {
  name: 'discount-codes',
  mode: 'inline',
  eventTypes: DISCOUNT_CODE_EVENT_TYPES,
  tables: [{ name: 'discount_codes' }, { name: 'discount_code_redemptions' }],
  async apply(tx, events) {
    for (const event of events.filter(isDiscountCodeEvent)) {
      switch (event.type) {
        case 'DiscountCodeCreated': {
          const d = event.data;
          await tx.query(sql.unsafe`
            insert into discount_codes (code, author_id, reduction_kind, percent, amount_cents, all_items, items,
                                        max_uses, expires_at, earlier_buyers_of, active, uses, created_at)
            values (${d.code}, ${d.authorId}, ${d.reduction.kind},
                    ${d.reduction.kind === 'PERCENT' ? d.reduction.percent : null},
                    ${d.reduction.kind === 'AMOUNT' ? d.reduction.cents : null},
                    ${d.items.kind === 'ALL'}, ${sql.jsonb(d.items.kind === 'ITEMS' ? d.items.items : [])},
                    ${d.maxUses}, ${d.expiresAt}, ${d.earlierBuyersOf ? sql.jsonb(d.earlierBuyersOf) : null},
                    true, 0, ${d.createdAt})
            on conflict (code) do nothing`);
          break;
        }
        case 'DiscountCodeDeactivated':
          await tx.query(sql.unsafe`
            update discount_codes set active = false, deactivated_at = ${event.data.deactivatedAt}
            where code = ${event.data.code}`);
          break;
        case 'DiscountCodeRedeemed': {
          const d = event.data;
          await tx.query(sql.unsafe`
            insert into discount_code_redemptions (code, order_id, cents, items, redeemed_at)
            values (${d.code}, ${d.orderId}, ${d.cents}, ${sql.jsonb(d.items)}, ${d.redeemedAt})`);
          await tx.query(sql.unsafe`update discount_codes set uses = uses + 1 where code = ${d.code}`);
          break;
        }
        case 'DiscountCodeRedemptionReleased': {
          const d = event.data;
          await tx.query(sql.unsafe`
            update discount_code_redemptions set released_at = ${d.releasedAt}, release_reason = ${d.reason}
            where code = ${d.code} and order_id = ${d.orderId}`);
          await tx.query(sql.unsafe`update discount_codes set uses = uses - 1 where code = ${d.code}`);
          break;
        }
      }
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate discount_codes, discount_code_redemptions`);
  },
};
