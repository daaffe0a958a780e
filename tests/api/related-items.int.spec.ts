import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { salesStatisticsProjection } from '../../projections/sales-statistics.projection';
import { skinDownloadsProjection } from '../../projections/skin-downloads.projection';
import { addBundle, addSkin, cardCheckout, checkoutForm, payLocally, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Skin pages' bundles and "more from this author", author cards' totals and samples, and the
// author's own sales per skin (docs/catalogue.md, "Skin and author pages").
let app: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let rival: Awaited<ReturnType<typeof createUser>>;
let a: ShopItem, b: ShopItem, c: ShopItem, free: ShopItem, hidden: ShopItem, rivalSkin: ShopItem;
let cheap: ShopItem, pricey: ShopItem, hiddenBundle: ShopItem;

const RATE =
  'mutation Rate($rating: Int!, $skinId: Long!) { rateSkin(rating: $rating, skinId: $skinId) { average } }';

async function download(url: string, token?: string) {
  const response = await app.server.inject({
    method: 'GET',
    url: `/assets/skin/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  app = await createTestApp();
  author = await createUser(app, { username: `pages_author_${Date.now() % 100_000}` });
  rival = await createUser(app);
  other = await createUser(app);
  admin = await createUser(app, { roles: ['regular', 'admin'] });
  a = await addSkin(app, { authorId: author.id, priceCents: 500, title: 'Pages Alpha' });
  b = await addSkin(app, { authorId: author.id, priceCents: 700, title: 'Pages Bravo' });
  c = await addSkin(app, { authorId: author.id, priceCents: 300, title: 'Pages Charlie' });
  free = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Pages Free' });
  hidden = await addSkin(app, {
    authorId: author.id,
    priceCents: 900,
    title: 'Pages Hidden',
    published: false,
  });
  rivalSkin = await addSkin(app, { authorId: rival.id, priceCents: 0, title: 'Rival Skin' });
  // a + b = 12 EUR, sold together for 9.99; a + b + hidden: the hidden skin's 9 EUR count only for its author.
  cheap = await addBundle(app, { authorId: author.id, priceCents: 999, skinIds: [a.id, b.id] });
  pricey = await addBundle(app, { authorId: author.id, priceCents: 1500, skinIds: [a.id, b.id, hidden.id] });
  hiddenBundle = await addBundle(app, { authorId: author.id, priceCents: 200, skinIds: [a.id] });
  await app.context.pool.query(
    sql.unsafe`update bundles set published = false where id = ${hiddenBundle.id}`,
  );

  // Downloads: free 3, c 2 (author's own downloads count too), b 1.
  for (let i = 0; i < 3; i++) await download(free.url);
  await download(c.url, author.token);
  await download(c.url, admin.token);
  await download(b.url, author.token);
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 100 },
    skinDownloadsProjection,
  );
  // Votes: 5 and 4 on free, 2 on c: 11 / 3 = 3.67 over the author's skins.
  expect((await graphql(app, RATE, { rating: 5, skinId: free.id }, other.token)).body.errors).toBeUndefined();
  await graphql(app, RATE, { rating: 4, skinId: free.id }, admin.token);
  await graphql(app, RATE, { rating: 2, skinId: c.id }, other.token);

  // Sales: a sold twice alone, b once alone, and the cheap bundle once (counts for the bundle).
  for (const cart of [{ skins: [a.id, b.id] }, { skins: [a.id] }, { bundles: [cheap.id] }]) {
    const { reference } = await cardCheckout(app, checkoutForm(cart));
    expect((await payLocally(app, reference)).statusCode).toBeLessThan(400);
  }
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 100 },
    salesStatisticsProjection,
  );
});
afterAll(async () => {
  await app.close();
});

const SKIN_PAGE = `query($url: String!, $length: Int) { skin(url: $url) {
  id bundles { id title price savings } moreFromAuthor(length: $length) { id title downloads { total } }
} }`;

describe('a skin page', () => {
  it('lists the listed bundles holding the skin, cheapest first, with their saving', async () => {
    const { body } = await graphql(app, SKIN_PAGE, { url: a.url });
    expect(body.errors).toBeUndefined();
    // The hidden bundle is left out; the pricey one saves nothing once the hidden skin is not counted.
    expect(body.data.skin.bundles).toEqual([
      { id: String(cheap.id), title: cheap.title, price: 9.99, savings: 2.01 },
      { id: String(pricey.id), title: pricey.title, price: 15, savings: 0 },
    ]);
    expect((await graphql(app, SKIN_PAGE, { url: c.url })).body.data.skin.bundles).toEqual([]);
  });

  it("counts the author's hidden skin in the saving only for the author and admins", async () => {
    for (const token of [author.token, admin.token]) {
      const { body } = await graphql(app, SKIN_PAGE, { url: a.url }, token);
      expect(body.data.skin.bundles[1]).toMatchObject({ id: String(pricey.id), savings: 6 });
    }
    const { body } = await graphql(app, SKIN_PAGE, { url: a.url }, other.token);
    expect(body.data.skin.bundles[1]).toMatchObject({ savings: 0 });
  });

  it("offers the author's other published skins, most downloaded first, never the skin itself", async () => {
    const { body } = await graphql(app, SKIN_PAGE, { url: a.url });
    expect(body.data.skin.moreFromAuthor.map((skin: { title: string }) => skin.title)).toEqual([
      'Pages Free',
      'Pages Charlie',
      'Pages Bravo',
    ]);
    expect(body.data.skin.moreFromAuthor[0].downloads.total).toBe(3);
    const two = await graphql(app, SKIN_PAGE, { url: free.url, length: 2 });
    expect(two.body.data.skin.moreFromAuthor.map((skin: { title: string }) => skin.title)).toEqual([
      'Pages Charlie',
      'Pages Bravo',
    ]);
    const rivals = await graphql(app, SKIN_PAGE, { url: rivalSkin.url });
    expect(rivals.body.data.skin.moreFromAuthor).toEqual([]);
  });

  it('refuses lengths outside 1-12', async () => {
    for (const length of [0, 13]) {
      const { body } = await graphql(app, SKIN_PAGE, { url: a.url, length });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('answers the fields for every skin of a list at once', async () => {
    const query = `{ skins(page: { page: 0, size: 15 }) { content { id bundles { id savings } moreFromAuthor(length: 2) { id } } } }`;
    const { body } = await graphql(app, query);
    expect(body.errors).toBeUndefined();
    const ofA = body.data.skins.content.find((skin: { id: string }) => skin.id === String(a.id));
    expect(ofA.bundles.map((bundle: { id: string }) => bundle.id)).toEqual([
      String(cheap.id),
      String(pricey.id),
    ]);
    expect(ofA.moreFromAuthor).toHaveLength(2);
  });
});

const SALES = `query($url: String!) { skin(url: $url) { sales } }`;
const MY_SKINS = `{ myCreatedSkins(page: { page: 0, size: 10 }) { content { title sales downloads { total } rating { average totalRatings } } } }`;

describe("a skin's sales", () => {
  it('are the paid sales of the skin sold alone, for its author and admins', async () => {
    for (const token of [author.token, admin.token]) {
      expect((await graphql(app, SALES, { url: a.url }, token)).body.data.skin.sales).toBe(2);
      expect((await graphql(app, SALES, { url: b.url }, token)).body.data.skin.sales).toBe(1);
      expect((await graphql(app, SALES, { url: c.url }, token)).body.data.skin.sales).toBe(0);
    }
  });

  it('are null for visitors and other users', async () => {
    expect((await graphql(app, SALES, { url: a.url })).body.data.skin.sales).toBeNull();
    expect((await graphql(app, SALES, { url: a.url }, other.token)).body.data.skin.sales).toBeNull();
    expect((await graphql(app, SALES, { url: a.url }, rival.token)).body.data.skin.sales).toBeNull();
  });

  it("fill the author's own list with downloads and ratings", async () => {
    const { body } = await graphql(app, MY_SKINS, {}, author.token);
    expect(body.errors).toBeUndefined();
    const byTitle = Object.fromEntries(
      body.data.myCreatedSkins.content.map((skin: { title: string }) => [skin.title, skin]),
    );
    expect(byTitle['Pages Alpha']).toMatchObject({ sales: 2, downloads: { total: 0 } });
    expect(byTitle['Pages Charlie']).toMatchObject({
      sales: 0,
      downloads: { total: 2 },
      rating: { average: 2, totalRatings: 1 },
    });
    expect(byTitle['Pages Hidden']).toMatchObject({ sales: 0 });
  });
});

const AUTHORS = `query($search: String) { authors(search: $search, page: { page: 0, size: 16 }) { content {
  id username skinCount bundleCount downloadCount rating { average totalRatings } sampleSkins { title }
} } }`;
const AUTHOR = `query($url: String!) { author(url: $url) {
  skinCount bundleCount downloadCount rating { average totalRatings } bundles { id title savings } sampleSkins(length: 1) { title }
} }`;

describe('authors', () => {
  it('carry their totals and their most downloaded skins on the list', async () => {
    const { body } = await graphql(app, AUTHORS, { search: 'pages_author' });
    expect(body.errors).toBeUndefined();
    expect(body.data.authors.content).toEqual([
      {
        id: String(author.id),
        username: author.username,
        skinCount: 4,
        bundleCount: 2,
        downloadCount: 6,
        rating: { average: 3.67, totalRatings: 3 },
        sampleSkins: [{ title: 'Pages Free' }, { title: 'Pages Charlie' }, { title: 'Pages Bravo' }],
      },
    ]);
  });

  it('show their published bundles, newest first, on their page', async () => {
    const { body } = await graphql(app, AUTHOR, { url: author.url });
    expect(body.errors).toBeUndefined();
    expect(body.data.author).toMatchObject({
      skinCount: 4,
      bundleCount: 2,
      downloadCount: 6,
      sampleSkins: [{ title: 'Pages Free' }],
    });
    expect(body.data.author.bundles.map((bundle: { id: string }) => bundle.id)).toEqual([
      String(pricey.id),
      String(cheap.id),
    ]);
  });

  it('without published work have zero totals', async () => {
    const { body } = await graphql(app, AUTHOR, { url: rival.url });
    expect(body.data.author).toMatchObject({
      skinCount: 1,
      bundleCount: 0,
      downloadCount: 0,
      rating: { average: 0, totalRatings: 0 },
      bundles: [],
    });
  });
});

describe('the new fields', () => {
  /** The database calls one GraphQL request makes (every reader of the pool counted). */
  async function queriesOf(query: string, token = other.token) {
    const pool = app.context.pool as unknown as Record<string, (...args: unknown[]) => unknown>;
    const methods = ['any', 'one', 'maybeOne', 'oneFirst', 'anyFirst', 'maybeOneFirst', 'query'];
    const originals = methods.map((name) => [name, pool[name]!] as const);
    let count = 0;
    for (const [name, original] of originals) {
      pool[name] = (...args: unknown[]) => {
        count += 1;
        return original.apply(app.context.pool, args);
      };
    }
    try {
      // A signed-in viewer: the response cache never answers for them.
      const { body } = await graphql(app, query, {}, token);
      expect(body.errors).toBeUndefined();
      return count;
    } finally {
      for (const [name, original] of originals) pool[name] = original;
    }
  }

  it('cost the same number of queries for one author or a whole page of them', async () => {
    const fields = `content { downloadCount bundleCount rating { average } sampleSkins { title rating { average } } bundles { savings } }`;
    const one = await queriesOf(
      `{ authors(search: "pages_author", page: { page: 0, size: 16 }) { ${fields} } }`,
    );
    const page = await queriesOf(`{ authors(page: { page: 0, size: 16 }) { ${fields} } }`);
    expect(one).toBeGreaterThan(1);
    expect(page).toBe(one);
  });

  it('cost the same number of queries for one skin or a whole page of them', async () => {
    const fields = `content { sales bundles { savings } moreFromAuthor { title downloads { total } } }`;
    // An admin: the sales are read too. By title, the one skin is Pages Alpha, which has bundles
    // and other skins of its author, so every field has something to load.
    const one = await queriesOf(
      `{ skins(page: { page: 0, size: 1, sortBy: "title" }) { ${fields} } }`,
      admin.token,
    );
    const page = await queriesOf(`{ skins(page: { page: 0, size: 15 }) { ${fields} } }`, admin.token);
    expect(one).toBeGreaterThan(1);
    expect(page).toBe(one);
  });
});
