import { z } from 'zod';
import { hasVisibleText } from '../text/visible-text';
import { X_WEIGHTED_MAX, xWeightedLength } from './x-post-length';

export { X_URL_WEIGHT, X_WEIGHTED_MAX, findLinks, xWeightedLength } from './x-post-length';

// The rules of a skin's post to the social networks, shared by the admin page and the API.

export const SOCIAL_NETWORKS = ['TWITTER', 'INSTAGRAM'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The networks' names as people know them (X was Twitter). */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = { TWITTER: 'X', INSTAGRAM: 'Instagram' };

/** The product's own cap on a message, in characters as people count them (code points), for every network. */
export const SOCIAL_MESSAGE_MAX = 260;
/** Instagram's own hashtag limit (its caption limit, 2,200 characters, is above the product cap). */
export const INSTAGRAM_HASHTAGS_MAX = 30;

/** How many images a post takes on each network (Instagram shows 2 or more as a carousel). */
export const SOCIAL_IMAGE_LIMITS: Record<SocialNetwork, { min: number; max: number }> = {
  TWITTER: { min: 1, max: 4 },
  INSTAGRAM: { min: 1, max: 10 },
};
/** What one publication may select: the most any network takes. */
export const SOCIAL_IMAGES_MAX = Math.max(
  ...SOCIAL_NETWORKS.map((network) => SOCIAL_IMAGE_LIMITS[network].max),
);
/** From this many images on, Instagram posts a carousel. */
export const INSTAGRAM_CAROUSEL_MIN = 2;

export const socialMessages = {
  messageRequired: 'Write a message.',
  messageTooLong: `A message can have at most ${SOCIAL_MESSAGE_MAX} characters.`,
  messageNul: 'The message contains a NUL character, which cannot be posted.',
  imagesRequired: 'Choose at least one image.',
  tooManyImages: `Choose at most ${SOCIAL_IMAGES_MAX} images.`,
  duplicateImages: 'Choose each image only once.',
  imageId: 'An image id must be a positive whole number.',
  authorId: 'An author id must be a positive whole number.',
  xTooLong: (weighted: number) =>
    `X counts this message as ${weighted} characters; it takes at most ${X_WEIGHTED_MAX}.`,
  tooManyHashtags: `Instagram takes at most ${INSTAGRAM_HASHTAGS_MAX} hashtags.`,
  tooFewImagesFor: (network: SocialNetwork) =>
    SOCIAL_IMAGE_LIMITS[network].min === 1
      ? `${SOCIAL_NETWORK_NAMES[network]} needs at least one image.`
      : `${SOCIAL_NETWORK_NAMES[network]} needs at least ${SOCIAL_IMAGE_LIMITS[network].min} images.`,
  tooManyImagesFor: (network: SocialNetwork) =>
    `${SOCIAL_NETWORK_NAMES[network]} takes at most ${SOCIAL_IMAGE_LIMITS[network].max} images.`,
} as const;

/** Characters as people (and PostgreSQL's char_length) count them: an emoji is one, not two. */
export const characterCount = (text: string): number => [...text].length;

/** A hashtag as Instagram links it: `#` after a space or the start, then letters, digits or `_`, not only digits. */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&#＃])[#＃](?=[\p{L}\p{M}\p{N}_]*[\p{L}\p{M}_])[\p{L}\p{M}\p{N}_]+/gu;

export function countHashtags(message: string): number {
  return [...message.matchAll(HASHTAG)].length;
}

/** A message's length as a network counts it: X's weighted length, characters for Instagram. */
export function messageLengthFor(network: SocialNetwork, message: string): number {
  return network === 'TWITTER' ? xWeightedLength(message) : characterCount(message);
}

/**
 * One limit a message must keep:
 * - `PRODUCT`: the product's 260 characters, for every network;
 * - `X_WEIGHTED`: X's 280 weighted length;
 * - `INSTAGRAM_HASHTAGS`: Instagram's 30 hashtags (reported only once exceeded).
 */
export type MessageConstraint = 'PRODUCT' | 'X_WEIGHTED' | 'INSTAGRAM_HASHTAGS';

export type MessageLimit = {
  /** The network the limit belongs to; null when no network is selected (the product cap alone). */
  network: SocialNetwork | null;
  constraint: MessageConstraint;
  used: number;
  max: number;
  /** max − used: negative when the message is past the limit. */
  remaining: number;
};

const limit = (
  network: SocialNetwork | null,
  constraint: MessageConstraint,
  used: number,
  max: number,
): MessageLimit => ({ network, constraint, used, max, remaining: max - used });

/** The limits of the message on one network, the product cap first. */
function limitsOn(network: SocialNetwork, message: string): MessageLimit[] {
  const product = limit(network, 'PRODUCT', characterCount(message), SOCIAL_MESSAGE_MAX);
  if (network === 'TWITTER')
    return [product, limit(network, 'X_WEIGHTED', xWeightedLength(message), X_WEIGHTED_MAX)];
  const hashtags = limit(network, 'INSTAGRAM_HASHTAGS', countHashtags(message), INSTAGRAM_HASHTAGS_MAX);
  return hashtags.remaining < 0 ? [product, hashtags] : [product];
}

/**
 * For the selected networks, the limit the message (trimmed, as it will be posted) is closest to or
 * furthest past: the one with the least room left. On a tie the product cap wins, then the
 * networks in `SOCIAL_NETWORKS` order. Drives the admin page's counter.
 */
export function strictestLimit(networks: readonly SocialNetwork[], message: string): MessageLimit {
  const text = message.trim();
  const selected = SOCIAL_NETWORKS.filter((network) => networks.includes(network));
  if (selected.length === 0) return limit(null, 'PRODUCT', characterCount(text), SOCIAL_MESSAGE_MAX);
  const limits = selected.flatMap((network) => limitsOn(network, text));
  return limits.reduce((strictest, next) => (next.remaining < strictest.remaining ? next : strictest));
}

/**
 * Whether a post can go to a network: the message (trimmed, as it will be posted) within the
 * product cap and the network's own limits, and an image count the network takes. Returns what is
 * wrong in plain English, or null.
 */
export function validateForNetwork(
  network: SocialNetwork,
  post: { message: string; imageCount: number },
): string | null {
  const text = post.message.trim();
  if (!hasVisibleText(text)) return socialMessages.messageRequired;
  if (text.includes('\0')) return socialMessages.messageNul;
  if (characterCount(text) > SOCIAL_MESSAGE_MAX) return socialMessages.messageTooLong;
  if (network === 'TWITTER') {
    const weighted = xWeightedLength(text);
    if (weighted > X_WEIGHTED_MAX) return socialMessages.xTooLong(weighted);
  }
  if (network === 'INSTAGRAM' && countHashtags(text) > INSTAGRAM_HASHTAGS_MAX)
    return socialMessages.tooManyHashtags;
  const images = SOCIAL_IMAGE_LIMITS[network];
  if (post.imageCount < images.min) return socialMessages.tooFewImagesFor(network);
  if (post.imageCount > images.max) return socialMessages.tooManyImagesFor(network);
  return null;
}

/** An id as the API carries it: a number, or a GraphQL ID string of digits. */
const positiveId = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,16}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).positive(message)); // int(): safe integers only

/** The admin's publish request: the message, the chosen images in the order chosen, and whose skin it shows. */
export const socialPublishInput = z.object({
  message: z
    .string({ error: socialMessages.messageRequired })
    .trim()
    .refine(hasVisibleText, socialMessages.messageRequired)
    .refine((message) => !message.includes('\0'), socialMessages.messageNul)
    .refine((message) => characterCount(message) <= SOCIAL_MESSAGE_MAX, socialMessages.messageTooLong),
  imageIds: z
    .array(positiveId(socialMessages.imageId), { error: socialMessages.imagesRequired })
    .min(1, socialMessages.imagesRequired)
    .max(SOCIAL_IMAGES_MAX, socialMessages.tooManyImages)
    .refine((ids) => new Set(ids).size === ids.length, socialMessages.duplicateImages),
  authorId: positiveId(socialMessages.authorId)
    .nullish()
    .transform((id) => id ?? undefined),
});
