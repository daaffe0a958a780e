import type { SocialNetwork } from '../../domain/social/social-post';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { InstagramGraphPublisher } from './instagram-graph.publisher';
import { LocalSocialOutbox } from './local-social-outbox';
import type { SocialPost, SocialPublication } from './social-publication';
import { XApiPublisher } from './x-api.publisher';

export {
  SocialPublishError,
  type SocialImage,
  type SocialPost,
  type SocialPublication,
  type SocialPublishFailure,
} from './social-publication';
export { listSocialOutbox, type SocialOutboxEntry } from './local-social-outbox';

/**
 * Posts a skin's message and images to one network. Throws SocialPublishError (RATE_LIMITED,
 * REJECTED or UNAVAILABLE) when the post did not go out; a post the network does not take (too long,
 * too many images) is REJECTED before anything is sent.
 */
export interface SocialPublisher {
  readonly network: SocialNetwork;
  /** API: the network's own API; OUTBOX: the local outbox that stands in without keys. */
  readonly delivery: 'API' | 'OUTBOX';
  publish(post: SocialPost): Promise<SocialPublication>;
}

/** Each network's publisher: its API when its keys are configured, otherwise the local outbox. */
export function createSocialPublishers(
  config: Config['social'],
  deps: { outboxDir: string; log: Logger; fetch?: typeof fetch },
): Record<SocialNetwork, SocialPublisher> {
  const { log } = deps;
  const http = { log, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
  return {
    TWITTER: config.twitter
      ? new XApiPublisher(config.twitter, http)
      : new LocalSocialOutbox('TWITTER', { outboxDir: deps.outboxDir, log }),
    INSTAGRAM: config.instagram
      ? new InstagramGraphPublisher(config.instagram, http)
      : new LocalSocialOutbox('INSTAGRAM', { outboxDir: deps.outboxDir, log }),
  };
}
