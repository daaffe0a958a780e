import { describe, expect, it } from 'vitest';
import {
  decideSkinOfTheMonth,
  evolveSkinOfTheMonth,
  initialSkinOfTheMonthState,
  previousMonth,
  type SkinOfTheMonthEvent,
} from './skin-of-the-month';

const given = (events: SkinOfTheMonthEvent[]) =>
  events.reduce(evolveSkinOfTheMonth, initialSkinOfTheMonthState);

describe('Skin of the Month', () => {
  it('is about the month before, whatever the moment of the month', () => {
    expect(previousMonth(new Date('2026-11-01T00:00:00Z')).month).toBe('2026-10');
    expect(previousMonth(new Date('2026-01-31T23:59:59Z'))).toEqual({
      month: '2025-12',
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('weighs votes: four fives beat a single five, and three votes are needed', () => {
    const events = decideSkinOfTheMonth(
      {
        month: '2026-10',
        candidates: [
          { skinId: 1, votes: 1, ratingSum: 5 },
          { skinId: 2, votes: 4, ratingSum: 20 },
          { skinId: 3, votes: 3, ratingSum: 12 },
          { skinId: 4, votes: 10, ratingSum: 30 },
        ],
      },
      given([]),
    );
    expect(events).toEqual([
      {
        type: 'SkinOfTheMonthChosen',
        data: { month: '2026-10', skinId: 2, votes: 4, average: 5, score: expect.any(Number) },
      },
    ]);
  });

  it('breaks a tie by more votes', () => {
    const [event] = decideSkinOfTheMonth(
      {
        month: '2026-10',
        candidates: [
          { skinId: 1, votes: 3, ratingSum: 12 },
          { skinId: 2, votes: 6, ratingSum: 24 },
        ],
      },
      given([]),
    );
    expect(event).toMatchObject({ data: { skinId: 2 } });
  });

  it('skips a month without any skin of 3 votes, and decides each month once', () => {
    const skipped = decideSkinOfTheMonth(
      { month: '2026-09', candidates: [{ skinId: 1, votes: 2, ratingSum: 10 }] },
      given([]),
    );
    expect(skipped).toEqual([
      { type: 'SkinOfTheMonthSkipped', data: { month: '2026-09', reason: 'no skin had 3 votes' } },
    ]);
    expect(
      decideSkinOfTheMonth(
        { month: '2026-09', candidates: [{ skinId: 1, votes: 9, ratingSum: 45 }] },
        given(skipped),
      ),
    ).toEqual([]);
  });
});
