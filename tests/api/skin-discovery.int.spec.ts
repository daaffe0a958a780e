import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { bayesianRatingScore } from '../../domain/ratings/rating-score';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// The skins list's discovery sorts (downloads, top rated, trending, relevance) and price filters,
// through the public GraphQL API. Votes and downloads are written as the rating and download
// projections write them (skin_stats, skin_download_daily): the cards' triggers carry them over.

let app: TestApp;
let player: Awaited<ReturnType<typeof createUser>>;
let now = new Date('2026-06-20T12:00:00Z');
const day = (n: number) => new Date(Date.UTC(2026, 5, n));
const skins: Record<string, { id: number; url: string }> = {};

/** Per skin: price, all-time downloads, downloads per day (June), votes (sum, count), created. */
const catalogue = {
  alpha: {
    title: 'Alpha Livery',
    description: 'Carbon stripes on the roof and carbon mirrors',
    game: 'TM2020',
    priceCents: 0,
    downloads: 100,
    daily: { 1: 100 },
    votes: [5, 1],
    created: 5,
  },
  bravo: {
    title: 'Bravo Livery',
    description: 'Team colours',
    game: 'TM2020',
    priceCents: 300,
    downloads: 50,
    daily: { 10: 20, 15: 10, 20: 20 },
    votes: [90, 20],
    created: 1,
  },
  charlie: {
    title: 'Carbon Stripes',
    description: 'Matte black',
    game: 'TM2020',
    priceCents: 1250,
    downloads: 10,
    daily: { 18: 10 },
    votes: [4, 1],
    created: 2,
  },
  delta: {
    title: 'Delta Livery',
    description: 'Sky blue',
    game: 'TM2020',
    priceCents: 0,
    downloads: 70,
    daily: { 13: 65, 14: 5 },
    votes: [18, 4],
    created: 3,
  },
  echo: {
    title: 'Echo Livery',
    description: 'For the old stadium',
    game: 'TMNF',
    priceCents: 0,
    downloads: 500,
    daily: { 19: 500 },
    votes: [25, 5],
    created: 4,
  },
  hidden: {
    title: 'Hidden Livery',
    description: 'Not out yet',
    game: 'TM2020',
    priceCents: 0,
    downloads: 1000,
    daily: { 19: 1000 },
    votes: [50, 10],
    created: 6,
  },
} as const;

beforeAll(async () => {
  app = await createTestApp({ context: { now: () => now } });
  const author = await createUser(app, { username: 'discovery_author' });
  player = await createUser(app);
  const db = app.context.pool;
  for (const [key, skin] of Object.entries(catalogue)) {
    skins[key] = await insertSkin(db, {
      authorId: author.id,
      title: skin.title,
      description: skin.description,
      game: skin.game,
      priceCents: skin.priceCents,
      createdAt: day(skin.created),
      published: key !== 'hidden',
    });
    const id = skins[key]!.id;
    await db.query(sql.unsafe`
      insert into skin_stats (skin_id, rating_sum, rating_count, downloads_total, downloads_unique)
      values (${id}, ${skin.votes[0]}, ${skin.votes[1]}, ${skin.downloads}, ${skin.downloads})`);
    for (const [dayOfJune, total] of Object.entries(skin.daily)) {
      await db.query(sql.unsafe`
        insert into skin_download_daily (skin_id, day, total)
        values (${id}, ${day(Number(dayOfJune)).toISOString().slice(0, 10)}::date, ${total})`);
    }
  }
});
afterAll(async () => {
  await app.close();
});

const LIST = `query List($search: String, $type: GameType, $page: PageInput, $price: PriceFilter) {
  skins(search: $search, type: $type, page: $page, price: $price) {
    pageInfo { totalElements totalPages }
    content { title price downloads { total } rating { average totalRatings } }
  }
}`;
type ListAnswer = {
  data?: { skins: { pageInfo: { totalElements: number }; content: { title: string }[] } };
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};
async function list(variables: Record<string, unknown>) {
  const { body } = (await graphql(app, LIST, { type: 'TM2020', ...variables })) as { body: ListAnswer };
  return body;
}
const titlesOf = (body: ListAnswer) => body.data!.skins.content.map((skin) => skin.title);
const sorted = (sortBy: string, extra: Record<string, unknown> = {}) =>
  list({ page: { page: 0, size: 15, sortBy }, ...extra });

describe('skins list sorts', () => {
  it('most downloaded: all-time downloads, largest first, with the counts on every card', async () => {
    const body = await sorted('downloads');
    expect(titlesOf(body)).toEqual(['Alpha Livery', 'Delta Livery', 'Bravo Livery', 'Carbon Stripes']);
    expect(
      body.data!.skins.content.map(
        (skin) => (skin as unknown as { downloads: { total: number } }).downloads.total,
      ),
    ).toEqual([100, 70, 50, 10]);
    // Ascending on request.
    const fewest = await list({ page: { page: 0, size: 15, sortBy: 'downloads', sortDirection: 'ASC' } });
    expect(titlesOf(fewest)).toEqual(['Carbon Stripes', 'Bravo Livery', 'Delta Livery', 'Alpha Livery']);
  });

  it('top rated: the Bayesian score, so a few perfect votes do not beat many good ones', async () => {
    const body = await sorted('rating');
    expect(titlesOf(body)).toEqual(['Bravo Livery', 'Delta Livery', 'Alpha Livery', 'Carbon Stripes']);
    // The order is the domain's score, largest first...
    const scores = (['bravo', 'delta', 'alpha', 'charlie'] as const).map((key) =>
      bayesianRatingScore(catalogue[key].votes[0], catalogue[key].votes[1]),
    );
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // ...and not the raw average: Alpha's single 5-star vote (5.00) ranks below Delta's 4.50 from 4
    // votes and Bravo's 4.50 from 20. A second vote moves Charlie (4.00 from 1) above Alpha.
    const { body: voted } = await graphql(
      app,
      'mutation Rate($skinId: Long!) { rateSkin(rating: 5, skinId: $skinId) { average totalRatings } }',
      { skinId: skins.charlie!.id },
      player.token,
    );
    expect(voted.data.rateSkin).toEqual({ average: 4.5, totalRatings: 2 });
    const after = await sorted('rating');
    expect(titlesOf(after)).toEqual(['Bravo Livery', 'Delta Livery', 'Carbon Stripes', 'Alpha Livery']);
  });

  it('trending: the downloads of the last 7 days, then all-time downloads', async () => {
    // From 14 June to 20 June: Bravo 30, Charlie 10, Delta 5, Alpha none.
    const body = await sorted('trending');
    expect(titlesOf(body)).toEqual(['Bravo Livery', 'Carbon Stripes', 'Delta Livery', 'Alpha Livery']);
    // Every game: Echo's 500 of yesterday lead; the hidden skin stays hidden.
    const everyGame = await list({ type: null, page: { page: 0, size: 2, sortBy: 'trending' } });
    expect(titlesOf(everyGame)).toEqual(['Echo Livery', 'Bravo Livery']);
    expect(everyGame.data!.skins.pageInfo.totalElements).toBe(5);
  });

  it('a search is ordered by relevance unless another sort is chosen', async () => {
    // Both match; Alpha is newer, but Charlie's title is the words typed.
    const body = await list({ search: 'carbon stripes' });
    expect(titlesOf(body)).toEqual(['Carbon Stripes', 'Alpha Livery']);
    expect(titlesOf(await sorted('relevance', { search: 'carbon stripes' }))).toEqual([
      'Carbon Stripes',
      'Alpha Livery',
    ]);
    expect(titlesOf(await sorted('createdAt', { search: 'carbon stripes' }))).toEqual([
      'Alpha Livery',
      'Carbon Stripes',
    ]);
    // A typo still finds the title first.
    expect(titlesOf(await list({ search: 'Carbn Stripes' }))[0]).toBe('Carbon Stripes');
    // Relevance without a search: newest first.
    expect(titlesOf(await sorted('relevance'))).toEqual([
      'Alpha Livery',
      'Delta Livery',
      'Carbon Stripes',
      'Bravo Livery',
    ]);
  });

  it('refuses an unknown sort', async () => {
    const body = await sorted('popularity');
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('skins list price filter', () => {
  const byDownloads = (price: Record<string, unknown>, type: string | null = 'TM2020') =>
    list({ type, price, page: { page: 0, size: 15, sortBy: 'downloads' } });

  it('free only, paid only, with the totals of the matches', async () => {
    const free = await byDownloads({ free: true });
    expect(titlesOf(free)).toEqual(['Alpha Livery', 'Delta Livery']);
    expect(free.data!.skins.pageInfo.totalElements).toBe(2);
    const paid = await byDownloads({ free: false });
    expect(titlesOf(paid)).toEqual(['Bravo Livery', 'Carbon Stripes']);
    expect(paid.data!.skins.pageInfo.totalElements).toBe(2);
    const freeEverywhere = await byDownloads({ free: true }, null);
    expect(titlesOf(freeEverywhere)).toEqual(['Echo Livery', 'Alpha Livery', 'Delta Livery']);
    expect(freeEverywhere.data!.skins.pageInfo.totalElements).toBe(3);
  });

  it('a range of prices in euros, bounds included', async () => {
    expect(titlesOf(await byDownloads({ minPrice: 5 }))).toEqual(['Carbon Stripes']);
    expect(titlesOf(await byDownloads({ maxPrice: 5 }))).toEqual([
      'Alpha Livery',
      'Delta Livery',
      'Bravo Livery',
    ]);
    expect(titlesOf(await byDownloads({ minPrice: 3, maxPrice: 12.5 }))).toEqual([
      'Bravo Livery',
      'Carbon Stripes',
    ]);
    expect(titlesOf(await byDownloads({ free: false, maxPrice: 3 }))).toEqual(['Bravo Livery']);
    const none = await byDownloads({ minPrice: 12.51 });
    expect(titlesOf(none)).toEqual([]);
    expect(none.data!.skins.pageInfo.totalElements).toBe(0);
  });

  it('refuses a negative price, a minimum above the maximum and free skins with a range', async () => {
    const negative = await byDownloads({ minPrice: -1 });
    expect(negative.errors?.[0]).toMatchObject({
      message: 'A price filter cannot be negative.',
      extensions: { code: 'BAD_USER_INPUT', field: 'price.minPrice' },
    });
    const crossed = await byDownloads({ minPrice: 10, maxPrice: 5 });
    expect(crossed.errors?.[0]).toMatchObject({
      message: 'The lowest price cannot be above the highest price.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const freeRange = await byDownloads({ free: true, minPrice: 2 });
    expect(freeRange.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('trending over time', () => {
  const trending = async () => titlesOf(await sorted('trending'));
  const daily = (key: string, dayOfJune: number, total: number) => sql.unsafe`
    insert into skin_download_daily (skin_id, day, total)
    values (${skins[key]!.id}, ${day(dayOfJune).toISOString().slice(0, 10)}::date, ${total})
    on conflict (skin_id, day) do update set total = skin_download_daily.total + excluded.total`;

  it('follows the download projection’s new days, added counts, rebuilds and the passing days', async () => {
    const db = app.context.pool;
    expect(await trending()).toEqual(['Bravo Livery', 'Carbon Stripes', 'Delta Livery', 'Alpha Livery']);
    // A batch as the projection writes it: a new day for Charlie and more on one it had.
    await db.query(daily('charlie', 19, 25));
    await db.query(daily('charlie', 18, 10));
    expect(await trending()).toEqual(['Carbon Stripes', 'Bravo Livery', 'Delta Livery', 'Alpha Livery']);
    // Downloads older than the window change nothing.
    await db.query(daily('alpha', 2, 1000));
    expect(await trending()).toEqual(['Carbon Stripes', 'Bravo Livery', 'Delta Livery', 'Alpha Livery']);

    // A day later, Delta's 14 June leaves the window: Alpha's all-time downloads put it first of the two.
    now = new Date('2026-06-21T00:30:00Z');
    expect(await trending()).toEqual(['Carbon Stripes', 'Bravo Livery', 'Alpha Livery', 'Delta Livery']);

    // A rebuild empties the daily counts and writes them again.
    const rows = await db.any(sql.unsafe`select skin_id, day::text as day, total from skin_download_daily`);
    await db.query(sql.unsafe`truncate skin_download_daily`);
    expect(await trending()).toEqual(['Alpha Livery', 'Delta Livery', 'Bravo Livery', 'Carbon Stripes']);
    for (const row of rows as readonly { skin_id: number; day: string; total: number }[]) {
      await db.query(sql.unsafe`
        insert into skin_download_daily (skin_id, day, total) values (${row.skin_id}, ${row.day}::date, ${row.total})`);
    }
    expect(await trending()).toEqual(['Carbon Stripes', 'Bravo Livery', 'Alpha Livery', 'Delta Livery']);
    // Deleted rows count out.
    await db.query(sql.unsafe`delete from skin_download_daily where skin_id = ${skins.charlie!.id}`);
    expect(await trending()).toEqual(['Bravo Livery', 'Alpha Livery', 'Delta Livery', 'Carbon Stripes']);

    // Back to 20 June (a clock set back): 14 June counts again.
    now = new Date('2026-06-20T12:00:00Z');
    expect(await trending()).toEqual(['Bravo Livery', 'Delta Livery', 'Alpha Livery', 'Carbon Stripes']);

    // Cards rebuilt from their sources count their window's downloads again.
    await db.transaction(async (tx) => {
      await tx.query(sql.unsafe`delete from skin_cards`);
      await tx.query(sql.unsafe`select refresh_skin_cards(array(select id from skins))`);
    });
    expect(await trending()).toEqual(['Bravo Livery', 'Delta Livery', 'Alpha Livery', 'Carbon Stripes']);
  });
});
