import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cancelUnpaidOrders } from '../../api/orders/cancel-unpaid-orders.handler';
import { latePaymentRefundsReactor } from '../../api/orders/late-payment-refunds.reactor';
import { createLogger } from '../../infra/logger';
import { CatchUpRunner } from '../../infra/projection-engine/catch-up-runner';
import { paypalSignature, startPaymentStandIns, type PaymentStandIns } from '../support/payment-stand-ins';
import {
  addSkin,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  ownedSkinIdsOf,
  postJson,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Refunds through the providers, pending payments, webhooks and late payments, against local HTTP
// stand-ins of Stripe's and PayPal's APIs (tests/support/payment-stand-ins.ts). One app for the file.

const WEBHOOK_SECRET = 'whsec_provider_payments';
const PAYPAL_WEBHOOK_ID = 'WH-STAND-IN-1';
const REFUND = `mutation ($id: ID!) { refundOrder(id: $id) { id success } }`;
const stripe = new Stripe('sk_test_only_for_signing');

let standIns: PaymentStandIns;
let app: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let skin: ShopItem;

beforeAll(async () => {
  standIns = await startPaymentStandIns();
  app = await createTestApp({
    config: {
      payments: {
        stripe: {
          secretKey: 'sk_test_stand_in',
          webhookSecret: WEBHOOK_SECRET,
          api: { host: '127.0.0.1', port: standIns.port, protocol: 'http', timeout: 400 },
        },
        paypal: {
          clientId: 'client-id',
          clientSecret: 'client-secret',
          environment: 'sandbox',
          webhookId: PAYPAL_WEBHOOK_ID,
          api: { baseUrl: standIns.baseUrl, timeoutMs: 400 },
        },
        paypalFee: { percent: 3.49, fixedCents: 35 },
      },
    },
  });
  const author = await createUser(app);
  admin = await createUser(app, { roles: ['regular', 'admin'] });
  skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
});
afterAll(async () => {
  await app?.close();
  standIns?.server.server.closeAllConnections();
  await standIns?.server.close();
});

const orderEvent = z.object({ event_type: z.string(), data: z.record(z.string(), z.unknown()) });
async function eventsOf(orderId: number, type: string) {
  return app.context.pool.any(sql.type(orderEvent)`
    select event_type, data from events where stream_id = ${`order-${orderId}`} and event_type = ${type}
    order by stream_version`);
}

/** A card order at the Stripe stand-in, bought by a new signed-in buyer. */
async function cardOrder() {
  const buyer = await createUser(app);
  const response = await postJson(
    app,
    '/api/stripe/checkout',
    checkoutForm({ skins: [skin.id] }),
    buyer.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = /cs_test_\w+$/.exec(response.body)![0];
  return { sessionId, buyer, order: await orderBySession(app, sessionId) };
}

function stripeWebhook(
  type: string,
  object: Record<string, unknown>,
  options: { eventId?: string; secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_${randomUUID()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return app.server.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const session = (sessionId: string, orderId: number, paymentStatus: string) => ({
  object: 'checkout.session',
  id: sessionId,
  client_reference_id: String(orderId),
  metadata: { orderId: String(orderId) },
  payment_status: paymentStatus,
  amount_total: 500,
  currency: 'eur',
});

async function paidCardOrder() {
  const { sessionId, order, buyer } = await cardOrder();
  const paid = await stripeWebhook('checkout.session.completed', session(sessionId, order.id, 'paid'));
  expect(paid.statusCode).toBe(200);
  expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_RECEIVED');
  return { sessionId, order, buyer, paymentIntent: standIns.sessions.get(sessionId)!.paymentIntent };
}

/** `charge.refunded` as Stripe sends it, for the session's payment intent (charge ch_ ↔ pi_). */
const refundedCharge = (paymentIntent: string, amountRefunded = 500) => ({
  object: 'charge',
  id: paymentIntent.replace(/^pi_/, 'ch_'),
  payment_intent: paymentIntent,
  amount: 500,
  amount_refunded: amountRefunded,
  currency: 'eur',
  refunded: amountRefunded === 500,
  metadata: {},
});

const refund = (orderId: number) => graphql(app, REFUND, { id: String(orderId) }, admin.token);

async function status(orderId: number) {
  return app.context.pool.oneFirst(sql.type(z.object({ status: z.string() }))`
    select status from orders where id = ${orderId}`);
}

describe('refunds through Stripe', () => {
  it('a refund whose answer is lost is retried once at Stripe: one refund, recorded with its id', async () => {
    const { order, paymentIntent, buyer } = await paidCardOrder();
    // Stripe takes the refund but the answers never come (the SDK's own retry included).
    standIns.hangRefunds = 2;
    const first = await refund(order.id);
    expect(first.body.errors?.[0].message).toBe(
      'Stripe did not answer, so the refund is not recorded. Try again: a retry never refunds twice.',
    );
    expect(await status(order.id)).toBe('PAYMENT_RECEIVED');

    const retry = await refund(order.id);
    expect(retry.body.errors).toBeUndefined();
    expect(retry.body.data.refundOrder).toEqual({ id: String(order.id), success: true });

    const made = standIns.refunds.filter((r) => r.target === paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ key: `order-${order.id}-refund`, amount: 500 });
    expect(new Set(standIns.refundRequests.filter((key) => key === `order-${order.id}-refund`)).size).toBe(1);
    const [refunded] = await eventsOf(order.id, 'OrderRefunded');
    expect(refunded!.data).toMatchObject({ by: admin.id, providerRefundId: made[0]!.id, amountCents: 500 });
    expect(await ownedSkinIdsOf(app, buyer.id)).not.toContain(skin.id);

    // Our refund's notice comes back from Stripe: still one refund event.
    expect((await stripeWebhook('charge.refunded', refundedCharge(paymentIntent))).statusCode).toBe(200);
    expect(await eventsOf(order.id, 'OrderRefunded')).toHaveLength(1);
  });

  it("a refund Stripe refuses leaves the order paid and tells the admin Stripe's reason", async () => {
    const { order } = await paidCardOrder();
    standIns.refuseNextRefund = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: 'Charge ch_1 has been disputed.',
        },
      },
    };
    const refused = await refund(order.id);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Stripe refused the refund: Charge ch_1 has been disputed. The order stays paid.',
      extensions: { code: 'CONFLICT' },
    });
    expect(await status(order.id)).toBe('PAYMENT_RECEIVED');
    expect(await eventsOf(order.id, 'OrderRefunded')).toEqual([]);
  });

  it('a refund made in the Stripe dashboard is recorded as the same refund event, once', async () => {
    const { order, paymentIntent } = await paidCardOrder();
    standIns.refunds.push({ id: 're_dashboard_1', key: 'dashboard', target: paymentIntent, amount: 500 });
    const eventId = `evt_${randomUUID()}`;
    expect(
      (await stripeWebhook('charge.refunded', refundedCharge(paymentIntent), { eventId })).statusCode,
    ).toBe(200);
    expect(await status(order.id)).toBe('REFUNDED');
    const [refunded] = await eventsOf(order.id, 'OrderRefunded');
    expect(refunded!.data).toMatchObject({ by: null, providerRefundId: 're_dashboard_1', amountCents: 500 });

    // A partial refund is not recorded as a whole one.
    const other = await paidCardOrder();
    await stripeWebhook('charge.refunded', refundedCharge(other.paymentIntent, 200));
    expect(await status(other.order.id)).toBe('PAYMENT_RECEIVED');
  });
});

describe('Stripe webhook signatures', () => {
  it('takes a valid one, refuses a forged or stale (replayed) one, and handles an event id once', async () => {
    const { sessionId, order } = await cardOrder();
    const paid = session(sessionId, order.id, 'paid');
    expect(
      (await stripeWebhook('checkout.session.completed', paid, { secret: 'whsec_forged' })).statusCode,
    ).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await stripeWebhook('checkout.session.completed', paid, { timestamp: stale })).statusCode).toBe(
      400,
    );
    expect(await status(order.id)).toBe('PAYMENT_ON_THE_WAY');

    const eventId = `evt_${randomUUID()}`;
    const valid = await stripeWebhook('checkout.session.completed', paid, { eventId });
    expect(valid.statusCode).toBe(200);
    expect(await status(order.id)).toBe('PAYMENT_RECEIVED');
    const seen = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from payment_webhook_events where provider = 'STRIPE' and event_id = ${eventId}`);
    expect(seen).toBe(1);
    expect((await stripeWebhook('checkout.session.completed', paid, { eventId })).statusCode).toBe(200);
    expect(await eventsOf(order.id, 'PaymentReceived')).toHaveLength(1);
  });
});

describe('pending card payments', () => {
  it('waits three days for a delayed payment: the unpaid-orders job leaves it, Stripe settles it', async () => {
    const { sessionId, order, buyer } = await cardOrder();
    const abandoned = await cardOrder();
    const completed = await stripeWebhook(
      'checkout.session.completed',
      session(sessionId, order.id, 'unpaid'),
    );
    expect(completed.statusCode).toBe(200);
    expect(await status(order.id)).toBe('PAYMENT_PENDING');
    expect(await eventsOf(order.id, 'PaymentPending')).toHaveLength(1);
    expect(await ownedSkinIdsOf(app, buyer.id)).not.toContain(skin.id);

    // Three days later, by the app's clock: the job expires the abandoned order, not the pending one.
    const realNow = app.context.now;
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    app.context.now = () => later;
    try {
      await cancelUnpaidOrders(app.context, later);
      expect(await status(abandoned.order.id)).toBe('CANCELLED');
      expect(await status(order.id)).toBe('PAYMENT_PENDING');

      const settled = await stripeWebhook(
        'checkout.session.async_payment_succeeded',
        session(sessionId, order.id, 'paid'),
      );
      expect(settled.statusCode).toBe(200);
    } finally {
      app.context.now = realNow;
    }
    expect(await status(order.id)).toBe('PAYMENT_RECEIVED');
    const [received] = await eventsOf(order.id, 'PaymentReceived');
    expect(received!.data.receivedAt).toBe(later.toISOString());
    expect(await ownedSkinIdsOf(app, buyer.id)).toContain(skin.id);
  });

  it('cancels a pending payment that fails', async () => {
    const { sessionId, order } = await cardOrder();
    await stripeWebhook('checkout.session.completed', session(sessionId, order.id, 'unpaid'));
    await stripeWebhook('checkout.session.async_payment_failed', session(sessionId, order.id, 'unpaid'));
    expect(await status(order.id)).toBe('CANCELLED');
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentPending',
      'OrderCancelled',
    ]);
  });
});

describe('a payment for a cancelled order', () => {
  it('is recorded and refunded automatically, once', async () => {
    const { sessionId, order } = await cardOrder();
    await stripeWebhook('checkout.session.expired', session(sessionId, order.id, 'unpaid'));
    const late = await stripeWebhook('checkout.session.completed', session(sessionId, order.id, 'paid'));
    expect(late.statusCode).toBe(200);
    expect(await status(order.id)).toBe('CANCELLED');
    expect(await eventsOf(order.id, 'LatePaymentReceived')).toHaveLength(1);

    const log = createLogger({ level: 'silent' });
    const reactor = latePaymentRefundsReactor({
      store: app.context.store,
      log,
      payments: app.context.payments,
    });
    // Stripe's first answer is lost: the batch fails and is taken again, refunding once.
    standIns.hangRefunds = 2;
    for (let pass = 0; pass < 2; pass++) {
      const runner = new CatchUpRunner({
        pool: app.context.pool,
        store: app.context.store,
        projections: [reactor],
        log,
        batchSize: 100,
        pollMs: 60_000,
      });
      await runner.start();
      await runner.catchUp().catch(() => undefined);
      await runner.stop();
    }
    const intent = standIns.sessions.get(sessionId)!.paymentIntent;
    const made = standIns.refunds.filter((r) => r.target === intent);
    expect(made).toHaveLength(1);
    expect(made[0]!.key).toBe(`order-${order.id}-late-${sessionId}`);
    const refunded = await eventsOf(order.id, 'LatePaymentRefunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ providerRefundId: made[0]!.id, amountCents: 500 });
    expect(await status(order.id)).toBe('CANCELLED');
  });
});

describe('PayPal', () => {
  async function paypalOrder() {
    const buyer = await createUser(app);
    const created = await postJson(
      app,
      '/api/paypal/create-order',
      checkoutForm({ skins: [skin.id] }),
      buyer.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const reference = created.body;
    const order = await orderBySession(app, reference);
    return { reference, buyer, order, capture: standIns.captures.get(reference)! };
  }

  function paypalWebhook(event: Record<string, unknown>, options: { forged?: boolean } = {}) {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const signature = options.forged
      ? paypalSignature(transmissionId, transmissionTime, 'WH-SOMEONE-ELSE', body)
      : paypalSignature(transmissionId, transmissionTime, PAYPAL_WEBHOOK_ID, body);
    return app.server.inject({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': transmissionTime,
      },
      payload: body,
    });
  }

  const captureEvent = (
    type: string,
    capture: { captureId: string; orderId: string | null },
    reference: string,
  ) => ({
    id: `WH-${randomUUID()}`,
    event_type: type,
    resource_type: 'capture',
    resource: {
      id: capture.captureId,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      amount: { currency_code: 'EUR', value: '5.00' },
      custom_id: capture.orderId,
      supplementary_data: { related_ids: { order_id: reference } },
    },
  });
  const refundEvent = (captureId: string, refundId: string) => ({
    id: `WH-${randomUUID()}`,
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    resource_type: 'refund',
    resource: {
      id: refundId,
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '5.00' },
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'EUR', value: '5.00' } },
      links: [{ href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up' }],
    },
  });

  it('records a pending capture, settles it by a verified webhook, refuses forged ones and ignores replays', async () => {
    const { reference, order, capture, buyer } = await paypalOrder();
    standIns.captureStatus = 'PENDING';
    const captured = await postJson(app, '/api/paypal/capture-order', { orderId: reference });
    standIns.captureStatus = 'COMPLETED';
    expect(captured.statusCode).toBe(202);
    expect(await status(order.id)).toBe('PAYMENT_PENDING');
    await cancelUnpaidOrders(app.context, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    expect(await status(order.id)).toBe('PAYMENT_PENDING');

    const completed = captureEvent('PAYMENT.CAPTURE.COMPLETED', capture, reference);
    expect((await paypalWebhook(completed, { forged: true })).statusCode).toBe(400);
    expect(await status(order.id)).toBe('PAYMENT_PENDING');
    expect((await paypalWebhook(completed)).statusCode).toBe(200);
    expect(await status(order.id)).toBe('PAYMENT_RECEIVED');
    expect(await ownedSkinIdsOf(app, buyer.id)).toContain(skin.id);

    // Replayed after the order moved on: the event id was handled, so nothing happens again.
    const refunded = await refund(order.id);
    expect(refunded.body.errors).toBeUndefined();
    expect((await paypalWebhook(completed)).statusCode).toBe(200);
    expect(await status(order.id)).toBe('REFUNDED');
    expect(await eventsOf(order.id, 'PaymentReceived')).toHaveLength(1);
  });

  it('refunds a capture once across a lost answer, and its REFUNDED notice records nothing more', async () => {
    const { reference, order, capture } = await paypalOrder();
    expect((await postJson(app, '/api/paypal/capture-order', { orderId: reference })).statusCode).toBe(200);
    standIns.hangRefunds = 1;
    expect((await refund(order.id)).body.errors?.[0].message).toBe(
      'PayPal did not answer, so the refund is not recorded. Try again: a retry never refunds twice.',
    );
    expect((await refund(order.id)).body.errors).toBeUndefined();
    const made = standIns.refunds.filter((r) => r.target === capture.captureId);
    expect(made).toHaveLength(1);
    expect(made[0]!.key).toBe(`order-${order.id}-refund`);
    const [event] = await eventsOf(order.id, 'OrderRefunded');
    expect(event!.data).toMatchObject({ providerRefundId: made[0]!.id, by: admin.id });

    expect((await paypalWebhook(refundEvent(capture.captureId, made[0]!.id))).statusCode).toBe(200);
    expect(await eventsOf(order.id, 'OrderRefunded')).toHaveLength(1);
  });

  it("records a refund made in PayPal's dashboard, and cancels a denied capture", async () => {
    const paid = await paypalOrder();
    await postJson(app, '/api/paypal/capture-order', { orderId: paid.reference });
    expect((await paypalWebhook(refundEvent(paid.capture.captureId, 'REFUND-DASHBOARD-1'))).statusCode).toBe(
      200,
    );
    expect(await status(paid.order.id)).toBe('REFUNDED');
    const [event] = await eventsOf(paid.order.id, 'OrderRefunded');
    expect(event!.data).toMatchObject({ by: null, providerRefundId: 'REFUND-DASHBOARD-1' });

    const denied = await paypalOrder();
    standIns.captureStatus = 'PENDING';
    await postJson(app, '/api/paypal/capture-order', { orderId: denied.reference });
    standIns.captureStatus = 'COMPLETED';
    const notice = captureEvent('PAYMENT.CAPTURE.DENIED', denied.capture, denied.reference);
    expect((await paypalWebhook(notice)).statusCode).toBe(200);
    expect(await status(denied.order.id)).toBe('CANCELLED');
  });
});

describe('refunds and downloads', () => {
  it('never lets a refund and a paid download of the same order both succeed', async () => {
    const outcomes = { refunded: 0, downloaded: 0 };
    standIns.refundDelayMs = 30;
    try {
      for (let round = 0; round < 4; round++) {
        const player = await createUser(app);
        const item = await addSkin(app, { authorId: admin.id, priceCents: 500 });
        const form = checkoutForm({ skins: [item.id] });
        const response = await postJson(app, '/api/stripe/checkout', form, player.token);
        const sessionId = /cs_test_\w+$/.exec(response.body)![0];
        const order = await orderBySession(app, sessionId);
        await stripeWebhook('checkout.session.completed', session(sessionId, order.id, 'paid'));
        const download = () =>
          app.server.inject({
            method: 'GET',
            url: `/assets/skin/${item.url}`,
            headers: { authorization: `Bearer ${player.token}` },
          });
        // Downloads first on even rounds, the refund first on odd ones; all at once.
        const [refundAnswer, ...downloads] = await Promise.all(
          round % 2 === 0
            ? [new Promise((r) => setTimeout(r, 5)).then(() => refund(order.id)), download(), download()]
            : [refund(order.id), new Promise((r) => setTimeout(r, 5)).then(download), download()],
        );
        const refunded = !refundAnswer.body.errors;
        const downloaded = downloads.some((answer) => answer.statusCode === 200);
        expect(refunded && downloaded, `round ${round}`).toBe(false);
        expect(refunded || downloaded, `round ${round}`).toBe(true);
        if (refunded) outcomes.refunded++;
        if (downloaded) outcomes.downloaded++;
      }
    } finally {
      standIns.refundDelayMs = 0;
    }
    // Both orders of events happened: the race was really run both ways.
    expect(outcomes.refunded).toBeGreaterThan(0);
    expect(outcomes.downloaded).toBeGreaterThan(0);
  });
});
