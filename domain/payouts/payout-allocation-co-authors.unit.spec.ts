import { describe, expect, it } from 'vitest';
import type { OrderedItem } from '../orders/order.events';
import {
  allocatePayment,
  allocateRefund,
  decideInBook,
  emptyPayoutBook,
  type PayoutBook,
} from './payout-allocation';
import type { PayoutDestination, PayoutEvent } from './payout.events';

const OWNER = 3;
const CO = 8;
const coAuthored: OrderedItem = {
  itemType: 'SKIN',
  itemId: 7,
  name: 'Glacier Ember Racer',
  authorId: OWNER,
  priceCents: 350,
  tipCents: 0,
  vatCents: 56,
  siteFeeCents: 6,
  paymentFeeCents: 35,
  authorShareCents: 15001,
  authorShares: [
    { authorId: OWNER, weight: 2, cents: 10001 },
    { authorId: CO, weight: 1, cents: 5000 },
  ],
};
const alone: OrderedItem = { ...coAuthored, itemId: 9, authorShares: undefined };
delete (alone as { authorShares?: unknown }).authorShares;

const order = { orderId: '42', orderExternalId: 'TS-000042' };
const events = (decisions: { payoutId: number; events: PayoutEvent[] }[]) =>
  decisions.flatMap((d) => d.events.map((event) => ({ payoutId: d.payoutId, event })));

function paid(book: PayoutBook, items: OrderedItem[], next: () => number) {
  return allocatePayment(
    book,
    { ...order, paymentType: 'STRIPE', paidAt: '2026-11-28T10:00:00Z', items },
    next,
  );
}

describe('allocating a co-authored item', () => {
  it('puts each author’s part into their own payout, with the item’s whole share beside it', () => {
    let id = 0;
    const book = emptyPayoutBook();
    const added = events(paid(book, [coAuthored, alone], () => ++id)).filter(
      (e) => e.event.type === 'PayoutItemAdded',
    );
    expect(
      added.map(({ payoutId, event }) => [payoutId, event.type === 'PayoutItemAdded' && event.data.item]),
    ).toEqual([
      [
        1,
        expect.objectContaining({
          position: 0,
          authorShareCents: 10001,
          split: { itemAuthorShareCents: 15001, weight: 2, totalWeight: 3 },
        }),
      ],
      [
        2,
        expect.objectContaining({
          position: 0,
          authorShareCents: 5000,
          split: { itemAuthorShareCents: 15001, weight: 1, totalWeight: 3 },
        }),
      ],
      [1, expect.not.objectContaining({ split: expect.anything() })],
    ]);
    expect(book.payouts.get(1)).toMatchObject({ authorId: OWNER, balanceCents: 10001 + 15001 });
    expect(book.payouts.get(2)).toMatchObject({ authorId: CO, balanceCents: 5000 });
  });

  it('a refund takes each part back from its own author’s open payout', () => {
    let id = 0;
    const book = emptyPayoutBook();
    paid(book, [coAuthored], () => ++id);
    const { decisions, unallocated } = allocateRefund(
      book,
      { ...order, refundedAt: '2026-11-29T10:00:00Z', items: [coAuthored] },
      () => ++id,
    );
    expect(unallocated).toEqual([]);
    expect(
      events(decisions).map(({ payoutId, event }) => [
        payoutId,
        event.type,
        'authorShareCents' in event.data && event.data.authorShareCents,
      ]),
    ).toEqual([
      [1, 'PayoutItemRemoved', 10001],
      [2, 'PayoutItemRemoved', 5000],
    ]);
    expect(book.payouts.get(1)?.balanceCents).toBe(0);
    expect(book.payouts.get(2)?.balanceCents).toBe(0);
  });

  it('a part already in a locked payout comes back as an adjustment in that author’s next payout', () => {
    let id = 0;
    const book = emptyPayoutBook();
    paid(book, [coAuthored], () => ++id);
    const destination: PayoutDestination = {
      method: 'PAYPAL',
      name: 'Co Author',
      paypalAccount: 'co@example.com',
    };
    decideInBook(book, 2, {
      type: 'LockPayout',
      destination,
      payoutDate: null,
      lockedAt: new Date('2026-11-28T12:00:00Z'),
    });
    expect(book.payouts.get(2)?.status).toBe('LOCKED');
    const { decisions } = allocateRefund(
      book,
      { ...order, refundedAt: '2026-11-29T10:00:00Z', items: [coAuthored] },
      () => ++id,
    );
    const out = events(decisions);
    expect(out.map(({ payoutId, event }) => [payoutId, event.type])).toEqual([
      [1, 'PayoutItemRemoved'],
      [3, 'PayoutOpened'],
      [3, 'PayoutAdjustmentAdded'],
    ]);
    const adjustment = out.find((e) => e.event.type === 'PayoutAdjustmentAdded')?.event;
    expect(adjustment?.data).toMatchObject({ authorId: CO, amountCents: -5000, fromPayoutId: 2 });
  });
});
