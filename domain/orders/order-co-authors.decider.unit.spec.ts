import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { deciderSpec, refused } from '../testing/decider-spec';
import { placeOrderVat, REGISTERED_SELLER } from '../testing/vat-rates';
import { OrderRefused, orderDecider, type CatalogueItem, type PlaceOrder } from './order.decider';
import type { OrderPlaced } from './order.events';

// A co-authored item's author share is split among its accepted authors when the order is placed.
const { given } = deciderSpec(orderDecider);
const placedAt = new Date('2026-03-01T10:00:00.000Z');
const skin: CatalogueItem = {
  itemType: 'SKIN',
  itemId: 7,
  name: 'Desert Fox',
  authorId: 50,
  priceCents: 350,
};
const place = (items: CatalogueItem[], buyerId = 9): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'o-1',
  buyer: { userId: buyerId, email: 'p@example.com', fullName: 'Pat Player', country: 'de' },
  paymentType: 'STRIPE',
  items,
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat({ seller: REGISTERED_SELLER, ipCountry: 'de', countryConfirmed: false }),
  placedAt,
});
const placed = (command: PlaceOrder) => (given([]).when(command).events() as OrderPlaced[])[0]!.data;

describe('order decider: co-authored items', () => {
  it('splits the author share after VAT and fees among the authors by weight', () => {
    const order = placed(
      place([
        {
          ...skin,
          coAuthors: [
            { authorId: 50, weight: 2 },
            { authorId: 61, weight: 1 },
          ],
        },
      ]),
    );
    // 3.50 in Germany leaves 2.53 to the authors (order-vat.decider spec): 2:1 is 168.67 / 84.33.
    expect(order.items[0]).toMatchObject({
      authorShareCents: 253,
      authorShares: [
        { authorId: 50, weight: 2, cents: 169 },
        { authorId: 61, weight: 1, cents: 84 },
      ],
    });
  });

  it('records no split for an item sold by its owner alone', () => {
    const order = placed(place([skin, { ...skin, itemId: 8, coAuthors: [{ authorId: 50, weight: 1 }] }]));
    expect(order.items[0]).not.toHaveProperty('authorShares');
    expect(order.items[1]).not.toHaveProperty('authorShares');
  });

  it('a co-author cannot buy the item they co-authored', () => {
    given([])
      .when(
        place(
          [
            {
              ...skin,
              coAuthors: [
                { authorId: 50, weight: 1 },
                { authorId: 61, weight: 1 },
              ],
            },
          ],
          61,
        ),
      )
      .then(refused(OrderRefused, { reason: 'OWN_ITEM' }));
  });

  it('any basket: each item’s parts add up to its author share', () => {
    const item = fc.record({
      priceCents: fc.integer({ min: 200, max: 50_000 }),
      weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (basket) => {
        const order = placed(
          place(
            basket.map((entry, index) => ({
              ...skin,
              itemId: index + 1,
              priceCents: entry.priceCents,
              coAuthors: entry.weights.map((weight, author) => ({
                authorId: author === 0 ? 50 : 100 + author,
                weight,
              })),
            })),
          ),
        );
        for (const ordered of order.items) {
          const parts = ordered.authorShares ?? [{ cents: ordered.authorShareCents }];
          expect(parts.reduce((sum, part) => sum + part.cents, 0)).toBe(ordered.authorShareCents);
        }
      }),
      { numRuns: 50 },
    );
  });
});
