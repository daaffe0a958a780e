import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { DEFAULT_FEE_POLICY } from '../fees';
import { deciderSpec, refused } from '../testing/decider-spec';
import { placeOrderVat, REGISTERED_SELLER } from '../testing/vat-rates';
import { vatMessages } from '../tax/vat-messages';
import { orderDecider, type PlaceOrder } from './order.decider';
import type { OrderEvent, OrderPlaced } from './order.events';

// Placing an order decides its VAT (docs/vat.md): treatment, rate, evidence, and the fees of
// generation 3 on the net.
const { given } = deciderSpec(orderDecider);
const placedAt = new Date('2026-03-01T10:00:00.000Z');
const skin = { itemType: 'SKIN', itemId: 7, name: 'Desert Fox', authorId: 50, priceCents: 350 } as const;
const place = (country: string, vat: Partial<PlaceOrder['vat']> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  orderId: 'o-1',
  buyer: { userId: 9, email: 'p@example.com', fullName: 'Pat Player', country },
  paymentType: 'STRIPE',
  items: [skin],
  feePolicy: DEFAULT_FEE_POLICY,
  vat: placeOrderVat({ seller: REGISTERED_SELLER, ipCountry: country, countryConfirmed: false, ...vat }),
  placedAt,
});
const placed = (command: PlaceOrder) => (given([]).when(command).events() as OrderPlaced[])[0]!.data;

describe('order decider: PlaceOrder with VAT', () => {
  it('a German consumer pays 3.50: 19 % carved out (0.56), fees on the net 2.94, the rest to the author', () => {
    const order = placed(place('de'));
    expect(order.items[0]).toMatchObject({
      priceCents: 350,
      tipCents: 0,
      vatCents: 56,
      siteFeeCents: 6, // 2 % of 2.94
      paymentFeeCents: 35, // 1.5 % of 3.50 (0.05) + 0.30
      authorShareCents: 253,
    });
    expect(order.items[0]).not.toHaveProperty('listPriceCents');
    expect(order.totals).toEqual({
      totalCents: 350,
      vatCents: 56,
      siteFeeCents: 6,
      paymentFeeCents: 35,
      authorShareCents: 253,
    });
    expect(order.vat).toEqual({
      treatment: 'OSS',
      country: 'de',
      rateBasisPoints: 1900,
      rateSetVersion: 'test-rates@1.0.0',
      seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
      buyerVatId: null,
      vatIdCheck: null,
      evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
    });
    expect(order.feePolicyVersion).toMatch(/^v3:/);
  });

  it('a French business with a valid VAT ID pays the price less French VAT, and no VAT', () => {
    const check = {
      source: 'LOCAL',
      requestIdentifier: 'local-1',
      checkedAt: placedAt.toISOString(),
    } as const;
    const order = placed(place('fr', { vatId: { vatId: 'FR11123456782', valid: true, check } }));
    // 3.50 holds 0.58 of VAT at 20 %: the business pays 2.92.
    expect(order.items[0]).toMatchObject({ priceCents: 292, listPriceCents: 350, vatCents: 0 });
    expect(order.totals).toMatchObject({ totalCents: 292, vatCents: 0 });
    expect(order.vat).toMatchObject({
      treatment: 'REVERSE_CHARGE',
      country: 'fr',
      rateBasisPoints: 0,
      buyerVatId: 'FR11123456782',
      vatIdCheck: check,
    });
  });

  it('a buyer whose billing and IP countries differ is refused until they confirm, then taxed where they said', () => {
    const unconfirmed = place('pl', { ipCountry: 'de' });
    given([])
      .when(unconfirmed)
      .then(
        refused(DomainError, { field: 'countryConfirmed', message: vatMessages.confirmCountry('pl', 'de') }),
      );
    const order = placed(place('pl', { ipCountry: 'de', countryConfirmed: true }));
    expect(order.vat).toMatchObject({
      country: 'pl',
      rateBasisPoints: 2300,
      evidence: { billingCountry: 'pl', ipCountry: 'de', rule: 'BUYER_CONFIRMED' },
    });
  });

  it('a buyer outside the EU pays no EU VAT', () => {
    const order = placed(place('us'));
    expect(order.vat).toMatchObject({ treatment: 'OUTSIDE_EU', rateBasisPoints: 0 });
    expect(order.totals.vatCents).toBe(0);
  });

  it('ConfirmPayment records the card country the provider reported, lowercase', () => {
    const events: OrderEvent[] = given([]).when(place('de')).events();
    const received = given(events)
      .when({
        type: 'ConfirmPayment',
        provider: 'STRIPE',
        providerReference: 'cs_1',
        amountCents: 350,
        cardCountry: 'AT',
        receivedAt: new Date('2026-03-01T10:02:00Z'),
      })
      .events();
    expect(received[0]).toMatchObject({ type: 'PaymentReceived', data: { cardCountry: 'at' } });
  });
});
