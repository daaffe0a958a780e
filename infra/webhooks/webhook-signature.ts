import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signature of a delivery (docs/webhooks.md, "Signature"): HMAC-SHA256 with the endpoint's
 * secret over `${timestamp}.${body}` (the timestamp in Unix seconds, the body exactly as sent),
 * sent as `TrackSkins-Signature: t=<timestamp>,v1=<hex>`. The timestamp is signed so that a
 * receiver can refuse a captured delivery replayed later.
 */

export const SIGNATURE_HEADER = 'TrackSkins-Signature';
export const SIGNATURE_SCHEME = 'v1';

export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeaderValue(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},${SIGNATURE_SCHEME}=${signWebhookBody(secret, timestamp, body)}`;
}

/**
 * The server's own check (the docs give receivers an equivalent snippet): the header's signature
 * matches and its timestamp is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get(SIGNATURE_SCHEME);
  if (!Number.isInteger(timestamp) || !given) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookBody(secret, timestamp, body), 'hex');
  const received = Buffer.from(given, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
