import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  decideRating,
  evolveRating,
  initialRatingState,
  ratingAverage,
  type RatingEvent,
} from './rating.decider';

const given = (events: RatingEvent[]) => events.reduce(evolveRating, initialRatingState);
const rate = (rating: number) => ({ skinId: 7, userId: 3, rating, skinAuthorId: 99 });

describe('rating decider', () => {
  it('a first vote is recorded with no previous rating', () => {
    expect(decideRating(rate(4), given([]))).toEqual([
      { type: 'SkinRated', data: { skinId: 7, userId: 3, rating: 4, previousRating: null } },
    ]);
  });

  it('a new vote replaces the old one and says what it replaced', () => {
    const history = decideRating(rate(2), given([]));
    expect(decideRating(rate(5), given(history))).toEqual([
      { type: 'SkinRated', data: { skinId: 7, userId: 3, rating: 5, previousRating: 2 } },
    ]);
  });

  it('the same vote again changes nothing', () => {
    expect(decideRating(rate(3), given(decideRating(rate(3), given([]))))).toEqual([]);
  });

  it.each([0, 6, 2.5, Number.NaN])('refuses %s stars', (stars) => {
    expect(() => decideRating(rate(stars), given([]))).toThrow(DomainError);
  });

  it('refuses a vote on your own skin', () => {
    expect(() => decideRating({ ...rate(5), skinAuthorId: 3 }, given([]))).toThrow(/your own skin/);
  });

  it('whatever the votes, the sum a projection keeps equals the last vote', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }), (votes) => {
        let state = initialRatingState;
        let sum = 0;
        for (const vote of votes) {
          for (const event of decideRating(rate(vote), state)) {
            sum += event.data.rating - (event.data.previousRating ?? 0);
            state = evolveRating(state, event);
          }
        }
        expect(sum).toBe(votes.at(-1));
      }),
    );
  });
});

describe('rating average', () => {
  it('rounds to two decimals and is 0 without votes', () => {
    expect(ratingAverage(14, 3)).toBe(4.67);
    expect(ratingAverage(0, 0)).toBe(0);
  });
});
