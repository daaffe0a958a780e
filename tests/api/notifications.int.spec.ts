import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorFollowStreamId,
  catalogueItemStreamId,
  skinVersionsStreamId,
  wishStreamId,
  type AuthorFollowed,
  type ItemType,
  type ItemWished,
  type SkinVersionPublished,
} from '../../domain/community/community.events';
import { addSkin, cardCheckout, checkoutForm, payLocally } from '../support/shop';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { projections } from '../../projections';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';
import { uploadSkinFiles } from '../support/upload-files';
import { zipEntries } from '../support/zip-entries';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const CREATE_SKIN = `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id url success } }`;
const UPDATE_SKIN = `mutation ($dto: SkinInput!) { updateSkin(dto: $dto) { id url success } }`;
const HIDE_SKIN = `mutation ($id: ID!, $hide: Boolean!) { hideSkin(hide: $hide, id: $id) { id success } }`;
const CREATE_BUNDLE = `mutation ($dto: BundleInput!) { createBundle(dto: $dto) { id url success } }`;
const UPDATE_BUNDLE = `mutation ($dto: BundleInput!) { updateBundle(dto: $dto) { id url success } }`;
const HIDE_BUNDLE = `mutation ($id: ID!, $hide: Boolean!) { hideBundle(id: $id, hide: $hide) { id success } }`;
const MY_NOTIFICATIONS = `query ($page: PageInput) {
  myNotifications(page: $page) {
    pageInfo { totalElements }
    content { id position kind message link createdAt read }
  }
}`;
const UNREAD = `{ unreadNotificationCount }`;
const MARK_READ = `mutation ($p: Long!) { markNotificationsRead(upToPosition: $p) { readUpToPosition unreadCount } }`;

const plain = (text: string) => text.replaceAll(/\s/g, ' ');
const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The skin editor's input for a new skin, its files uploaded by `user`. */
async function newSkinDto(user: User, title: string, price = 5) {
  const files = await uploadSkinFiles(app, user.token, 1);
  return {
    title,
    description: 'For notification tests',
    type: 'TM2020',
    price,
    images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
    skinSource: { id: files.zipId, temporary: true, type: 'SKIN_SOURCE', order: 0 },
  };
}

/** Publishes a skin through the API; returns the dto to update it with (its pictures kept). */
async function publishSkin(user: User, title: string, price = 5) {
  const dto = await newSkinDto(user, title, price);
  const { createSkin } = await ok(CREATE_SKIN, { dto }, user.token);
  const resources = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from resources where skin_id = ${Number(createSkin.id)} and type = 'IMAGE' order by position`);
  return {
    id: Number(createSkin.id) as number,
    url: createSkin.url as string,
    dto: (changes: Record<string, unknown>) => ({
      ...dto,
      id: createSkin.id,
      images: resources.map((id, order) => ({ id: String(id), temporary: false, type: 'IMAGE', order })),
      skinSource: null,
      ...changes,
    }),
  };
}

async function bundleDto(user: User, title: string, skinIds: number[], price = 8) {
  const files = await uploadSkinFiles(app, user.token, 1);
  return {
    title,
    description: 'A pack',
    type: 'TM2020',
    price,
    skins: skinIds.map((id) => ({ id: String(id) })),
    images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
  };
}

/** The item's events as the store reads them (personal fields opened: docs/personal-data.md). */
async function factsOf(itemType: ItemType, itemId: number) {
  const { events } = await app.context.store.readStream(
    app.context.pool,
    catalogueItemStreamId(itemType, itemId),
  );
  return events.map((event) => ({ event_type: event.type, data: event.data as Record<string, unknown> }));
}

const actor = (userId: number) => ({ actor: { userId }, correlationId: 'notifications-test' });

async function follow(userId: number, authorId: number) {
  const event: AuthorFollowed = {
    type: 'AuthorFollowed',
    data: { authorId, userId, followedAt: new Date().toISOString() },
  };
  await app.context.store.appendAlone(app.context.pool, {
    streamId: authorFollowStreamId(authorId, userId),
    streamType: 'author-follow',
    expectedVersion: 'any',
    events: [{ ...event, metadata: actor(userId) }],
  });
}

async function wish(userId: number, itemType: ItemType, itemId: number) {
  const event: ItemWished = {
    type: 'ItemWished',
    data: { userId, itemType, itemId, wishedAt: new Date().toISOString() },
  };
  await app.context.store.appendAlone(app.context.pool, {
    streamId: wishStreamId(userId, itemType, itemId),
    streamType: 'wish',
    expectedVersion: 'any',
    events: [{ ...event, metadata: actor(userId) }],
  });
}

type Notification = { position: number; kind: string; message: string; link: string; read: boolean };
async function notificationsOf(user: User): Promise<Notification[]> {
  await app.context.runner.catchUp();
  return (await ok(MY_NOTIFICATIONS, { page: { page: 0, size: 100 } }, user.token)).myNotifications.content;
}

describe('catalogue facts', () => {
  it('records a skin published once, and a price change only when the price changes', async () => {
    const { owner } = await createViewers(app);
    const skin = await publishSkin(owner, 'Facts Livery');
    expect(await factsOf('SKIN', skin.id)).toEqual([
      {
        event_type: 'ItemPublished',
        data: expect.objectContaining({
          itemType: 'SKIN',
          itemId: skin.id,
          authorId: owner.id,
          name: 'Facts Livery',
          game: 'TM2020',
          priceCents: 500,
          authorName: owner.username,
        }),
      },
    ]);
    await ok(UPDATE_SKIN, { dto: skin.dto({ description: 'Same price' }) }, owner.token);
    expect(await factsOf('SKIN', skin.id)).toHaveLength(1);
    await ok(UPDATE_SKIN, { dto: skin.dto({ price: 3.5 }) }, owner.token);
    await ok(HIDE_SKIN, { id: String(skin.id), hide: true }, owner.token);
    await ok(HIDE_SKIN, { id: String(skin.id), hide: false }, owner.token);
    const facts = await factsOf('SKIN', skin.id);
    expect(facts.map((fact) => fact.event_type)).toEqual(['ItemPublished', 'ItemPriceChanged']);
    expect(facts[1]!.data).toMatchObject({ fromCents: 500, toCents: 350, name: 'Facts Livery' });
  });

  it('records nothing when the save is refused', async () => {
    const { owner, other } = await createViewers(app);
    const skin = await publishSkin(owner, 'Refused Livery');
    const { body } = await graphql(app, UPDATE_SKIN, { dto: skin.dto({ price: 3 }) }, other.token);
    expect(codeOf(body)).toBe('FORBIDDEN');
    expect((await graphql(app, HIDE_SKIN, { id: String(skin.id), hide: false }, other.token)).status).toBe(
      200,
    );
    expect(await factsOf('SKIN', skin.id)).toHaveLength(1);
  });

  it('publishes an item first shown by unhiding it, once', async () => {
    const { owner } = await createViewers(app);
    const hidden = await addSkin(app, { authorId: owner.id, priceCents: 300, published: false });
    await ok(HIDE_SKIN, { id: String(hidden.id), hide: false }, owner.token);
    await ok(HIDE_SKIN, { id: String(hidden.id), hide: true }, owner.token);
    await ok(HIDE_SKIN, { id: String(hidden.id), hide: false }, owner.token);
    expect((await factsOf('SKIN', hidden.id)).map((fact) => fact.event_type)).toEqual(['ItemPublished']);
  });

  it('records the skins a bundle save adds, only the newly added ones', async () => {
    const { owner } = await createViewers(app);
    const first = await addSkin(app, { authorId: owner.id, priceCents: 300, title: 'Pack One' });
    const second = await addSkin(app, { authorId: owner.id, priceCents: 300, title: 'Pack Two' });
    const dto = await bundleDto(owner, 'Facts Pack', [first.id]);
    const { createBundle } = await ok(CREATE_BUNDLE, { dto }, owner.token);
    const bundleId = Number(createBundle.id);
    const images = await app.context.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from resources where bundle_id = ${bundleId} order by position`);
    const update = (skins: number[], price = 8) => ({
      ...dto,
      id: createBundle.id,
      price,
      skins: skins.map((id) => ({ id: String(id) })),
      images: images.map((id, order) => ({ id: String(id), temporary: false, type: 'IMAGE', order })),
    });
    await ok(UPDATE_BUNDLE, { dto: update([first.id, second.id]) }, owner.token);
    await ok(UPDATE_BUNDLE, { dto: update([second.id, first.id], 6) }, owner.token);
    await ok(HIDE_BUNDLE, { id: createBundle.id, hide: false }, owner.token);
    const facts = await factsOf('BUNDLE', bundleId);
    expect(
      facts.map((fact) => [fact.event_type, fact.data.skins ?? fact.data.toCents ?? fact.data.name]),
    ).toEqual([
      ['ItemPublished', 'Facts Pack'],
      ['SkinsAddedToBundle', [{ skinId: first.id, name: 'Pack One' }]],
      ['SkinsAddedToBundle', [{ skinId: second.id, name: 'Pack Two' }]],
      ['ItemPriceChanged', 600],
    ]);
  });
});

describe('who is told what', () => {
  it('tells followers of a new skin and bundle, wishers of a price drop and of a bundle, never the actor', async () => {
    const author = await createUser(app);
    const fan = await createUser(app);
    const wisher = await createUser(app);
    await follow(fan.id, author.id);
    await follow(author.id, author.id);
    const skin = await publishSkin(author, 'Told Livery', 5);
    await wish(wisher.id, 'SKIN', skin.id);
    await wish(author.id, 'SKIN', skin.id);
    await ok(UPDATE_SKIN, { dto: skin.dto({ price: 6 }) }, author.token);
    await ok(UPDATE_SKIN, { dto: skin.dto({ price: 3.5 }) }, author.token);
    const { createBundle } = await ok(
      CREATE_BUNDLE,
      { dto: await bundleDto(author, 'Told Pack', [skin.id]) },
      author.token,
    );

    const fanRows = await notificationsOf(fan);
    expect(fanRows.map((row) => [row.kind, row.message, row.link, row.read])).toEqual([
      ['NEW_ITEM', `Bundle Told Pack by ${author.username} is out`, `/bundles/${createBundle.url}`, false],
      ['NEW_ITEM', `Told Livery by ${author.username} is out`, `/skins/${skin.url}`, false],
    ]);
    const wisherRows = await notificationsOf(wisher);
    expect(wisherRows.map((row) => [row.kind, plain(row.message), row.link])).toEqual([
      ['JOINED_BUNDLE', 'Told Livery joined the bundle Told Pack', `/bundles/${createBundle.url}`],
      ['PRICE_DROP', 'Price drop: Told Livery now 3,50 € (was 6,00 €)', `/skins/${skin.url}`],
    ]);
    expect(await notificationsOf(author)).toEqual([]);
  });

  it('tells owners and followers of a new version, and the author of a sale', async () => {
    const author = await createUser(app);
    const buyer = await createUser(app);
    const fan = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500, title: 'Versioned Livery' });
    await follow(fan.id, author.id);
    const form = checkoutForm({ skins: [skin.id] });
    const { reference } = await cardCheckout(app, form, buyer.token);
    await payLocally(app, reference);
    const sale = await notificationsOf(author);
    expect(sale).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        message: expect.stringMatching(/^Sale: Versioned Livery \(order TS-/),
        link: '/me/dashboard',
      }),
    ]);
    expect(await notificationsOf(buyer)).toEqual([]);

    const version: SkinVersionPublished = {
      type: 'SkinVersionPublished',
      data: {
        skinId: skin.id,
        authorId: author.id,
        skinName: 'Versioned Livery',
        version: 2,
        fileId: 'file-2',
        fileName: 'versioned.zip',
        fileSizeBytes: 1000,
        changelog: 'Sharper numbers',
        publishedAt: new Date().toISOString(),
      },
    };
    await app.context.store.appendAlone(app.context.pool, {
      streamId: skinVersionsStreamId(skin.id),
      streamType: 'skin-versions',
      expectedVersion: 'any',
      events: [{ ...version, metadata: actor(author.id) }],
    });
    for (const told of [buyer, fan]) {
      expect((await notificationsOf(told))[0]).toMatchObject({
        kind: 'NEW_VERSION',
        message: 'Versioned Livery: version 2 is out',
        link: `/skins/${skin.url}`,
      });
    }
    expect((await notificationsOf(author)).map((row) => row.kind)).toEqual(['SALE']);
  });
});

describe('the bell through the API', () => {
  it('refuses anonymous visitors', async () => {
    for (const [query, variables] of [
      [MY_NOTIFICATIONS, {}],
      [UNREAD, {}],
      [MARK_READ, { p: 1 }],
    ] as const) {
      expect(codeOf((await graphql(app, query, variables)).body)).toBe('UNAUTHENTICATED');
    }
  });

  it("gives each person their own notifications and read mark, never another's (admins included)", async () => {
    const author = await createUser(app);
    const [fan, other] = [await createUser(app), await createUser(app)];
    const admin = await createUser(app, { roles: ['regular', 'admin'] });
    await follow(fan.id, author.id);
    await follow(other.id, author.id);
    await publishSkin(author, 'Bell Livery One');
    await publishSkin(author, 'Bell Livery Two');
    await publishSkin(author, 'Bell Livery Three');
    const rows = await notificationsOf(fan);
    expect(rows).toHaveLength(3);
    expect((await ok(UNREAD, {}, fan.token)).unreadNotificationCount).toBe(3);
    expect(await notificationsOf(admin)).toEqual([]);
    expect((await ok(UNREAD, {}, admin.token)).unreadNotificationCount).toBe(0);

    // Read up to the second newest: the newest stays unread. The other follower keeps theirs.
    const mark = (await ok(MARK_READ, { p: rows[1]!.position }, fan.token)).markNotificationsRead;
    expect(mark).toEqual({ readUpToPosition: rows[1]!.position, unreadCount: 1 });
    expect((await notificationsOf(fan)).map((row) => row.read)).toEqual([false, true, true]);
    expect((await ok(UNREAD, {}, other.token)).unreadNotificationCount).toBe(3);
    // Never back; never past one's newest (what comes later stays unread).
    expect((await ok(MARK_READ, { p: 1 }, fan.token)).markNotificationsRead.readUpToPosition).toBe(
      rows[1]!.position,
    );
    const all = (await ok(MARK_READ, { p: rows[0]!.position + 1_000_000 }, fan.token)).markNotificationsRead;
    expect(all).toEqual({ readUpToPosition: rows[0]!.position, unreadCount: 0 });
    // Marking one's own read changes nothing for an admin or another user.
    await ok(MARK_READ, { p: rows[0]!.position }, admin.token);
    expect((await ok(UNREAD, {}, other.token)).unreadNotificationCount).toBe(3);
  });

  it('lists them newest first by date, a fact recorded late with an earlier date below the newer ones', async () => {
    const author = await createUser(app);
    const fan = await createUser(app);
    await follow(fan.id, author.id);
    await publishSkin(author, 'Dated Livery One');
    await publishSkin(author, 'Dated Livery Two');
    await publishSkin(author, 'Dated Livery Three');
    const [three, two, one] = await notificationsOf(fan);
    // As an import or the demo data records it: the latest event (highest position) dated a month back.
    await app.context.pool.query(sql.unsafe`
      update notifications set created_at = created_at - interval '31 days'
      where user_id = ${fan.id} and position = ${three!.position}`);
    const rows = await notificationsOf(fan);
    expect(rows.map((row) => row.message)).toEqual([two!.message, one!.message, three!.message]);
    // Marking read up to the highest position shown marks every one of them.
    const mark = (await ok(MARK_READ, { p: three!.position }, fan.token)).markNotificationsRead;
    expect(mark.unreadCount).toBe(0);
  });

  it('refuses bad input', async () => {
    const user = await createUser(app);
    expect(codeOf((await graphql(app, MARK_READ, { p: -1 }, user.token)).body)).toBe('BAD_USER_INPUT');
    const tooLarge = await graphql(app, MY_NOTIFICATIONS, { page: { page: -1, size: 10 } }, user.token);
    expect(codeOf(tooLarge.body)).toBe('BAD_USER_INPUT');
  });
});

describe('a deleted account in follows, wishes and notifications', () => {
  it('reads as "deleted user" on its followers\' lists and in their notifications, and stays followable off', async () => {
    const admin = await createUser(app, { roles: ['regular', 'admin'] });
    const [author, fan, wisher, leaver] = [
      await createUser(app),
      await createUser(app),
      await createUser(app),
      await createUser(app),
    ];
    await follow(fan.id, author.id);
    await follow(leaver.id, author.id);
    const skin = await publishSkin(author, 'Parting Livery');
    await wish(wisher.id, 'SKIN', skin.id);
    expect((await notificationsOf(fan))[0]?.message).toBe(`Parting Livery by ${author.username} is out`);

    const deleteAccount = `mutation ($input: DeleteAccountInput!) { deleteAccount(input: $input) { success } }`;
    for (const user of [leaver, author]) {
      await ok(deleteAccount, { input: { userId: String(user.id), reason: 'Asked by mail' } }, admin.token);
    }

    // The follow stays on the follower's list, without the old name, picture or page.
    const following = `{ myFollowing { content { author { id url username avatar { url } twitter } } } }`;
    expect((await ok(following, {}, fan.token)).myFollowing.content).toEqual([
      { author: { id: String(author.id), url: '', username: 'deleted user', avatar: null, twitter: null } },
    ]);
    expect(
      (await ok(`query ($id: ID) { author(id: $id) { id } }`, { id: String(author.id) })).author,
    ).toBeNull();
    // Its new-item line names "deleted user", live and after a rebuild of the notifications.
    const told = async () => (await notificationsOf(fan)).map((row) => row.message);
    expect(await told()).toEqual(['Parting Livery by deleted user is out']);
    const notifications = projections.find((projection) => projection.name === 'notifications')!;
    await rebuildProjection(
      { pool: app.context.pool, store: app.context.store, batchSize: 50 },
      notifications,
    );
    expect(await told()).toEqual(['Parting Livery by deleted user is out']);
    // And in the follower's data export.
    const archive = await app.server.inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    const follows = (await zipEntries(archive.rawPayload)).get('follows.csv')!.toString();
    expect(follows).toContain('deleted user');
    expect(follows).not.toContain(author.username);
    // The unpublished skin leaves the wishlist (as any unlisted item does) and comes back if listed.
    expect((await ok(`{ myWishlist { pageInfo { totalElements } } }`, {}, wisher.token)).myWishlist).toEqual({
      pageInfo: { totalElements: 0 },
    });
    // The follower can still end the follow. A deleted follower's follow still counts, anonymous
    // (as its votes do), and nobody can read it any more: nobody signs in as a deleted account.
    const unfollow = `mutation ($id: Long!) { unfollowAuthor(authorId: $id) { following followerCount } }`;
    expect((await ok(unfollow, { id: author.id }, fan.token)).unfollowAuthor).toEqual({
      following: false,
      followerCount: 1,
    });
    expect(
      codeOf(
        (
          await graphql(
            app,
            `
              {
                myFollowing {
                  content {
                    followedAt
                  }
                }
              }
            `,
            {},
            leaver.token,
          )
        ).body,
      ),
    ).toBe('UNAUTHENTICATED');
  });
});
