import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import {
  ageInDays,
  trendingScore,
  type TrendingActivity,
  type TrendingWindow,
} from '../../domain/trending/trending-score';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Trending by week and month (domain/trending/trending-score.ts) through the public GraphQL API, on
// controlled activity: downloads as the download projection writes them (skin_download_daily) and
// current votes as the rating projection writes them (skin_ratings), back-dated to chosen days.

let app: TestApp;
let now = new Date('2026-06-20T12:00:00Z');
const june = (day: number, hour = 12) => new Date(Date.UTC(2026, 5, day, hour));

type Fixture = {
  title: string;
  game: 'TM2020' | 'TMNF';
  created: number;
  listed?: boolean;
  /** Downloads per day of June. */
  daily?: Record<number, number>;
  /** Votes: day of June and stars. */
  votes?: [number, number][];
};
const catalogue: Record<string, Fixture> = {
  // Today's downloads count whole.
  today: { title: 'Today Livery', game: 'TM2020', created: 3, daily: { 20: 10 } },
  // More downloads, but 4 days ago: a quarter in the week, more than half in the month.
  older: { title: 'Older Livery', game: 'TM2020', created: 4, daily: { 16: 30 } },
  // Two 5-star votes yesterday (5 downloads each, decayed), a 1-star vote today (nothing), a
  // 4-star vote before the month (nothing).
  voted: {
    title: 'Voted Livery',
    game: 'TM2020',
    created: 5,
    votes: [
      [19, 5],
      [19, 5],
      [20, 1],
      [-12, 4],
    ],
  },
  // Many downloads 10 days ago: outside the week, the month's leader (with more on 16 May: outside).
  month: { title: 'Month Livery', game: 'TM2020', created: 1, daily: { 10: 100, [-15]: 50 } },
  // Nothing lately (21 May is 30 days ago): ordered by the newest among the skins without a score.
  quietNew: { title: 'Quiet New Livery', game: 'TM2020', created: 6, daily: { [-10]: 1000 } },
  quietOld: { title: 'Quiet Old Livery', game: 'TM2020', created: 2 },
  // Another game.
  nations: { title: 'Nations Livery', game: 'TMNF', created: 7, daily: { 20: 5 } },
  // Not listed: never shown, whatever its activity.
  hidden: { title: 'Hidden Livery', game: 'TM2020', created: 8, listed: false, daily: { 20: 9999 } },
};
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp({ context: { now: () => now } });
  const author = await createUser(app, { username: 'trending_author' });
  const db = app.context.pool;
  let voter = 1_000_000;
  for (const [key, skin] of Object.entries(catalogue)) {
    const { id } = await insertSkin(db, {
      authorId: author.id,
      title: skin.title,
      description: 'A livery',
      game: skin.game,
      priceCents: 0,
      createdAt: june(skin.created, 8),
      published: skin.listed ?? true,
    });
    ids[key] = id;
    for (const [day, total] of Object.entries(skin.daily ?? {})) {
      await db.query(sql.unsafe`
        insert into skin_download_daily (skin_id, day, total)
        values (${id}, ${june(Number(day)).toISOString().slice(0, 10)}::date, ${total})`);
    }
    for (const [day, rating] of skin.votes ?? []) {
      await db.query(sql.unsafe`
        insert into skin_ratings (skin_id, user_id, rating, rated_at)
        values (${id}, ${voter++}, ${rating}, ${june(day, 23).toISOString()})`);
    }
  }
});
afterAll(async () => {
  await app.close();
});

const LIST = `query List($type: GameType, $page: PageInput) {
  skins(type: $type, page: $page) { pageInfo { totalElements } content { title } }
}`;
type ListAnswer = {
  data?: { skins: { pageInfo: { totalElements: number }; content: { title: string }[] } };
  errors?: { message: string; extensions?: { code?: string } }[];
};
async function titles(sortBy: string, type: string | null, page = 0, size = 15): Promise<string[]> {
  const { body } = (await graphql(app, LIST, { type, page: { page, size, sortBy } })) as { body: ListAnswer };
  expect(body.errors).toBeUndefined();
  return body.data!.skins.content.map((skin) => skin.title);
}

/** The domain's score of a fixture, today being `now`. */
function scoreOf(skin: Fixture, window: TrendingWindow): number {
  const activity: TrendingActivity = {
    downloads: Object.entries(skin.daily ?? {}).map(([day, count]) => ({
      ageDays: ageInDays(june(Number(day)), now),
      count,
    })),
    votes: (skin.votes ?? []).map(([day, rating]) => ({ ageDays: ageInDays(june(day, 23), now), rating })),
  };
  return trendingScore(activity, window);
}

/** The order the domain's score gives: highest first, then newest. */
function expectedOrder(window: TrendingWindow, game: string | null): string[] {
  return Object.values(catalogue)
    .filter((skin) => (skin.listed ?? true) && (game === null || skin.game === game))
    .sort((a, b) => scoreOf(b, window) - scoreOf(a, window) || b.created - a.created)
    .map((skin) => skin.title);
}

describe('trending by week and month', () => {
  it('week: the last 7 days, decayed by a 2-day half-life; votes of 4 or 5 stars count 5 downloads', async () => {
    const week = await titles('trendingWeek', 'TM2020');
    // Today 10; Older 30 x 0.25 = 7.5; Voted 2 x 5 x 0.71 = 7.07; then no score: newest first.
    expect(week).toEqual([
      'Today Livery',
      'Older Livery',
      'Voted Livery',
      'Quiet New Livery',
      'Quiet Old Livery',
      'Month Livery',
    ]);
    expect(week).toEqual(expectedOrder('week', 'TM2020'));
  });

  it('month: the last 30 days, decayed by a 7-day half-life', async () => {
    const month = await titles('trendingMonth', 'TM2020');
    // Month 100 x 0.37 = 37.2 (its downloads of May are outside); Older 30 x 0.67 = 20.2;
    // Today 10; Voted 2 x 5 x 0.91 = 9.06.
    expect(month).toEqual([
      'Month Livery',
      'Older Livery',
      'Today Livery',
      'Voted Livery',
      'Quiet New Livery',
      'Quiet Old Livery',
    ]);
    expect(month).toEqual(expectedOrder('month', 'TM2020'));
  });

  it('every game, without unlisted skins', async () => {
    const week = await titles('trendingWeek', null);
    expect(week).toEqual(expectedOrder('week', null));
    expect(week).toContain('Nations Livery');
    expect(week).not.toContain('Hidden Livery');
    expect(await titles('trendingMonth', 'TMNF')).toEqual(['Nations Livery']);
  });

  it('pages through the same order without gaps or repeats, ties included', async () => {
    for (const sortBy of ['trendingWeek', 'trendingMonth']) {
      const whole = await titles(sortBy, null);
      const paged: string[] = [];
      for (let page = 0; page < 4; page++) paged.push(...(await titles(sortBy, null, page, 2)));
      expect(paged).toEqual(whole);
    }
  });

  it('a new vote today moves a skin up at once', async () => {
    await app.context.pool.query(sql.unsafe`
      insert into skin_ratings (skin_id, user_id, rating, rated_at)
      values (${ids.quietOld!}, 42, 5, ${now.toISOString()}), (${ids.quietOld!}, 43, 4, ${now.toISOString()})`);
    const week = await titles('trendingWeek', 'TM2020');
    // 2 x 5 = 10, the same as Today's 10 downloads: the newer (Today, created on the 3rd) first.
    expect(week.slice(0, 3)).toEqual(['Today Livery', 'Quiet Old Livery', 'Older Livery']);
  });

  it('follows the projections: downloads added to a day, votes changed or taken back', async () => {
    const db = app.context.pool;
    // Quiet New gets 12 downloads today (as the download projection adds them: insert, then update).
    await db.query(sql.unsafe`
      insert into skin_download_daily (skin_id, day, total) values (${ids.quietNew!}, '2026-06-20', 2)`);
    await db.query(sql.unsafe`
      update skin_download_daily set total = total + 10 where skin_id = ${ids.quietNew!} and day = '2026-06-20'`);
    expect((await titles('trendingWeek', 'TM2020'))[0]).toBe('Quiet New Livery');
    // Quiet Old's votes change to 1 star: they weigh nothing any more.
    await db.query(sql.unsafe`update skin_ratings set rating = 1 where skin_id = ${ids.quietOld!}`);
    catalogue.quietNew!.daily = { ...catalogue.quietNew!.daily, 20: 12 };
    expect(await titles('trendingWeek', 'TM2020')).toEqual(expectedOrder('week', 'TM2020'));
    expect(await titles('trendingMonth', 'TM2020')).toEqual(expectedOrder('month', 'TM2020'));
  });

  it('counts the ages from the new day once the day changes', async () => {
    now = new Date('2026-06-27T09:00:00Z');
    // A week later, the activity of 20 June and before is out of the week: newest first. The month
    // still counts it, each a week older.
    const week = await titles('trendingWeek', 'TM2020');
    expect(week).toEqual(expectedOrder('week', 'TM2020'));
    expect(week).toEqual([
      'Quiet New Livery',
      'Voted Livery',
      'Older Livery',
      'Today Livery',
      'Quiet Old Livery',
      'Month Livery',
    ]);
    expect(await titles('trendingMonth', 'TM2020')).toEqual(expectedOrder('month', 'TM2020'));
  });
});
