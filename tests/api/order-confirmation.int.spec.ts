import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createViewers } from '../support/test-users';

let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;
let skin: ShopItem;
let bundled1: ShopItem;
let bundled2: ShopItem;
let bundle: ShopItem;
let otherSkin: ShopItem;

const CONFIRMATION = `query ($externalId: String!, $key: String) {
  orderConfirmation(externalId: $externalId, key: $key) {
    externalId paymentStatus paymentType totalPrice buyerEmail guest
    items {
      itemType name price tip total
      skin { id title } bundle { id title }
      downloads { skinId title url downloadUrl }
    }
  }
}`;

beforeAll(async () => {
  app = await createTestApp();
  viewers = await createViewers(app);
  const { other: author } = await createViewers(app);
  skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  bundled1 = await addSkin(app, { authorId: author.id, priceCents: 400 });
  bundled2 = await addSkin(app, { authorId: author.id, priceCents: 600 });
  bundle = await addBundle(app, {
    authorId: author.id,
    priceCents: 800,
    skinIds: [bundled1.id, bundled2.id],
  });
  otherSkin = await addSkin(app, { authorId: author.id, priceCents: 300 });
});
afterAll(async () => {
  await app.close();
});

/** Checks out and pays with the local card provider; answers the order and the page checkout sent the buyer to. */
async function paidOrder(form: Record<string, unknown>, token?: string) {
  const { reference } = await cardCheckout(app, form, token);
  const paid = await payLocally(app, reference);
  expect(paid.statusCode).toBe(303);
  const landing = new URL(String(paid.headers.location), 'http://shop.test');
  const order = await orderBySession(app, reference);
  return { order, reference, landing, key: landing.searchParams.get('k') };
}

const ask = (externalId: string, key: string | null, token?: string) =>
  graphql(app, CONFIRMATION, { externalId, key }, token);

const notFound = (answer: Awaited<ReturnType<typeof ask>>) => {
  expect(answer.body.data).toBeNull();
  expect(answer.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
};

describe('orderConfirmation', () => {
  it("shows a guest's paid order with signed download links to whoever holds the key, and they download", async () => {
    const form = checkoutForm(
      { skins: [skin.id], bundles: [bundle.id] },
      { tips: [{ itemType: 'SKIN', itemId: skin.id, tip: 2.5 }] },
    );
    const { order, landing, key } = await paidOrder(form);
    expect(landing.pathname).toBe(`/orders/${order.external_id}`);

    const answer = await ask(order.external_id, key);
    expect(answer.body.errors).toBeUndefined();
    const confirmation = answer.body.data.orderConfirmation;
    expect(confirmation).toMatchObject({
      externalId: order.external_id,
      paymentStatus: 'PAYMENT_RECEIVED',
      paymentType: 'STRIPE',
      totalPrice: 15.5,
      buyerEmail: form.email,
      guest: true,
    });
    const [skinLine, bundleLine] = confirmation.items;
    expect(skinLine).toMatchObject({ itemType: 'SKIN', name: skin.title, price: 5, tip: 2.5, total: 7.5 });
    expect(skinLine.skin).toEqual({ id: String(skin.id), title: skin.title });
    expect(bundleLine).toMatchObject({ itemType: 'BUNDLE', name: bundle.title, price: 8, tip: 0, total: 8 });
    expect(bundleLine.bundle).toEqual({ id: String(bundle.id), title: bundle.title });
    expect(bundleLine.downloads.map((d: { skinId: string }) => Number(d.skinId)).sort()).toEqual(
      [bundled1.id, bundled2.id].sort(),
    );
    for (const download of [...skinLine.downloads, ...bundleLine.downloads]) {
      expect(download.downloadUrl).toMatch(
        new RegExp(`^/assets/skin/${download.url}\\?grant=${order.id}\\.`),
      );
      // The guest has no session: the signed link is what downloads.
      const file = await app.server.inject({ method: 'GET', url: download.downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('zip');
    }
  });

  it('answers NOT_FOUND without the key, with a tampered or foreign key, to another user, and for an unknown order', async () => {
    const { order, key } = await paidOrder(checkoutForm({ skins: [skin.id] }));
    const { order: other, key: otherKey } = await paidOrder(checkoutForm({ skins: [otherSkin.id] }));
    notFound(await ask(order.external_id, null));
    notFound(await ask(order.external_id, otherKey));
    notFound(await ask(other.external_id, key));
    const [expires, mac] = key!.split('.') as [string, string];
    notFound(await ask(order.external_id, `${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`));
    notFound(await ask(order.external_id, `${Number(expires) + 60}.${mac}`));
    notFound(await ask(order.external_id, null, viewers.other.token));
    notFound(await ask('TS-2026-999999999', key));
    notFound(await ask('not an order', key));
    // A key expires with the mailed links.
    const realNow = app.context.now;
    app.context.now = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    try {
      notFound(await ask(order.external_id, key));
    } finally {
      app.context.now = realNow;
    }
  });

  it("shows a signed-in buyer's order to them without the key, with plain downloads, and to admins", async () => {
    const { owner, other, admin } = viewers;
    const { order, landing, key } = await paidOrder(checkoutForm({ skins: [otherSkin.id] }), owner.token);
    expect(landing.pathname).toBe(`/orders/${order.external_id}`);
    expect(key).not.toBeNull();

    const mine = await ask(order.external_id, null, owner.token);
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data.orderConfirmation).toMatchObject({ guest: false, buyerEmail: owner.email });
    const [line] = mine.body.data.orderConfirmation.items;
    expect(line.downloads).toEqual([
      {
        skinId: String(otherSkin.id),
        title: otherSkin.title,
        url: otherSkin.url,
        downloadUrl: `/assets/skin/${otherSkin.url}`,
      },
    ]);
    const forAdmin = await ask(order.external_id, null, admin.token);
    expect(forAdmin.body.data.orderConfirmation.externalId).toBe(order.external_id);
    notFound(await ask(order.external_id, null, other.token));
    notFound(await ask(order.external_id, null));
    // The key alone shows the order; the plain address still needs the buyer's session.
    const withKey = await ask(order.external_id, key, other.token);
    expect(withKey.body.data.orderConfirmation.items[0].downloads[0].downloadUrl).toBe(
      `/assets/skin/${otherSkin.url}`,
    );
    const refused = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${otherSkin.url}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('never shows downloads before the payment is received', async () => {
    const form = checkoutForm({ skins: [skin.id] });
    const { reference } = await cardCheckout(app, form);
    const order = await orderBySession(app, reference);
    const answer = await ask(order.external_id, app.context.orderConfirmationKeys.sign(String(order.id)));
    expect(answer.body.data.orderConfirmation).toMatchObject({ paymentStatus: 'PAYMENT_ON_THE_WAY' });
    expect(answer.body.data.orderConfirmation.items[0].downloads).toEqual([]);
  });

  it("sends PayPal's capture to the confirmation page", async () => {
    const { termsAccepted: _t, reminderAccepted: _r, ...form } = checkoutForm({ skins: [skin.id] });
    const created = await postJson(app, '/api/paypal/create-order', form);
    const captured = await postJson(app, '/api/paypal/capture-order', { orderId: created.body });
    expect(captured.statusCode).toBe(200);
    const order = await orderBySession(app, created.body);
    const redirect = new URL(captured.json().redirect, 'http://shop.test');
    expect(redirect.pathname).toBe(`/orders/${order.external_id}`);
    const answer = await ask(order.external_id, redirect.searchParams.get('k'));
    expect(answer.body.data.orderConfirmation).toMatchObject({
      paymentType: 'PAYPAL',
      paymentStatus: 'PAYMENT_RECEIVED',
    });
  });
});
