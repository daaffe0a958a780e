import { orderItemKey, type OrderItemRef, type PriceReduction } from '../orders/order.events';
import type { Cents } from '../money';
import { codeReductionCents } from './code-reduction';
import {
  checkCodeUsable,
  codeRefusalMessages,
  DiscountCodeRefused,
  type CodeTerms,
} from './discount-code.decider';

/** A cart item as checkout found it: its regular price and the reductions already applied (a sale). */
export type CartItemForCode = OrderItemRef & {
  authorId: number;
  priceCents: Cents;
  payWhatYouWant?: boolean;
  reductions?: readonly PriceReduction[];
};

/** Whether the code covers the item: its author's, in its list (or all), at a fixed price. */
export function codeCovers(terms: CodeTerms, item: CartItemForCode): boolean {
  if (item.authorId !== terms.authorId || item.payWhatYouWant) return false;
  if (terms.items.kind === 'ALL') return true;
  return terms.items.items.some((ref) => ref.itemType === item.itemType && ref.itemId === item.itemId);
}

/**
 * The CODE reductions a code gives a cart, by item key (only items it takes something off), or the
 * refusal the buyer reads (BAD_USER_INPUT on `code`), in this order: unknown, withdrawn, expired,
 * used up, not for these items, only for earlier buyers, nothing left above the floor. The code
 * applies to each covered item's price after its sale (`codeReductionCents` caps it at the floor).
 * `boughtEarlier` is whether the buyer met the earlier-purchase condition; null for a guest, who
 * cannot show it without signing in.
 */
export function codeReductionsForCart(input: {
  code: string;
  terms: CodeTerms | null;
  items: readonly CartItemForCode[];
  boughtEarlier: boolean | null;
  at: Date;
}): Map<string, PriceReduction> {
  const { code } = input;
  const terms = checkCodeUsable(code, input.terms, input.at);
  const refuse = (message: string) =>
    new DiscountCodeRefused('INVALID_CODE', 'BAD_USER_INPUT', message, 'code');
  const covered = input.items.filter((item) => codeCovers(terms, item));
  if (covered.length === 0) throw refuse(codeRefusalMessages.notForItems(code));
  if (terms.earlierBuyersOf && input.boughtEarlier !== true) {
    throw refuse(
      input.boughtEarlier === null
        ? codeRefusalMessages.earlierBuyersSignIn(code, terms.earlierBuyersOf)
        : codeRefusalMessages.earlierBuyersOnly(code, terms.earlierBuyersOf),
    );
  }
  const asked = covered.map(
    (item) => item.priceCents - (item.reductions ?? []).reduce((sum, reduction) => sum + reduction.cents, 0),
  );
  const cents = codeReductionCents(terms.reduction, asked);
  const reductions = new Map<string, PriceReduction>();
  covered.forEach((item, index) => {
    const off = cents[index]!;
    if (off > 0)
      reductions.set(orderItemKey(item), { source: 'CODE', id: terms.code, label: terms.code, cents: off });
  });
  if (reductions.size === 0) throw refuse(codeRefusalMessages.atFloor(code));
  return reductions;
}
