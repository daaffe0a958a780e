import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TRENDING_WINDOWS,
  trendingScore,
  type TrendingActivity,
  type TrendingWindow,
} from './trending-score';

const window = fc.constantFrom<TrendingWindow>('week', 'month');
const age = fc.integer({ min: 0, max: 40 });
const activity: fc.Arbitrary<TrendingActivity> = fc.record({
  downloads: fc.array(fc.record({ ageDays: age, count: fc.integer({ min: 0, max: 1000 }) }), {
    maxLength: 10,
  }),
  votes: fc.array(fc.record({ ageDays: age, rating: fc.integer({ min: 1, max: 5 }) }), { maxLength: 10 }),
});

describe('trendingScore properties', () => {
  it('never scores more recent activity lower than the same activity older', () => {
    fc.assert(
      fc.property(activity, window, fc.integer({ min: 1, max: 10 }), (given, w, days) => {
        const older = {
          downloads: given.downloads.map((d) => ({ ...d, ageDays: d.ageDays + days })),
          votes: given.votes.map((v) => ({ ...v, ageDays: v.ageDays + days })),
        };
        expect(trendingScore(given, w)).toBeGreaterThanOrEqual(trendingScore(older, w));
      }),
    );
  });

  it('never goes down when a download or a vote is added', () => {
    fc.assert(
      fc.property(activity, window, age, fc.integer({ min: 1, max: 5 }), (given, w, ageDays, rating) => {
        const before = trendingScore(given, w);
        const withDownload = { ...given, downloads: [...given.downloads, { ageDays, count: 1 }] };
        const withVote = { ...given, votes: [...given.votes, { ageDays, rating }] };
        expect(trendingScore(withDownload, w)).toBeGreaterThanOrEqual(before);
        expect(trendingScore(withVote, w)).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('never ranks a worse vote above a better one of the same day', () => {
    fc.assert(
      fc.property(
        window,
        age,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (w, ageDays, a, b) => {
          const score = (rating: number) => trendingScore({ downloads: [], votes: [{ ageDays, rating }] }, w);
          if (a <= b) expect(score(a)).toBeLessThanOrEqual(score(b));
        },
      ),
    );
  });

  it('ignores everything outside the window, and the month window counts at least what the week counts', () => {
    fc.assert(
      fc.property(activity, (given) => {
        const inWeek = {
          downloads: given.downloads.filter((d) => d.ageDays < TRENDING_WINDOWS.week.days),
          votes: given.votes.filter((v) => v.ageDays < TRENDING_WINDOWS.week.days),
        };
        expect(trendingScore(inWeek, 'week')).toBe(trendingScore(given, 'week'));
        expect(trendingScore(given, 'month')).toBeGreaterThanOrEqual(trendingScore(given, 'week') - 1e-9);
      }),
    );
  });
});
