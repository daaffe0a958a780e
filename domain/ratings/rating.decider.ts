import { DomainError } from '../errors';

/** One user's vote on one skin: stream `skin-rating-{skinId}-{userId}`. */
export const ratingStreamId = (skinId: number, userId: number) => `skin-rating-${skinId}-${userId}`;

export type SkinRated = {
  type: 'SkinRated';
  /**
   * `verified`: the voter owned or had downloaded the skin when voting (docs/community.md, "Verified
   * reviews"); votes cast before it was recorded lack it and count as not verified.
   */
  data: { skinId: number; userId: number; rating: number; previousRating: number | null; verified?: boolean };
};
export type RatingEvent = SkinRated;

export type RateSkin = {
  skinId: number;
  userId: number;
  rating: number;
  /** The skin as the command handler found it: raters cannot vote on their own work. */
  skinAuthorId: number;
  /** Whether the voter owns or downloaded the skin, as the handler found it. */
  verified?: boolean;
};

export type RatingState = { rating: number | null };
export const initialRatingState: RatingState = { rating: null };

export function evolveRating(_state: RatingState, event: RatingEvent): RatingState {
  return { rating: event.data.rating };
}

/** A vote of 1-5 stars; voting again replaces the earlier vote, the same vote again changes nothing. */
export function decideRating(command: RateSkin, state: RatingState): RatingEvent[] {
  if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5) {
    throw new DomainError('BAD_USER_INPUT', 'A rating is 1 to 5 stars.', 'rating');
  }
  if (command.userId === command.skinAuthorId) {
    throw new DomainError('FORBIDDEN', 'You cannot rate your own skin.');
  }
  if (state.rating === command.rating) return [];
  return [
    {
      type: 'SkinRated',
      data: {
        skinId: command.skinId,
        userId: command.userId,
        rating: command.rating,
        previousRating: state.rating,
        ...(command.verified === undefined ? {} : { verified: command.verified }),
      },
    },
  ];
}

/** The average shown to people: two decimals (spec 9). */
export function ratingAverage(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 100) / 100;
}
