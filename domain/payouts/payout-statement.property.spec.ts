import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feePolicy, priceOrder, type OrderPaymentType } from '../fees';
import { percentOf, sumCents } from '../money';
import { lineNetCents, statementTotals, type StatementLine } from './payout-statement';

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

/**
 * Items of orders placed with VAT, as the order events record them (whatever fee rules priced them):
 * VAT carved out of price + tip at a rate, the fees taken from the net, the author's share the rest,
 * so price + tip = VAT + site fee + payment fee + author share. The statement copies these numbers;
 * it never prices anything, so any split that keeps the identity is one it must add up.
 */
const vatItems = fc.array(
  fc
    .record({
      priceCents: fc.integer({ min: 1, max: 50_000 }),
      tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
      // 0 (reverse charge, outside the EU) up to 27 % (Hungary).
      rateBasisPoints: fc.constantFrom(0, 500, 700, 1900, 2000, 2100, 2500, 2700),
      siteFeeBasisPoints: fc.integer({ min: 0, max: 3000 }),
      paymentFeeBasisPoints: fc.integer({ min: 0, max: 1000 }),
    })
    .map(
      ({
        priceCents,
        tipCents,
        rateBasisPoints,
        siteFeeBasisPoints,
        paymentFeeBasisPoints,
      }): StatementLine => {
        const gross = priceCents + tipCents;
        // The VAT a VAT-inclusive amount holds: gross × rate / (1 + rate).
        const vatCents = gross - Math.round((gross * 10_000) / (10_000 + rateBasisPoints));
        const net = gross - vatCents;
        const siteFeeCents = percentOf(net, siteFeeBasisPoints);
        const paymentFeeCents = Math.min(percentOf(gross, paymentFeeBasisPoints), net - siteFeeCents);
        return {
          kind: 'ITEM',
          priceCents,
          tipCents,
          vatCents,
          siteFeeCents,
          paymentFeeCents,
          authorShareCents: net - siteFeeCents - paymentFeeCents,
        };
      },
    ),
  { maxLength: 8 },
);

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
      // Priced before VAT: the order recorded none.
      vatCents: 0,
      paymentFeeCents: item.paymentFeeCents,
      siteFeeCents: item.siteFeeCents,
      authorShareCents: item.authorShareCents,
    })),
  );
  const adjustments = payout.refunds.map((cents): StatementLine => ({
    kind: 'ADJUSTMENT',
    priceCents: -cents,
    tipCents: 0,
    vatCents: 0,
    paymentFeeCents: 0,
    siteFeeCents: 0,
    authorShareCents: -cents,
  }));
  return [...items, ...adjustments];
}

/** Both identities of a statement's totals, and that they are the lines' sums. */
function expectBalanced(lines: readonly StatementLine[]) {
  const totals = statementTotals(lines);
  const items = lines.filter((line) => line.kind === 'ITEM');
  expect(totals.authorShareCents).toBe(sumCents(lines.map((line) => line.authorShareCents)));
  expect(totals.grossCents).toBe(totals.priceCents + totals.tipCents);
  expect(totals.vatCents).toBe(sumCents(items.map((line) => line.vatCents)));
  expect(totals.netCents).toBe(totals.grossCents - totals.vatCents);
  expect(totals.netCents).toBe(sumCents(items.map(lineNetCents)));
  expect(
    totals.vatCents +
      totals.siteFeeCents +
      totals.paymentFeeCents +
      totals.authorShareCents -
      totals.adjustmentsCents,
  ).toBe(totals.grossCents);
  expect(totals.netCents - totals.paymentFeeCents - totals.siteFeeCents + totals.adjustmentsCents).toBe(
    totals.authorShareCents,
  );
  expect(totals.itemCount + totals.adjustmentCount).toBe(lines.length);
  return totals;
}

describe('statementTotals, for any payout of priced items with tips and refund adjustments', () => {
  it('balances to the cent: price + tip − fees + adjustments is the author share, the sum of the lines', () => {
    fc.assert(
      fc.property(payouts, (payout) => {
        const totals = expectBalanced(linesOf(payout));
        // Orders placed before VAT: no VAT, the net is the gross.
        expect(totals.vatCents).toBe(0);
        expect(totals.netCents).toBe(totals.grossCents);
      }),
    );
  });

  it('balances with VAT-era items beside older ones: gross = VAT + site fee + payment fee + author share − adjustments', () => {
    fc.assert(
      fc.property(payouts, vatItems, (payout, withVat) => {
        const lines = [...linesOf(payout), ...withVat];
        const totals = expectBalanced(lines);
        expect(totals.vatCents).toBe(sumCents(withVat.map((line) => line.vatCents)));
      }),
    );
  });

  it('counts the tips in the totals (the statement of payout 28: 60,37 − 6,48 − 1,28 + 3,33 of tips = 55,94)', () => {
    const totals = statementTotals([
      {
        kind: 'ITEM',
        priceCents: 3037,
        tipCents: 333,
        vatCents: 0,
        paymentFeeCents: 348,
        siteFeeCents: 68,
        authorShareCents: 2954,
      },
      {
        kind: 'ITEM',
        priceCents: 3000,
        tipCents: 0,
        vatCents: 0,
        paymentFeeCents: 300,
        siteFeeCents: 60,
        authorShareCents: 2640,
      },
    ]);
    expect(totals).toMatchObject({
      priceCents: 6037,
      tipCents: 333,
      grossCents: 6370,
      vatCents: 0,
      netCents: 6370,
      paymentFeeCents: 648,
      siteFeeCents: 128,
    });
    expect(totals.authorShareCents).toBe(5594);
  });

  it('carves VAT out of the gross: a German buyer pays 3,50 € with 19 % VAT (0,56 €), the net 2,94 € is split', () => {
    const totals = statementTotals([
      {
        kind: 'ITEM',
        priceCents: 350,
        tipCents: 0,
        vatCents: 56,
        siteFeeCents: 29,
        paymentFeeCents: 30,
        authorShareCents: 235,
      },
      {
        kind: 'ADJUSTMENT',
        priceCents: -100,
        tipCents: 0,
        vatCents: 0,
        siteFeeCents: 0,
        paymentFeeCents: 0,
        authorShareCents: -100,
      },
    ]);
    expect(totals).toMatchObject({ grossCents: 350, vatCents: 56, netCents: 294, adjustmentsCents: -100 });
    expect(totals.authorShareCents).toBe(135);
  });
});
