import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBundle, insertSkin } from '../../api/catalogue/catalogue.writes';
import { listenToCatalogueChanges } from '../../app/app';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

// Follows and wishlists through the public API: permissions per role, what each viewer sees, and
// the response cache's freshness after a follow.
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

const FOLLOW = `mutation ($id: Long!) { followAuthor(authorId: $id) { authorId following followerCount } }`;
const UNFOLLOW = `mutation ($id: Long!) { unfollowAuthor(authorId: $id) { authorId following followerCount } }`;
const WISH = `mutation ($t: WishItemType!, $id: Long!) { wishItem(itemType: $t, itemId: $id) { itemType itemId wished } }`;
const UNWISH = `mutation ($t: WishItemType!, $id: Long!) { unwishItem(itemType: $t, itemId: $id) { itemType itemId wished } }`;
const AUTHOR = `query ($id: ID!) { author(id: $id) { username followerCount } }`;
const AUTHOR_STATES = `query ($ids: [ID!]!) { viewerAuthorStates(ids: $ids) { id following } }`;
const SKIN_STATES = `query ($ids: [ID!]!) { viewerSkinStates(ids: $ids) { id wished } }`;
const BUNDLE_STATES = `query ($ids: [ID!]!) { viewerBundleStates(ids: $ids) { id wished } }`;
const MY_FOLLOWING = `{ myFollowing(page: { page: 0, size: 10 }) { pageInfo { totalElements } content { followedAt author { id username followerCount skinCount } } } }`;
const MY_WISHLIST = `{ myWishlist(page: { page: 0, size: 10 }) { pageInfo { totalElements } content { itemType wishedAt skin { id title price } bundle { id title price } } } }`;
const VIEWER_WISHES = `{ viewerWishes { skinIds bundleIds } }`;
const FROM_FOLLOWED = `{ fromFollowedAuthors(length: 5) { id title author { username } } }`;

async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}
async function refusal(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, 'expected a refusal').toBeDefined();
  return { code: body.errors![0].extensions.code as string, message: body.errors![0].message as string };
}
const skinOf = (authorId: number, title: string, priceCents = 0) =>
  insertSkin(app.context.pool, { authorId, title, description: '', game: 'TM2020', priceCents });
const eventsOf = async (streamId: string) =>
  app.context.pool.anyFirst(
    sql.unsafe`select event_type from events where stream_id = ${streamId} order by stream_version`,
  );

describe('following authors', () => {
  it('refuses anonymous visitors on every mutation and my* query', async () => {
    for (const [query, variables] of [
      [FOLLOW, { id: 1 }],
      [UNFOLLOW, { id: 1 }],
      [AUTHOR_STATES, { ids: ['1'] }],
      [MY_FOLLOWING, {}],
    ] as const) {
      expect((await refusal(query, variables)).code).toBe('UNAUTHENTICATED');
    }
  });

  it('follows once, counts the follower, and unfollows; repeats write nothing', async () => {
    const { owner: author, other: fan, admin } = await createViewers(app);
    await skinOf(author.id, 'Followed Flame');
    const first = await ok(FOLLOW, { id: author.id }, fan.token);
    expect(first.followAuthor).toEqual({ authorId: String(author.id), following: true, followerCount: 1 });
    await ok(FOLLOW, { id: author.id }, fan.token);
    await ok(FOLLOW, { id: author.id }, admin.token);
    expect((await ok(AUTHOR, { id: String(author.id) })).author.followerCount).toBe(2);
    expect(await eventsOf(`author-follow-${author.id}-${fan.id}`)).toEqual(['AuthorFollowed']);

    // Each viewer sees their own follow only.
    const statesOf = async (token: string) =>
      (await ok(AUTHOR_STATES, { ids: [String(author.id)] }, token)).viewerAuthorStates;
    expect(await statesOf(fan.token)).toEqual([{ id: String(author.id), following: true }]);
    expect(await statesOf(author.token)).toEqual([{ id: String(author.id), following: false }]);

    const following = (await ok(MY_FOLLOWING, {}, fan.token)).myFollowing;
    expect(following.pageInfo.totalElements).toBe(1);
    expect(following.content[0].author).toMatchObject({
      id: String(author.id),
      followerCount: 2,
      skinCount: 1,
    });
    expect((await ok(MY_FOLLOWING, {}, author.token)).myFollowing.pageInfo.totalElements).toBe(0);

    const after = await ok(UNFOLLOW, { id: author.id }, fan.token);
    expect(after.unfollowAuthor).toEqual({ authorId: String(author.id), following: false, followerCount: 1 });
    await ok(UNFOLLOW, { id: author.id }, fan.token);
    expect(await eventsOf(`author-follow-${author.id}-${fan.id}`)).toEqual([
      'AuthorFollowed',
      'AuthorUnfollowed',
    ]);
    expect((await ok(MY_FOLLOWING, {}, fan.token)).myFollowing.pageInfo.totalElements).toBe(0);
  });

  it('refuses following oneself, an unknown account and a blocked one; the user comes from the session', async () => {
    const { owner: author, other: fan, admin } = await createViewers(app);
    expect(await refusal(FOLLOW, { id: fan.id }, fan.token)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'You cannot follow yourself.',
    });
    expect((await refusal(FOLLOW, { id: 99_999_999 }, fan.token)).code).toBe('NOT_FOUND');
    await ok(
      `mutation ($id: ID!) { blockUser(id: $id, ground: HARASSMENT_OR_SPAM, reason: "Spam") { success } }`,
      { id: String(author.id) },
      admin.token,
    );
    expect((await refusal(FOLLOW, { id: author.id }, fan.token)).code).toBe('NOT_FOUND');
    // No argument names the follower: an extra userId is refused by the schema.
    const { body } = await graphql(
      app,
      `
        mutation {
          followAuthor(authorId: 1, userId: 2) {
            following
          }
        }
      `,
      {},
      fan.token,
    );
    expect(body.errors?.[0]?.message).toMatch(/userId/);
  });

  it("a follow shows at once in the author page's cached follower count", async () => {
    const author = await createUser(app);
    const fan = await createUser(app);
    await skinOf(author.id, 'Cached Comet');
    const read = async () =>
      app.server.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: AUTHOR, variables: { id: String(author.id) } }),
      });
    // Warm the cache until the answer is served from memory.
    for (let i = 0; i < 50 && (await read()).headers['x-cache'] !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await read()).headers['x-cache']).toBe('hit');
    await ok(FOLLOW, { id: author.id }, fan.token);
    const fresh = await read();
    expect(fresh.json().data.author.followerCount).toBe(1);
    await ok(UNFOLLOW, { id: author.id }, fan.token);
    expect((await read()).json().data.author.followerCount).toBe(0);
  });

  it('lists the newest listed skins of followed authors for the viewer, nothing for anonymous visitors', async () => {
    const [a, b, c, fan] = await Promise.all([
      createUser(app),
      createUser(app),
      createUser(app),
      createUser(app),
    ]);
    await skinOf(a.id, 'Alpha One');
    await skinOf(b.id, 'Bravo One');
    await skinOf(c.id, 'Charlie Unfollowed');
    await skinOf(a.id, 'Alpha Two');
    expect((await ok(FROM_FOLLOWED, {}, fan.token)).fromFollowedAuthors).toEqual([]);
    await ok(FOLLOW, { id: a.id }, fan.token);
    await ok(FOLLOW, { id: b.id }, fan.token);
    const titles = (await ok(FROM_FOLLOWED, {}, fan.token)).fromFollowedAuthors.map(
      (s: { title: string }) => s.title,
    );
    expect(titles).toEqual(['Alpha Two', 'Bravo One', 'Alpha One']);
    expect((await ok(FROM_FOLLOWED, {})).fromFollowedAuthors).toEqual([]);
  });

  it('limits how fast one user follows and unfollows', async () => {
    const [author, fan] = await Promise.all([createUser(app), createUser(app)]);
    const codes: string[] = [];
    for (let i = 0; i < 32; i++) {
      const { body } = await graphql(app, i % 2 === 0 ? FOLLOW : UNFOLLOW, { id: author.id }, fan.token);
      codes.push(body.errors?.[0]?.extensions.code ?? 'OK');
    }
    expect(codes.slice(0, 30).every((code) => code === 'OK')).toBe(true);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
  });
});

describe('wishlists', () => {
  it('refuses anonymous visitors on every mutation and my* query', async () => {
    for (const [query, variables] of [
      [WISH, { t: 'SKIN', id: 1 }],
      [UNWISH, { t: 'SKIN', id: 1 }],
      [SKIN_STATES, { ids: ['1'] }],
      [BUNDLE_STATES, { ids: ['1'] }],
      [MY_WISHLIST, {}],
      [VIEWER_WISHES, {}],
    ] as const) {
      expect((await refusal(query, variables)).code).toBe('UNAUTHENTICATED');
    }
  });

  it('wishes a skin and a bundle once each; each viewer sees only their own; the wishlist has prices, newest first', async () => {
    const { owner: author, other: player, admin } = await createViewers(app);
    const skin = await skinOf(author.id, 'Wished Wave', 450);
    const bundle = await insertBundle(app.context.pool, {
      authorId: author.id,
      title: 'Wished Pack',
      description: '',
      game: 'TM2020',
      priceCents: 900,
      skinIds: [skin.id],
    });
    expect((await ok(WISH, { t: 'SKIN', id: skin.id }, player.token)).wishItem).toEqual({
      itemType: 'SKIN',
      itemId: String(skin.id),
      wished: true,
    });
    await ok(WISH, { t: 'SKIN', id: skin.id }, player.token);
    expect(await eventsOf(`wish-${player.id}-skin-${skin.id}`)).toEqual(['ItemWished']);
    await ok(WISH, { t: 'BUNDLE', id: bundle.id }, player.token);

    expect((await ok(SKIN_STATES, { ids: [String(skin.id)] }, player.token)).viewerSkinStates).toEqual([
      { id: String(skin.id), wished: true },
    ]);
    expect((await ok(BUNDLE_STATES, { ids: [String(bundle.id)] }, player.token)).viewerBundleStates).toEqual([
      { id: String(bundle.id), wished: true },
    ]);
    expect((await ok(SKIN_STATES, { ids: [String(skin.id)] }, admin.token)).viewerSkinStates).toEqual([
      { id: String(skin.id), wished: false },
    ]);
    expect((await ok(VIEWER_WISHES, {}, player.token)).viewerWishes).toEqual({
      skinIds: [String(skin.id)],
      bundleIds: [String(bundle.id)],
    });
    expect((await ok(VIEWER_WISHES, {}, admin.token)).viewerWishes).toEqual({ skinIds: [], bundleIds: [] });

    const list = (await ok(MY_WISHLIST, {}, player.token)).myWishlist;
    expect(list.pageInfo.totalElements).toBe(2);
    expect(list.content.map((e: { itemType: string }) => e.itemType)).toEqual(['BUNDLE', 'SKIN']);
    expect(list.content[0].bundle).toMatchObject({ id: String(bundle.id), price: 9 });
    expect(list.content[1].skin).toMatchObject({ id: String(skin.id), title: 'Wished Wave', price: 4.5 });
    expect((await ok(MY_WISHLIST, {}, admin.token)).myWishlist.pageInfo.totalElements).toBe(0);

    await ok(UNWISH, { t: 'SKIN', id: skin.id }, player.token);
    await ok(UNWISH, { t: 'SKIN', id: skin.id }, player.token);
    expect(await eventsOf(`wish-${player.id}-skin-${skin.id}`)).toEqual(['ItemWished', 'ItemUnwished']);
    expect((await ok(MY_WISHLIST, {}, player.token)).myWishlist.pageInfo.totalElements).toBe(1);
  });

  it('refuses unlisted items, your own and what you already own; leaves out items that stop being listed', async () => {
    const { owner: author, other: player } = await createViewers(app);
    const skin = await skinOf(author.id, 'Owned Oval', 300);
    const hidden = await skinOf(author.id, 'Hidden Hairpin', 300);
    await app.context.pool.query(sql.unsafe`update skins set published = false where id = ${hidden.id}`);
    expect((await refusal(WISH, { t: 'SKIN', id: hidden.id }, player.token)).code).toBe('NOT_FOUND');
    expect((await refusal(WISH, { t: 'BUNDLE', id: 99_999_999 }, player.token)).code).toBe('NOT_FOUND');
    expect(await refusal(WISH, { t: 'SKIN', id: skin.id }, author.token)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This is your own skin.',
    });

    const later = await skinOf(author.id, 'Later Loop', 300);
    await ok(WISH, { t: 'SKIN', id: later.id }, player.token);
    await app.context.pool.query(sql.unsafe`
      insert into owned_skins (order_id, skin_id, bundle_id, user_id, acquired_at)
      values (987654, ${skin.id}, 0, ${player.id}, now())`);
    expect(await refusal(WISH, { t: 'SKIN', id: skin.id }, player.token)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'You already own this skin.',
    });

    // Unpublished later: left out of the list (and back when listed again); unwishing still works.
    await app.context.pool.query(sql.unsafe`update skins set published = false where id = ${later.id}`);
    expect((await ok(MY_WISHLIST, {}, player.token)).myWishlist.pageInfo.totalElements).toBe(0);
    await app.context.pool.query(sql.unsafe`update skins set published = true where id = ${later.id}`);
    expect((await ok(MY_WISHLIST, {}, player.token)).myWishlist.pageInfo.totalElements).toBe(1);
    expect((await ok(UNWISH, { t: 'SKIN', id: later.id }, player.token)).unwishItem.wished).toBe(false);
  });

  it('refuses bad input', async () => {
    const player = await createUser(app);
    expect((await refusal(WISH, { t: 'SKIN', id: -1 }, player.token)).code).toBe('BAD_USER_INPUT');
    const { body } = await graphql(app, WISH, { t: 'POST', id: 1 }, player.token);
    expect(body.errors).toBeDefined();
  });
});
