import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WITHDRAWAL_CONSENT_STATEMENT } from '../../domain/orders/withdrawal-consent';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

// Checkout asks for the consent to immediate delivery; without it a paid order's downloads wait
// until the buyer gives it, and meanwhile the buyer may withdraw within 14 days (docs/withdrawal.md).

let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;
let author: Awaited<ReturnType<typeof createUser>>;

const UNTICKED = { deliveryNowConsent: false, withdrawalLossAcknowledged: false };
const DAY_MS = 24 * 60 * 60 * 1000;

const CONFIRMATION = `query ($externalId: String!, $key: String) {
  orderConfirmation(externalId: $externalId, key: $key) {
    paymentStatus
    withdrawal { asked consentGivenAt consentGivenWhere statement awaitingConsent withdrawable withdrawUntil }
    items { downloads { skinId downloadUrl } }
  }
}`;
const CONSENT = `mutation ($externalId: String!, $key: String, $where: WithdrawalConsentPlace!) {
  giveWithdrawalConsent(externalId: $externalId, key: $key, where: $where) {
    withdrawal { consentGivenAt consentGivenWhere awaitingConsent withdrawable }
    items { downloads { skinId downloadUrl } }
  }
}`;
const WITHDRAW = `mutation ($externalId: String!, $key: String) {
  withdrawFromPurchase(externalId: $externalId, key: $key) {
    paymentStatus withdrawal { awaitingConsent withdrawable }
    items { downloads { skinId } }
  }
}`;
const AWAITING = `{ myOrdersAwaitingConsent { externalId withdrawal { awaitingConsent withdrawable } } }`;

beforeAll(async () => {
  app = await createTestApp();
  viewers = await createViewers(app);
  author = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const newSkin = (priceCents = 500) => addSkin(app, { authorId: author.id, priceCents });

/** Checks out one skin and pays with the local card provider; the order and its confirmation key. */
async function buy(skin: ShopItem, options: { token?: string; consent: boolean }) {
  const form = checkoutForm({ skins: [skin.id] }, options.consent ? {} : UNTICKED);
  const { reference } = await cardCheckout(app, form, options.token);
  const paid = await payLocally(app, reference);
  expect(paid.statusCode).toBe(303);
  const landing = new URL(String(paid.headers.location), 'http://shop.test');
  const order = await orderBySession(app, reference);
  expect(order.status).toBe('PAYMENT_RECEIVED');
  return { order, key: landing.searchParams.get('k') };
}

const download = (skin: ShopItem, token?: string, grant?: string) =>
  app.server.inject({
    method: 'GET',
    url: `/assets/skin/${skin.url}${grant ? `?grant=${grant}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const consent = (externalId: string, options: { token?: string; key?: string | null; where?: string } = {}) =>
  graphql(
    app,
    CONSENT,
    { externalId, key: options.key ?? null, where: options.where ?? 'COLLECTION' },
    options.token,
  );

const errorCode = (answer: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
  answer.body.errors?.[0]?.extensions?.code;

describe('checkout without the consent to immediate delivery', () => {
  it('keeps the paid downloads waiting with a clear refusal until the buyer consents; then they work at once', async () => {
    const { owner } = viewers;
    const skin = await newSkin();
    const { order } = await buy(skin, { token: owner.token, consent: false });
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);

    const refused = await download(skin, owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `The downloads of order ${order.external_id} wait for your consent to immediate delivery: give it on the order's page or in your collection.`,
    );

    const page = await graphql(app, CONFIRMATION, { externalId: order.external_id, key: null }, owner.token);
    expect(page.body.data.orderConfirmation.withdrawal).toMatchObject({
      asked: true,
      consentGivenAt: null,
      statement: WITHDRAWAL_CONSENT_STATEMENT,
      awaitingConsent: true,
      withdrawable: true,
    });
    expect(page.body.data.orderConfirmation.items[0].downloads).toEqual([]);
    const waiting = await graphql(app, AWAITING, {}, owner.token);
    expect(
      waiting.body.data.myOrdersAwaitingConsent.map((o: { externalId: string }) => o.externalId),
    ).toContain(order.external_id);

    const given = await consent(order.external_id, { token: owner.token });
    expect(given.body.errors).toBeUndefined();
    expect(given.body.data.giveWithdrawalConsent.withdrawal).toMatchObject({
      consentGivenWhere: 'COLLECTION',
      awaitingConsent: false,
      withdrawable: false,
    });
    expect(given.body.data.giveWithdrawalConsent.items[0].downloads).toEqual([
      { skinId: String(skin.id), downloadUrl: `/assets/skin/${skin.url}` },
    ]);
    expect((await download(skin, owner.token)).statusCode).toBe(200);
    expect(await orderEventTypes(app, order.id)).toContain('WithdrawalConsentGiven');
    const after = await graphql(app, AWAITING, {}, owner.token);
    expect(
      after.body.data.myOrdersAwaitingConsent.map((o: { externalId: string }) => o.externalId),
    ).not.toContain(order.external_id);

    // Only once.
    const again = await consent(order.external_id, { token: owner.token });
    expect(errorCode(again)).toBe('CONFLICT');
    expect(again.body.errors![0]!.message).toMatch(/^You already consented to the delivery of this order/);
  });

  it('lets only the buyer consent: anonymous and another user are told there is no such order, an admin is refused', async () => {
    const { owner, other, admin } = viewers;
    const skin = await newSkin();
    const { order } = await buy(skin, { token: owner.token, consent: false });
    expect(errorCode(await consent(order.external_id))).toBe('NOT_FOUND');
    expect(errorCode(await consent(order.external_id, { token: other.token }))).toBe('NOT_FOUND');
    const byAdmin = await consent(order.external_id, { token: admin.token });
    expect(errorCode(byAdmin)).toBe('FORBIDDEN');
    expect(byAdmin.body.errors![0]!.message).toBe(
      'Only the buyer of this order can consent to its delivery.',
    );
    expect(errorCode(await consent('TS-2026-999999999', { token: owner.token }))).toBe('NOT_FOUND');
    // Nothing was recorded: the buyer's download still waits.
    expect((await download(skin, owner.token)).statusCode).toBe(403);
    expect(await orderEventTypes(app, order.id)).not.toContain('WithdrawalConsentGiven');
  });

  it("a guest consents with the confirmation page's key; before it a signed link downloads nothing", async () => {
    const skin = await newSkin();
    const { order, key } = await buy(skin, { consent: false });
    const grant = app.context.downloadGrants.sign({ orderId: String(order.id), skinId: skin.id });
    expect((await download(skin, undefined, grant)).statusCode).toBe(403);
    // A key of another order opens nothing.
    const { key: otherKey } = await buy(await newSkin(), { consent: false });
    expect(errorCode(await consent(order.external_id, { key: otherKey, where: 'CONFIRMATION_PAGE' }))).toBe(
      'NOT_FOUND',
    );

    const given = await consent(order.external_id, { key, where: 'CONFIRMATION_PAGE' });
    expect(given.body.errors).toBeUndefined();
    const [line] = given.body.data.giveWithdrawalConsent.items;
    expect(line.downloads[0].downloadUrl).toMatch(new RegExp(`^/assets/skin/${skin.url}\\?grant=`));
    expect((await app.server.inject({ method: 'GET', url: line.downloads[0].downloadUrl })).statusCode).toBe(
      200,
    );
  });

  it("leaves free items and the buyer's other orders alone", async () => {
    const { owner } = viewers;
    const free = await newSkin(0);
    const earlier = await newSkin();
    const later = await newSkin();
    await buy(earlier, { token: owner.token, consent: true });
    await buy(later, { token: owner.token, consent: false });
    expect((await download(free, owner.token)).statusCode).toBe(200);
    expect((await download(free)).statusCode).toBe(200);
    expect((await download(earlier, owner.token)).statusCode).toBe(200);
    expect((await download(later, owner.token)).statusCode).toBe(403);
  });
  it('counts a skin as waiting only while no released order owns it too', async () => {
    const buyer = await createUser(app);
    const waiting = async () =>
      (await graphql(app, '{ myWaitingSkinIds }', {}, buyer.token)).body.data.myWaitingSkinIds as string[];
    const skin = await newSkin();
    const other = await newSkin();
    await buy(skin, { token: buyer.token, consent: false });
    await buy(other, { token: buyer.token, consent: false });
    expect((await waiting()).sort()).toEqual([String(skin.id), String(other.id)].sort());
    // A bundle bought with the consent brings the first skin again: its downloads work, so it no
    // longer waits, though its own order still does.
    const bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [skin.id] });
    const { reference } = await cardCheckout(app, checkoutForm({ bundles: [bundle.id] }), buyer.token);
    expect((await payLocally(app, reference)).statusCode).toBe(303);
    expect(await waiting()).toEqual([String(other.id)]);
    expect((await download(skin, buyer.token)).statusCode).toBe(200);
    expect((await download(other, buyer.token)).statusCode).toBe(403);
  });
});

describe('checkout with the consent to immediate delivery', () => {
  it('records WithdrawalConsentGiven at CHECKOUT with the placement, and the downloads work at once', async () => {
    const { owner } = viewers;
    const skin = await newSkin();
    const { order } = await buy(skin, { token: owner.token, consent: true });
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);
    const data = await app.context.pool.oneFirst(sql.type(
      z.object({ data: z.record(z.string(), z.unknown()) }),
    )`
      select data from events where stream_id = ${`order-${order.id}`} and event_type = 'WithdrawalConsentGiven'`);
    expect(data).toMatchObject({
      orderId: String(order.id),
      where: 'CHECKOUT',
      statement: WITHDRAWAL_CONSENT_STATEMENT,
    });
    expect((await download(skin, owner.token)).statusCode).toBe(200);
    const page = await graphql(app, CONFIRMATION, { externalId: order.external_id, key: null }, owner.token);
    expect(page.body.data.orderConfirmation.withdrawal).toMatchObject({
      consentGivenWhere: 'CHECKOUT',
      awaitingConsent: false,
      withdrawable: false,
      withdrawUntil: null,
    });
  });

  it('refuses one box without the other, on the acknowledgement, and places no order', async () => {
    const skin = await newSkin();
    const answer = await app.server.inject({
      method: 'POST',
      url: '/api/stripe/checkout',
      payload: checkoutForm({ skins: [skin.id] }, { withdrawalLossAcknowledged: false }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'withdrawalLossAcknowledged' });
  });
});

describe('withdrawal by the buyer', () => {
  const withdraw = (externalId: string, options: { token?: string; key?: string | null } = {}) =>
    graphql(app, WITHDRAW, { externalId, key: options.key ?? null }, options.token);

  it('within 14 days and without consent refunds the whole order through the refund path', async () => {
    const { owner, other, admin } = viewers;
    const skin = await newSkin();
    const { order } = await buy(skin, { token: owner.token, consent: false });
    expect(errorCode(await withdraw(order.external_id))).toBe('NOT_FOUND');
    expect(errorCode(await withdraw(order.external_id, { token: other.token }))).toBe('NOT_FOUND');
    const byAdmin = await withdraw(order.external_id, { token: admin.token });
    expect(errorCode(byAdmin)).toBe('FORBIDDEN');
    expect(byAdmin.body.errors![0]!.message).toBe('Only the buyer of this order can withdraw from it.');

    const answer = await withdraw(order.external_id, { token: owner.token });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.withdrawFromPurchase).toMatchObject({
      paymentStatus: 'REFUNDED',
      withdrawal: { awaitingConsent: false, withdrawable: false },
    });
    const refund = await app.context.pool.one(
      sql.type(
        z.object({ data: z.record(z.string(), z.unknown()), metadata: z.record(z.string(), z.unknown()) }),
      )`select data, metadata from events where stream_id = ${`order-${order.id}`} and event_type = 'OrderRefunded'`,
    );
    expect(refund.data).toMatchObject({ by: owner.id, amountCents: 500, withdrawal: true });
    expect(refund.data.providerRefundId).toMatch(/^LOCAL-REFUND-/);
    expect(refund.metadata.actor).toEqual({ userId: owner.id });
    // Refunded: nothing to consent to any more, and the skin left the collection.
    const late = await consent(order.external_id, { token: owner.token });
    expect(late.body.errors![0]!.message).toBe('This order was refunded: nothing will be delivered.');
    expect((await download(skin, owner.token)).statusCode).toBe(403);
  });

  it('a guest withdraws with the key', async () => {
    const { order, key } = await buy(await newSkin(), { consent: false });
    const answer = await withdraw(order.external_id, { key });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.withdrawFromPurchase.paymentStatus).toBe('REFUNDED');
  });

  it('is refused after the consent (given at checkout or later) and after the 14 days', async () => {
    const { owner } = viewers;
    const { order: consented } = await buy(await newSkin(), { token: owner.token, consent: true });
    const refused = await withdraw(consented.external_id, { token: owner.token });
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(refused.body.errors![0]!.message).toBe(
      'You consented to the immediate delivery of this order and so gave up the right of withdrawal.',
    );

    const { order: later } = await buy(await newSkin(), { token: owner.token, consent: false });
    await consent(later.external_id, { token: owner.token });
    expect(errorCode(await withdraw(later.external_id, { token: owner.token }))).toBe('FORBIDDEN');

    const { order: old } = await buy(await newSkin(), { token: owner.token, consent: false });
    const realNow = app.context.now;
    app.context.now = () => new Date(Date.now() + 14 * DAY_MS + 60_000);
    try {
      const page = await graphql(app, CONFIRMATION, { externalId: old.external_id, key: null }, owner.token);
      expect(page.body.data.orderConfirmation.withdrawal).toMatchObject({
        awaitingConsent: true,
        withdrawable: false,
      });
      const tooLate = await withdraw(old.external_id, { token: owner.token });
      expect(errorCode(tooLate)).toBe('FORBIDDEN');
      expect(tooLate.body.errors![0]!.message).toBe('The 14-day withdrawal period of this order has ended.');
    } finally {
      app.context.now = realNow;
    }
    for (const order of [consented, later, old]) {
      expect(await orderEventTypes(app, order.id)).not.toContain('OrderRefunded');
    }
  });
});

describe('mails', () => {
  const deliveries = (orderId: number) =>
    app.context.pool.any(sql.type(z.object({ kind: z.string(), payload: z.record(z.string(), z.unknown()) }))`
      select kind, payload from mail_deliveries where order_id = ${orderId} and recipient_key = 'buyer' order by id`);

  it('the confirmation carries the consent as it stood at the payment; a later consent gets its own mail', async () => {
    const { owner } = viewers;
    const { order: waiting } = await buy(await newSkin(), { token: owner.token, consent: false });
    const { order: consented } = await buy(await newSkin(), { token: owner.token, consent: true });
    await app.context.runner.catchUp();
    const [waitingMail] = await deliveries(waiting.id);
    expect(waitingMail).toMatchObject({
      kind: 'ORDER_CONFIRMATION',
      payload: { withdrawal: { consent: null } },
    });
    const [consentedMail] = await deliveries(consented.id);
    expect(consentedMail!.payload.withdrawal).toMatchObject({
      consent: { statement: WITHDRAWAL_CONSENT_STATEMENT },
    });

    await consent(waiting.external_id, { token: owner.token, where: 'CONFIRMATION_PAGE' });
    await app.context.runner.catchUp();
    expect((await deliveries(waiting.id)).map((mail) => mail.kind)).toEqual([
      'ORDER_CONFIRMATION',
      'WITHDRAWAL_CONSENT',
    ]);
    // Given at checkout: repeated in the confirmation, no second mail.
    expect((await deliveries(consented.id)).map((mail) => mail.kind)).toEqual(['ORDER_CONFIRMATION']);
  });
});
