import type { Cents } from '../money';
import type { OrderCancellationReason, OrderItemRef } from '../orders/order.events';

/**
 * An author's discount code (docs/sales-and-codes.md, "Discount codes"): stream
 * `discount-code-{CODE}`, the code in capitals. The stream id is the code, so a code is unique on
 * the site by the event store's own check (a create expects no stream), whatever its case.
 */
export const DISCOUNT_CODE_STREAM_TYPE = 'discount-code';
export const discountCodeStreamId = (code: string) => `discount-code-${code}`;

/** What a code takes off: a whole percentage of each item's price, or an amount off the order's items together. */
export type CodeReductionRule = { kind: 'PERCENT'; percent: number } | { kind: 'AMOUNT'; cents: Cents };

/** The items a code is for: every item of its author (also later ones), or the ones listed. */
export type CodeItemScope = { kind: 'ALL' } | { kind: 'ITEMS'; items: OrderItemRef[] };

/**
 * Only buyers who bought this item (paid, not refunded) before this time may use the code, e.g. a
 * thank-you for the first version's buyers. The name is the item's when the code was made.
 */
export type EarlierBuyersRule = { item: OrderItemRef & { name: string }; before: string };

export type DiscountCodeCreated = {
  type: 'DiscountCodeCreated';
  data: {
    code: string;
    authorId: number;
    reduction: CodeReductionRule;
    items: CodeItemScope;
    /** How many orders may redeem it (null: no limit). */
    maxUses: number | null;
    /** From then on it is refused (null: never). */
    expiresAt: string | null;
    earlierBuyersOf: EarlierBuyersRule | null;
    createdAt: string;
  };
};

export type DiscountCodeDeactivated = {
  type: 'DiscountCodeDeactivated';
  data: { code: string; by: number; deactivatedAt: string };
};

/**
 * An order used the code (once per order, written in the order's own transaction): the cents it
 * took off each item, as the order recorded them in its CODE reductions.
 */
export type DiscountCodeRedeemed = {
  type: 'DiscountCodeRedeemed';
  data: {
    code: string;
    orderId: string;
    items: (OrderItemRef & { cents: Cents })[];
    cents: Cents;
    redeemedAt: string;
  };
};

/**
 * The order that redeemed the code was closed unpaid (expired, cancelled by the buyer, declined):
 * the use counts no more. A refund of a paid order gives no use back.
 */
export type DiscountCodeRedemptionReleased = {
  type: 'DiscountCodeRedemptionReleased';
  data: { code: string; orderId: string; reason: OrderCancellationReason; releasedAt: string };
};

export type DiscountCodeEvent =
  DiscountCodeCreated | DiscountCodeDeactivated | DiscountCodeRedeemed | DiscountCodeRedemptionReleased;
export type DiscountCodeEventType = DiscountCodeEvent['type'];

export const discountCodeEventSchemaVersions: Record<DiscountCodeEventType, number> = {
  DiscountCodeCreated: 1,
  DiscountCodeDeactivated: 1,
  DiscountCodeRedeemed: 1,
  DiscountCodeRedemptionReleased: 1,
};

export const DISCOUNT_CODE_EVENT_TYPES = Object.keys(
  discountCodeEventSchemaVersions,
) as DiscountCodeEventType[];
