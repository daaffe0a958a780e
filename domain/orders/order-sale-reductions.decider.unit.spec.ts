import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_POLICY } from '../fees';
import { deciderSpec, refused } from '../testing/decider-spec';
import { placeOrderVat, REGISTERED_SELLER } from '../testing/vat-rates';
import { orderDecider, OrderRefused, type CatalogueItem, type PlaceOrder } from './order.decider';
import type { OrderPlaced } from './order.events';

// A sale found by the server (CatalogueItem.reductions): the buyer is asked regular − reductions,
// VAT is carved out of that, the fees come from the net, and the order records why it cost less.
const { given } = deciderSpec(orderDecider);
const placedAt = new Date('2026-11-20T10:00:00.000Z');
const sale = { source: 'SALE', id: 'sale-1', label: 'Autumn sale', cents: 125 } as const;
const skin: CatalogueItem = {
  itemType: 'SKIN',
  itemId: 7,
  name: 'Desert Fox',
  authorId: 50,
  priceCents: 500,
};
const place = (items: PlaceOrder['items']): PlaceOrder => ({
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

describe('order decider: reductions', () => {
  it('asks the sale price, records the regular price and the sale, and splits the net after VAT', () => {
    const [item] = placed(place([{ ...skin, reductions: [sale] }])).items;
    expect(item).toMatchObject({ priceCents: 375, regularPriceCents: 500, reductions: [sale] });
    // 21 % Czech VAT carved out of 3.75: 0.65; the rest are the fee rules on the net 3.10.
    expect(item!.vatCents).toBe(65);
    expect(item!.siteFeeCents).toBe(6);
    expect(item!.priceCents + item!.tipCents).toBe(
      item!.vatCents! + item!.siteFeeCents + item!.paymentFeeCents + item!.authorShareCents,
    );
  });

  it('records nothing about reductions when none applied', () => {
    const [item] = placed(place([skin])).items;
    expect(item!.priceCents).toBe(500);
    expect(item).not.toHaveProperty('regularPriceCents');
    expect(item).not.toHaveProperty('reductions');
  });

  it('a sale lowers the minimum of a pay-what-you-want item; the buyer may pay from there', () => {
    const pwyw = { ...skin, payWhatYouWant: true, reductions: [sale] };
    expect(placed(place([pwyw])).items[0]).toMatchObject({
      priceCents: 375,
      minimumPriceCents: 375,
      regularPriceCents: 500,
    });
    expect(placed(place([{ ...pwyw, chosenPriceCents: 400 }])).items[0]).toMatchObject({
      priceCents: 400,
      minimumPriceCents: 375,
    });
    given([])
      .when(place([{ ...pwyw, chosenPriceCents: 374 }]))
      .then(refused(OrderRefused, { reason: 'INVALID_CHOSEN_PRICE' }));
  });

  it('refuses reductions that would take a paid item under 2 EUR', () => {
    given([])
      .when(place([{ ...skin, reductions: [{ ...sale, cents: 301 }] }]))
      .then(refused(OrderRefused, { reason: 'PRICE_BELOW_MINIMUM' }));
  });
});
