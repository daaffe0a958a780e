import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderUnavailable } from '../../infra/payments/payment-provider';
import {
  LocalPaypalPayouts,
  PaypalPayoutAlreadySent,
  PaypalPayoutsApi,
  type PaypalPayoutRequest,
} from '../../infra/payments/paypal-payouts';

// Needs no database (the int project's global setup starts one anyway); it is an int test because
// it starts an HTTP server that plays PayPal.

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: unknown } | 'hang';

const config = { clientId: 'client-id', clientSecret: 'client-secret', environment: 'sandbox' as const };
const request: PaypalPayoutRequest = {
  senderBatchId: 'payout-42-3',
  senderItemId: 'payout-42',
  receiverEmail: 'author@example.com',
  amountCents: 1234,
  note: 'TrackSkins author payout 42',
  emailSubject: 'You have a payout from TrackSkins',
};

let server: http.Server;
let baseUrl: string;
let recorded: Recorded[];
let tokenAnswer: Answer;
let payoutAnswer: Answer;
let tokensIssued: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer =
        req.url === '/v1/oauth2/token'
          ? tokenAnswer
          : req.url === '/v1/payments/payouts'
            ? payoutAnswer
            : { status: 404 };
      if (answer === 'hang') return;
      if (req.url === '/v1/oauth2/token' && answer.status === 200) tokensIssued += 1;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded = [];
  tokensIssued = 0;
  tokenAnswer = {
    status: 200,
    body: {
      scope: 'https://uri.paypal.com/payments/payouts',
      access_token: 'A21AA-token',
      token_type: 'Bearer',
      expires_in: 32400,
    },
  };
  payoutAnswer = {
    status: 201,
    body: {
      batch_header: {
        payout_batch_id: 'Q6K2CE4GQ36MQ',
        batch_status: 'PENDING',
        sender_batch_header: {
          sender_batch_id: 'payout-42-3',
          email_subject: 'You have a payout from TrackSkins',
        },
      },
      links: [
        {
          href: 'https://api-m.sandbox.paypal.com/v1/payments/payouts/Q6K2CE4GQ36MQ',
          rel: 'self',
          method: 'GET',
        },
      ],
    },
  };
});

const api = (options: { timeoutMs?: number } = {}) => new PaypalPayoutsApi(config, { baseUrl, ...options });
const payoutCalls = () => recorded.filter((call) => call.url === '/v1/payments/payouts');

describe('PaypalPayoutsApi', () => {
  it('takes a token by client credentials, then posts one EUR item with the batch id as idempotency key', async () => {
    await expect(api().send(request)).resolves.toEqual({ status: 'sent', batchId: 'Q6K2CE4GQ36MQ' });

    const [token, payout] = recorded;
    expect(token).toMatchObject({
      method: 'POST',
      url: '/v1/oauth2/token',
      body: 'grant_type=client_credentials',
    });
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
    );
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');

    expect(payout).toMatchObject({ method: 'POST', url: '/v1/payments/payouts' });
    expect(payout!.headers.authorization).toBe('Bearer A21AA-token');
    expect(payout!.headers['paypal-request-id']).toBe('payout-42-3');
    expect(payout!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(payout!.body)).toEqual({
      sender_batch_header: {
        sender_batch_id: 'payout-42-3',
        email_subject: 'You have a payout from TrackSkins',
        email_message: 'TrackSkins author payout 42',
      },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: 'author@example.com',
          amount: { value: '12.34', currency: 'EUR' },
          note: 'TrackSkins author payout 42',
          sender_item_id: 'payout-42',
        },
      ],
    });
  });

  it('formats whole euros and single cents with two decimals', async () => {
    const payouts = api();
    await payouts.send({ ...request, amountCents: 5 });
    await payouts.send({ ...request, amountCents: 100_000 });
    expect(payoutCalls().map((call) => JSON.parse(call.body).items[0].amount.value)).toEqual([
      '0.05',
      '1000.00',
    ]);
  });

  it('keeps the token for the next payouts', async () => {
    const payouts = api();
    await payouts.send(request);
    await payouts.send({ ...request, senderBatchId: 'payout-43-1', senderItemId: 'payout-43' });
    expect(tokensIssued).toBe(1);
    expect(payoutCalls()).toHaveLength(2);
  });

  it('answers refused with PayPal error name and message for a 422', async () => {
    payoutAnswer = {
      status: 422,
      body: {
        name: 'INSUFFICIENT_FUNDS',
        message: 'Sender does not have sufficient funds. Please add funds and retry.',
        debug_id: 'dbg-funds',
        links: [],
      },
    };
    await expect(api().send(request)).resolves.toEqual({
      status: 'refused',
      reason: 'INSUFFICIENT_FUNDS: Sender does not have sufficient funds. Please add funds and retry.',
    });
  });

  it('adds the details of a validation error to the reason, cut to 500 characters', async () => {
    payoutAnswer = {
      status: 400,
      body: {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        details: [
          {
            field: 'items[0].receiver',
            location: 'body',
            issue: 'Receiver is invalid or does not match with type',
          },
        ],
      },
    };
    await expect(api().send(request)).resolves.toEqual({
      status: 'refused',
      reason:
        'VALIDATION_ERROR: Invalid request - see details (items[0].receiver: Receiver is invalid or does not match with type)',
    });

    payoutAnswer = { status: 400, body: { name: 'VALIDATION_ERROR', message: 'x'.repeat(2000) } };
    const result = await api().send(request);
    expect(result.status === 'refused' && result.reason.length).toBe(500);
  });

  it('answers sent with the original batch for a repeated sender_batch_id', async () => {
    payoutAnswer = {
      status: 400,
      body: {
        name: 'USER_BUSINESS_ERROR',
        message: 'User business error.',
        details: [
          {
            field: 'SENDER_BATCH_ID',
            location: 'body',
            issue: 'Batch with given sender_batch_id already exists',
            link: [
              {
                href: 'https://api.sandbox.paypal.com/v1/payments/payouts/ORIGINAL123',
                rel: 'self',
                method: 'GET',
              },
            ],
          },
        ],
        links: [],
      },
    };
    await expect(api().send(request)).resolves.toEqual({ status: 'sent', batchId: 'ORIGINAL123' });
  });

  it('throws PaypalPayoutAlreadySent for a repeated id when PayPal does not name the batch', async () => {
    payoutAnswer = {
      status: 400,
      body: {
        name: 'DUPLICATE_REQUEST_ID',
        message: 'The value of PayPal-Request-Id header has already been used',
      },
    };
    const error = await api()
      .send(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaypalPayoutAlreadySent);
    expect(error).toMatchObject({ senderBatchId: 'payout-42-3' });
  });

  it('throws PaymentProviderUnavailable for a 500', async () => {
    payoutAnswer = {
      status: 500,
      body: { name: 'INTERNAL_ERROR', message: 'An internal service error occurred.' },
    };
    const error = await api()
      .send(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderUnavailable);
    expect(error).toMatchObject({ provider: 'PAYPAL', operation: 'payout' });
    expect((error as Error).message).toContain('HTTP 500');
  });

  it('throws PaymentProviderUnavailable when PayPal refuses our credentials, and takes a new token next time', async () => {
    tokenAnswer = {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    };
    await expect(api().send(request)).rejects.toThrow(PaymentProviderUnavailable);
    expect(payoutCalls()).toHaveLength(0);

    tokenAnswer = { status: 200, body: { access_token: 'A21AA-token', expires_in: 32400 } };
    payoutAnswer = {
      status: 401,
      body: {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      },
    };
    const payouts = api();
    await expect(payouts.send(request)).rejects.toThrow(PaymentProviderUnavailable);
    payoutAnswer = {
      status: 403,
      body: { name: 'AUTHORIZATION_ERROR', message: 'Authorization error occurred.' },
    };
    await expect(payouts.send(request)).rejects.toThrow(PaymentProviderUnavailable);
    expect(tokensIssued).toBe(2); // the 401 dropped the first token
  });

  it('throws PaymentProviderUnavailable for a 429 and for an answer that is not PayPal JSON', async () => {
    payoutAnswer = { status: 429, body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' } };
    await expect(api().send(request)).rejects.toThrow(PaymentProviderUnavailable);
    payoutAnswer = { status: 201, body: { unexpected: true } };
    await expect(api().send(request)).rejects.toThrow(PaymentProviderUnavailable);
    payoutAnswer = { status: 400 };
    await expect(api().send(request)).rejects.toThrow(PaymentProviderUnavailable);
  });

  it('throws PaymentProviderUnavailable when PayPal does not answer in time', async () => {
    payoutAnswer = 'hang';
    const started = Date.now();
    await expect(api({ timeoutMs: 300 }).send(request)).rejects.toThrow(PaymentProviderUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);

    tokenAnswer = 'hang';
    await expect(api({ timeoutMs: 300 }).send(request)).rejects.toThrow(PaymentProviderUnavailable);
  });

  it('throws PaymentProviderUnavailable when the connection is refused', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const payouts = new PaypalPayoutsApi(config, { baseUrl: `http://127.0.0.1:${port}` });
    await expect(payouts.send(request)).rejects.toThrow(PaymentProviderUnavailable);
  });

  it('refuses an amount that is not a positive number of cents before calling PayPal', async () => {
    await expect(api().send({ ...request, amountCents: 0 })).rejects.toThrow(RangeError);
    await expect(api().send({ ...request, amountCents: 12.5 })).rejects.toThrow(RangeError);
    expect(recorded).toHaveLength(0);
  });

  it('uses PayPal own hosts by default', async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ access_token: 't', expires_in: 100 }), { status: 200 });
    };
    await new PaypalPayoutsApi(config, { fetch: fakeFetch }).send(request).catch(() => {});
    await new PaypalPayoutsApi({ ...config, environment: 'production' }, { fetch: fakeFetch })
      .send(request)
      .catch(() => {});
    expect(urls).toEqual([
      'https://api-m.sandbox.paypal.com/v1/oauth2/token',
      'https://api-m.sandbox.paypal.com/v1/payments/payouts',
      'https://api-m.paypal.com/v1/oauth2/token',
      'https://api-m.paypal.com/v1/payments/payouts',
    ]);
  });
});

describe('LocalPaypalPayouts', () => {
  it('sends a payout to a normal address under a local batch id', async () => {
    const result = await new LocalPaypalPayouts().send(request);
    expect(result.status).toBe('sent');
    expect(result.status === 'sent' && result.batchId).toMatch(/^LOCAL-PAYOUT-[A-Z0-9]{10}$/);
  });

  it('refuses an address under the reserved .invalid domain', async () => {
    await expect(
      new LocalPaypalPayouts().send({ ...request, receiverEmail: 'someone@example.invalid' }),
    ).resolves.toEqual({
      status: 'refused',
      reason:
        'RECEIVER_UNREGISTERED: the PayPal account someone@example.invalid does not exist (local stand-in: addresses under the reserved .invalid domain are refused)',
    });
  });
});
