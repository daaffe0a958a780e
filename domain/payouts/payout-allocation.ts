import { authorPartsOf } from '../co-authors/author-share-split';
import type { OrderPaymentType } from '../fees';
import type { OrderedItem } from '../orders/order.events';
import {
  decidePayout,
  evolvePayout,
  initialPayoutState,
  type PayoutCommand,
  type PayoutState,
} from './payout.decider';
import { payoutItemKey, type PayoutEvent } from './payout.events';

/**
 * The payouts an allocation needs to see: every payout it may change, by id, with the indexes that
 * find an author's open payout and the payout holding an order item. The caller loads the part of
 * the book that the orders at hand touch (the authors' open payouts, the payouts holding refunded
 * items); a test can hold the whole book in memory.
 */
export type PayoutBook = {
  payouts: Map<number, PayoutState>;
  /** The author's one PENDING payout, when they have one. */
  pendingByAuthor: Map<number, number>;
  /** Which payout holds an author's part of an order item (`itemLocationKey`). */
  itemLocations: Map<string, number>;
};

export const emptyPayoutBook = (): PayoutBook => ({
  payouts: new Map(),
  pendingByAuthor: new Map(),
  itemLocations: new Map(),
});

/**
 * `42:0@7`: author 7's part of order 42's first item, across the book. A co-authored item is in
 * several payouts (one per author), so the order item's key alone does not find one.
 */
export const itemLocationKey = (item: { orderId: string; position: number }, authorId: number) =>
  `${payoutItemKey(item)}@${authorId}`;

/** Events decided for one payout, in order. */
export type PayoutDecision = { payoutId: number; events: PayoutEvent[] };

/** A paid order as its events recorded it: the items carry their author and author share. */
export type PaidOrder = {
  orderId: string;
  orderExternalId: string;
  paymentType: OrderPaymentType;
  paidAt: string;
  items: readonly OrderedItem[];
};

export type RefundedOrder = {
  orderId: string;
  orderExternalId: string;
  refundedAt: string;
  items: readonly OrderedItem[];
};

/** Runs a command on a payout of the book, records its events there and returns them. */
export function decideInBook(book: PayoutBook, payoutId: number, command: PayoutCommand): PayoutDecision {
  const state = book.payouts.get(payoutId) ?? initialPayoutState;
  const events = decidePayout(command, state);
  recordInBook(book, payoutId, events);
  return { payoutId, events };
}

/** Evolves the book's copy of a payout and its indexes with events that were decided or read. */
export function recordInBook(book: PayoutBook, payoutId: number, events: readonly PayoutEvent[]): void {
  let state = book.payouts.get(payoutId) ?? initialPayoutState;
  for (const event of events) {
    state = evolvePayout(state, event);
    if (event.type === 'PayoutItemAdded') {
      book.itemLocations.set(itemLocationKey(event.data.item, event.data.authorId), payoutId);
    }
    if (event.type === 'PayoutItemRemoved' && state.authorId !== null) {
      book.itemLocations.delete(itemLocationKey(event.data, state.authorId));
    }
  }
  placeInBook(book, payoutId, state);
}

/**
 * Puts a payout's state in the book (and its indexes): after its events, or as the caller loaded it.
 * A loaded state may hold only the items the orders at hand can touch.
 */
export function placeInBook(book: PayoutBook, payoutId: number, state: PayoutState): void {
  book.payouts.set(payoutId, state);
  if (state.authorId === null) return;
  for (const key of Object.keys(state.items)) book.itemLocations.set(`${key}@${state.authorId}`, payoutId);
  if (state.status === 'PENDING') book.pendingByAuthor.set(state.authorId, payoutId);
  else if (book.pendingByAuthor.get(state.authorId) === payoutId) book.pendingByAuthor.delete(state.authorId);
}

/** The author's open payout, opened now (at `at`) when they have none: one PENDING payout per author. */
function pendingPayoutOf(
  book: PayoutBook,
  authorId: number,
  at: string,
  nextPayoutId: () => number,
  decisions: PayoutDecision[],
): number {
  const pending = book.pendingByAuthor.get(authorId);
  if (pending !== undefined) return pending;
  const payoutId = nextPayoutId();
  decisions.push(
    decideInBook(book, payoutId, { type: 'OpenPayout', payoutId, authorId, openedAt: new Date(at) }),
  );
  return payoutId;
}

/**
 * A received payment: every item of the order goes, with the author share its order recorded, into
 * its author's open payout (opened for it when the author has none). A bundle is one item, paid to
 * the bundle's author. A co-authored item (the order recorded a split) goes into each of its
 * authors' open payouts with that author's part.
 */
export function allocatePayment(
  book: PayoutBook,
  order: PaidOrder,
  nextPayoutId: () => number,
): PayoutDecision[] {
  const decisions: PayoutDecision[] = [];
  order.items.forEach((item, position) => {
    const totalWeight = (item.authorShares ?? []).reduce((sum, part) => sum + part.weight, 0);
    for (const part of authorPartsOf(item)) {
      const payoutId = pendingPayoutOf(book, part.authorId, order.paidAt, nextPayoutId, decisions);
      decisions.push(
        decideInBook(book, payoutId, {
          type: 'AddPayoutItem',
          item: {
            orderId: order.orderId,
            orderExternalId: order.orderExternalId,
            position,
            itemType: item.itemType,
            itemId: item.itemId,
            name: item.name,
            priceCents: item.priceCents,
            tipCents: item.tipCents,
            // Copied only when the order recorded it: an order placed before VAT keeps its shape.
            ...(item.vatCents === undefined ? {} : { vatCents: item.vatCents }),
            siteFeeCents: item.siteFeeCents,
            paymentFeeCents: item.paymentFeeCents,
            authorShareCents: part.cents,
            ...(item.authorShares
              ? { split: { itemAuthorShareCents: item.authorShareCents, weight: part.weight, totalWeight } }
              : {}),
            paymentType: order.paymentType,
            paidAt: order.paidAt,
          },
        }),
      );
    }
  });
  return decisions;
}

/**
 * A refund takes each item's author share back, each author's part from that author: out of the
 * open payout that still holds it, or, when the part's payout is already locked, sent or failed (and
 * so frozen), as a negative adjustment booked into that author's open payout. Items with a part no
 * payout holds (never allocated) are returned in `unallocated` for the caller to report.
 */
export function allocateRefund(
  book: PayoutBook,
  order: RefundedOrder,
  nextPayoutId: () => number,
): { decisions: PayoutDecision[]; unallocated: number[] } {
  const decisions: PayoutDecision[] = [];
  const unallocated = new Set<number>();
  order.items.forEach((item, position) => {
    const key = payoutItemKey({ orderId: order.orderId, position });
    for (const part of authorPartsOf(item)) {
      const holderId = book.itemLocations.get(
        itemLocationKey({ orderId: order.orderId, position }, part.authorId),
      );
      const holder = holderId === undefined ? undefined : book.payouts.get(holderId);
      if (holderId === undefined || !holder) {
        unallocated.add(position);
        continue;
      }
      if (holder.status === 'PENDING') {
        decisions.push(
          decideInBook(book, holderId, {
            type: 'RemovePayoutItem',
            orderId: order.orderId,
            position,
            removedAt: new Date(order.refundedAt),
          }),
        );
        continue;
      }
      const payoutId = pendingPayoutOf(book, part.authorId, order.refundedAt, nextPayoutId, decisions);
      decisions.push(
        decideInBook(book, payoutId, {
          type: 'AddPayoutAdjustment',
          adjustment: {
            kind: 'REFUND',
            amountCents: -(holder.items[key] ?? part.cents),
            name: `Refund: ${item.name}`,
            orderId: order.orderId,
            orderExternalId: order.orderExternalId,
            position,
            itemType: item.itemType,
            itemId: item.itemId,
            fromPayoutId: holderId,
          },
          addedAt: new Date(order.refundedAt),
        }),
      );
    }
  });
  return { decisions, unallocated: [...unallocated] };
}
