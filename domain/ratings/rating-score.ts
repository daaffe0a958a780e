/**
 * "Top rated" orders skins by a Bayesian average: every skin starts with PRIOR_VOTES imaginary votes
 * of PRIOR_MEAN stars, so one lucky 5-star vote does not beat a hundred votes averaging 4.6, and a
 * skin needs several good votes to climb above the middle of the scale.
 *
 * The prior is a fixed point, not the site's current mean: the score is then a function of the
 * skin's own votes only, which lets the skins list keep it in a stored, indexed column
 * (`skin_cards.rating_score`, migration 024) instead of re-sorting every card when any vote anywhere
 * moves the site mean. The migration spells out the same formula; the integration tests check that
 * the list's order agrees with this function.
 */
export const PRIOR_MEAN = 3;
export const PRIOR_VOTES = 5;

/** The Bayesian average of a skin's votes (sum of the stars, number of votes), 1 to 5. */
export function bayesianRatingScore(sum: number, count: number): number {
  return (sum + PRIOR_MEAN * PRIOR_VOTES) / (count + PRIOR_VOTES);
}
