import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MATCH_LIMIT } from '../../api/catalogue/catalogue-search';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Search on the skins list (migration 063): words corrected against the catalogue's vocabulary,
// combined with the list's filters and sorts, through the public GraphQL API.

let app: TestApp;
const day = (n: number) => new Date(Date.UTC(2026, 5, n));

const catalogue = [
  {
    title: 'Midnight Express',
    description: 'Dark blue with silver lines',
    game: 'TM2020',
    priceCents: 500,
    created: 3,
  },
  { title: 'Midnight Racer', description: 'Black and gold', game: 'TMNF', priceCents: 0, created: 4 },
  {
    title: 'Emerald Comet',
    description: 'Midnight green fading to white',
    game: 'TM2020',
    priceCents: 0,
    created: 5,
  },
  {
    title: 'Midnight Prototype',
    description: 'Not out yet',
    game: 'TM2020',
    priceCents: 0,
    created: 6,
    hidden: true,
  },
];

const LIST = `query List($search: String, $type: GameType, $page: PageInput, $price: PriceFilter) {
  skins(search: $search, type: $type, page: $page, price: $price) {
    pageInfo { totalElements totalPages }
    content { title }
  }
}`;
type ListAnswer = {
  data?: { skins: { pageInfo: { totalElements: number; totalPages: number }; content: { title: string }[] } };
  errors?: unknown[];
};
async function list(variables: Record<string, unknown>) {
  const { body } = (await graphql(app, LIST, variables)) as { body: ListAnswer };
  expect(body.errors).toBeUndefined();
  return body.data!.skins;
}
const titles = async (variables: Record<string, unknown>) =>
  (await list(variables)).content.map((s) => s.title);

beforeAll(async () => {
  app = await createTestApp();
  const author = await createUser(app, { username: 'night_painter' });
  for (const skin of catalogue) {
    await insertSkin(app.context.pool, {
      authorId: author.id,
      title: skin.title,
      description: skin.description,
      game: skin.game,
      priceCents: skin.priceCents,
      createdAt: day(skin.created),
      published: !skin.hidden,
    });
  }
});
afterAll(async () => {
  await app.close();
});

describe('skins search', () => {
  it('forgives typos in words of four letters or more, and finds the last word as it is typed', async () => {
    expect((await titles({ search: 'Midnigth Expres' }))[0]).toBe('Midnight Express');
    expect(await titles({ search: 'Emrald Comet' })).toEqual(['Emerald Comet']);
    // The last word as a prefix: found while typing.
    expect(await titles({ search: 'Emerald Com' })).toEqual(['Emerald Comet']);
    // Every word must match: a word found nowhere finds nothing.
    expect(await titles({ search: 'Midnight Zeppelin' })).toEqual([]);
    // Operators and quotes are words' separators, never query syntax; no word finds nothing.
    expect(await titles({ search: `Midnight & | ! :* <-> (( '"Express"' \\` })).toEqual(['Midnight Express']);
    expect(await titles({ search: '&&& ((( )))' })).toEqual([]);
    // The author's name is searched too.
    expect(await titles({ search: 'night_painter', page: { page: 0, size: 15, sortBy: 'title' } })).toEqual([
      'Emerald Comet',
      'Midnight Express',
      'Midnight Racer',
    ]);
  });

  it('combines with the game and price filters and the sorts, and never shows a hidden skin', async () => {
    // Best match: the titles holding the word before the description that does.
    const best = await titles({ search: 'midnight', type: 'TM2020' });
    expect(best).toEqual(['Midnight Express', 'Emerald Comet']);
    expect(await titles({ search: 'midnight', type: 'TM2020', price: { free: false } })).toEqual([
      'Midnight Express',
    ]);
    expect(await titles({ search: 'midnite', type: 'TM2020', price: { free: true } })).toEqual([
      'Emerald Comet',
    ]);
    expect(await titles({ search: 'midnight', page: { page: 0, size: 15, sortBy: 'createdAt' } })).toEqual([
      'Emerald Comet',
      'Midnight Racer',
      'Midnight Express',
    ]);
    const paged = await list({ search: 'midnight', page: { page: 1, size: 2, sortBy: 'createdAt' } });
    expect(paged.content.map((s) => s.title)).toEqual(['Midnight Express']);
    expect(paged.pageInfo).toEqual({ totalElements: 3, totalPages: 2 });
    // Past the last page: no skin, the total still counted.
    expect((await list({ search: 'midnight', page: { page: 5, size: 2 } })).pageInfo.totalElements).toBe(3);
  });

  it('follows a renamed skin: its new words are found, typos included, and its old ones leave', async () => {
    const db = app.context.pool;
    await db.query(sql.unsafe`update skins set title = 'Sapphire Comet' where title = 'Emerald Comet'`);
    expect(await titles({ search: 'Saphire Comet' })).toEqual(['Sapphire Comet']);
    expect(await titles({ search: 'Emerald' })).toEqual([]);
    const emerald = await db.maybeOneFirst(
      sql.type(z.object({ cards: z.number() }))`select cards from search_words where word = 'emerald'`,
    );
    expect(emerald).toBeNull();
  });

  it(`returns at most the newest ${SEARCH_MATCH_LIMIT} matches of a word that many skins share`, async () => {
    const db = app.context.pool;
    const author = await createUser(app, { username: 'crowd_author' });
    await db.query(sql.unsafe`
      insert into skins (url, author_id, title, description, game, price_cents, created_at, modified_at)
      select 'crowd-skin-' || n, ${author.id}, 'Crowd Skin ' || n, 'One of many', 'TM2020', 0,
             '2026-01-01'::timestamptz + n * interval '1 minute', '2026-01-01'::timestamptz
      from generate_series(1, ${SEARCH_MATCH_LIMIT + 5}::int) n`);
    const crowd = await list({ search: 'crowd', page: { page: 0, size: 3, sortBy: 'createdAt' } });
    expect(crowd.pageInfo.totalElements).toBe(SEARCH_MATCH_LIMIT);
    expect(crowd.content.map((s) => s.title)).toEqual([
      `Crowd Skin ${SEARCH_MATCH_LIMIT + 5}`,
      `Crowd Skin ${SEARCH_MATCH_LIMIT + 4}`,
      `Crowd Skin ${SEARCH_MATCH_LIMIT + 3}`,
    ]);
    // A word only one of them holds is found among all of them, not only the newest.
    expect(await titles({ search: 'Crowd Skin 2' })).toEqual(['Crowd Skin 2']);
  });

  it('keeps the vocabulary equal to a recount of the cards’ words, after single and bulk changes', async () => {
    await app.context.pool.query(sql.unsafe`delete from skins where title like 'Crowd Skin 1%'`);
    const counts = z.object({ word: z.string(), cards: z.number() });
    const kept = await app.context.pool.any(
      sql.type(counts)`select word, cards from search_words order by word`,
    );
    const recounted = await app.context.pool.any(sql.type(counts)`
      select word, count(*)::int as cards from skin_cards, unnest(tsvector_to_array(search_text)) word
      group by word order by word`);
    expect(kept).toEqual(recounted);
    expect(kept.map((row) => row.word)).toContain('sapphire');
    // The words only deleted cards held are gone ('1005' was only Crowd Skin 1005's).
    expect(kept.map((row) => row.word)).not.toContain('1005');
    expect(kept.find((row) => row.word === 'crowd')?.cards).toBeLessThan(SEARCH_MATCH_LIMIT);
  });
});
