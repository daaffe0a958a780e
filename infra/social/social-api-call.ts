import { SOCIAL_NETWORK_NAMES, type SocialNetwork } from '../../domain/social/social-post';
import type { Logger } from '../logger';
import { SocialPublishError } from './social-publication';

/** How long one call to a network may take before it counts as UNAVAILABLE. */
export const SOCIAL_CALL_TIMEOUT_MS = 15_000;

export type SocialApiAnswer = { status: number; headers: Headers; body: unknown };

/**
 * One HTTP call to a network's API, logged (network, reference, call, status, time; never a URL's
 * query or a header, which hold tokens). A call that fails to connect, breaks off or outlives
 * `timeoutMs` throws UNAVAILABLE; any HTTP answer is returned with its JSON body (null when the
 * body is not JSON) for the publisher to judge.
 */
export async function callSocialApi(options: {
  network: SocialNetwork;
  reference: string;
  /** What the call does, for the log: e.g. "POST /2/tweets". */
  call: string;
  url: string;
  init: RequestInit;
  fetch: typeof fetch;
  timeoutMs: number;
  log: Logger;
}): Promise<SocialApiAnswer> {
  const { network, reference, call, log } = options;
  const started = Date.now();
  let response: Response;
  let text: string;
  try {
    response = await options.fetch(options.url, {
      ...options.init,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    log.warn(
      { network, reference, call, ms: Date.now() - started, outcome: timedOut ? 'timeout' : 'unreachable' },
      'social network call failed',
    );
    throw new SocialPublishError(
      network,
      'UNAVAILABLE',
      timedOut
        ? `${SOCIAL_NETWORK_NAMES[network]} did not answer within ${duration(options.timeoutMs)}.`
        : `${SOCIAL_NETWORK_NAMES[network]} could not be reached.`,
      { cause: error },
    );
  }
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  log.info(
    { network, reference, call, status: response.status, ms: Date.now() - started },
    'social network call',
  );
  return { status: response.status, headers: response.headers, body };
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`);
