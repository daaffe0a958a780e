import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { z } from 'zod';
import type { SocialConfig } from '../config';
import type { Logger } from '../logger';
import { SOCIAL_CALL_TIMEOUT_MS, callSocialApi, type SocialApiAnswer } from './social-api-call';
import {
  SocialPublishError,
  checkPublishable,
  cutDetail,
  secondsUntil,
  type SocialImage,
  type SocialPost,
  type SocialPublication,
} from './social-publication';
import type { SocialPublisher } from './social-publisher';

export type XApiConfig = NonNullable<SocialConfig['twitter']>;

/** A post's public address on X: this form needs no user name. */
export const xPostUrl = (id: string) => `https://x.com/i/web/status/${id}`;

const idAnswer = z.object({ data: z.object({ id: z.string().min(1) }) });

/** X API v2 problem answers: `{ title, detail, type, status }`, with `errors: [{ message }]` for invalid requests. */
const problemAnswer = z.looseObject({
  title: z.string().optional(),
  detail: z.string().optional(),
  errors: z
    .array(z.looseObject({ message: z.string().optional(), detail: z.string().optional() }))
    .optional(),
});

/** X's words for a refusal: the detail (or title), and the messages of the errors it lists. */
function problemOf(body: unknown, status: number): string {
  const problem = problemAnswer.safeParse(body);
  if (!problem.success) return `HTTP ${status}`;
  const { title, detail, errors = [] } = problem.data;
  const head = detail ?? title;
  const listed = [
    ...new Set(errors.map((error) => error.message ?? error.detail ?? '').filter(Boolean)),
  ].filter((message) => message !== head);
  const text = [head, listed.join('; ')].filter(Boolean).join(' — ');
  return cutDetail(text || `HTTP ${status}`);
}

/**
 * Posts to X through the X API v2 as one account, with OAuth 1.0a user context (the app's consumer
 * key and secret and the account's access token and secret: they do not expire). Each image is
 * uploaded first (`POST /2/media/upload`, multipart, `media_category=tweet_image`); the post then
 * names their media ids (`POST /2/tweets`). Requests are signed by `oauth-1.0a`; the multipart and
 * JSON bodies are not part of an OAuth 1.0a signature, only the URL and the oauth parameters.
 */
export class XApiPublisher implements SocialPublisher {
  readonly network = 'TWITTER' as const;
  readonly delivery = 'API' as const;
  private readonly oauth: OAuth;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly config: XApiConfig,
    private readonly deps: { log: Logger; fetch?: typeof fetch; timeoutMs?: number; now?: () => number },
  ) {
    this.oauth = new OAuth({
      consumer: { key: config.apiKey, secret: config.apiSecret },
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    });
    this.fetch = deps.fetch ?? globalThis.fetch;
    this.timeoutMs = deps.timeoutMs ?? SOCIAL_CALL_TIMEOUT_MS;
    this.now = deps.now ?? Date.now;
  }

  async publish(post: SocialPost): Promise<SocialPublication> {
    checkPublishable(this.network, post);
    const mediaIds: string[] = [];
    for (const image of post.images) mediaIds.push(await this.upload(post.reference, image));
    const answer = await this.call(post.reference, 'POST', '/2/tweets', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: post.message.trim(), media: { media_ids: mediaIds } }),
    });
    const id = this.idOf(answer, 'post');
    this.deps.log.info({ network: this.network, reference: post.reference, postId: id }, 'posted to X');
    return { postId: id, url: xPostUrl(id), delivery: 'API', outboxFile: null };
  }

  /** One image, uploaded in one request (a full-size JPEG is well under X's 5 MB image limit). */
  private async upload(reference: string, image: SocialImage): Promise<string> {
    const bytes = await image.read();
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(bytes)], { type: image.contentType }), image.filename);
    form.append('media_category', 'tweet_image');
    form.append('media_type', image.contentType);
    const answer = await this.call(reference, 'POST', '/2/media/upload', { body: form });
    return this.idOf(answer, 'image upload');
  }

  private async call(
    reference: string,
    method: 'POST',
    path: string,
    init: { headers?: Record<string, string>; body: BodyInit },
  ): Promise<SocialApiAnswer> {
    const url = `${this.config.baseUrl}${path}`;
    const authorization = this.oauth.toHeader(
      this.oauth.authorize(
        { url, method },
        { key: this.config.accessToken, secret: this.config.accessTokenSecret },
      ),
    );
    const answer = await callSocialApi({
      network: this.network,
      reference,
      call: `${method} ${path}`,
      url,
      init: { method, headers: { ...init.headers, ...authorization }, body: init.body },
      fetch: this.fetch,
      timeoutMs: this.timeoutMs,
      log: this.deps.log,
    });
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw this.failure(answer);
  }

  /** The id in a successful answer; an answer without one is X failing on its side. */
  private idOf(answer: SocialApiAnswer, what: string): string {
    const parsed = idAnswer.safeParse(answer.body);
    if (parsed.success) return parsed.data.data.id;
    // X may answer 200 with only `errors` (e.g. a media id it does not know).
    const problem = problemAnswer.safeParse(answer.body);
    if (problem.success && (problem.data.errors?.length ?? 0) > 0) {
      const detail = problemOf(answer.body, answer.status);
      throw new SocialPublishError(this.network, 'REJECTED', detail, {
        status: answer.status,
        detail,
      });
    }
    throw new SocialPublishError(this.network, 'UNAVAILABLE', `X answered the ${what} without an id.`, {
      status: answer.status,
    });
  }

  private failure(answer: SocialApiAnswer): SocialPublishError {
    const { status, headers } = answer;
    const detail = problemOf(answer.body, status);
    if (status === 429) {
      const retryAfterSeconds = this.retryAfter(headers);
      const when =
        retryAfterSeconds === null ? 'later' : `in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes`;
      return new SocialPublishError(this.network, 'RATE_LIMITED', `X is limiting posts; try again ${when}.`, {
        status,
        retryAfterSeconds,
        detail,
      });
    }
    if (status >= 400 && status < 500)
      return new SocialPublishError(this.network, 'REJECTED', detail, {
        status,
        detail,
      });
    return new SocialPublishError(this.network, 'UNAVAILABLE', `X failed on its side (HTTP ${status}).`, {
      status,
      detail,
    });
  }

  /**
   * When X takes posts again: the 24-hour user or app limit's reset when that limit is spent, else
   * the 15-minute window's reset (`x-rate-limit-reset`, epoch seconds), else `retry-after`.
   */
  private retryAfter(headers: Headers): number | null {
    const now = this.now();
    for (const limit of ['x-user-limit-24hour', 'x-app-limit-24hour']) {
      if (headers.get(`${limit}-remaining`) === '0') {
        const seconds = secondsUntil({ resetEpochSeconds: headers.get(`${limit}-reset`) }, now);
        if (seconds !== null) return seconds;
      }
    }
    return (
      secondsUntil({ resetEpochSeconds: headers.get('x-rate-limit-reset') }, now) ??
      secondsUntil({ retryAfter: headers.get('retry-after') }, now)
    );
  }
}
