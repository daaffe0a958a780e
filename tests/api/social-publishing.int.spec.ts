import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertResource } from '../../api/catalogue/catalogue.writes';
import { addSkin, type ShopItem } from '../support/shop';
import { startXStandIn, type XStandIn } from '../support/social-stand-ins';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Social publishing through the API: X through its API (a local stand-in of it), Instagram
// through the local outbox (no keys set), every publication an event the admin's list reads.

const X_CREDENTIALS = {
  apiKey: 'x-key',
  apiSecret: 'x-secret',
  accessToken: '99-x-token',
  accessTokenSecret: 'x-token-secret',
};

let app: TestApp;
let x: XStandIn;
let admin: Awaited<ReturnType<typeof createUser>>;
let author: Awaited<ReturnType<typeof createUser>>;
let skin: ShopItem;
let imageIds: number[];

const jpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000), Buffer.from([0xff, 0xd9])]);

/** A listed skin with `count` stored JPEG images; returns their resource ids in order. */
async function skinWithImages(authorId: number, count: number, options: { published?: boolean } = {}) {
  const item = await addSkin(app, { authorId, priceCents: 0, ...options });
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const filename = `social-${item.id}-${n}.jpg`;
    await app.context.storage.put('public', filename, jpeg());
    ids.push(
      await insertResource(app.context.pool, { skinId: item.id, type: 'IMAGE', filename, position: n + 1 }),
    );
  }
  return { item, ids };
}

beforeAll(async () => {
  x = await startXStandIn(X_CREDENTIALS);
  app = await createTestApp({
    config: {
      logLevel: 'error',
      social: {
        outboxDir: `${process.env.TMPDIR ?? '/tmp'}/social-outbox-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        twitter: { ...X_CREDENTIALS, baseUrl: x.baseUrl },
        instagram: null,
      },
    },
  });
  [admin, author] = await Promise.all([createUser(app, { roles: ['regular', 'admin'] }), createUser(app)]);
  ({ item: skin, ids: imageIds } = await skinWithImages(author.id, 5));
});
afterAll(async () => {
  await app.close();
  await x.close();
});

const PUBLISH = (network: 'Instagram' | 'Twitter') => `mutation ($dto: SocialPublishInput!) {
  publishSkinOn${network}(dto: $dto) { type message data } }`;
const POSTS = `query ($skinId: ID) { socialPosts(skinId: $skinId, page: { page: 0, size: 20 }) {
  pageInfo { totalElements }
  content { network status delivery message imageIds postId url outboxFile errorKind error actor { username } author { username } skins { id } } } }`;
const OUTBOX = `{ socialOutbox { pageInfo { totalElements } content { network message file images { filename url } } } }`;
const NETWORKS = `{ socialNetworks { network delivery maxImages } }`;
const codeOf = (body: { errors?: { extensions: { code: string } }[] }) => body.errors?.[0]?.extensions.code;
const dto = (ids: number[], message = 'New livery: Polar Circuit by the author #Trackmania') => ({
  message,
  imageIds: ids.map(String),
  authorId: String(author.id),
});

describe('permissions', () => {
  it.each([
    ['publishSkinOnInstagram', PUBLISH('Instagram'), { dto: { message: 'Hi there', imageIds: ['1'] } }],
    ['publishSkinOnTwitter', PUBLISH('Twitter'), { dto: { message: 'Hi there', imageIds: ['1'] } }],
    ['socialPosts', POSTS, {}],
    ['socialOutbox', OUTBOX, {}],
    ['socialNetworks', NETWORKS, {}],
  ])('%s: anonymous, a player and an author are refused', async (_name, query, variables) => {
    const player = await createUser(app);
    expect(codeOf((await graphql(app, query, variables)).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await graphql(app, query, variables, player.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, query, variables, author.token)).body)).toBe('FORBIDDEN');
  });

  it('tells an admin how each network is reached', async () => {
    const { body } = await graphql(app, NETWORKS, {}, admin.token);
    expect(body.data.socialNetworks).toEqual([
      { network: 'TWITTER', delivery: 'API', maxImages: 4 },
      { network: 'INSTAGRAM', delivery: 'OUTBOX', maxImages: 10 },
    ]);
  });
});

describe('publishing', () => {
  it('posts to X through its API with the images in the order chosen', async () => {
    const chosen = [imageIds[2]!, imageIds[0]!];
    const { body } = await graphql(app, PUBLISH('Twitter'), { dto: dto(chosen) }, admin.token);
    expect(body.errors).toBeUndefined();
    const tweet = x.tweets.at(-1)!;
    expect(body.data.publishSkinOnTwitter).toEqual({
      type: 'SUCCESS',
      message: 'Success!',
      data: `https://x.com/i/web/status/${tweet.id}`,
    });
    expect(tweet.text).toBe('New livery: Polar Circuit by the author #Trackmania');
    expect(x.uploads.slice(-2).map((upload) => upload.filename)).toEqual([
      `social-${skin.id}-2.jpg`,
      `social-${skin.id}-0.jpg`,
    ]);
    expect(tweet.mediaIds).toEqual(x.uploads.slice(-2).map((upload) => upload.mediaId));
    expect(x.signatures.every((signature) => signature.valid)).toBe(true);
  });

  it('writes to the local outbox for Instagram (no keys), listed with its images', async () => {
    const { body } = await graphql(
      app,
      PUBLISH('Instagram'),
      { dto: dto(imageIds.slice(0, 3)) },
      admin.token,
    );
    expect(body.data.publishSkinOnInstagram).toMatchObject({ type: 'SUCCESS', message: 'Success!' });
    const outbox = (await graphql(app, OUTBOX, {}, admin.token)).body.data.socialOutbox;
    expect(outbox.content[0]).toMatchObject({
      network: 'INSTAGRAM',
      message: 'New livery: Polar Circuit by the author #Trackmania',
      images: [0, 1, 2].map((n) => ({
        filename: `social-${skin.id}-${n}.jpg`,
        url: `/public/social-${skin.id}-${n}.jpg`,
      })),
    });
    expect(body.data.publishSkinOnInstagram.data).toBe(outbox.content[0].file);
  });

  it('answers a refusal with the page’s error text and records it, and lists every publication', async () => {
    x.script.tweet.push({
      status: 429,
      headers: { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', status: 429 },
    });
    const { body } = await graphql(app, PUBLISH('Twitter'), { dto: dto([imageIds[1]!]) }, admin.token);
    expect(body.data.publishSkinOnTwitter.type).toBe('ERROR');
    expect(body.data.publishSkinOnTwitter.message).toMatch(
      /^There was an error uploading skin to Twitter\. X is limiting posts: try again in 1[45] minutes\.$/,
    );

    const posts = (await graphql(app, POSTS, { skinId: String(skin.id) }, admin.token)).body.data.socialPosts;
    expect(posts.pageInfo.totalElements).toBe(3);
    expect(
      posts.content.map((post: { network: string; status: string; delivery: string | null }) => [
        post.network,
        post.status,
        post.delivery,
      ]),
    ).toEqual([
      ['TWITTER', 'FAILED', null],
      ['INSTAGRAM', 'PUBLISHED', 'OUTBOX'],
      ['TWITTER', 'PUBLISHED', 'API'],
    ]);
    expect(posts.content[0]).toMatchObject({
      errorKind: 'RATE_LIMITED',
      actor: { username: admin.username },
      author: { username: author.username },
      skins: [{ id: String(skin.id) }],
      imageIds: [String(imageIds[1])],
    });
    const events = await app.context.pool.anyFirst(sql.type(z.object({ event_type: z.string() }))`
      select event_type from events where stream_id like 'social-post-%' order by global_position`);
    expect(events).toEqual(['SocialPostPublished', 'SocialPostPublished', 'SocialPostFailed']);
  });

  it('refuses a post a network cannot take, before calling it', async () => {
    const calls = x.requests.length;
    const refusal = async (network: 'Instagram' | 'Twitter', body: Record<string, unknown>) => {
      const answer = (await graphql(app, PUBLISH(network), { dto: body }, admin.token)).body;
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      return answer.errors![0]!.message as string;
    };
    expect(await refusal('Twitter', dto(imageIds))).toMatch(/at most 4 images/);
    expect(await refusal('Twitter', dto([imageIds[0]!], 'x'.repeat(261)))).toMatch(/260/);
    const other = await createUser(app);
    const { ids: othersImages } = await skinWithImages(other.id, 1);
    expect(await refusal('Instagram', dto([imageIds[0]!, othersImages[0]!]))).toMatch(/one author/);
    const { ids: hiddenImages } = await skinWithImages(author.id, 1, { published: false });
    expect(await refusal('Instagram', dto(hiddenImages))).toMatch(/everyone can see/);
    expect(await refusal('Instagram', dto([999_999_999]))).toMatch(/not skin images/);
    expect(x.requests.length).toBe(calls);
  });
});
