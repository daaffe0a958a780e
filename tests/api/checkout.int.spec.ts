import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cancelUnpaidOrders } from '../../api/orders/cancel-unpaid-orders.handler';
import { checkoutMessages } from '../../domain/orders/checkout.schemas';
import { downloadStreamId } from '../../domain/downloads/download.events';
import { waitForMail } from '../support/outbox';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  ownedSkinIdsOf,
  payLocally,
  postJson,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let author: User;
let player: User;
let stranger: User;
let skinA: ShopItem; // 5.00
let skinB: ShopItem; // 10.00
let bundled1: ShopItem;
let bundled2: ShopItem;
let bundle: ShopItem; // 8.00, bundled1 + bundled2
let freeSkin: ShopItem;
let bundleOnly: ShopItem;
let hiddenSkin: ShopItem;

const realNow = () => new Date();

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app);
  player = await createUser(app);
  stranger = await createUser(app);
  skinA = await addSkin(app, { authorId: author.id, priceCents: 500 });
  skinB = await addSkin(app, { authorId: author.id, priceCents: 1000 });
  bundled1 = await addSkin(app, { authorId: author.id, priceCents: 400 });
  bundled2 = await addSkin(app, { authorId: author.id, priceCents: 600 });
  bundle = await addBundle(app, {
    authorId: author.id,
    priceCents: 800,
    skinIds: [bundled1.id, bundled2.id],
  });
  freeSkin = await addSkin(app, { authorId: author.id, priceCents: 0 });
  bundleOnly = await addSkin(app, { authorId: author.id, priceCents: 300, availableAlone: false });
  hiddenSkin = await addSkin(app, { authorId: author.id, priceCents: 300, published: false });
});
afterAll(async () => {
  await app.close();
});

const download = (url: string, options: { token?: string; query?: string } = {}) =>
  app.server.inject({
    method: 'GET',
    url: `/assets/skin/${url}${options.query ?? ''}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

describe('GET /api/checkout/config', () => {
  it('tells the web app that both providers run as local stand-ins without keys', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cardProvider: 'LOCAL', paypal: null, paypalLocal: true });
  });
});

describe('checkout form and cart validation (400 with the field)', () => {
  const refusal = async (payload: Record<string, unknown>, token?: string) => {
    const response = await postJson(app, '/api/stripe/checkout', payload, token);
    return {
      status: response.statusCode,
      body: response.json() as { field: string | null; message: string },
    };
  };

  it.each([
    ['email', { email: 'not-an-email' }, checkoutMessages.email],
    ['fullname', { fullname: 'Al' }, checkoutMessages.fullname],
    ['fullname', { fullname: '\u200b\u200b\u200b\u200b' }, checkoutMessages.fullnameInvisible],
    ['country', { country: '' }, checkoutMessages.country],
    ['country', { country: 'zz' }, checkoutMessages.country],
    ['termsAccepted', { termsAccepted: false }, checkoutMessages.terms],
    ['reminderAccepted', { reminderAccepted: false }, checkoutMessages.reminder],
    ['reminderAccepted', { reminderAccepted: undefined }, checkoutMessages.reminder],
  ])('refuses a bad %s', async (field, overrides, message) => {
    expect(await refusal(checkoutForm({ skins: [skinA.id] }, overrides))).toEqual({
      status: 400,
      body: { field, message },
    });
  });

  it('refuses an empty cart', async () => {
    expect(await refusal(checkoutForm({}))).toEqual({
      status: 400,
      body: { field: 'skins', message: checkoutMessages.emptyCart },
    });
  });

  it('refuses items that cannot be bought: unknown, hidden, free, bundle-only, in a bundle of the cart', async () => {
    for (const [cart, field, message] of [
      [{ skins: [999_999] }, 'skins', /no longer available/],
      [{ skins: [hiddenSkin.id] }, 'skins', /no longer available/],
      [{ bundles: [999_999] }, 'bundles', /no longer available/],
      [{ skins: [freeSkin.id] }, 'skins', /is free/],
      [{ skins: [bundleOnly.id] }, 'skins', /only in a bundle/],
      [{ skins: [bundled1.id], bundles: [bundle.id] }, 'skins', /already in/],
      [{ skins: [skinA.id, skinA.id] }, 'skins', /twice/],
    ] as const) {
      const { status, body } = await refusal(checkoutForm(cart));
      expect(status, JSON.stringify(cart)).toBe(400);
      expect(body.field).toBe(field);
      expect(body.message).toMatch(message);
    }
  });

  it("refuses an author's own work to the signed-in author", async () => {
    const { status, body } = await refusal(checkoutForm({ skins: [skinA.id] }), author.token);
    expect(status).toBe(400);
    expect(body).toMatchObject({ field: 'skins', message: expect.stringMatching(/your own work/) });
  });
});

describe('card checkout through the local stand-in, as a guest', () => {
  it('charges the catalogue prices whatever the client sends, pays, grants and mails signed links', async () => {
    const form = checkoutForm(
      { skins: [String(skinA.id)], bundles: [bundle.id] },
      // A client cannot set a price: every such field is ignored.
      {
        price: 0.01,
        totalPrice: 0.01,
        total: 1,
        itemPrices: { [skinA.id]: 0.01 },
        items: [{ id: skinA.id, price: 0.01 }],
      },
    );
    const { path, reference } = await cardCheckout(app, form);
    const order = await orderBySession(app, reference);
    expect(order).toMatchObject({ status: 'PAYMENT_ON_THE_WAY', total_cents: 1300, guest: true });
    expect(order.external_id).toMatch(/^TS-\d{4}-\d{6}$/);

    const page = await app.server.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(skinA.title);
    expect(page.body).toContain(bundle.title);
    expect(page.body.replace(/\u00a0/g, ' ')).toContain('13,00 €');
    expect(page.body).toContain(`action="/local-checkout/${reference}/pay"`);
    expect(page.body).toContain(`action="/local-checkout/${reference}/cancel"`);

    const paid = await payLocally(app, reference);
    expect(paid.statusCode).toBe(303);
    // Paid: to the order's confirmation page, with the key signed for this order.
    const confirmation = `/orders/${order.external_id}?k=`;
    expect(paid.headers.location).toContain(confirmation);
    const key = new URL(String(paid.headers.location), 'http://x').searchParams.get('k');
    expect(app.context.orderConfirmationKeys.opens(String(order.id), key)).toBe(true);
    expect((await orderBySession(app, reference)).status).toBe('PAYMENT_RECEIVED');
    const amount = await app.context.pool.oneFirst(sql.type(z.object({ amount: z.number() }))`
      select (data->>'amountCents')::int as amount from events
      where stream_id = ${`order-${order.id}`} and event_type = 'PaymentReceived'`);
    expect(amount).toBe(1300);

    // The guest's account is the anonymous row of the email: it owns the skin and the bundle's skins.
    const guest = await app.context.pool.one(sql.type(z.object({ id: z.number(), anonymous: z.boolean() }))`
      select id, anonymous from users where email = ${form.email}::citext`);
    expect(guest.anonymous).toBe(true);
    expect(order.buyer_user_id).toBe(guest.id);
    expect(await ownedSkinIdsOf(app, guest.id)).toEqual(
      [skinA.id, bundled1.id, bundled2.id].sort((a, b) => a - b),
    );

    // Paying again (a double submit) records nothing more and still lands on the success page.
    const again = await payLocally(app, reference);
    expect(again.headers.location).toContain(confirmation);
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);

    // The order-mails reactor records the confirmation when the runner catches up; the sender sends it.
    await app.context.runner.catchUp();
    const mail = await waitForMail(app.context.mailer.outboxDir, form.email, order.external_id);
    for (const skin of [skinA, bundled1, bundled2]) expect(mail.text).toContain(skin.title);
    expect(mail.html).toContain('Thank you for your purchase');
    const links = [...mail.text.matchAll(/\/assets\/skin\/([\w-]+)\?grant=([\w.-]+)/g)];
    expect(links.map((link) => link[1]).sort()).toEqual([skinA.url, bundled1.url, bundled2.url].sort());

    // The link downloads without an account, and counts as the buyer's download.
    const [, url, grant] = links.find((link) => link[1] === skinA.url)!;
    const ok = await download(url!, { query: `?grant=${grant}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/zip');
    expect(ok.body).toBe(`PK zip of ${skinA.url}`);
    // Recorded on the buyer's own download stream of the skin.
    const downloads = await app.context.store.readStream(
      app.context.pool,
      downloadStreamId(skinA.id, `user:${guest.id}`),
    );
    expect(downloads.events.map((event) => event.type)).toEqual(['SkinDownloaded']);

    // Without the link, tampered, for another skin, or expired: refused.
    expect((await download(url!)).statusCode).toBe(401);
    const tampered = grant!.replace(/\.(\d+)\./, (_m, skinId: string) => `.${Number(skinId) + 1}.`);
    expect((await download(url!, { query: `?grant=${tampered}` })).statusCode).toBe(401);
    const forged = `${grant!.slice(0, -2)}${grant!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await download(url!, { query: `?grant=${forged}` })).statusCode).toBe(401);
    expect((await download(skinB.url, { query: `?grant=${grant}` })).statusCode).toBe(401);
    app.context.now = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    try {
      expect((await download(url!, { query: `?grant=${grant}` })).statusCode).toBe(401);
    } finally {
      app.context.now = realNow;
    }
  });

  it('grants nothing when the buyer cancels, and a cancelled order cannot be paid', async () => {
    const form = checkoutForm({ skins: [skinB.id] });
    const { reference } = await cardCheckout(app, form);
    const cancelled = await payLocally(app, reference, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/skins/failed');
    const order = await orderBySession(app, reference);
    expect(order.status).toBe('CANCELLED');
    expect(await ownedSkinIdsOf(app, order.buyer_user_id!)).toEqual([]);

    const paid = await payLocally(app, reference);
    expect(paid.headers.location).toBe('/skins/failed');
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'OrderCancelled',
    ]);
  });

  it('answers 404 for an unknown local checkout page', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/local-checkout/lc_nope' })).statusCode).toBe(404);
    expect((await payLocally(app, `lc_${'0'.repeat(32)}`)).statusCode).toBe(404);
  });
});

describe('card checkout as a signed-in player', () => {
  it('orders for the account (its email), lands on the collection, and the owner downloads', async () => {
    const { reference } = await cardCheckout(
      app,
      checkoutForm({ skins: [skinB.id] }, { email: 'someone.else@example.com' }),
      player.token,
    );
    const order = await orderBySession(app, reference);
    expect(order).toMatchObject({ buyer_user_id: player.id, guest: false });
    const paid = await payLocally(app, reference);
    expect(paid.headers.location).toContain(`/orders/${order.external_id}?k=`);

    const ids = await graphql(app, '{ myOwnedSkinIds }', {}, player.token);
    expect(ids.body.data.myOwnedSkinIds).toEqual([String(skinB.id)]);
    expect((await download(skinB.url, { token: player.token })).statusCode).toBe(200);
    expect((await download(skinB.url, { token: stranger.token })).statusCode).toBe(403);
    expect((await download(skinB.url, { token: author.token })).statusCode).toBe(200);

    // The confirmation goes to the account's address, with the plain links of a signed-in buyer.
    await app.context.runner.catchUp();
    const mail = await waitForMail(app.context.mailer.outboxDir, player.email, order.external_id);
    expect(mail.text).toContain(`/assets/skin/${skinB.url}`);
    expect(mail.text).not.toContain('grant=');
    expect(mail.text).toContain('/me/collection');
  });

  it('refuses what the player already owns', async () => {
    const response = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [skinB.id] }),
      player.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'skins', message: `You already own ${skinB.title}.` });
  });

  it('keeps a bought skin downloadable for its owner after the author hides it', async () => {
    const skin = await addSkin(app, { authorId: author.id, priceCents: 250 });
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), player.token);
    await payLocally(app, reference);
    await app.context.pool.query(sql.unsafe`update skins set published = false where id = ${skin.id}`);
    expect((await download(skin.url, { token: player.token })).statusCode).toBe(200);
    expect((await download(skin.url, { token: stranger.token })).statusCode).toBe(404);
    expect((await download(skin.url)).statusCode).toBe(404);
  });
});

describe('guest purchases join the account registered later with that email', () => {
  it('joins them once the account opens the verification link mailed to that email', async () => {
    const form = checkoutForm({ bundles: [bundle.id] });
    const { reference } = await cardCheckout(app, form);
    await payLocally(app, reference);
    const guestId = (await orderBySession(app, reference)).buyer_user_id;

    const registered = await postJson(app, '/api/auth/register', {
      username: `joined_${Date.now() % 100_000}`,
      email: form.email.toUpperCase(),
      password: 'long-enough-password',
      country: 'de',
      subscribedToNews: false,
    });
    expect(registered.statusCode).toBe(200);
    const token = registered.body;
    const me = await graphql(app, '{ myUser { id } }', {}, token);
    // A new account: the guest row keeps the purchases until the email is proven.
    expect(me.body.data.myUser.id).not.toBe(String(guestId));
    expect((await graphql(app, '{ myOwnedBundleIds }', {}, token)).body.data.myOwnedBundleIds).toEqual([]);
    const verification = await waitForMail(app.context.mailer.outboxDir, form.email.toUpperCase(), 'Verify');
    const link = decodeURIComponent(/\/verify-email\?t=(\S+)/.exec(verification.text)![1]!);
    expect((await postJson(app, '/api/auth/verify-email', { token: link })).statusCode).toBe(200);

    const owned = await graphql(app, '{ myOwnedBundleIds myOwnedSkinIds }', {}, token);
    expect(owned.body.data.myOwnedBundleIds).toEqual([String(bundle.id)]);
    expect(owned.body.data.myOwnedSkinIds).toEqual([String(bundled1.id), String(bundled2.id)]);
    const purchases = await graphql(
      app,
      '{ myPurchaseList { content { paymentStatus items { name } } } }',
      {},
      token,
    );
    expect(purchases.body.data.myPurchaseList.content).toEqual([
      { paymentStatus: 'PAYMENT_RECEIVED', items: [{ name: bundle.title }] },
    ]);
    // The registered account downloads with its session now.
    expect((await download(bundled1.url, { token })).statusCode).toBe(200);
  });
});

describe('PayPal through the local stand-in', () => {
  const createOrder = (form: Record<string, unknown>, token?: string) =>
    postJson(app, '/api/paypal/create-order', form, token);
  const capture = (orderId: string) => postJson(app, '/api/paypal/capture-order', { orderId });

  it('creates an order priced with the PayPal fee and captures it', async () => {
    // Spec 7.1: create-order carries the buyer and the cart without the checkboxes.
    const { termsAccepted: _t, reminderAccepted: _r, ...form } = checkoutForm({ skins: [skinA.id] });
    const created = await createOrder(form);
    expect(created.statusCode).toBe(200);
    expect(created.body).toMatch(/^LOCAL-[A-F0-9]{24}$/);
    const order = await orderBySession(app, created.body);
    expect(order.status).toBe('PAYMENT_ON_THE_WAY');
    const fees = await app.context.pool.one(sql.type(
      z.object({ payment_type: z.string(), payment_fee_cents: z.number() }),
    )`
      select payment_type, payment_fee_cents from orders where id = ${order.id}`);
    // 3.49 % of 5.00 = 0.17 (half up 0.1745) + 0.35
    expect(fees).toEqual({ payment_type: 'PAYPAL', payment_fee_cents: 52 });

    const captured = await capture(created.body);
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({ status: 'PAYMENT_RECEIVED', externalId: order.external_id });
    expect((await orderBySession(app, created.body)).status).toBe('PAYMENT_RECEIVED');
  });

  it('pays once when two captures race, and a repeated capture answers the same', async () => {
    const created = await createOrder(checkoutForm({ skins: [skinB.id] }));
    const both = await Promise.all([capture(created.body), capture(created.body)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const order = await orderBySession(app, created.body);
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);
    expect((await capture(created.body)).statusCode).toBe(200);
    expect(await orderEventTypes(app, order.id)).toHaveLength(4);
  });

  it('refuses a capture of an unknown or cancelled order, and checks the form like the card checkout', async () => {
    expect((await capture('LOCAL-0000')).statusCode).toBe(404);
    expect((await capture('bad id!')).statusCode).toBe(400);
    const created = await createOrder(checkoutForm({ skins: [skinA.id] }));
    const order = await orderBySession(app, created.body);
    app.context.now = () => new Date(Date.now() + 25 * 60 * 60 * 1000);
    try {
      await cancelUnpaidOrders(app.context, app.context.now());
    } finally {
      app.context.now = realNow;
    }
    expect((await orderBySession(app, created.body)).status).toBe('CANCELLED');
    const refused = await capture(created.body);
    expect(refused.statusCode).toBe(409);
    expect(await orderEventTypes(app, order.id)).not.toContain('PaymentReceived');

    const invalid = await createOrder(
      checkoutForm({ skins: [skinA.id] }, { termsAccepted: false, fullname: 'Pat' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ field: 'termsAccepted' });
  });
});

describe('orders left unpaid', () => {
  it('are cancelled by the job after a day, and grant nothing', async () => {
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skinA.id] }));
    const order = await orderBySession(app, reference);
    expect(await cancelUnpaidOrders(app.context, new Date(Date.now() + 60 * 60 * 1000))).toBe(0);
    expect((await orderBySession(app, reference)).status).toBe('PAYMENT_ON_THE_WAY');

    const cancelled = await cancelUnpaidOrders(app.context, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect((await orderBySession(app, reference)).status).toBe('CANCELLED');
    const event = await app.context.pool.one(sql.type(z.object({ reason: z.string(), actor: z.unknown() }))`
      select data->>'reason' as reason, metadata->'actor' as actor from events
      where stream_id = ${`order-${order.id}`} and event_type = 'OrderCancelled'`);
    expect(event).toEqual({ reason: 'EXPIRED', actor: { system: 'scheduler' } });
    expect(await ownedSkinIdsOf(app, order.buyer_user_id!)).toEqual([]);
    // Paying it now (a late local payment) is refused.
    expect((await payLocally(app, reference)).headers.location).toBe('/skins/failed');
  });
});
