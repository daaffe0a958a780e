import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutMessages } from '../../domain/orders/checkout.schemas';
import type { OrderPlaced } from '../../domain/orders/order.events';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  postJson,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { uploadSkinFiles } from '../support/upload-files';

// Tips and pay what you want through the public API: the checkout calls, the editor, the receipts.

let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let fixed: ShopItem;
let pwyw: ShopItem;
let bundle: ShopItem;

const setPayWhatYouWant = (table: 'skins' | 'bundles', id: number) =>
  app.context.pool.query(sql.unsafe`
    update ${sql.identifier([table])} set pay_what_you_want = true where id = ${id}`);

async function placedOf(orderId: number): Promise<OrderPlaced['data']> {
  return app.context.pool.oneFirst(sql.type(z.object({ data: z.custom<OrderPlaced['data']>() }))`
    select data from events where stream_id = ${`order-${orderId}`} and event_type = 'OrderPlaced'`);
}

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
  fixed = await addSkin(app, { authorId: author.id, priceCents: 500 });
  pwyw = await addSkin(app, { authorId: author.id, priceCents: 300 });
  await setPayWhatYouWant('skins', pwyw.id);
  const inBundle = await addSkin(app, { authorId: author.id, priceCents: 400 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 800, skinIds: [inBundle.id] });
  await setPayWhatYouWant('bundles', bundle.id);
});
afterAll(async () => {
  await app.close();
});

describe('tips and chosen prices at checkout', () => {
  it('records a tip per item and a chosen price, and the receipt and the payout show them', async () => {
    const buyer = await createUser(app);
    const form = checkoutForm(
      { skins: [fixed.id, pwyw.id], bundles: [bundle.id] },
      {
        tips: [
          { itemType: 'SKIN', itemId: fixed.id, tip: 2.5 },
          { itemType: 'BUNDLE', itemId: bundle.id, tip: 100 },
        ],
        prices: [{ itemType: 'SKIN', itemId: pwyw.id, price: 7.77 }],
        // Ignored: totals come from the catalogue, the tips and the chosen prices only.
        total: 0.01,
      },
    );
    const { reference, path } = await cardCheckout(app, form, buyer.token);
    // The local checkout page names the tips beside the amounts.
    const page = (await app.server.inject({ method: 'GET', url: path })).body.replace(/\u00a0/g, ' ');
    expect(page).toContain('7,50 €<div class="kind">incl. 2,50 € tip</div>');
    expect(page).toContain('Pay 123,27 €');
    const order = await orderBySession(app, reference);
    const placed = await placedOf(order.id);
    expect(placed.items.map((i) => [i.itemId, i.priceCents, i.tipCents, i.minimumPriceCents])).toEqual([
      [fixed.id, 500, 250, undefined],
      [pwyw.id, 777, 0, 300],
      [bundle.id, 800, 10_000, 800],
    ]);
    expect(placed.totals.totalCents).toBe(500 + 250 + 777 + 800 + 10_000);
    // The buyer lives in the operator's home country: Czech VAT (21 %) is carved out of each item.
    expect(placed.vat).toMatchObject({ treatment: 'DOMESTIC', country: 'cz', rateBasisPoints: 2100 });
    for (const item of placed.items) {
      expect(item.vatCents).toBeGreaterThan(0);
      expect(item.vatCents! + item.authorShareCents + item.siteFeeCents + item.paymentFeeCents).toBe(
        item.priceCents + item.tipCents,
      );
    }
    expect((await payLocally(app, reference)).statusCode).toBe(303);

    // The buyer's receipt (purchase history) shows each price and tip in euros.
    const history = await graphql(
      app,
      `
        {
          myPurchaseList {
            content {
              externalId
              totalPrice
              items {
                name
                price
                tip
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
      externalId: order.external_id,
      totalPrice: 123.27,
      items: [
        { name: fixed.title, price: 5, tip: 2.5 },
        { name: pwyw.title, price: 7.77, tip: 0 },
        { name: bundle.title, price: 8, tip: 100 },
      ],
    });

    // The author's payout carries the tips and the shares OrderPlaced recorded.
    await app.context.runner.catchUp();
    const payouts = await graphql(
      app,
      `
        {
          myPayouts {
            content {
              items {
                name
                price
                tip
                authorReward
              }
            }
          }
        }
      `,
      {},
      author.token,
    );
    expect(payouts.body.errors).toBeUndefined();
    const items = payouts.body.data.myPayouts.content.flatMap((p: { items: unknown[] }) => p.items);
    expect(items).toEqual(
      expect.arrayContaining(
        placed.items.map((item) => ({
          name: item.name,
          price: item.priceCents / 100,
          tip: item.tipCents / 100,
          authorReward: item.authorShareCents / 100,
        })),
      ),
    );
  });

  it.each([
    [
      'a tip over 100 EUR',
      { tips: [{ itemType: 'SKIN', itemId: 0, tip: 100.01 }] },
      'tips',
      checkoutMessages.tipRange,
    ],
    [
      'a negative tip',
      { tips: [{ itemType: 'SKIN', itemId: 0, tip: -1 }] },
      'tips',
      checkoutMessages.tipRange,
    ],
    [
      'a tip of a fraction of a cent',
      { tips: [{ itemType: 'SKIN', itemId: 0, tip: 0.001 }] },
      'tips',
      checkoutMessages.tipRange,
    ],
    [
      'a tip for an item not in the cart',
      { tips: [{ itemType: 'BUNDLE', itemId: 0, tip: 1 }] },
      'tips',
      checkoutMessages.choiceNotInCart,
    ],
  ])('refuses %s with 400 and the field, on both checkout calls', async (_, choice, field, message) => {
    for (const url of ['/api/stripe/checkout', '/api/paypal/create-order']) {
      const withItem = JSON.parse(JSON.stringify(choice).replace('"itemId":0', `"itemId":${fixed.id}`));
      const response = await postJson(app, url, checkoutForm({ skins: [fixed.id] }, withItem));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ field, message });
    }
  });

  it('refuses a chosen price under the minimum, over 500 EUR, or for a fixed-price item', async () => {
    const minimum = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [pwyw.id] }, { prices: [{ itemType: 'SKIN', itemId: pwyw.id, price: 2.99 }] }),
    );
    expect(minimum.statusCode).toBe(400);
    expect(minimum.json().field).toBe('prices');
    expect(minimum.json().message.replace(/\u00a0/g, ' ')).toBe(
      `${pwyw.title} costs at least 3,00 €: choose that or more (at most 500,00 €).`,
    );

    const tooMuch = await postJson(
      app,
      '/api/paypal/create-order',
      checkoutForm(
        { bundles: [bundle.id] },
        { prices: [{ itemType: 'BUNDLE', itemId: bundle.id, price: 501 }] },
      ),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ field: 'prices', message: checkoutMessages.chosenPrice });

    const notPwyw = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [fixed.id] }, { prices: [{ itemType: 'SKIN', itemId: fixed.id, price: 50 }] }),
    );
    expect(notPwyw.statusCode).toBe(400);
    expect(notPwyw.json()).toEqual({ field: 'prices', message: checkoutMessages.fixedPrice(fixed.title) });

    // Nothing was ordered by the refusals.
    const orders = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from order_items where item_id = ${fixed.id} and item_type = 'SKIN'`);
    expect(orders).toBe(1);
  });
});

describe('pay what you want in the editor', () => {
  const SKIN = `query ($url: String!) { skin(url: $url) { id price payWhatYouWant } }`;

  it('an author marks a paid skin pay what you want; a free one never is', async () => {
    const files = await uploadSkinFiles(app, author.token);
    const dto = {
      title: 'Open Price Runner',
      description: 'Pay what you like',
      type: 'TM2020',
      price: 2.5,
      payWhatYouWant: true,
      images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
      skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
    };
    const created = await graphql(
      app,
      `
        mutation ($dto: SkinInput!) {
          createSkin(dto: $dto) {
            id
            url
          }
        }
      `,
      { dto },
      author.token,
    );
    expect(created.body.errors).toBeUndefined();
    const { url, id } = created.body.data.createSkin;
    expect((await graphql(app, SKIN, { url })).body.data.skin).toEqual({
      id,
      price: 2.5,
      payWhatYouWant: true,
    });

    const kept = await graphql(app, `{ skin(url: "${url}") { resources { id type } } }`);
    const resources = kept.body.data.skin.resources as { id: string; type: string }[];
    const update = {
      ...dto,
      id,
      price: 0,
      images: resources
        .filter((r) => r.type === 'IMAGE')
        .map((r, order) => ({ id: r.id, temporary: false, type: 'IMAGE', order })),
      skinSource: null,
    };
    const updated = await graphql(
      app,
      `
        mutation ($dto: SkinInput!) {
          updateSkin(dto: $dto) {
            id
          }
        }
      `,
      { dto: update },
      author.token,
    );
    expect(updated.body.errors).toBeUndefined();
    expect((await graphql(app, SKIN, { url })).body.data.skin).toEqual({
      id,
      price: 0,
      payWhatYouWant: false,
    });
  });
});
