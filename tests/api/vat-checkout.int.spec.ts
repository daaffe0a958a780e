import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OrderPlaced, PaymentReceived } from '../../domain/orders/order.events';
import { vatMessages } from '../../domain/tax/vat-messages';
import { addSkin, checkoutForm, orderBySession, payLocally, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// VAT at checkout through the API (docs/vat.md): the demo's configuration, registered with the
// One-Stop Shop in Czechia; buyers' addresses from the offline IP database.
const GERMAN_IP = '193.99.144.80';
const FRENCH_IP = '212.27.48.10';

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let buyer: Awaited<ReturnType<typeof createUser>>;
let skin: ShopItem; // 3.50

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
  buyer = await createUser(app);
  skin = await addSkin(app, { authorId: author.id, priceCents: 350 });
});
afterAll(async () => {
  await app.close();
});

/** The card checkout from an address; the body as given (no confirmation unless it says so). */
async function checkout(form: Record<string, unknown>, ip: string, token?: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/stripe/checkout',
    payload: form,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function events<T>(orderId: number, type: string): Promise<T> {
  return app.context.pool.oneFirst(sql.type(z.object({ data: z.unknown() }))`
    select data from events where stream_id = ${`order-${orderId}`} and event_type = ${type}`) as Promise<T>;
}

const reference = (body: string) => /^\/local-checkout\/(lc_[a-f0-9]{32})$/.exec(body)?.[1] ?? '';

describe('VAT at checkout', () => {
  it("a German consumer's 3.50 order records 19 % German VAT carved out and the split on the net", async () => {
    const form = checkoutForm({ skins: [skin.id] }, { country: 'de', countryConfirmed: undefined });
    const response = await checkout(form, GERMAN_IP, buyer.token);
    expect(response.statusCode).toBe(200);
    const order = await orderBySession(app, reference(response.body));
    const placed = await events<OrderPlaced['data']>(order.id, 'OrderPlaced');
    expect(placed.items[0]).toMatchObject({
      priceCents: 350,
      vatCents: 56,
      siteFeeCents: 6,
      paymentFeeCents: 35,
      authorShareCents: 253,
    });
    expect(placed.totals).toEqual({
      totalCents: 350,
      vatCents: 56,
      siteFeeCents: 6,
      paymentFeeCents: 35,
      authorShareCents: 253,
    });
    expect(placed.vat).toEqual({
      treatment: 'OSS',
      country: 'de',
      rateBasisPoints: 1900,
      rateSetVersion: expect.stringMatching(/^sales-tax@\d+\.\d+\.\d+$/),
      seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
      buyerVatId: null,
      vatIdCheck: null,
      evidence: { billingCountry: 'de', ipCountry: 'de', rule: 'BILLING_AND_IP_AGREE' },
    });
    expect(placed.feePolicyVersion).toMatch(/^v3:/);

    // The local stand-in's card was issued in the billing country: no conflict.
    expect((await payLocally(app, reference(response.body))).statusCode).toBe(303);
    expect((await events<PaymentReceived['data']>(order.id, 'PaymentReceived')).cardCountry).toBe('de');

    // The buyer reads the VAT and the evidence of their own order.
    const history = await graphql(
      app,
      `
        {
          myPurchaseList {
            content {
              totalPrice
              items {
                price
                vat
              }
              vat {
                treatment
                country
                countryName
                ratePercent
                vat
                net
                evidence {
                  billingCountry
                  ipCountry
                  cardCountry
                  rule
                  conflict
                }
              }
            }
          }
        }
      `,
      {},
      buyer.token,
    );
    expect(history.body.errors).toBeUndefined();
    expect(history.body.data.myPurchaseList.content[0]).toEqual({
      totalPrice: 3.5,
      items: [{ price: 3.5, vat: 0.56 }],
      vat: {
        treatment: 'OSS',
        country: 'de',
        countryName: 'Germany',
        ratePercent: 19,
        vat: 0.56,
        net: 2.94,
        evidence: {
          billingCountry: 'de',
          ipCountry: 'de',
          cardCountry: 'de',
          rule: 'BILLING_AND_IP_AGREE',
          conflict: false,
        },
      },
    });
  });

  it('a French business with a valid VAT ID gets a reverse charge and pays the price less French VAT', async () => {
    const form = checkoutForm(
      { skins: [skin.id] },
      { country: 'fr', vatId: 'FR 11 123456782', countryConfirmed: undefined },
    );
    const response = await checkout(form, FRENCH_IP);
    expect(response.statusCode).toBe(200);
    const order = await orderBySession(app, reference(response.body));
    expect(order.total_cents).toBe(292); // 3.50 holds 0.58 of VAT at 20 %
    const placed = await events<OrderPlaced['data']>(order.id, 'OrderPlaced');
    expect(placed.items[0]).toMatchObject({ priceCents: 292, listPriceCents: 350, vatCents: 0 });
    expect(placed.vat).toMatchObject({
      treatment: 'REVERSE_CHARGE',
      country: 'fr',
      rateBasisPoints: 0,
      buyerVatId: 'FR11123456782',
      vatIdCheck: {
        source: 'LOCAL',
        requestIdentifier: expect.stringMatching(/^local-/),
        checkedAt: expect.any(String),
      },
    });
    // The local stand-in takes exactly the reduced total.
    expect((await payLocally(app, reference(response.body))).statusCode).toBe(303);
    expect((await orderBySession(app, reference(response.body))).status).toBe('PAYMENT_RECEIVED');
  });

  it('refuses an invalid or malformed VAT ID, or one VIES cannot check now, with a clear message and nothing placed', async () => {
    for (const [vatId, message] of [
      ['FR20987654326', vatMessages.vatIdInvalid('FR20987654326')],
      ['FR11123456783', vatMessages.vatIdFormat],
      ['not a vat id', vatMessages.vatIdFormat],
      ['DE136695976', vatMessages.vatIdCountry('fr')],
      ['ES12345678Z', vatMessages.vatIdCountry('fr')],
    ] as const) {
      const response = await checkout(
        checkoutForm({ skins: [skin.id] }, { country: 'fr', vatId }),
        FRENCH_IP,
      );
      expect(response.statusCode, vatId).toBe(400);
      expect(response.json(), vatId).toEqual({ field: 'vatId', message });
    }
    const spanish = await checkout(
      checkoutForm({ skins: [skin.id] }, { country: 'es', vatId: 'ES12345678Z' }),
      FRENCH_IP,
    );
    expect(spanish.json()).toEqual({ field: 'vatId', message: vatMessages.vatIdUnchecked });
  });

  it('a billing country the IP contradicts is refused until the buyer confirms it, then taxed there', async () => {
    const form = checkoutForm({ skins: [skin.id] }, { country: 'pl', countryConfirmed: undefined });
    const refused = await checkout(form, GERMAN_IP);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      field: 'countryConfirmed',
      message: vatMessages.confirmCountry('pl', 'de'),
    });

    const confirmed = await checkout({ ...form, countryConfirmed: true }, GERMAN_IP);
    expect(confirmed.statusCode).toBe(200);
    const order = await orderBySession(app, reference(confirmed.body));
    const placed = await events<OrderPlaced['data']>(order.id, 'OrderPlaced');
    expect(placed.vat).toMatchObject({
      treatment: 'OSS',
      country: 'pl',
      rateBasisPoints: 2300,
      evidence: { billingCountry: 'pl', ipCountry: 'de', rule: 'BUYER_CONFIRMED' },
    });
    expect(placed.totals.vatCents).toBe(65); // 3.50 × 23/123 = 0.6545
  });
});

describe('the checkout quote', () => {
  const quote = (input: Record<string, unknown>, ip: string) =>
    app.server.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: ip,
      headers: { accept: 'application/graphql-response+json, application/json' },
      payload: {
        query: `query ($input: CheckoutQuoteInput!) { checkoutQuote(input: $input) {
          treatment country ratePercent total vat net needsCountryConfirmation ipCountry confirmCountryLabel
          items { itemId price tip vat total listPrice } } }`,
        variables: { input },
      },
    });

  it('prices the cart as the order would be: VAT per item and in all, and whether to confirm the country', async () => {
    const german = await quote(
      {
        skins: [String(skin.id)],
        tips: [{ itemType: 'SKIN', itemId: String(skin.id), tip: 1 }],
        country: 'de',
      },
      GERMAN_IP,
    );
    expect(german.json().errors).toBeUndefined();
    expect(german.json().data.checkoutQuote).toEqual({
      treatment: 'OSS',
      country: 'de',
      ratePercent: 19,
      total: 4.5,
      vat: 0.72, // 4.50 × 19/119 = 0.7185
      net: 3.78,
      needsCountryConfirmation: false,
      ipCountry: 'de',
      confirmCountryLabel: vatMessages.confirmCountryLabel('de'),
      items: [{ itemId: String(skin.id), price: 3.5, tip: 1, vat: 0.72, total: 4.5, listPrice: null }],
    });

    const business = await quote(
      { skins: [String(skin.id)], country: 'fr', vatId: 'FR11123456782' },
      GERMAN_IP,
    );
    expect(business.json().data.checkoutQuote).toMatchObject({
      treatment: 'REVERSE_CHARGE',
      total: 2.92,
      vat: 0,
      needsCountryConfirmation: true,
      items: [{ price: 2.92, listPrice: 3.5, vat: 0 }],
    });

    const invalid = await quote(
      { skins: [String(skin.id)], country: 'fr', vatId: 'FR20987654326' },
      FRENCH_IP,
    );
    expect(invalid.json().errors[0]).toMatchObject({
      message: vatMessages.vatIdInvalid('FR20987654326'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
