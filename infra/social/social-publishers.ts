import type { SocialNetwork } from '../../domain/social/social-post';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { InstagramGraphPublisher } from './instagram-graph.publisher';
import { LocalSocialOutbox } from './local-social-outbox';
import type { SocialPublisher } from './social-publisher';
import { XApiPublisher } from './x-api.publisher';

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
