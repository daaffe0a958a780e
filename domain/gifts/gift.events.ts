import type { OrderItemRef } from '../orders/order.events';

// A gift is an order bought for someone else (docs/gifts.md). Its events live on the order's own
// stream (`order-{orderId}`), beside the payment and the refund, so that a claim and a refund of
// the same order are decided one after the other on one stream and never both win.

/** An item of a gift: a skin, or a bundle with the skins it held when it was bought. */
export type GiftedItem = OrderItemRef & { skinIds?: number[] };

/**
 * The buyer bought the order as a gift for whoever opens the link mailed to `recipientEmail`.
 * Appended with OrderPlaced in the same decision; the buyer (the giver) never owns the items
 * through this order. Personal data: `recipientEmail` and `note` (a message written to a person).
 */
export type GiftGiven = {
  type: 'GiftGiven';
  data: {
    orderId: string;
    /** The account that bought the order (OrderPlaced's buyer): the giver. */
    giverUserId: number | null;
    /** Where the claim link is mailed once the order is paid. */
    recipientEmail: string;
    /** The giver's note to the recipient, shown in the mail and on the claim page; null: none. */
    note: string | null;
    givenAt: string;
  };
};

/**
 * The account `userId` opened a claim link of the gift while signed in and now owns its items
 * (the items are copied from the order, so ownership replays from this event alone). Once per gift.
 */
export type GiftClaimed = {
  type: 'GiftClaimed';
  data: {
    orderId: string;
    userId: number;
    /** The claim link that was opened (its id, never the signed token). */
    linkId: string;
    items: GiftedItem[];
    claimedAt: string;
  };
};

export type GiftEvent = GiftGiven | GiftClaimed;
