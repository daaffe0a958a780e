import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { deciderSpec, refused } from '../testing/decider-spec';
import { placeOrderVat, REGISTERED_SELLER } from '../testing/vat-rates';
import { orderDecider, OrderRefused, type CatalogueItem, type PlaceOrder } from './order.decider';
import type { OrderPlaced, PriceReduction } from './order.events';

// A code's reduction (found by the server) is applied by the order decider: asked = regular − Σ
// reductions; VAT comes out of the asked price and the fees of the net, as for any price.
const { given } = deciderSpec(orderDecider);
const placedAt = new Date('2026-11-20T10:00:00.000Z');
const code: PriceReduction = { source: 'CODE', id: 'SPRING', label: 'SPRING', cents: 100 };
const skin = (overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  itemType: 'SKIN',
  itemId: 7,
  name: 'Desert Fox',
  authorId: 50,
  priceCents: 500,
  ...overrides,
});
const place = (items: CatalogueItem[]): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'o-1',
  buyer: { userId: 9, email: 'p@example.com', fullName: 'Pat Player', country: 'cz' },
  paymentType: 'STRIPE',
  items,
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat({ seller: REGISTERED_SELLER, ipCountry: 'cz', countryConfirmed: false }),
  placedAt,
});
const placed = (command: PlaceOrder) => (given([]).when(command).events() as OrderPlaced[])[0]!.data;

describe('order decider: reductions on an item', () => {
  it('charges the regular price less the code, records both, and splits the fees on the net after VAT', () => {
    const order = placed(place([skin({ reductions: [code] }), skin({ itemId: 8, name: 'Blue Comet' })]));
    const [reduced, full] = order.items;
    expect(reduced).toMatchObject({ priceCents: 400, regularPriceCents: 500, reductions: [code] });
    // Czech VAT 21 % carved out of 4.00 (0.69); the site fee is 2 % of the net 3.31.
    expect(reduced!.vatCents).toBe(69);
    expect(reduced!.siteFeeCents).toBe(7);
    for (const item of order.items) {
      expect(item.priceCents + item.tipCents).toBe(
        (item.vatCents ?? 0) + item.siteFeeCents + item.paymentFeeCents + item.authorShareCents,
      );
    }
    expect(full).not.toHaveProperty('regularPriceCents');
    expect(full).not.toHaveProperty('reductions');
    expect(order.totals.totalCents).toBe(900);
  });

  it('refuses an item whose reductions would take it below the minimum paid price', () => {
    given([])
      .when(place([skin({ reductions: [{ ...code, cents: 301 }] })]))
      .then(refused(OrderRefused, { reason: 'PRICE_BELOW_MINIMUM' }));
  });
});
