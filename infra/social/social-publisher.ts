import type { SocialNetwork } from '../../domain/social/social-post';
import type { SocialPost, SocialPublication } from './social-publication';

export {
  SocialPublishError,
  type SocialImage,
  type SocialPost,
  type SocialPublication,
} from './social-publication';

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
