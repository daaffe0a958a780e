import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feePolicy, priceOrder, type OrderPaymentType } from '../fees';
import { sumCents } from '../money';
import { statementTotals, type StatementLine } from './payout-statement';

// Sold items as real orders price them (tips included), and refunds taking some shares back.
const payouts = fc.record({
  orders: fc.array(
    fc.record({
      items: fc.array(
        fc.record({
          priceCents: fc.integer({ min: 200, max: 50_000 }),
          tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      paymentType: fc.constantFrom<OrderPaymentType>('STRIPE', 'PAYPAL'),
      country: fc.constantFrom('cz', 'de', 'us', null),
    }),
    { minLength: 0, maxLength: 8 },
  ),
  refunds: fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 3 }),
});

function linesOf(payout: typeof payouts extends fc.Arbitrary<infer P> ? P : never): StatementLine[] {
  const items = payout.orders.flatMap((order) =>
    priceOrder({
      items: order.items.map((item, key) => ({ key, ...item })),
      paymentType: order.paymentType,
      country: order.country,
      policy: feePolicy({}),
    }).items.map((item): StatementLine => ({
      kind: 'ITEM',
      priceCents: item.priceCents,
      tipCents: item.tipCents,
      paymentFeeCents: item.paymentFeeCents,
      siteFeeCents: item.siteFeeCents,
      authorShareCents: item.authorShareCents,
    })),
  );
  const adjustments = payout.refunds.map((cents): StatementLine => ({
    kind: 'ADJUSTMENT',
    priceCents: -cents,
    tipCents: 0,
    paymentFeeCents: 0,
    siteFeeCents: 0,
    authorShareCents: -cents,
  }));
  return [...items, ...adjustments];
}

describe('statementTotals, for any payout of priced items with tips and refund adjustments', () => {
  it('balances to the cent: price + tip − fees + adjustments is the author share, the sum of the lines', () => {
    fc.assert(
      fc.property(payouts, (payout) => {
        const lines = linesOf(payout);
        const totals = statementTotals(lines);
        expect(totals.authorShareCents).toBe(sumCents(lines.map((line) => line.authorShareCents)));
        expect(
          totals.priceCents +
            totals.tipCents -
            totals.paymentFeeCents -
            totals.siteFeeCents +
            totals.adjustmentsCents,
        ).toBe(totals.authorShareCents);
        expect(totals.itemCount + totals.adjustmentCount).toBe(lines.length);
      }),
    );
  });

  it('counts the tips in the totals (the statement of payout 28: 60,37 − 6,48 − 1,28 + 3,33 of tips = 55,94)', () => {
    const totals = statementTotals([
      {
        kind: 'ITEM',
        priceCents: 3037,
        tipCents: 333,
        paymentFeeCents: 348,
        siteFeeCents: 68,
        authorShareCents: 2954,
      },
      {
        kind: 'ITEM',
        priceCents: 3000,
        tipCents: 0,
        paymentFeeCents: 300,
        siteFeeCents: 60,
        authorShareCents: 2640,
      },
    ]);
    expect(totals).toMatchObject({
      priceCents: 6037,
      tipCents: 333,
      paymentFeeCents: 648,
      siteFeeCents: 128,
    });
    expect(totals.authorShareCents).toBe(5594);
  });
});
