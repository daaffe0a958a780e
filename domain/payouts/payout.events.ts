import type { OrderPaymentType } from '../fees';
import type { Cents } from '../money';
import type { OrderItemType } from '../orders/order.events';

/** One payout of one author: stream `payout-{payoutId}`, stream type `payout`. */
export const PAYOUT_STREAM_TYPE = 'payout';
export const payoutStreamId = (payoutId: number) => `payout-${payoutId}`;

/** The contract's PayoutStatus. */
export type PayoutStatus = 'PENDING' | 'LOCKED' | 'SENT' | 'ERROR';
export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['PENDING', 'LOCKED', 'SENT', 'ERROR'];

/** The contract's PayoutMethod. */
export type PayoutMethod = 'BANK_TRANSFER' | 'PAYPAL';

/** Where the money goes, copied from the author's payout details when the payout is locked. */
export type PayoutDestination =
  | {
      method: 'BANK_TRANSFER';
      name: string;
      street: string;
      city: string;
      /** Two-letter lowercase code. */
      country: string;
      /** Electronic format, no spaces. */
      iban: string;
      bic: string;
    }
  | { method: 'PAYPAL'; name: string; paypalAccount: string };

/** A sold item as the order recorded it: the author's share is copied, never recomputed. */
export type PayoutItem = {
  orderId: string;
  /** The order number people see. */
  orderExternalId: string;
  /** The item's position in the order: with the order id, the item's identity. */
  position: number;
  itemType: OrderItemType;
  itemId: number;
  name: string;
  priceCents: Cents;
  tipCents: Cents;
  /**
   * The VAT the order carved out of price + tip, copied from the order item; absent for items of
   * orders placed before VAT and for payout items recorded before it was copied (read as 0).
   * net = price + tip − VAT; author share = net − site fee − payment fee.
   */
  vatCents?: Cents;
  siteFeeCents: Cents;
  paymentFeeCents: Cents;
  /** What this payout's author earns from the item: the whole author share, or their part of it. */
  authorShareCents: Cents;
  /**
   * Only for a co-authored item (the order recorded a split): the item's whole author share before
   * the split, and this author's weight in it. `authorShareCents` is then this author's part.
   */
  split?: { itemAuthorShareCents: Cents; weight: number; totalWeight: number };
  paymentType: OrderPaymentType;
  /** When the buyer's payment was received. */
  paidAt: string;
};

/**
 * `42:0`: an order item's key within one payout (a payout is one author's, and an item gives each
 * author at most one part).
 */
export const payoutItemKey = (item: { orderId: string; position: number }) =>
  `${item.orderId}:${item.position}`;

/** Times are ISO 8601 strings (UTC); amounts integer euro cents. */
export type PayoutOpened = {
  type: 'PayoutOpened';
  data: { payoutId: number; authorId: number; openedAt: string };
};

export type PayoutItemAdded = {
  type: 'PayoutItemAdded';
  data: { payoutId: number; authorId: number; item: PayoutItem };
};

/** A refunded order's item leaves the open payout it was in. */
export type PayoutItemRemoved = {
  type: 'PayoutItemRemoved';
  data: {
    payoutId: number;
    orderId: string;
    position: number;
    authorShareCents: Cents;
    reason: 'ORDER_REFUNDED';
    removedAt: string;
  };
};

/**
 * A correction booked into an open payout: the author's share of a refunded order whose item was
 * already in a locked, sent or failed payout is taken back here (a negative amount).
 */
export type PayoutAdjustmentAdded = {
  type: 'PayoutAdjustmentAdded';
  data: {
    payoutId: number;
    authorId: number;
    kind: 'REFUND';
    /** Negative: money taken back. */
    amountCents: Cents;
    name: string;
    orderId: string;
    orderExternalId: string;
    position: number;
    itemType: OrderItemType;
    itemId: number;
    /** The payout that had paid (or was to pay) the item. */
    fromPayoutId: number;
    addedAt: string;
  };
};

export type PayoutLocked = {
  type: 'PayoutLocked';
  data: {
    payoutId: number;
    authorId: number;
    /** Frozen: the sum of the items and adjustments at the lock. */
    amountCents: Cents;
    itemCount: number;
    destination: PayoutDestination;
    /** The bank payout date it is meant for (YYYY-MM-DD); null for PayPal (sent on request). */
    payoutDate: string | null;
    lockedAt: string;
  };
};

/**
 * The end-to-end reference of a payout's bank transfer: derived from the payout alone, so it is the
 * same in every SEPA file the payout could ever be in, and a bank's duplicate check catches a second
 * upload of the same transfer.
 */
export const sepaEndToEndId = (payoutId: number) => `TSP-${payoutId}`;

/**
 * A bank payout was put into a SEPA credit transfer file (schema version 2; version 1 had no
 * `fileId`: those files were not stored, and read with `fileId: null`).
 */
export type PayoutExported = {
  type: 'PayoutExported';
  data: {
    payoutId: number;
    /** The stored file that holds it (`sepa_files.id`); null for exports made before files were stored. */
    fileId: string | null;
    /** The file's message id (the batch reference the bank sees). */
    batchId: string;
    /** The transfer's end-to-end reference inside the file. */
    endToEndId: string;
    exportedAt: string;
  };
};

/**
 * An admin took a payout out of the SEPA file that held it (the file was never paid, or the bank
 * rejected it as a whole), with a reason: the payout may go into another file.
 */
export type PayoutExportWithdrawn = {
  type: 'PayoutExportWithdrawn';
  data: {
    payoutId: number;
    fileId: string | null;
    batchId: string;
    reason: string;
    withdrawnAt: string;
  };
};

export type PayoutSent = {
  type: 'PayoutSent';
  data: {
    payoutId: number;
    /** Whose payout: the person the destination's details belong to (absent in events before it was recorded). */
    authorId?: number;
    amountCents: Cents;
    destination: PayoutDestination;
    /** The SEPA file's message id, or PayPal's payout batch id. */
    transferReference: string;
    sentAt: string;
  };
};

export type PayoutFailed = {
  type: 'PayoutFailed';
  data: { payoutId: number; reason: string; failedAt: string };
};

/** A failed payout is locked again with the author's corrected details, for the same amount. */
export type PayoutRelocked = {
  type: 'PayoutRelocked';
  data: {
    payoutId: number;
    /** Whose payout (absent in events before it was recorded). */
    authorId?: number;
    destination: PayoutDestination;
    payoutDate: string | null;
    relockedAt: string;
  };
};

export type PayoutEvent =
  | PayoutOpened
  | PayoutItemAdded
  | PayoutItemRemoved
  | PayoutAdjustmentAdded
  | PayoutLocked
  | PayoutExported
  | PayoutExportWithdrawn
  | PayoutSent
  | PayoutFailed
  | PayoutRelocked;
export type PayoutEventType = PayoutEvent['type'];

export const PAYOUT_EVENT_TYPES: readonly PayoutEventType[] = [
  'PayoutOpened',
  'PayoutItemAdded',
  'PayoutItemRemoved',
  'PayoutAdjustmentAdded',
  'PayoutLocked',
  'PayoutExported',
  'PayoutExportWithdrawn',
  'PayoutSent',
  'PayoutFailed',
  'PayoutRelocked',
];

/** Shape versions of the events' data (the store's `schemaVersion`). */
export const payoutEventSchemaVersions: Record<PayoutEventType, number> = {
  PayoutOpened: 1,
  PayoutItemAdded: 1,
  PayoutItemRemoved: 1,
  PayoutAdjustmentAdded: 1,
  PayoutLocked: 1,
  PayoutExported: 2,
  PayoutExportWithdrawn: 1,
  PayoutSent: 1,
  PayoutFailed: 1,
  PayoutRelocked: 1,
};
