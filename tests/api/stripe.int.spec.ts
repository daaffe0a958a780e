import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/outbox';
import {
  addBundle,
  addSkin,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  ownedSkinIdsOf,
  postJson,
  settle,
  type ShopItem,
} from '../support/shop';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

/**
 * A stand-in for Stripe's API on a local port: it answers the one call the card adapter makes
 * (POST /v1/checkout/sessions, form-encoded as the SDK sends it) and keeps what it was sent.
 */
type StripeStandIn = {
  server: FastifyInstance;
  port: number;
  calls: { body: URLSearchParams; headers: Record<string, unknown> }[];
  failNext: boolean;
};

async function startStripeStandIn(): Promise<StripeStandIn> {
  const server = Fastify();
  const standIn = { server, port: 0, calls: [], failNext: false } as StripeStandIn;
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
  let sessions = 0;
  server.post('/v1/checkout/sessions', async (request, reply) => {
    const body = request.body as URLSearchParams;
    standIn.calls.push({ body, headers: request.headers });
    if (standIn.failNext) {
      standIn.failNext = false;
      return reply
        .status(400)
        .send({ error: { type: 'invalid_request_error', message: 'Stand-in refuses.' } });
    }
    const id = `cs_test_${++sessions}_${Date.now()}`;
    return {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: body.get('client_reference_id'),
      customer_email: body.get('customer_email'),
      metadata: { orderId: body.get('metadata[orderId]') },
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      currency: 'eur',
    };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  standIn.port = (server.server.address() as { port: number }).port;
  return standIn;
}

let standIn: StripeStandIn;
let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let player: Awaited<ReturnType<typeof createUser>>;
let skin: ShopItem;
let bundled: ShopItem;
let bundle: ShopItem;
const stripe = new Stripe('sk_test_only_for_signing');

beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await createTestApp({
    config: {
      payments: {
        stripe: {
          secretKey: 'sk_test_stand_in',
          webhookSecret: WEBHOOK_SECRET,
          api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' },
        },
        paypal: null,
        paypalFee: { percent: 3.49, fixedCents: 35 },
      },
    },
  });
  author = await createUser(app);
  player = await createUser(app);
  skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  bundled = await addSkin(app, { authorId: author.id, priceCents: 700 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 1000, skinIds: [bundled.id] });
});
afterAll(async () => {
  await app?.close();
  await standIn?.server.close();
});

/** A Stripe event about a checkout session, signed as Stripe signs it (or with another secret). */
function webhook(
  type: string,
  session: Record<string, unknown>,
  options: { eventId?: string; secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'checkout.session', currency: 'eur', ...session } },
  });
  const signature =
    options.signature === undefined
      ? stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.signature;
  return app.server.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

async function checkout(form: Record<string, unknown>, token?: string) {
  const response = await postJson(app, '/api/stripe/checkout', form, token);
  expect(response.statusCode, response.body).toBe(200);
  const call = standIn.calls.at(-1)!;
  const sessionId = /cs_test_\w+$/.exec(response.body)![0];
  return { url: response.body, call, sessionId, order: await orderBySession(app, sessionId) };
}

describe('the Stripe card adapter against a stand-in of Stripe', () => {
  it('says STRIPE in the checkout configuration', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(response.json()).toEqual({ cardProvider: 'STRIPE', paypal: null, paypalLocal: true });
  });

  it('creates a Checkout Session with the items, the email, the order id and the result pages', async () => {
    const form = checkoutForm({ skins: [skin.id], bundles: [bundle.id] }, { price: 0.5 });
    const { url, call, order } = await checkout(form);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(order).toMatchObject({ status: 'PAYMENT_ON_THE_WAY', total_cents: 1500 });
    const body = Object.fromEntries(call.body.entries());
    expect(body).toMatchObject({
      mode: 'payment',
      customer_email: form.email,
      client_reference_id: String(order.id),
      'metadata[orderId]': String(order.id),
      'metadata[externalId]': order.external_id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][product_data][name]': skin.title,
      'line_items[1][price_data][unit_amount]': '1000',
      'line_items[1][price_data][product_data][name]': bundle.title,
      cancel_url: `${app.context.config.publicUrl}/bundles/failed`,
    });
    // Paid: the order's confirmation page, with the key signed for this order.
    const successUrl = new URL(String(body.success_url));
    expect(`${successUrl.origin}${successUrl.pathname}`).toBe(
      `${app.context.config.publicUrl}/orders/${order.external_id}`,
    );
    expect(app.context.orderConfirmationKeys.opens(String(order.id), successUrl.searchParams.get('k'))).toBe(
      true,
    );
    const expiresIn = Number(body.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60);
    expect(call.headers['idempotency-key']).toBe(`order-${order.id}-checkout`);
    expect(call.headers.authorization).toBe('Bearer sk_test_stand_in');
  });

  it('sends a signed-in buyer back to the collection', async () => {
    const { call } = await checkout(checkoutForm({ skins: [skin.id] }), player.token);
    expect(call.body.get('success_url')).toContain(`${app.context.config.publicUrl}/orders/TS-`);
    expect(call.body.get('cancel_url')).toBe(`${app.context.config.publicUrl}/me/collection/failed`);
    expect(call.body.get('customer_email')).toBe(player.email);
  });

  it('answers 502 with the spec message when Stripe refuses or fails, and logs it', async () => {
    standIn.failNext = true;
    const response = await postJson(app, '/api/stripe/checkout', checkoutForm({ skins: [skin.id] }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      message: 'There was an error reaching Stripe. Please try again later.',
    });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('records the payment once when Stripe delivers checkout.session.completed twice', async () => {
    const form = checkoutForm({ bundles: [bundle.id] });
    const { sessionId, order } = await checkout(form);
    const session = {
      id: sessionId,
      client_reference_id: String(order.id),
      metadata: { orderId: String(order.id) },
      payment_status: 'paid',
      amount_total: 1000,
    };
    const first = await webhook('checkout.session.completed', session, { eventId: 'evt_paid_1' });
    expect(first.statusCode).toBe(200);
    const second = await webhook('checkout.session.completed', session, { eventId: 'evt_paid_1' });
    expect(second.statusCode).toBe(200);
    // Even a new event about the same session pays nothing more.
    expect((await webhook('checkout.session.completed', session, { eventId: 'evt_paid_2' })).statusCode).toBe(
      200,
    );

    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);
    expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_RECEIVED');
    expect(await ownedSkinIdsOf(app, order.buyer_user_id!)).toEqual([bundled.id]);

    // The order-mails reactor records the confirmation when the runner catches up; the sender sends it.
    await app.context.runner.catchUp();
    await waitForMail(app.context.mailer.outboxDir, form.email, order.external_id);
    await settle();
    await app.mailSender.drain();
    const mails = [];
    for (const file of await fs.readdir(app.context.mailer.outboxDir)) {
      const mail = JSON.parse(await fs.readFile(path.join(app.context.mailer.outboxDir, file), 'utf8'));
      if (mail.to === form.email) mails.push(mail);
    }
    expect(mails).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { sessionId, order } = await checkout(checkoutForm({ skins: [skin.id] }));
    const session = {
      id: sessionId,
      client_reference_id: String(order.id),
      payment_status: 'paid',
      amount_total: 500,
    };
    expect(
      (await webhook('checkout.session.completed', session, { secret: 'whsec_someone_else' })).statusCode,
    ).toBe(400);
    expect((await webhook('checkout.session.completed', session, { signature: null })).statusCode).toBe(400);
    expect(
      (await webhook('checkout.session.completed', session, { signature: 't=1,v1=abc' })).statusCode,
    ).toBe(400);
    expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_ON_THE_WAY');
  });

  it('cancels the order when the session expires, granting nothing; a late payment is recorded for its refund and answered 200', async () => {
    const { sessionId, order } = await checkout(checkoutForm({ skins: [skin.id] }));
    const session = {
      id: sessionId,
      client_reference_id: String(order.id),
      payment_status: 'unpaid',
      amount_total: 500,
    };
    expect((await webhook('checkout.session.expired', session)).statusCode).toBe(200);
    expect((await orderBySession(app, sessionId)).status).toBe('CANCELLED');
    expect(await ownedSkinIdsOf(app, order.buyer_user_id!)).toEqual([]);

    const late = await webhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    expect(late.statusCode).toBe(200);
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'OrderCancelled',
      'LatePaymentReceived',
    ]);
    expect((await orderBySession(app, sessionId)).status).toBe('CANCELLED');
  });

  it('waits for an unpaid completion (delayed payment methods) and refuses a wrong amount', async () => {
    const { sessionId, order } = await checkout(checkoutForm({ skins: [skin.id] }));
    const session = { id: sessionId, client_reference_id: String(order.id), amount_total: 500 };
    await webhook('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_PENDING');
    await webhook('checkout.session.async_payment_succeeded', {
      ...session,
      amount_total: 499,
      payment_status: 'paid',
    });
    expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_PENDING');
    await webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    expect((await orderBySession(app, sessionId)).status).toBe('PAYMENT_RECEIVED');
  });

  it('leaves the local checkout page closed while Stripe takes the payments', async () => {
    const page = await app.server.inject({ method: 'GET', url: `/local-checkout/lc_${'a'.repeat(32)}` });
    expect(page.statusCode).toBe(404);
  });

  it('ignores notifications about sessions that are not ours', async () => {
    const response = await webhook('checkout.session.completed', { id: 'cs_other', payment_status: 'paid' });
    expect(response.statusCode).toBe(200);
  });
});
