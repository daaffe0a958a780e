import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  offeredPriceAt,
  referencePriceCents,
  REFERENCE_WINDOW_MS,
  type PriceHistory,
} from './reference-price';
import type { SaleTerms } from './sale.events';

const DAY = 24 * 60 * 60 * 1000;
const start = Date.parse('2026-11-20T00:00:00Z');
const time = fc.integer({ min: start - 60 * DAY, max: start + 5 * DAY });
const cents = fc.integer({ min: 200, max: 50_000 });
const terms: fc.Arbitrary<SaleTerms> = fc.oneof(
  fc.record({ kind: fc.constant('PERCENT' as const), percentOff: fc.integer({ min: 1, max: 90 }) }),
  fc.record({ kind: fc.constant('PRICE' as const), salePriceCents: cents }),
);
const history: fc.Arbitrary<PriceHistory> = fc.record({
  listPrices: fc
    .array(fc.record({ at: time, cents }), { maxLength: 8 })
    .map((prices) => [...prices].sort((a, b) => a.at - b.at)),
  sales: fc.array(
    fc
      .tuple(time, fc.integer({ min: 1, max: 31 * DAY }), terms)
      .map(([from, length, t]) => ({ from, to: from + length, terms: t })),
    { maxLength: 4 },
  ),
  currentCents: cents,
});

describe('reference price (lowest of the 30 days before)', () => {
  it('is never above a price offered at any moment of the window', () => {
    fc.assert(
      fc.property(
        history,
        fc.array(fc.integer({ min: 0, max: REFERENCE_WINDOW_MS - 1 }), { maxLength: 20 }),
        (h, offsets) => {
          const reference = referencePriceCents(h, start);
          for (const offset of offsets) {
            const offered = offeredPriceAt(h, start - REFERENCE_WINDOW_MS + offset);
            if (offered !== null) expect(reference).toBeLessThanOrEqual(offered);
          }
          for (const change of [
            ...h.listPrices.map((p) => p.at),
            ...h.sales.flatMap((s) => [s.from, s.to]),
          ]) {
            if (change < start - REFERENCE_WINDOW_MS || change >= start) continue;
            const offered = offeredPriceAt(h, change);
            if (offered !== null) expect(reference).toBeLessThanOrEqual(offered);
          }
        },
      ),
    );
  });

  it('is a price that was really offered in the window (or the price at the start)', () => {
    fc.assert(
      fc.property(history, (h) => {
        const reference = referencePriceCents(h, start);
        const offered = new Set<number | null>();
        for (let at = start - REFERENCE_WINDOW_MS; at < start; at += 60_000 * 30)
          offered.add(offeredPriceAt(h, at));
        for (const change of [...h.listPrices.map((p) => p.at), ...h.sales.flatMap((s) => [s.from, s.to])]) {
          if (change >= start - REFERENCE_WINDOW_MS && change < start) offered.add(offeredPriceAt(h, change));
        }
        offered.add(offeredPriceAt(h, start));
        offered.add(h.currentCents);
        expect(offered.has(reference)).toBe(true);
      }),
    );
  });

  it('equals the regular price when nothing changed in the window and no sale ran', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 31 * DAY, max: 400 * DAY }), (price, age) => {
        expect(
          referencePriceCents(
            { listPrices: [{ at: start - age, cents: price }], sales: [], currentCents: price },
            start,
          ),
        ).toBe(price);
        expect(referencePriceCents({ listPrices: [], sales: [], currentCents: price }, start)).toBe(price);
      }),
    );
  });

  it('an earlier sale in the window lowers it; one before the window does not', () => {
    const listPrices = [{ at: start - 90 * DAY, cents: 500 }];
    const sale = (from: number) => ({
      from,
      to: from + 2 * DAY,
      terms: { kind: 'PERCENT', percentOff: 20 } as const,
    });
    expect(
      referencePriceCents({ listPrices, sales: [sale(start - 10 * DAY)], currentCents: 500 }, start),
    ).toBe(400);
    expect(
      referencePriceCents({ listPrices, sales: [sale(start - 40 * DAY)], currentCents: 500 }, start),
    ).toBe(500);
    // A lower price set 20 days before and raised again just before the sale still counts.
    const raised = [...listPrices, { at: start - 20 * DAY, cents: 300 }, { at: start - DAY, cents: 600 }];
    expect(referencePriceCents({ listPrices: raised, sales: [], currentCents: 600 }, start)).toBe(300);
  });
});
