import { createHash, createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Local HTTP stand-ins of the Stripe and PayPal APIs the payment adapters call, on one port (their
 * paths differ). Both keep refunds by idempotency key (Stripe's `Idempotency-Key`, PayPal's
 * `PayPal-Request-Id`) as the real APIs do, so a repeated request answers the first refund.
 * `hangRefunds` makes the next refund requests take the refund but never answer (a lost answer:
 * the client times out), `refuseNextRefund` answers the next one with the provider's refusal.
 * PayPal's verify-webhook-signature answers SUCCESS when the transmission signature is
 * `paypalSignature(...)` of the delivery, so tests can sign, forge and replay deliveries.
 */
export type StandInRefund = { id: string; key: string; target: string; amount: number | null };

export type PaymentStandIns = {
  server: FastifyInstance;
  port: number;
  baseUrl: string;
  /** Every refund made, once per idempotency key. */
  refunds: StandInRefund[];
  /** Idempotency keys of every refund request received, answered or not. */
  refundRequests: string[];
  hangRefunds: number;
  refuseNextRefund: { status: number; body: unknown } | null;
  /** Delays each refund answer (ms): widens the window of a race. */
  refundDelayMs: number;
  /** Status of the next PayPal captures. */
  captureStatus: 'COMPLETED' | 'PENDING';
  /** Stripe: the payment intent of each session, and its metadata. */
  sessions: Map<string, { paymentIntent: string; orderId: string | null; amount: number }>;
  /** PayPal: capture ids by PayPal order id. */
  captures: Map<string, { captureId: string; orderId: string | null; amount: string }>;
};

export const PAYPAL_SIGNING_SECRET = 'stand-in-paypal-signing-secret';

/** The signature the PayPal stand-in accepts for a delivery of `body` to webhook `webhookId`. */
export function paypalSignature(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: string,
) {
  const digest = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', PAYPAL_SIGNING_SECRET)
    .update(`${transmissionId}|${transmissionTime}|${webhookId}|${digest}`)
    .digest('base64');
}

export async function startPaymentStandIns(): Promise<PaymentStandIns> {
  const server = Fastify();
  const standIns: PaymentStandIns = {
    server,
    port: 0,
    baseUrl: '',
    refunds: [],
    refundRequests: [],
    hangRefunds: 0,
    refuseNextRefund: null,
    refundDelayMs: 0,
    captureStatus: 'COMPLETED',
    sessions: new Map(),
    captures: new Map(),
  };
  let counter = 0;
  const next = () => ++counter;
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  /** The common part of both providers' refunds: idempotency, lost answers, refusals, delays. */
  async function refund(
    key: string,
    target: string,
    amount: number | null,
    reply: { status(code: number): { send(body: unknown): unknown }; hijack(): void },
    answer: (refund: StandInRefund) => unknown,
  ) {
    standIns.refundRequests.push(key);
    if (standIns.refuseNextRefund) {
      const refusal = standIns.refuseNextRefund;
      standIns.refuseNextRefund = null;
      return reply.status(refusal.status).send(refusal.body);
    }
    let made = standIns.refunds.find((candidate) => candidate.key === key);
    if (!made) {
      made = { id: '', key, target, amount };
      standIns.refunds.push(made);
    }
    if (standIns.hangRefunds > 0) {
      standIns.hangRefunds -= 1;
      reply.hijack(); // taken, never answered: the client's timeout decides
      return undefined;
    }
    if (standIns.refundDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, standIns.refundDelayMs));
    return answer(made);
  }

  // --- Stripe ---
  server.post('/v1/checkout/sessions', async (request) => {
    const body = request.body as URLSearchParams;
    const n = next();
    const id = `cs_test_${n}_${Date.now()}`;
    const amount = [...body.keys()]
      .filter((key) => /^line_items\[\d+]\[price_data]\[unit_amount]$/.test(key))
      .reduce((sum, key) => sum + Number(body.get(key)), 0);
    standIns.sessions.set(id, {
      paymentIntent: `pi_test_${n}`,
      orderId: body.get('metadata[orderId]'),
      amount,
    });
    return {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: body.get('client_reference_id'),
      metadata: { orderId: body.get('metadata[orderId]') },
      payment_status: 'unpaid',
      status: 'open',
      currency: 'eur',
    };
  });
  server.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    const session = standIns.sessions.get(request.params.id);
    if (!session)
      return reply.status(404).send({ error: { type: 'invalid_request_error', message: 'No such session' } });
    return { id: request.params.id, object: 'checkout.session', payment_intent: session.paymentIntent };
  });
  server.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request) => {
    const session = [...standIns.sessions.values()].find((s) => s.paymentIntent === request.params.id);
    return {
      id: request.params.id,
      object: 'payment_intent',
      metadata: { orderId: session?.orderId ?? null },
    };
  });
  server.post('/v1/refunds', async (request, reply) => {
    const body = request.body as URLSearchParams;
    const key = String(request.headers['idempotency-key'] ?? `none-${next()}`);
    const intent = body.get('payment_intent') ?? '';
    return refund(key, intent, Number(body.get('amount')), reply, (made) => {
      made.id ||= `re_test_${next()}`;
      return {
        id: made.id,
        object: 'refund',
        status: 'succeeded',
        amount: made.amount,
        payment_intent: intent,
      };
    });
  });
  server.get('/v1/refunds', async (request) => {
    const { charge } = request.query as { charge?: string };
    const intent = charge?.replace(/^ch_/, 'pi_') ?? '';
    const data = standIns.refunds
      .filter((made) => made.target === intent && made.id)
      .map((made) => ({ id: made.id, object: 'refund' }));
    return { object: 'list', data: data.reverse(), has_more: false };
  });

  // --- PayPal ---
  server.post('/v1/oauth2/token', async () => ({
    access_token: 'A21AA-stand-in',
    token_type: 'Bearer',
    expires_in: 32400,
  }));
  server.post('/v2/checkout/orders', async (request) => {
    const body = request.body as { purchase_units: { custom_id?: string; amount: { value: string } }[] };
    const id = `PPORDER${next()}`;
    standIns.captures.set(id, {
      captureId: `CAPTURE${next()}`,
      orderId: body.purchase_units[0]?.custom_id ?? null,
      amount: body.purchase_units[0]?.amount.value ?? '0.00',
    });
    return { id, status: 'CREATED' };
  });
  server.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const capture = standIns.captures.get(request.params.id);
    if (!capture) return reply.status(404).send({ name: 'RESOURCE_NOT_FOUND', details: [] });
    return {
      id: request.params.id,
      status: 'COMPLETED',
      purchase_units: [
        {
          payments: {
            captures: [
              {
                id: capture.captureId,
                status: standIns.captureStatus,
                amount: { currency_code: 'EUR', value: capture.amount },
                custom_id: capture.orderId,
              },
            ],
          },
        },
      ],
    };
  });
  server.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    const key = String(request.headers['paypal-request-id'] ?? `none-${next()}`);
    return refund(key, request.params.id, null, reply, (made) => {
      made.id ||= `REFUND${next()}`;
      return { id: made.id, status: 'COMPLETED' };
    });
  });
  server.post('/v1/notifications/verify-webhook-signature', async (request) => {
    const body = request.body as Record<string, unknown>;
    const expected = paypalSignature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      JSON.stringify(body.webhook_event),
    );
    return { verification_status: body.transmission_sig === expected ? 'SUCCESS' : 'FAILURE' };
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  standIns.port = (server.server.address() as { port: number }).port;
  standIns.baseUrl = `http://127.0.0.1:${standIns.port}`;
  return standIns;
}
