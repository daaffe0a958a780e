import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../tests/support/webhook-receiver';
import { sendWebhookRequest } from './webhook-http';
import { signatureHeaderValue, verifyWebhookSignature } from './webhook-signature';

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver([200]);
});
afterAll(async () => {
  await receiver.close();
});

describe('a webhook request', () => {
  it('is refused before connecting when the address is not allowed (the check at delivery time)', async () => {
    const response = await sendWebhookRequest({
      url: receiver.url,
      body: '{}',
      headers: {},
      timeoutMs: 1000,
      policy: { allowLoopback: false },
    });
    expect(response.outcome).toBe('REFUSED_ADDRESS');
    const named = await sendWebhookRequest({
      url: receiver.url.replace('127.0.0.1', 'localhost'),
      body: '{}',
      headers: {},
      timeoutMs: 1000,
      policy: { allowLoopback: true },
    });
    expect(named.outcome).toBe('REFUSED_ADDRESS');
    expect(receiver.received).toHaveLength(0);
  });

  it('reaches an allowed address and keeps its answer', async () => {
    const response = await sendWebhookRequest({
      url: receiver.url,
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
      timeoutMs: 1000,
      policy: { allowLoopback: true },
    });
    expect(response).toMatchObject({ outcome: 'SUCCESS', statusCode: 200, body: 'answer 200' });
    expect(receiver.received[0]!.body).toBe('{"a":1}');
  });
});

describe('the signature', () => {
  it('verifies within the tolerance window only, for the same body and secret', () => {
    const header = signatureHeaderValue('whsec_a', 1_800_000_000, '{"x":1}');
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":1}', 1_800_000_100)).toBe(true);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":2}', 1_800_000_100)).toBe(false);
    expect(verifyWebhookSignature('whsec_b', header, '{"x":1}', 1_800_000_100)).toBe(false);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":1}', 1_800_000_301)).toBe(false);
    expect(verifyWebhookSignature('whsec_a', 'garbage', '{"x":1}', 1_800_000_100)).toBe(false);
  });
});
