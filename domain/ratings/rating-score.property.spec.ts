import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bayesianRatingScore, PRIOR_MEAN, PRIOR_VOTES } from './rating-score';

/** A skin's votes: each 1 to 5 stars. */
const votes = fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 300 });
const scoreOf = (stars: number[]) =>
  bayesianRatingScore(
    stars.reduce((sum, star) => sum + star, 0),
    stars.length,
  );
const average = (stars: number[]) => stars.reduce((sum, star) => sum + star, 0) / stars.length;

describe('bayesian rating score', () => {
  it('is the prior without votes', () => {
    expect(bayesianRatingScore(0, 0)).toBe(PRIOR_MEAN);
  });

  it('lies between the prior and the raw average', () => {
    fc.assert(
      fc.property(
        votes.filter((stars) => stars.length > 0),
        (stars) => {
          const score = scoreOf(stars);
          const low = Math.min(PRIOR_MEAN, average(stars));
          const high = Math.max(PRIOR_MEAN, average(stars));
          expect(score).toBeGreaterThanOrEqual(low - 1e-9);
          expect(score).toBeLessThanOrEqual(high + 1e-9);
        },
      ),
    );
  });

  it('moves up with a better vote and down with a worse one', () => {
    fc.assert(
      fc.property(votes, fc.integer({ min: 1, max: 5 }), (stars, star) => {
        const before = scoreOf(stars);
        const after = scoreOf([...stars, star]);
        if (star > before) expect(after).toBeGreaterThan(before);
        if (star < before) expect(after).toBeLessThan(before);
      }),
    );
  });

  it('trusts many good votes over a few perfect ones', () => {
    // One 5-star vote averages 5, a hundred votes 4.6: the hundred rank higher.
    expect(scoreOf([5])).toBeLessThan(scoreOf([...Array<number>(60).fill(5), ...Array<number>(40).fill(4)]));
    // The same average with more votes is further from the prior.
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.integer({ min: 1, max: 50 }), (star, count) => {
        expect(scoreOf(Array<number>(count + 1).fill(star))).toBeGreaterThan(
          scoreOf(Array<number>(count).fill(star)),
        );
      }),
    );
  });

  it('converges to the raw average as votes pile up', () => {
    const many = Array<number>(PRIOR_VOTES * 1000).fill(4);
    expect(scoreOf(many)).toBeCloseTo(4, 2);
  });
});
