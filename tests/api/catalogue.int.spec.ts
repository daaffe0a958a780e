import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResource, insertSkin, linkColorVariations } from '../../api/catalogue/catalogue.writes';
import { backdated } from '../../infra/event-store/backdating';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { skinDownloadsProjection } from '../../projections/skin-downloads.projection';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
let player: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
const skins: Record<string, { id: number; url: string }> = {};
const day = (n: number) => new Date(Date.UTC(2026, 5, n));

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app, { username: 'alice_drifts' });
  bob = await createUser(app, { username: 'bob_builder' });
  player = await createUser(app);
  admin = await createUser(app, { roles: ['regular', 'admin'] });
  const db = app.context.pool;
  const add = async (key: string, skin: Parameters<typeof insertSkin>[1]) => {
    skins[key] = await insertSkin(db, skin);
    await insertResource(db, {
      skinId: skins[key]!.id,
      type: 'IMAGE',
      filename: `${key}-shot.jpg`,
      position: 0,
    });
    await insertResource(db, {
      skinId: skins[key]!.id,
      type: 'IMAGE',
      filename: `${key}-second.jpg`,
      position: 1,
    });
    const zip = `${key}-source.zip`;
    await app.context.storage.put('private', zip, Buffer.from(`PK zip of ${key}`));
    await insertResource(db, { skinId: skins[key]!.id, type: 'SKIN_SOURCE', filename: zip, position: 0 });
  };
  await add('neon', {
    authorId: alice.id,
    title: 'Neon Drift Runner',
    description: 'Glowing stripes for night races',
    game: 'TM2020',
    priceCents: 0,
    createdAt: day(1),
    colorPrimary: '#22d3ee',
    colorSecondary: '#ec4899',
  });
  await add('neonRed', {
    authorId: alice.id,
    title: 'Neon Drift Runner Red',
    description: 'The red one',
    game: 'TM2020',
    priceCents: 0,
    createdAt: day(2),
    colorPrimary: '#ef4444',
  });
  await add('polar', {
    authorId: alice.id,
    title: 'Polar Circuit',
    description: 'Ice blue and white',
    game: 'TMNF',
    priceCents: 1250,
    createdAt: day(3),
  });
  await add('sunset', {
    authorId: bob.id,
    title: 'Sunset Cruiser',
    description: 'Warm orange gradient',
    game: 'TM2020',
    priceCents: 500,
    createdAt: day(4),
  });
  await add('hidden', {
    authorId: bob.id,
    title: 'Secret Prototype',
    description: 'Not ready yet',
    game: 'TM2020',
    priceCents: 0,
    createdAt: day(5),
    published: false,
  });
  await linkColorVariations(db, [skins.neon!.id, skins.neonRed!.id]);
});
afterAll(async () => {
  await app.close();
});

const LIST = `query List($search: String, $type: GameType, $page: PageInput) {
  skins(search: $search, type: $type, page: $page) {
    pageInfo { pageNumber pageSize totalPages totalElements numberOfElements }
    content { url title price type author { username country } thumbnail { url cardUrl previewUrl } rating { average totalRatings usersRating } }
  }
}`;
const titles = (body: { data?: { skins: { content: { title: string }[] } } }) =>
  body.data!.skins.content.map((s) => s.title);

describe('skins list', () => {
  it('lists published skins newest first with author, thumbnail and rating, 15 a page', async () => {
    const { body } = await graphql(app, LIST);
    expect(body.errors).toBeUndefined();
    expect(titles(body)).toEqual([
      'Sunset Cruiser',
      'Polar Circuit',
      'Neon Drift Runner Red',
      'Neon Drift Runner',
    ]);
    expect(body.data.skins.pageInfo).toEqual({
      pageNumber: 0,
      pageSize: 15,
      totalPages: 1,
      totalElements: 4,
      numberOfElements: 4,
    });
    const sunset = body.data.skins.content[0];
    expect(sunset).toMatchObject({
      price: 5,
      type: 'TM2020',
      author: { username: 'bob_builder', country: 'cz' },
      thumbnail: {
        url: '/public/sunset-shot.jpg',
        cardUrl: '/public/sunset-shot-card.webp',
        previewUrl: '/public/sunset-shot-preview.webp',
      },
      rating: { average: 0, totalRatings: 0, usersRating: null },
    });
  });

  it('filters by game, sorts by price or author, and pages', async () => {
    expect(titles((await graphql(app, LIST, { type: 'TMNF' })).body)).toEqual(['Polar Circuit']);
    const byPrice = await graphql(app, LIST, { page: { page: 0, size: 15, sortBy: 'price' } });
    // Equal prices keep the sort's direction: of the two free skins, the older first.
    expect(titles(byPrice.body)).toEqual([
      'Neon Drift Runner',
      'Neon Drift Runner Red',
      'Sunset Cruiser',
      'Polar Circuit',
    ]);
    const byAuthor = await graphql(app, LIST, { page: { page: 0, size: 15, sortBy: 'author' } });
    expect(
      byAuthor.body.data.skins.content.map((s: { author: { username: string } }) => s.author.username),
    ).toEqual(['alice_drifts', 'alice_drifts', 'alice_drifts', 'bob_builder']);
    const second = await graphql(app, LIST, { page: { page: 1, size: 3 } });
    expect(titles(second.body)).toEqual(['Neon Drift Runner']);
    expect(second.body.data.skins.pageInfo).toMatchObject({
      pageNumber: 1,
      totalPages: 2,
      numberOfElements: 1,
    });
  });

  it('searches titles, descriptions and author names, forgiving a typo', async () => {
    expect(titles((await graphql(app, LIST, { search: 'gradient' })).body)).toEqual(['Sunset Cruiser']);
    expect(titles((await graphql(app, LIST, { search: 'Sunset Cruiser', type: 'TM2020' })).body)).toEqual([
      'Sunset Cruiser',
    ]);
    expect(titles((await graphql(app, LIST, { search: 'bob_builder' })).body)).toEqual(['Sunset Cruiser']);
    expect(titles((await graphql(app, LIST, { search: 'Polr Circut' })).body)).toEqual(['Polar Circuit']);
    expect(titles((await graphql(app, LIST, { search: 'nothing like this' })).body)).toEqual([]);
  });

  it('shows hidden skins to admins only', async () => {
    expect(titles((await graphql(app, LIST, {}, bob.token)).body)).not.toContain('Secret Prototype');
    expect(titles((await graphql(app, LIST, {}, admin.token)).body)).toContain('Secret Prototype');
  });
});

const SKIN = `query Skin($url: String!) {
  skin(url: $url) {
    id title description price published resources { type order url } colorVariations { url colors resources { url } }
    rating { average totalRatings usersRating } downloads { total unique } author { username email }
  }
}`;

describe('skin detail', () => {
  it('gives the skin with its images in order and its color variations', async () => {
    const { body } = await graphql(app, SKIN, { url: skins.neon!.url });
    expect(body.data.skin).toMatchObject({ title: 'Neon Drift Runner', price: 0, published: true });
    expect(body.data.skin.resources.map((r: { type: string; order: number }) => [r.type, r.order])).toEqual([
      ['IMAGE', 0],
      ['IMAGE', 1],
      ['SKIN_SOURCE', 0],
    ]);
    expect(body.data.skin.resources[2].url).toBeNull();
    expect(body.data.skin.colorVariations).toEqual([
      {
        url: skins.neonRed!.url,
        colors: ['#ef4444'],
        resources: [{ url: '/public/neonRed-shot.jpg' }, { url: '/public/neonRed-second.jpg' }],
      },
    ]);
    // Contact details of the author stay private.
    expect(body.data.skin.author).toEqual({ username: 'alice_drifts', email: null });
  });

  it('hides a hidden skin from everyone but its author and admins', async () => {
    const url = skins.hidden!.url;
    expect((await graphql(app, SKIN, { url })).body.data.skin).toBeNull();
    expect((await graphql(app, SKIN, { url }, alice.token)).body.data.skin).toBeNull();
    expect((await graphql(app, SKIN, { url }, bob.token)).body.data.skin.title).toBe('Secret Prototype');
    expect((await graphql(app, SKIN, { url }, admin.token)).body.data.skin.title).toBe('Secret Prototype');
    expect((await graphql(app, SKIN, { url: 'no-such-skin' })).body.data.skin).toBeNull();
  });

  it('skinsById keeps the order asked and leaves out what the caller may not see', async () => {
    const ids = [skins.sunset!.id, skins.hidden!.id, skins.neon!.id, 999_999].map(String);
    const { body } = await graphql(app, 'query ($ids: [ID!]!) { skinsById(ids: $ids) { title } }', { ids });
    expect(body.data.skinsById.map((s: { title: string }) => s.title)).toEqual([
      'Sunset Cruiser',
      'Neon Drift Runner',
    ]);
  });
});

const RATE =
  'mutation Rate($rating: Int!, $skinId: Long!) { rateSkin(rating: $rating, skinId: $skinId) { average totalRatings usersRating } }';

describe('rating', () => {
  it('needs a login, refuses your own skin and anything but 1-5 stars', async () => {
    const skinId = skins.polar!.id;
    expect((await graphql(app, RATE, { rating: 5, skinId })).body.errors?.[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await graphql(app, RATE, { rating: 5, skinId }, alice.token)).body.errors?.[0].extensions.code,
    ).toBe('FORBIDDEN');
    expect(
      (await graphql(app, RATE, { rating: 6, skinId }, player.token)).body.errors?.[0].extensions.code,
    ).toBe('BAD_USER_INPUT');
    expect(
      (await graphql(app, RATE, { rating: 5, skinId: skins.hidden!.id }, player.token)).body.errors?.[0]
        .extensions.code,
    ).toBe('NOT_FOUND');
  });

  it('averages votes to two decimals, and a new vote replaces the old one', async () => {
    const skinId = skins.polar!.id;
    expect((await graphql(app, RATE, { rating: 5, skinId }, player.token)).body.data.rateSkin).toEqual({
      average: 5,
      totalRatings: 1,
      usersRating: 5,
    });
    expect((await graphql(app, RATE, { rating: 4, skinId }, bob.token)).body.data.rateSkin).toEqual({
      average: 4.5,
      totalRatings: 2,
      usersRating: 4,
    });
    expect((await graphql(app, RATE, { rating: 5, skinId }, admin.token)).body.data.rateSkin).toEqual({
      average: 4.67,
      totalRatings: 3,
      usersRating: 5,
    });
    // The player changes their mind: still three votes.
    expect((await graphql(app, RATE, { rating: 1, skinId }, player.token)).body.data.rateSkin).toEqual({
      average: 3.33,
      totalRatings: 3,
      usersRating: 1,
    });
    const seen = await graphql(app, SKIN, { url: skins.polar!.url }, player.token);
    expect(seen.body.data.skin.rating).toEqual({ average: 3.33, totalRatings: 3, usersRating: 1 });
    const anonymous = await graphql(app, SKIN, { url: skins.polar!.url });
    expect(anonymous.body.data.skin.rating.usersRating).toBeNull();
  });
});

describe('downloads', () => {
  const download = (url: string, headers: Record<string, string> = {}) =>
    app.server.inject({ method: 'GET', url: `/assets/skin/${url}`, headers });

  it('streams a free skin to anyone as an attachment named after the skin', async () => {
    const response = await download(skins.neon!.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${skins.neon!.url}.zip"`);
    expect(response.body).toBe('PK zip of neon');
    expect(response.headers['set-cookie']).toMatch(/^visitor=[a-f0-9]{32}; Path=\//);
  });

  it('gives paid skins to their author and admins only: 401 without a token, 403 for others', async () => {
    const url = skins.sunset!.url;
    expect((await download(url)).statusCode).toBe(401);
    expect((await download(url, { authorization: `Bearer ${player.token}` })).statusCode).toBe(403);
    expect((await download(url, { authorization: `Bearer ${bob.token}` })).statusCode).toBe(200);
    expect((await download(url, { cookie: `token=${admin.token}` })).statusCode).toBe(200);
  });

  it('answers 404 for unknown and hidden skins', async () => {
    expect((await download('no-such-skin')).statusCode).toBe(404);
    expect((await download(skins.hidden!.url)).statusCode).toBe(404);
    expect((await download(skins.hidden!.url, { authorization: `Bearer ${bob.token}` })).statusCode).toBe(
      200,
    );
  });

  it('counts every download and each downloader once, and the most downloaded come first', async () => {
    const url = skins.neonRed!.url;
    const first = await download(url);
    const visitor = String(first.headers['set-cookie']).split(';')[0]!;
    await download(url, { cookie: visitor });
    await download(url, { authorization: `Bearer ${player.token}` });
    await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 100 },
      skinDownloadsProjection,
    );
    const { body } = await graphql(app, SKIN, { url });
    expect(body.data.skin.downloads).toEqual({ total: 3, unique: 2 });
    const most = await graphql(
      app,
      '{ mostDownloadedSkins(page: { page: 0, size: 2 }) { content { title } } }',
    );
    expect(most.body.data.mostDownloadedSkins.content.map((s: { title: string }) => s.title)).toEqual([
      'Neon Drift Runner Red',
      'Sunset Cruiser',
    ]);
  });
});

describe('Skin of the Month', () => {
  it('is chosen once from the previous month’s votes and answered by skinOfTheMonth', async () => {
    const { chooseSkinOfTheMonth } = await import('../../api/catalogue/choose-skin-of-the-month.handler');
    const { rateSkin } = await import('../../api/catalogue/rate-skin.handler');
    const voters = [player, admin, ...(await Promise.all([1, 2, 3].map(() => createUser(app))))];
    const inOctober = new Date('2026-10-15T12:00:00Z');
    for (const voter of voters) {
      await rateSkin(app.context, {
        skinId: skins.sunset!.id,
        userId: voter.id,
        rating: 5,
        occurredAt: backdated(inOctober),
        metadata: { actor: { userId: voter.id }, correlationId: 'catalogue-test' },
      });
      await rateSkin(app.context, {
        skinId: skins.neon!.id,
        userId: voter.id,
        rating: 3,
        occurredAt: backdated(inOctober),
        metadata: { actor: { userId: voter.id }, correlationId: 'catalogue-test' },
      });
    }
    const QUERY = '{ skinOfTheMonth { title } skinOfTheMonthHistory { month votes average skin { title } } }';
    const decided = await chooseSkinOfTheMonth(app.context, new Date('2026-11-01T00:05:00Z'));
    expect(decided).toMatchObject([
      { type: 'SkinOfTheMonthChosen', data: { month: '2026-10', votes: 5, average: 5 } },
    ]);
    expect(await chooseSkinOfTheMonth(app.context, new Date('2026-11-01T01:05:00Z'))).toEqual([]);
    const { body } = await graphql(app, QUERY);
    expect(body.data).toEqual({
      skinOfTheMonth: { title: 'Sunset Cruiser' },
      skinOfTheMonthHistory: [{ month: '2026-10', votes: 5, average: 5, skin: { title: 'Sunset Cruiser' } }],
    });
  });
});

describe('bundles, authors and comments', () => {
  let bundle: { id: number; url: string };
  let hiddenBundle: { id: number; url: string };

  beforeAll(async () => {
    const { insertBundle, insertComment } = await import('../../api/catalogue/catalogue.writes');
    const db = app.context.pool;
    bundle = await insertBundle(db, {
      authorId: alice.id,
      title: 'Alice Night Pack',
      description: 'Three night liveries',
      game: 'TM2020',
      priceCents: 1000,
      skinIds: [skins.polar!.id, skins.neon!.id, skins.hidden!.id],
    });
    hiddenBundle = await insertBundle(db, {
      authorId: bob.id,
      title: 'Unfinished Pack',
      description: '',
      game: 'TMNF',
      priceCents: 0,
      skinIds: [skins.sunset!.id],
      published: false,
    });
    for (const [n, text] of ['First!', 'Love the glow', 'Works great in the stadium'].entries()) {
      await insertComment(db, { skinId: skins.neon!.id, userId: player.id, text, createdAt: day(10 + n) });
    }
    await insertComment(db, { skinId: skins.hidden!.id, userId: player.id, text: 'Early access?' });
  });

  const BUNDLE = `query ($url: String!) { bundle(url: $url) { title price author { username } thumbnail { url } skins { title } } }`;

  it('gives a bundle with its visible skins in order and the first skin picture as thumbnail', async () => {
    const { body } = await graphql(app, BUNDLE, { url: bundle.url });
    expect(body.data.bundle).toEqual({
      title: 'Alice Night Pack',
      price: 10,
      author: { username: 'alice_drifts' },
      thumbnail: { url: '/public/polar-shot.jpg' },
      skins: [{ title: 'Polar Circuit' }, { title: 'Neon Drift Runner' }],
    });
  });

  it('lists published bundles 10 a page, hiding hidden ones from others', async () => {
    const LIST = '{ bundles { pageInfo { pageSize totalElements } content { title } } }';
    expect((await graphql(app, LIST)).body.data.bundles).toEqual({
      pageInfo: { pageSize: 10, totalElements: 1 },
      content: [{ title: 'Alice Night Pack' }],
    });
    expect((await graphql(app, LIST, {}, admin.token)).body.data.bundles.pageInfo.totalElements).toBe(2);
    expect((await graphql(app, BUNDLE, { url: hiddenBundle.url })).body.data.bundle).toBeNull();
    expect((await graphql(app, BUNDLE, { url: hiddenBundle.url }, bob.token)).body.data.bundle.title).toBe(
      'Unfinished Pack',
    );
    const byId = await graphql(app, 'query ($ids: [ID!]!) { bundlesById(ids: $ids) { title } }', {
      ids: [String(hiddenBundle.id), String(bundle.id)],
    });
    expect(byId.body.data.bundlesById).toEqual([{ title: 'Alice Night Pack' }]);
  });

  it('lists authors with published skins, 16 a page, and shows an author page', async () => {
    const { body } = await graphql(
      app,
      '{ authors { pageInfo { pageSize } content { username skinCount country } } }',
    );
    expect(body.data.authors.pageInfo.pageSize).toBe(16);
    expect(body.data.authors.content).toEqual([
      { username: 'alice_drifts', skinCount: 3, country: 'cz' },
      { username: 'bob_builder', skinCount: 1, country: 'cz' },
    ]);
    const page = await graphql(
      app,
      'query ($url: String!) { author(url: $url) { username skins { title } } }',
      {
        url: 'alice_drifts',
      },
    );
    expect(page.body.data.author).toEqual({
      username: 'alice_drifts',
      skins: [{ title: 'Polar Circuit' }, { title: 'Neon Drift Runner Red' }, { title: 'Neon Drift Runner' }],
    });
    expect((await graphql(app, '{ author(url: "nobody") { username } }')).body.data.author).toBeNull();
    // A player who only comments still has a page (comment names link to it).
    const playerPage = await graphql(
      app,
      'query ($url: String!) { author(url: $url) { username skinCount skins { title } } }',
      {
        url: player.url,
      },
    );
    expect(playerPage.body.data.author).toEqual({ username: player.username, skinCount: 0, skins: [] });
  });

  it('pages the comments of a skin newest first, and none of a hidden skin', async () => {
    const COMMENTS =
      'query ($skin: ID, $page: PageInput) { comments(skin: $skin, page: $page) { pageInfo { totalElements } content { text user { username } } } }';
    const { body } = await graphql(app, COMMENTS, {
      skin: String(skins.neon!.id),
      page: { page: 0, size: 2 },
    });
    expect(body.data.comments.pageInfo.totalElements).toBe(3);
    expect(body.data.comments.content).toEqual([
      { text: 'Works great in the stadium', user: { username: player.username } },
      { text: 'Love the glow', user: { username: player.username } },
    ]);
    const hidden = await graphql(app, COMMENTS, { skin: String(skins.hidden!.id) });
    expect(hidden.body.data.comments.content).toEqual([]);
    expect(
      (await graphql(app, COMMENTS, { skin: String(skins.hidden!.id) }, bob.token)).body.data.comments
        .content,
    ).toHaveLength(1);
    expect(
      (await graphql(app, '{ comments { pageInfo { totalElements } } }')).body.errors?.[0].extensions.code,
    ).toBe('BAD_USER_INPUT');
  });
});

describe('author stats', () => {
  it('count the skins (hidden too) and the paid ones for the author menu', async () => {
    const QUERY = '{ myUser { authorStats { skins paidSkins } } }';
    expect((await graphql(app, QUERY, {}, alice.token)).body.data.myUser.authorStats).toEqual({
      skins: 3,
      paidSkins: 1,
    });
    expect((await graphql(app, QUERY, {}, bob.token)).body.data.myUser.authorStats).toEqual({
      skins: 2,
      paidSkins: 1,
    });
    expect((await graphql(app, QUERY, {}, player.token)).body.data.myUser.authorStats).toEqual({
      skins: 0,
      paidSkins: 0,
    });
  });
});

describe('shared links', () => {
  it('a skin page carries its title, description and picture as Open Graph tags', async () => {
    const response = await app.server.inject({ method: 'GET', url: `/skins/${skins.neon!.url}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Neon Drift Runner by alice_drifts | TrackSkins</title>');
    expect(response.body).toContain(
      '<meta property="og:title" content="Neon Drift Runner by alice_drifts | TrackSkins" />',
    );
    expect(response.body).toContain(
      '<meta property="og:description" content="Glowing stripes for night races" />',
    );
    expect(response.body).toContain(
      `<meta property="og:image" content="${app.context.config.publicUrl}/public/neon-shot.jpg" />`,
    );
    expect(response.body).toContain('<div id="root">');
  });

  it('an author page too, and a hidden skin or another page shows nothing of it', async () => {
    const author = await app.server.inject({ method: 'GET', url: '/authors/alice_drifts' });
    expect(author.body).toContain('<meta property="og:type" content="profile" />');
    const hidden = await app.server.inject({ method: 'GET', url: `/skins/${skins.hidden!.url}` });
    expect(hidden.body).not.toContain('Secret Prototype');
    expect(hidden.body).not.toContain('og:title');
    const success = await app.server.inject({ method: 'GET', url: '/skins/success' });
    expect(success.body).not.toContain('og:title');
  });
});
