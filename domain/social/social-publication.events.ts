import type { SocialNetwork } from './social-post';

/** One publication of a post to one network: stream `social-post-{reference}`, type `social-post`. */
export const SOCIAL_POST_STREAM_TYPE = 'social-post';
export const socialPostStreamId = (reference: string) => `social-post-${reference}`;

/** What was posted, and where from: the skins the images show and their author. */
type PostFacts = {
  reference: string;
  network: SocialNetwork;
  message: string;
  /** Resource ids of the images, in the order chosen (the first leads the post). */
  imageIds: number[];
  skinIds: number[];
  authorId: number;
};

/** The network took the post (API), or it was written to the local outbox (no keys set). */
export type SocialPostPublished = {
  type: 'SocialPostPublished';
  data: PostFacts & {
    delivery: 'API' | 'OUTBOX';
    postId: string;
    url: string | null;
    outboxFile: string | null;
    publishedAt: string;
  };
};

/** The network refused the post or could not be reached. */
export type SocialPostFailed = {
  type: 'SocialPostFailed';
  data: PostFacts & {
    errorKind: 'RATE_LIMITED' | 'REJECTED' | 'UNAVAILABLE';
    error: string;
    retryAfterSeconds: number | null;
    failedAt: string;
  };
};

export type SocialPublicationEvent = SocialPostPublished | SocialPostFailed;
export const SOCIAL_PUBLICATION_EVENT_TYPES: readonly SocialPublicationEvent['type'][] = [
  'SocialPostPublished',
  'SocialPostFailed',
];
