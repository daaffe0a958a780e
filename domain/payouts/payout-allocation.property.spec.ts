import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderedItem } from '../orders/order.events';
import { PayoutRefused, type PayoutState } from './payout.decider';
import type { PayoutDestination } from './payout.events';
import {
  allocatePayment,
  allocateRefund,
  decideInBook,
  emptyPayoutBook,
  type PayoutBook,
} from './payout-allocation';

const AUTHORS = [1, 2, 3];
const bank: PayoutDestination = {
  method: 'BANK_TRANSFER',
  name: 'Jan Novak',
  street: 'Karlova 1',
  city: 'Praha',
  country: 'cz',
  iban: 'CZ6508000000192000145399',
  bic: 'GIBACZPX',
};
const paypal: PayoutDestination = { method: 'PAYPAL', name: 'Jan Novak', paypalAccount: 'jan@example.com' };

/** What can happen to payouts, in any order: sales, refunds and every admin step. */
const action = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      items: fc.array(
        fc.record({ authorId: fc.constantFrom(...AUTHORS), share: fc.integer({ min: 150, max: 48_000 }) }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lock' as const),
      pick: fc.nat(),
      destination: fc.constantFrom<PayoutDestination | null>(bank, paypal, null),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('export' as const, 'send' as const, 'fail' as const, 'relock' as const),
      pick: fc.nat(),
    }),
  },
);

type Ledger = {
  book: PayoutBook;
  orders: { orderId: string; items: OrderedItem[]; refunded: boolean }[];
  /** What each frozen payout held when it was locked. */
  frozen: Map<number, { items: PayoutState['items']; balance: number }>;
};

const at = new Date('2026-03-10T12:00:00Z');

function orderedItem(authorId: number, share: number, index: number): OrderedItem {
  return {
    itemType: index % 3 === 2 ? 'BUNDLE' : 'SKIN',
    itemId: index,
    name: `Item ${index}`,
    authorId,
    priceCents: share + 100,
    tipCents: 0,
    siteFeeCents: 40,
    paymentFeeCents: 60,
    authorShareCents: share,
  };
}

/** Runs one step; a refused command must leave the book as it was. */
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

function step(ledger: Ledger, next: Action, nextId: () => number): void {
  const { book } = ledger;
  const payouts = [...book.payouts.entries()];
  const pick = <T>(list: readonly T[], index: number) =>
    list.length === 0 ? undefined : list[index % list.length];
  const attempt = (payoutId: number, run: () => void) => {
    const before = structuredClone(book.payouts.get(payoutId));
    try {
      run();
    } catch (error) {
      if (!(error instanceof PayoutRefused)) throw error;
      expect(book.payouts.get(payoutId)).toEqual(before);
    }
  };
  switch (next.kind) {
    case 'pay': {
      const orderId = String(ledger.orders.length + 1);
      const items = next.items.map((item, index) => orderedItem(item.authorId, item.share, index));
      ledger.orders.push({ orderId, items, refunded: false });
      allocatePayment(
        book,
        { orderId, orderExternalId: `TS-${orderId}`, paymentType: 'STRIPE', paidAt: at.toISOString(), items },
        nextId,
      );
      return;
    }
    case 'refund': {
      const order = pick(
        ledger.orders.filter((candidate) => !candidate.refunded),
        next.pick,
      );
      if (!order) return;
      order.refunded = true;
      const { unallocated } = allocateRefund(
        book,
        {
          orderId: order.orderId,
          orderExternalId: `TS-${order.orderId}`,
          refundedAt: at.toISOString(),
          items: order.items,
        },
        nextId,
      );
      expect(unallocated).toEqual([]);
      return;
    }
    case 'lock': {
      const target = pick(
        payouts.filter(([, state]) => state.status === 'PENDING'),
        next.pick,
      );
      if (!target) return;
      attempt(target[0], () => {
        decideInBook(book, target[0], {
          type: 'LockPayout',
          destination: next.destination,
          payoutDate: '2026-03-16',
          lockedAt: at,
        });
        ledger.frozen.set(target[0], { items: target[1].items, balance: target[1].balanceCents });
      });
      return;
    }
    default: {
      const target = pick(payouts, next.pick);
      if (!target) return;
      const [payoutId, state] = target;
      attempt(payoutId, () => {
        if (next.kind === 'export') {
          decideInBook(book, payoutId, {
            type: 'RecordPayoutExport',
            fileId: 'file-1',
            batchId: 'TS-SEPA-1',
            exportedAt: at,
          });
        } else if (next.kind === 'send') {
          decideInBook(book, payoutId, {
            type: 'SendPayout',
            transferReference: state.exported?.batchId ?? 'PP-1',
            sentAt: at,
          });
        } else if (next.kind === 'fail') {
          decideInBook(book, payoutId, { type: 'FailPayout', reason: 'Account closed', failedAt: at });
        } else {
          decideInBook(book, payoutId, {
            type: 'RelockPayout',
            destination: bank,
            payoutDate: '2026-04-01',
            relockedAt: at,
          });
        }
      });
    }
  }
}

describe('payout allocation over any history of sales, refunds, locks, sends and failures', () => {
  it('never creates or loses money, keeps one pending payout per author, and never changes a locked payout', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const ledger: Ledger = { book: emptyPayoutBook(), orders: [], frozen: new Map() };
        let lastId = 0;
        const nextId = () => ++lastId;
        for (const next of actions) {
          step(ledger, next, nextId);
          const states = [...ledger.book.payouts.values()];

          // Money: the payouts hold exactly the shares of the items paid and not refunded.
          const earned = ledger.orders
            .filter((order) => !order.refunded)
            .flatMap((order) => order.items)
            .reduce((sum, item) => sum + item.authorShareCents, 0);
          expect(states.reduce((sum, state) => sum + state.balanceCents, 0)).toBe(earned);

          // One open payout per author, and the book's index agrees.
          for (const author of AUTHORS) {
            const pending = [...ledger.book.payouts.entries()].filter(
              ([, state]) => state.authorId === author && state.status === 'PENDING',
            );
            expect(pending.length).toBeLessThanOrEqual(1);
            expect(ledger.book.pendingByAuthor.get(author)).toBe(pending[0]?.[0]);
          }

          // A payout once locked keeps its items and amount, whatever happens after.
          for (const [payoutId, frozen] of ledger.frozen) {
            const state = ledger.book.payouts.get(payoutId)!;
            expect(state.items).toEqual(frozen.items);
            expect(state.balanceCents).toBe(frozen.balance);
            expect(state.lockedAmountCents).toBe(frozen.balance);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
