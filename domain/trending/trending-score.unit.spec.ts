import { describe, expect, it } from 'vitest';
import { ageInDays, ageWeight, trendingScore, voteWeight } from './trending-score';

describe('trendingScore', () => {
  it('weighs a download by half its weight per half-life: 2 days for the week, 7 for the month', () => {
    expect(ageWeight(0, 'week')).toBe(1);
    expect(ageWeight(2, 'week')).toBe(0.5);
    expect(ageWeight(4, 'week')).toBe(0.25);
    expect(ageWeight(7, 'month')).toBe(0.5);
    expect(ageWeight(14, 'month')).toBe(0.25);
  });

  it('counts only the days of the window: today and the 6 (week) or 29 (month) before', () => {
    expect(ageWeight(6, 'week')).toBeGreaterThan(0);
    expect(ageWeight(7, 'week')).toBe(0);
    expect(ageWeight(29, 'month')).toBeGreaterThan(0);
    expect(ageWeight(30, 'month')).toBe(0);
    expect(ageWeight(-1, 'week')).toBe(0);
  });

  it('counts a good vote as 5 downloads, a 3-star vote as 2, a bad vote as nothing', () => {
    expect([1, 2, 3, 4, 5].map(voteWeight)).toEqual([0, 0, 2, 5, 5]);
    const score = trendingScore(
      {
        downloads: [{ ageDays: 0, count: 3 }],
        votes: [
          { ageDays: 0, rating: 5 },
          { ageDays: 2, rating: 4 },
          { ageDays: 0, rating: 1 },
        ],
      },
      'week',
    );
    expect(score).toBe(3 + 5 + 5 * 0.5);
  });

  it('is 0 without activity in the window', () => {
    expect(trendingScore({ downloads: [], votes: [] }, 'week')).toBe(0);
    expect(
      trendingScore(
        { downloads: [{ ageDays: 10, count: 1000 }], votes: [{ ageDays: 8, rating: 5 }] },
        'week',
      ),
    ).toBe(0);
  });

  it('measures ages in whole UTC days', () => {
    const today = new Date('2026-06-20T00:30:00Z');
    expect(ageInDays(new Date('2026-06-19T23:59:59Z'), today)).toBe(1);
    expect(ageInDays(new Date('2026-06-20T23:59:59Z'), today)).toBe(0);
    expect(ageInDays(new Date('2026-05-21T12:00:00Z'), today)).toBe(30);
  });
});
