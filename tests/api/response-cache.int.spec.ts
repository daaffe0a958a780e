import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertResource, insertSkin } from '../../api/catalogue/catalogue.writes';
import { rateSkin } from '../../api/catalogue/rate-skin.handler';
import { listenToCatalogueChanges } from '../../infra/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

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
  it('answers a repeated query from memory, and never a signed-in one', async () => {
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
    const signedIn = await ask({ authorization: `Bearer ${author.token}` });
    expect(signedIn.headers['x-cache']).toBeUndefined();
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
