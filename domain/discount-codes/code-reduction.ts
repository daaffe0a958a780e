import { MAX_FIXED_CENTS, MIN_PAID_PRICE_CENTS } from '../fees';
import { allocate, percentOf, type Cents } from '../money';
import type { CodeReductionRule } from './discount-code.events';

/**
 * The least a paid item may cost after a code: the site's minimum paid price (2 EUR), which is
 * above any payment provider's fixed fee the fee policy accepts (at most 1 EUR), so no item is ever
 * sold for less than the fee it bears, or for nothing.
 */
export const CODE_PRICE_FLOOR_CENTS: Cents = Math.max(MIN_PAID_PRICE_CENTS, MAX_FIXED_CENTS);

/**
 * What a code takes off each item it covers, given each item's price before the code (after a
 * running sale). The rule at the floor: the reduction is capped so that the item still costs the
 * floor; an item already at or below it gets nothing off.
 * - PERCENT: each item's percentage, rounded to the cent (half up), then capped.
 * - AMOUNT: one amount off the items together: at most what their room above the floor allows,
 *   split over them in proportion to that room by largest remainder, so the parts add up to it
 *   exactly and none passes its item's floor.
 */
export function codeReductionCents(
  rule: CodeReductionRule,
  pricesCents: readonly Cents[],
  floorCents: Cents = CODE_PRICE_FLOOR_CENTS,
): Cents[] {
  const rooms = pricesCents.map((price) => Math.max(0, price - floorCents));
  if (rule.kind === 'PERCENT') {
    return pricesCents.map((price, index) =>
      Math.min(percentOf(Math.max(0, price), rule.percent * 100), rooms[index]!),
    );
  }
  const roomTotal = rooms.reduce((sum, room) => sum + room, 0);
  return allocate(Math.min(rule.cents, roomTotal), rooms);
}
