import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment, insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { rateSkin } from '../../api/catalogue/rate-skin.handler';
import { listenToCatalogueChanges } from '../../app/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

let app: TestApp;
let listener: ReturnType<typeof listenToCatalogueChanges>;
beforeAll(async () => {
  app = await createTestApp();
  listener = listenToCatalogueChanges(app.context, app.db.url);
  await listener.start();
});
afterAll(async () => {
  await listener.stop();
  await app.close();
});

const LIST = JSON.stringify({
  query:
    '{ skins(page: { page: 0, size: 15 }) { pageInfo { totalElements } content { title rating { average } } } }',
});
const ask = (headers: Record<string, string> = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: LIST,
  });

async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('the response cache of anonymous catalogue queries', () => {
  it('answers a repeated query from memory, and never a mutation', async () => {
    const author = await createUser(app);
    await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Cached Cruiser',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    // Once the insert's change notice has arrived, a computed answer is kept and served again.
    await eventually(async () => {
      const first = await ask();
      expect(first.headers['x-cache']).toMatch(/^(miss|hit)$/);
      expect((await ask()).headers['x-cache']).toBe('hit');
    });
    expect(app.context.responseCache.hits).toBeGreaterThan(0);
    const mutation = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'mutation { rateSkin(rating: 5, skinId: 1) { average } }' }),
    });
    expect(mutation.headers['x-cache']).toBeUndefined();
  });

  it('stays exact: a committed change (a new skin, a vote) is in the next answers', async () => {
    const author = await createUser(app);
    const voter = await createUser(app);
    const before = (await ask()).json().data.skins.pageInfo.totalElements as number;
    const skin = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Fresh Paint',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    await eventually(async () =>
      expect((await ask()).json().data.skins.pageInfo.totalElements).toBe(before + 1),
    );
    await rateSkin(app.context, {
      skinId: skin.id,
      userId: voter.id,
      rating: 4,
      metadata: { actor: { userId: voter.id }, correlationId: 'response-cache-test' },
    });
    await eventually(async () => {
      const fresh = (await ask())
        .json()
        .data.skins.content.find((s: { title: string }) => s.title === 'Fresh Paint');
      expect(fresh.rating.average).toBe(4);
    });
  });

  it('keeps answers without downloads while downloads are counted, and refreshes those with them', async () => {
    const author = await createUser(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Downloaded Daily',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    const WITH_DOWNLOADS = JSON.stringify({
      query: `{ skin(url: "${skin.url}") { title downloads { total unique } } }`,
    });
    const askDownloads = () =>
      app.server.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: WITH_DOWNLOADS,
      });
    await eventually(async () => {
      await ask();
      await askDownloads();
      expect((await ask()).headers['x-cache']).toBe('hit');
      expect((await askDownloads()).headers['x-cache']).toBe('hit');
    });
    // What the download projection does with a batch: only the counters move.
    await app.context.pool.query(sql.unsafe`
      insert into skin_stats (skin_id, downloads_total, downloads_unique) values (${skin.id}, 3, 2)
      on conflict (skin_id) do update set downloads_total = skin_stats.downloads_total + 3,
        downloads_unique = skin_stats.downloads_unique + 2`);
    await eventually(async () =>
      expect((await askDownloads()).json().data.skin.downloads).toEqual({ total: 3, unique: 2 }),
    );
    expect((await ask()).headers['x-cache']).toBe('hit');
  });

  it('serves nothing from memory while change notices cannot be heard', async () => {
    await listener.stop();
    try {
      await ask();
      expect((await ask()).headers['x-cache']).toBeUndefined();
    } finally {
      await listener.start();
    }
  });
});

describe('signed-in viewers', () => {
  const post = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ query, variables }),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const SKIN = 'query ($url: String!) { skin(url: $url) { title rating { average } } }';
  const SEARCH =
    'query ($search: String) { skins(search: $search, page: { page: 0, size: 15 }) { content { title } } }';
  const titlesOf = (response: Awaited<ReturnType<typeof post>>) =>
    response.json().data.skins.content.map((skin: { title: string }) => skin.title);

  it('share the anonymous answer of a shared query: served from the same entry, session unread', async () => {
    const { owner, other } = await createViewers(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: 'Shared Sprinter',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    let anonymous!: Awaited<ReturnType<typeof post>>;
    await eventually(async () => {
      anonymous = await post(SKIN, { url: skin.url });
      expect((await post(SKIN, { url: skin.url })).headers['x-cache']).toBe('hit');
    });
    const hits = app.context.responseCache.hits;
    // The bearer header and the web app's session cookie alike.
    const byHeader = await post(SKIN, { url: skin.url }, bearer(other.token));
    const byCookie = await post(SKIN, { url: skin.url }, { cookie: `token=${owner.token}` });
    for (const response of [byHeader, byCookie]) {
      expect(response.headers['x-cache']).toBe('hit');
      expect(response.body).toBe(anonymous.body);
    }
    expect(app.context.responseCache.hits).toBe(hits + 2);
    // A signed-in miss is computed as an anonymous answer and kept for anonymous visitors.
    const fresh = { url: skin.url, unused: 'signed-in-first' };
    expect((await post(SKIN, fresh, bearer(other.token))).headers['x-cache']).toBe('miss');
    expect((await post(SKIN, fresh)).headers['x-cache']).toBe('hit');
  });

  it("run uncached with a per-viewer field, and never get another viewer's vote", async () => {
    const { owner, other } = await createViewers(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: 'Own Vote Viper',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    await rateSkin(app.context, {
      skinId: skin.id,
      userId: other.id,
      rating: 5,
      metadata: { actor: { userId: other.id }, correlationId: 'response-cache-test' },
    });
    const OWN = 'query ($url: String!) { skin(url: $url) { rating { average usersRating } } }';
    await eventually(async () => {
      await post(OWN, { url: skin.url });
      expect((await post(OWN, { url: skin.url })).headers['x-cache']).toBe('hit');
    });
    const voter = await post(OWN, { url: skin.url }, bearer(other.token));
    expect(voter.headers['x-cache']).toBeUndefined();
    expect(voter.json().data.skin.rating.usersRating).toBe(5);
    const author = await post(OWN, { url: skin.url }, bearer(owner.token));
    expect(author.json().data.skin.rating.usersRating).toBeNull();
    expect((await post(OWN, { url: skin.url })).json().data.skin.rating.usersRating).toBeNull();
  });

  it('see their own unlisted skins, and admins every hidden one, while the others share the public answer', async () => {
    const { owner, other, admin } = await createViewers(app);
    const tag = `Hidden${Date.now() % 100_000}`;
    const listed = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: `${tag} Listed`,
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    const draft = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: `${tag} Draft`,
      description: '',
      game: 'TM2020',
      priceCents: 0,
      published: false,
    });
    await eventually(async () => {
      await post(SKIN, { url: draft.url });
      expect((await post(SKIN, { url: draft.url })).headers['x-cache']).toBe('hit');
      await post(SEARCH, { search: tag });
      expect((await post(SEARCH, { search: tag })).headers['x-cache']).toBe('hit');
    });
    // Another user shares the anonymous answers: the draft is nowhere.
    const otherDraft = await post(SKIN, { url: draft.url }, bearer(other.token));
    expect(otherDraft.headers['x-cache']).toBe('hit');
    expect(otherDraft.json().data.skin).toBeNull();
    expect(titlesOf(await post(SEARCH, { search: tag }, bearer(other.token)))).toEqual([`${tag} Listed`]);
    // The author opens their draft, and an admin too; neither answer comes from nor goes to the cache.
    for (const token of [owner.token, admin.token]) {
      const page = await post(SKIN, { url: draft.url }, bearer(token));
      expect(page.headers['x-cache']).toBeUndefined();
      expect(page.json().data.skin.title).toBe(`${tag} Draft`);
    }
    // Lists: the author's as everyone's, the admin's with the hidden skin.
    expect(titlesOf(await post(SEARCH, { search: tag }, bearer(owner.token)))).toEqual([`${tag} Listed`]);
    expect(titlesOf(await post(SEARCH, { search: tag }, bearer(admin.token))).sort()).toEqual([
      `${tag} Draft`,
      `${tag} Listed`,
    ]);
    expect((await post(SKIN, { url: draft.url })).json().data.skin).toBeNull();

    // Once the draft is published, its author shares the cache again; hiding a skin ends that at once.
    await app.context.pool.query(sql.unsafe`update skins set published = true where id = ${draft.id}`);
    await eventually(async () => {
      await post(SKIN, { url: listed.url });
      expect((await post(SKIN, { url: listed.url }, bearer(owner.token))).headers['x-cache']).toBe('hit');
    });
    await app.context.pool.query(sql.unsafe`update skins set published = false where id = ${listed.id}`);
    await eventually(async () => {
      const page = await post(SKIN, { url: listed.url }, bearer(owner.token));
      expect(page.headers['x-cache']).toBeUndefined();
      expect(page.json().data.skin.title).toBe(`${tag} Listed`);
    });
    expect((await post(SKIN, { url: listed.url }, bearer(other.token))).json().data.skin).toBeNull();
  });

  it('share the comments visitors get, leaving out what only admins get back; admins still get it', async () => {
    const { owner, other, admin } = await createViewers(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: 'Talked About',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    await insertComment(app.context.pool, { skinId: skin.id, userId: other.id, text: 'Kept comment' });
    const removed = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: other.id,
      text: 'Removed comment',
    });
    const takeDown = await post(
      'mutation ($id: ID!) { takeDownItem(itemType: COMMENT, itemId: $id, ground: HARASSMENT_OR_SPAM, reason: "Spam") { success } }',
      { id: String(removed) },
      bearer(admin.token),
    );
    expect(takeDown.json().errors).toBeUndefined();
    const COMMENTS = `query C($skin: ID, $moderation: Boolean!) { comments(skin: $skin) { content {
      text user { username blocked @include(if: $moderation) } removal @include(if: $moderation) { reason } } } }`;
    const shared = { skin: String(skin.id), moderation: false };
    let anonymous!: Awaited<ReturnType<typeof post>>;
    await eventually(async () => {
      anonymous = await post(COMMENTS, shared);
      expect((await post(COMMENTS, shared)).headers['x-cache']).toBe('hit');
    });
    expect(anonymous.json().data.comments.content).toEqual([
      { text: 'Kept comment', user: { username: other.username } },
    ]);
    const player = await post(COMMENTS, shared, bearer(other.token));
    expect(player.headers['x-cache']).toBe('hit');
    expect(player.body).toBe(anonymous.body);
    // Asking the admins' fields runs uncached: the writer sees their own 'blocked', an admin the removal.
    const asWriter = await post(COMMENTS, { ...shared, moderation: true }, bearer(other.token));
    expect(asWriter.headers['x-cache']).toBeUndefined();
    expect(asWriter.json().data.comments.content).toEqual([
      { text: 'Kept comment', user: { username: other.username, blocked: false }, removal: null },
    ]);
    const asAdmin = await post(COMMENTS, { ...shared, moderation: true }, bearer(admin.token));
    expect(asAdmin.headers['x-cache']).toBeUndefined();
    expect(
      asAdmin
        .json()
        .data.comments.content.map((c: { text: string; removal: unknown }) => [c.text, c.removal]),
    ).toEqual([
      ['Removed comment', { reason: 'Spam' }],
      ['Kept comment', null],
    ]);
  });

  it('never get more than anonymous visitors with a forged token, whatever it claims', async () => {
    const { owner, admin } = await createViewers(app);
    const draft = await insertSkin(app.context.pool, {
      authorId: owner.id,
      title: 'Forged Draft',
      description: '',
      game: 'TM2020',
      priceCents: 0,
      published: false,
    });
    // The claims as they are, under a signature made without the secret.
    const forge = (token: string) => `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const token of [forge(owner.token), forge(admin.token)]) {
      const page = await post(SKIN, { url: draft.url }, bearer(token));
      expect(page.json().data.skin).toBeNull();
    }
  });
});

describe('the skins anonymous visitors download', () => {
  it('are looked up once, and a change to the skin (hidden, priced) applies to the next download', async () => {
    const author = await createUser(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Burst Favourite',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    await app.context.storage.put('private', 'burst-favourite.zip', Buffer.from('PK burst'));
    await insertResource(app.context.pool, {
      skinId: skin.id,
      type: 'SKIN_SOURCE',
      filename: 'burst-favourite.zip',
      position: 0,
    });
    const download = () => app.server.inject({ method: 'GET', url: `/assets/skin/${skin.url}` });
    const hits = app.context.downloadableSkins.hits;
    await eventually(async () => {
      expect((await download()).statusCode).toBe(200);
      expect((await download()).statusCode).toBe(200);
      expect(app.context.downloadableSkins.hits).toBeGreaterThan(hits);
    });

    await app.context.pool.query(sql.unsafe`update skins set price_cents = 500 where id = ${skin.id}`);
    await eventually(async () => expect((await download()).statusCode).toBe(401));
    await app.context.pool.query(
      sql.unsafe`update skins set price_cents = 0, published = false where id = ${skin.id}`,
    );
    await eventually(async () => expect((await download()).statusCode).toBe(404));
  });
});
