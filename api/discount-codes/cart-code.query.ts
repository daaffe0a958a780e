import { codeReductionsForCart } from '../../domain/discount-codes/code-checkout';
import { orderItemKey } from '../../domain/orders/order.events';
import type { CatalogueItem } from '../../domain/orders/order.decider';
import type { Queryable } from '../../infra/db/pool';
import { boughtBefore, findDiscountCode, termsOf } from './discount-codes.repository';

/**
 * The cart's items with the buyer's code applied: a CODE reduction added after any sale on each
 * item the code covers, or the refusal the buyer reads (BAD_USER_INPUT on `code`). The code's uses
 * are read here from the read model; the redemption written with the order checks them again on the
 * code's stream, so the last use goes to one order only.
 */
export async function applyDiscountCode(
  db: Queryable,
  items: CatalogueItem[],
  input: { code: string; buyer: { userId: number; signedIn: boolean }; at: Date },
): Promise<CatalogueItem[]> {
  const row = await findDiscountCode(db, input.code);
  const terms = row ? termsOf(row) : null;
  const rule = terms?.earlierBuyersOf;
  const boughtEarlier = !rule
    ? false
    : input.buyer.signedIn
      ? await boughtBefore(db, input.buyer.userId, rule.item, rule.before)
      : null;
  const reductions = codeReductionsForCart({ code: input.code, terms, items, boughtEarlier, at: input.at });
  return items.map((item) => {
    const reduction = reductions.get(orderItemKey(item));
    return reduction ? { ...item, reductions: [...(item.reductions ?? []), reduction] } : item;
  });
}
