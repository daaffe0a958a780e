import { validateForNetwork, type SocialNetwork } from '../../domain/social/social-post';

/** One picture of a post: a stored full-size JPEG, by its public address and its bytes. */
export type SocialImage = {
  filename: string;
  contentType: 'image/jpeg';
  /** Where anyone can fetch it: Instagram's servers download it from here, so it must be public. */
  publicUrl: string;
  read: () => Promise<Buffer>;
};

export type SocialPost = {
  /** The uuid of this publication: the outbox id, and the key that makes a repeated outbox write a no-op. */
  reference: string;
  message: string;
  /** In the order the admin chose them (the first is the post's cover). */
  images: SocialImage[];
};

export type SocialPublication = {
  /** The network's id of the post (`local-{reference}` in the outbox). */
  postId: string;
  /** The post's public address; null in the outbox, or when the network did not give one. */
  url: string | null;
  delivery: 'API' | 'OUTBOX';
  /** The outbox file written, for OUTBOX deliveries. */
  outboxFile: string | null;
};

/**
 * Why a post did not go out:
 * - RATE_LIMITED: the network wants fewer posts now; `retryAfterSeconds` says when to try again
 *   when it told us;
 * - REJECTED: the network (or our own check of its limits) refused this post: sending it again
 *   unchanged will not help; the message is why, in the network's own words (e.g. "You are not
 *   allowed to create a Tweet with duplicate content.");
 * - UNAVAILABLE: the network could not be reached, failed on its side or did not answer in time.
 *   The post may or may not exist: look at the account before sending it again.
 */
export type SocialPublishFailure = 'RATE_LIMITED' | 'REJECTED' | 'UNAVAILABLE';

export class SocialPublishError extends Error {
  override name = 'SocialPublishError';
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  /** The network's own words, when it gave some. */
  readonly detail: string | null;

  constructor(
    readonly network: SocialNetwork,
    readonly kind: SocialPublishFailure,
    message: string,
    options: {
      status?: number | null;
      retryAfterSeconds?: number | null;
      detail?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.detail = options.detail ?? null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What every publisher checks before it sends anything: a uuid reference (it names outbox files),
 * and a post the network takes (message limits, image count). A refused post throws REJECTED.
 */
export function checkPublishable(network: SocialNetwork, post: SocialPost): void {
  if (!UUID.test(post.reference)) throw new TypeError(`A post's reference must be a uuid: ${post.reference}`);
  const problem = validateForNetwork(network, { message: post.message, imageCount: post.images.length });
  if (problem !== null) throw new SocialPublishError(network, 'REJECTED', problem, { detail: problem });
}

/** The longest network message an error carries: enough to act on, never a whole HTML page. */
const DETAIL_MAX = 500;
export const cutDetail = (text: string): string =>
  text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;

/** Seconds until an HTTP `Retry-After` (seconds or a date) or an epoch-seconds reset; null when absent. */
export function secondsUntil(
  value: { retryAfter?: string | null; resetEpochSeconds?: string | null },
  nowMs: number,
): number | null {
  const reset = Number(value.resetEpochSeconds ?? Number.NaN);
  if (value.resetEpochSeconds && Number.isFinite(reset)) return Math.max(0, Math.ceil(reset - nowMs / 1000));
  if (value.retryAfter) {
    const seconds = Number(value.retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
    const date = Date.parse(value.retryAfter);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  return null;
}
