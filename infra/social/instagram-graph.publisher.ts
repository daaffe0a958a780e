import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { INSTAGRAM_CAROUSEL_MIN } from '../../domain/social/social-post';
import type { SocialConfig } from '../config';
import type { Logger } from '../logger';
import { SOCIAL_CALL_TIMEOUT_MS, callSocialApi, type SocialApiAnswer } from './social-api-call';
import {
  SocialPublishError,
  checkPublishable,
  cutDetail,
  secondsUntil,
  type SocialPost,
  type SocialPublication,
} from './social-publication';
import type { SocialPublisher } from './social-publisher';

export type InstagramGraphConfig = NonNullable<SocialConfig['instagram']>;

/**
 * Graph API error codes that mean "too many calls": 4 (app), 17 (user), 32 (page), 613 (calls in an
 * hour), 80002 (the Instagram account's business use case limit).
 */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
/** Error subcode of "the account reached its limit of published posts in 24 hours". */
const POSTS_PER_DAY_SUBCODE = 2207042;
/** Graph API codes for "unknown error, try again" and "service temporarily unavailable". */
const TRANSIENT_CODES = new Set([1, 2]);

const graphError = z.object({
  error: z.looseObject({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    is_transient: z.boolean().optional(),
  }),
});
const idAnswer = z.object({ id: z.string().min(1) });
const statusAnswer = z.object({ status_code: z.string(), status: z.string().optional() });
const permalinkAnswer = z.object({ permalink: z.url() });

/**
 * The `x-business-use-case-usage` header: per business, the usage of each limit type with
 * `estimated_time_to_regain_access` in minutes. The longest wait counts.
 */
function minutesToRegainAccess(header: string | null): number | null {
  if (!header) return null;
  try {
    const usage = JSON.parse(header) as Record<string, Array<{ estimated_time_to_regain_access?: unknown }>>;
    const minutes = Object.values(usage)
      .flat()
      .map((entry) => Number(entry.estimated_time_to_regain_access))
      .filter((value) => Number.isFinite(value) && value > 0);
    return minutes.length > 0 ? Math.max(...minutes) : null;
  } catch {
    return null;
  }
}

/**
 * Publishes to an Instagram professional account through the Graph API's content publishing:
 * a media container per post (for 2 to 10 images, a carousel container over one child container per
 * image, in the chosen order), then, once Instagram has fetched the images and the container is
 * FINISHED, `media_publish`. Instagram downloads each image from its `publicUrl` (JPEG only), so
 * the site must be publicly reachable. The access token travels as the `access_token` parameter.
 */
export class InstagramGraphPublisher implements SocialPublisher {
  readonly network = 'INSTAGRAM' as const;
  readonly delivery = 'API' as const;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly maxPolls: number;
  private readonly now: () => number;

  constructor(
    private readonly config: InstagramGraphConfig,
    private readonly deps: {
      log: Logger;
      fetch?: typeof fetch;
      timeoutMs?: number;
      /** Between two looks at a container still IN_PROGRESS (2 s unless set). */
      pollIntervalMs?: number;
      /** Looks at a container before giving up as UNAVAILABLE (6 unless set: about 10 s in all). */
      maxPolls?: number;
      now?: () => number;
    },
  ) {
    this.fetch = deps.fetch ?? globalThis.fetch;
    this.timeoutMs = deps.timeoutMs ?? SOCIAL_CALL_TIMEOUT_MS;
    this.pollIntervalMs = deps.pollIntervalMs ?? 2000;
    this.maxPolls = Math.max(1, deps.maxPolls ?? 6);
    this.now = deps.now ?? Date.now;
  }

  async publish(post: SocialPost): Promise<SocialPublication> {
    checkPublishable(this.network, post);
    const { reference } = post;
    const caption = post.message.trim();
    const media = `/${encodeURIComponent(this.config.userId)}/media`;
    let containerId: string;
    if (post.images.length < INSTAGRAM_CAROUSEL_MIN) {
      containerId = await this.create(reference, media, { image_url: post.images[0]!.publicUrl, caption });
    } else {
      const children: string[] = [];
      for (const image of post.images)
        children.push(
          await this.create(reference, media, { image_url: image.publicUrl, is_carousel_item: 'true' }),
        );
      containerId = await this.create(reference, media, {
        media_type: 'CAROUSEL',
        children: children.join(','),
        caption,
      });
    }
    await this.waitUntilFinished(reference, containerId);
    const mediaId = await this.create(reference, `/${encodeURIComponent(this.config.userId)}/media_publish`, {
      creation_id: containerId,
    });
    const url = await this.permalink(reference, mediaId);
    this.deps.log.info({ network: this.network, reference, postId: mediaId }, 'posted to Instagram');
    return { postId: mediaId, url, delivery: 'API', outboxFile: null };
  }

  /** A POST that makes something (a container, a published media): its id. */
  private async create(reference: string, path: string, parameters: Record<string, string>): Promise<string> {
    const answer = await this.call(reference, 'POST', path, parameters);
    const parsed = idAnswer.safeParse(answer.body);
    if (!parsed.success)
      throw new SocialPublishError(this.network, 'UNAVAILABLE', 'Instagram answered without an id.', {
        status: answer.status,
      });
    return parsed.data.id;
  }

  /** Looks at the container until Instagram has fetched and checked its images. */
  private async waitUntilFinished(reference: string, containerId: string): Promise<void> {
    for (let look = 1; look <= this.maxPolls; look += 1) {
      const answer = await this.call(reference, 'GET', `/${encodeURIComponent(containerId)}`, {
        fields: 'status_code,status',
      });
      const parsed = statusAnswer.safeParse(answer.body);
      const statusCode = parsed.success ? parsed.data.status_code : 'UNKNOWN';
      if (statusCode === 'FINISHED') return;
      if (statusCode === 'ERROR' || statusCode === 'EXPIRED') {
        const detail = cutDetail(
          (parsed.success && parsed.data.status) ||
            (statusCode === 'EXPIRED'
              ? 'The container expired before it was published.'
              : 'Instagram could not process the images.'),
        );
        throw new SocialPublishError(this.network, 'REJECTED', detail, {
          status: answer.status,
          detail,
        });
      }
      if (look < this.maxPolls) await sleep(this.pollIntervalMs);
    }
    throw new SocialPublishError(
      this.network,
      'UNAVAILABLE',
      'Instagram was still processing the images; nothing was published. Try again in a few minutes.',
    );
  }

  /** The post's address; null when Instagram does not give it (the post exists all the same). */
  private async permalink(reference: string, mediaId: string): Promise<string | null> {
    try {
      const answer = await this.call(reference, 'GET', `/${encodeURIComponent(mediaId)}`, {
        fields: 'permalink',
      });
      const parsed = permalinkAnswer.safeParse(answer.body);
      return parsed.success ? parsed.data.permalink : null;
    } catch (error) {
      this.deps.log.warn(
        { network: this.network, reference, postId: mediaId, err: error },
        'Instagram post published, its permalink unknown',
      );
      return null;
    }
  }

  private async call(
    reference: string,
    method: 'GET' | 'POST',
    path: string,
    parameters: Record<string, string>,
  ): Promise<SocialApiAnswer> {
    const withToken = new URLSearchParams({ ...parameters, access_token: this.config.accessToken });
    const url = `${this.config.baseUrl}${path}`;
    const answer = await callSocialApi({
      network: this.network,
      reference,
      call: `${method} ${path.replace(/^\/\d+\//, '/{ig-user-id}/')}`,
      ...(method === 'GET'
        ? { url: `${url}?${withToken}`, init: { method } }
        : {
            url,
            init: {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: withToken.toString(),
            },
          }),
      fetch: this.fetch,
      timeoutMs: this.timeoutMs,
      log: this.deps.log,
    });
    if (answer.status >= 200 && answer.status < 300 && !graphError.safeParse(answer.body).success)
      return answer;
    throw this.failure(answer);
  }

  private failure(answer: SocialApiAnswer): SocialPublishError {
    const { status, headers } = answer;
    const parsed = graphError.safeParse(answer.body);
    const error = parsed.success ? parsed.data.error : null;
    const detail = cutDetail(error?.error_user_msg ?? error?.message ?? `HTTP ${status}`);
    const code = error?.code;
    if (
      status === 429 ||
      (code !== undefined && RATE_LIMIT_CODES.has(code)) ||
      error?.error_subcode === POSTS_PER_DAY_SUBCODE
    ) {
      const minutes = minutesToRegainAccess(headers.get('x-business-use-case-usage'));
      const retryAfterSeconds =
        secondsUntil({ retryAfter: headers.get('retry-after') }, this.now()) ??
        (minutes === null ? null : minutes * 60);
      const when =
        retryAfterSeconds === null ? 'later' : `in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes`;
      return new SocialPublishError(
        this.network,
        'RATE_LIMITED',
        `Instagram is limiting posts; try again ${when}.`,
        {
          status,
          retryAfterSeconds,
          detail,
        },
      );
    }
    if (status >= 500 || error?.is_transient === true || (code !== undefined && TRANSIENT_CODES.has(code)))
      return new SocialPublishError(
        this.network,
        'UNAVAILABLE',
        `Instagram failed on its side (HTTP ${status}).`,
        {
          status,
          detail,
        },
      );
    return new SocialPublishError(this.network, 'REJECTED', detail, {
      status,
      detail,
    });
  }
}
