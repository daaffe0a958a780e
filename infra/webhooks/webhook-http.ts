import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RefusedAddressError, resolvePublicAddresses, type AddressPolicy } from './public-address';

/*
 * One webhook request: a POST with a deadline, to an address checked at the moment of connecting.
 * The connection's DNS lookup goes through resolvePublicAddresses, so the address connected to is
 * the one checked (a name that resolved to a public address at registration and to a private one
 * now is refused now). Redirects are not followed: a 3xx is an answer like any other non-2xx.
 */

export type WebhookRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
};

export type WebhookResponse =
  | { outcome: 'SUCCESS' | 'HTTP_ERROR'; statusCode: number; body: string; durationMs: number }
  | { outcome: 'TIMEOUT' | 'NETWORK_ERROR' | 'REFUSED_ADDRESS'; error: string; durationMs: number };

/** How much of the receiver's answer is read and kept. */
export const RESPONSE_BODY_LIMIT = 1000;

function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, policy).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

export async function sendWebhookRequest(request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  // An address literal never goes through the lookup: check it here.
  try {
    await resolvePublicAddresses(url.hostname, request.policy);
  } catch (error) {
    if (error instanceof RefusedAddressError)
      return { outcome: 'REFUSED_ADDRESS', error: error.message, durationMs: elapsed() };
    throw error;
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const settle = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(response);
    };
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
        lookup: guardedLookup(request.policy),
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        incoming.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT * 4) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        incoming.on('end', () => {
          const statusCode = incoming.statusCode ?? 0;
          settle({
            outcome: statusCode >= 200 && statusCode < 300 ? 'SUCCESS' : 'HTTP_ERROR',
            statusCode,
            body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT),
            durationMs: elapsed(),
          });
        });
        incoming.on('error', (error) =>
          settle({ outcome: 'NETWORK_ERROR', error: error.message, durationMs: elapsed() }),
        );
      },
    );
    // One deadline for the whole exchange: connecting, sending and the complete answer.
    const deadline = setTimeout(() => {
      settle({
        outcome: 'TIMEOUT',
        error: `No complete answer within ${request.timeoutMs} ms.`,
        durationMs: elapsed(),
      });
      outgoing.destroy();
    }, request.timeoutMs);
    outgoing.on('error', (error) => {
      const refused = error instanceof RefusedAddressError;
      settle({
        outcome: refused ? 'REFUSED_ADDRESS' : 'NETWORK_ERROR',
        error: error.message,
        durationMs: elapsed(),
      });
    });
    outgoing.end(request.body);
  });
}
