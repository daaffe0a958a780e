/**
 * "Trending this week" and "Trending this month" order skins by what happened to them lately: the
 * downloads and the votes of the window's days, each weighted by its age so that yesterday's
 * activity counts more than last week's.
 *
 * - The window is whole UTC days: the week is today and the 6 days before, the month today and the
 *   29 days before. Activity before the window counts nothing (nor does any after today).
 * - A download of a day `age` days ago (0 = today) weighs 0.5^(age / halfLife): a half-life of 2
 *   days for the week, 7 days for the month.
 * - A vote counts by the stars it gives (the voter's current vote, at the time it was given): 4 or 5
 *   stars weigh 5 downloads, 3 stars 2 downloads, 1 or 2 stars nothing (a bad vote must not push a
 *   skin up); with the same decay by the vote's UTC day.
 *
 * Ages are whole days, so the order of the skins changes only when activity is added or a day
 * passes: an answer the API keeps stays right for the rest of its day. The skins list computes the
 * same score in SQL (migration 036, kept on the skin cards from `skin_download_daily` and
 * `skin_ratings`); the integration tests check that the list's order agrees with this function.
 */
export const TRENDING_WINDOWS = {
  week: { days: 7, halfLifeDays: 2 },
  month: { days: 30, halfLifeDays: 7 },
} as const;
export type TrendingWindow = keyof typeof TRENDING_WINDOWS;

/** What a vote of `rating` stars counts, in downloads. */
export function voteWeight(rating: number): number {
  if (rating >= 4) return 5;
  if (rating === 3) return 2;
  return 0;
}

/** The weight of something that happened `ageDays` whole days ago (0 = today); 0 outside the window. */
export function ageWeight(ageDays: number, window: TrendingWindow): number {
  const { days, halfLifeDays } = TRENDING_WINDOWS[window];
  if (!Number.isInteger(ageDays) || ageDays < 0 || ageDays >= days) return 0;
  return 0.5 ** (ageDays / halfLifeDays);
}

export type TrendingActivity = {
  /** Downloads per day: `ageDays` days before today (0 = today). */
  downloads: readonly { ageDays: number; count: number }[];
  /** Current votes and the day each was given. */
  votes: readonly { ageDays: number; rating: number }[];
};

/** A skin's trending score over the window; 0 without activity in it. */
export function trendingScore(activity: TrendingActivity, window: TrendingWindow): number {
  let score = 0;
  for (const { ageDays, count } of activity.downloads) score += count * ageWeight(ageDays, window);
  for (const { ageDays, rating } of activity.votes) score += voteWeight(rating) * ageWeight(ageDays, window);
  return score;
}

/** Whole UTC days from `day` to `today` (both any time of their day). */
export function ageInDays(day: Date, today: Date): number {
  const start = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.round((start(today) - start(day)) / 86_400_000);
}
