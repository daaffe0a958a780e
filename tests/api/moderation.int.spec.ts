import fs from 'node:fs/promises';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountBlockedMessage } from '../../api/auth/auth.routes';
import { REPORTS_PER_HOUR } from '../../api/auth/user-rate-limiter';
import { insertComment, linkColorVariations } from '../../api/catalogue/catalogue.writes';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { moderationProjection } from '../../projections/moderation.projection';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  payLocally,
  postJson,
  orderBySession,
  ownedSkinIdsOf,
  type ShopItem,
} from '../support/shop';
import { waitForMail } from '../support/outbox';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Moderation through the public API: reports, admins' takedowns of skins, bundles and comments,
// and blocked accounts. Every step is an event; what is taken down or blocked leaves every public
// query, and admins keep seeing it.

let app: TestApp;
let clock = Date.now();
let admin: Awaited<ReturnType<typeof createUser>>;
let author: Awaited<ReturnType<typeof createUser>>;
let player: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await createTestApp();
  app.context.now = () => new Date(clock);
  [admin, author, player] = await Promise.all([
    createUser(app, { roles: ['regular', 'admin'] }),
    createUser(app),
    createUser(app),
  ]);
});
afterAll(async () => {
  await app.close();
});

type Body = { data?: any; errors?: { message: string; extensions: { code: string; field?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const codeOf = (body: Body) => body.errors?.[0]?.extensions.code;
const ok = (body: Body) => {
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
};
const gql = async (query: string, variables: Record<string, unknown>, token?: string): Promise<Body> =>
  (await graphql(app, query, variables, token)).body;

const TAKE_DOWN = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: String!) {
  takeDownItem(itemType: $t, itemId: $id, ground: NO_RIGHTS, reason: $reason) { id success } }`;
const RESTORE = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: String) {
  restoreItem(itemType: $t, itemId: $id, reason: $reason) { id success } }`;
const DISMISS = `mutation ($t: ModeratedItemType!, $id: ID!, $note: String) {
  dismissReports(itemType: $t, itemId: $id, note: $note) { id success } }`;
const REPORT = `mutation ($t: ModeratedItemType!, $id: ID!, $reason: ReportReason!, $text: String) {
  reportItem(itemType: $t, itemId: $id, reason: $reason, text: $text) { id success } }`;
const BLOCK = `mutation ($id: ID!, $reason: String!) { blockUser(id: $id, ground: HARASSMENT_OR_SPAM, reason: $reason) { id success } }`;
const UNBLOCK = `mutation ($id: ID!, $reason: String) { unblockUser(id: $id, reason: $reason) { id success } }`;
const SKIN = `query ($url: String!) { skin(url: $url) { id title published takedown { reason at by { username } } } }`;
const SKINS = `query ($search: String) { skins(search: $search, page: { page: 0, size: 50 }) { content { id } } }`;
const BUNDLE = `query ($url: String!) { bundle(url: $url) { id skins { id } takedown { reason } } }`;
const COMMENTS = `query ($skin: ID) { comments(skin: $skin) { pageInfo { totalElements } content { id text removal { reason } } } }`;
const ALL_COMMENTS = `query ($removedOnly: Boolean) { allComments(page: { page: 0, size: 20 }, removedOnly: $removedOnly) {
  pageInfo { totalElements } content { id text author { username } skin { id title } bundle { id } removal { reason by { username } } } } }`;
const REPORTED = `query ($status: ReportStatus) { reportedItems(status: $status, page: { page: 0, size: 20 }) {
  pageInfo { totalElements }
  content { itemType itemId openReports totalReports reasons { reason count } skin { id } comment { id text }
            takedown { reason } reports { reporter { username } reason text status note resolvedBy { username } } } } }`;
const LOG = `query ($itemType: String, $itemId: ID) { moderationLog(itemType: $itemType, itemId: $itemId, page: { page: 0, size: 50 }) {
  content { action itemType itemId itemLabel itemUrl reason actor { username } } } }`;
const MY_USER = `{ myUser { id username } }`;

const listedIds = async (search: string, token?: string) =>
  ok(await gql(SKINS, { search }, token)).skins.content.map((skin: { id: string }) => Number(skin.id));

describe('permissions of every admin call', () => {
  const adminCalls: [string, string, Record<string, unknown>][] = [
    ['takeDownItem', TAKE_DOWN, { t: 'SKIN', id: '1', reason: 'Stolen artwork' }],
    ['restoreItem', RESTORE, { t: 'SKIN', id: '1' }],
    ['dismissReports', DISMISS, { t: 'SKIN', id: '1' }],
    ['blockUser', BLOCK, { id: '99999999', reason: 'Spam everywhere' }],
    ['unblockUser', UNBLOCK, { id: '99999999' }],
    ['allComments', ALL_COMMENTS, {}],
    ['reportedItems', REPORTED, {}],
    ['moderationLog', LOG, {}],
    ['users (blocked filter)', `{ users(blocked: true) { content { id blocked block { reason } } } }`, {}],
  ];
  it.each(adminCalls)(
    '%s: anonymous, a player and an author are refused; an admin is not',
    async (_name, query, variables) => {
      expect(codeOf(await gql(query, variables))).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(query, variables, player.token))).toBe('FORBIDDEN');
      expect(codeOf(await gql(query, variables, author.token))).toBe('FORBIDDEN');
      // An admin gets past the role check: an answer, or a refusal about the item itself.
      expect(codeOf(await gql(query, variables, admin.token)) ?? 'answered').not.toMatch(
        /UNAUTHENTICATED|FORBIDDEN/,
      );
    },
  );

  it('the moderation fields of public types show only to admins (and a takedown to its author)', async () => {
    const skin = await addSkin(app, {
      authorId: author.id,
      priceCents: 0,
      title: `Fielded ${Date.now() % 1e5}`,
    });
    ok(
      await gql(
        TAKE_DOWN,
        { t: 'SKIN', id: String(skin.id), reason: 'Screenshots do not match' },
        admin.token,
      ),
    );
    expect(ok(await gql(SKIN, { url: skin.url }))).toEqual({ skin: null });
    expect(ok(await gql(SKIN, { url: skin.url }, player.token))).toEqual({ skin: null });
    // The author sees that an admin did it and why, not which admin.
    expect(ok(await gql(SKIN, { url: skin.url }, author.token)).skin.takedown).toMatchObject({
      reason: 'Screenshots do not match',
      by: null,
    });
    expect(ok(await gql(SKIN, { url: skin.url }, admin.token)).skin.takedown).toMatchObject({
      reason: 'Screenshots do not match',
      by: { username: admin.username },
    });
  });
});

describe('taking down skins and bundles', () => {
  let skin: ShopItem;
  let paid: ShopItem;
  let bundle: ShopItem;
  const tag = `Moderated${Date.now() % 1e5}`;

  beforeAll(async () => {
    skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: `${tag} Free` });
    paid = await addSkin(app, { authorId: author.id, priceCents: 900, title: `${tag} Paid` });
    bundle = await addBundle(app, { authorId: author.id, priceCents: 1200, skinIds: [skin.id, paid.id] });
    await linkColorVariations(app.context.pool, [skin.id, paid.id]);
  });

  it('hides a skin from every public query and page, keeps it for its author and admins, and brings it back', async () => {
    // Bought before the takedown: the buyer keeps the download.
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [paid.id] }), player.token);
    await payLocally(app, reference);
    expect(await ownedSkinIdsOf(app, player.id)).toContain(paid.id);

    ok(
      await gql(
        TAKE_DOWN,
        { t: 'SKIN', id: String(paid.id), reason: 'Stolen from another author' },
        admin.token,
      ),
    );

    expect(await listedIds(tag)).toEqual([skin.id]);
    const mostDownloaded = `query ($search: String) { mostDownloadedSkins(search: $search) { content { id } } }`;
    expect(ok(await gql(mostDownloaded, { search: tag })).mostDownloadedSkins.content).toEqual([
      { id: String(skin.id) },
    ]);
    const variations = `query ($url: String!) { skin(url: $url) { colorVariations { id } } }`;
    expect(ok(await gql(variations, { url: skin.url })).skin.colorVariations).toEqual([]);
    expect(ok(await gql(SKIN, { url: paid.url })).skin).toBeNull();
    expect(ok(await gql(`{ skinsById(ids: ["${paid.id}"]) { id } }`, {})).skinsById).toEqual([]);
    expect(
      ok(await gql(BUNDLE, { url: bundle.url })).bundle.skins.map((s: { id: string }) => Number(s.id)),
    ).toEqual([skin.id]);
    expect(
      ok(
        await gql(`query ($url: String!) { author(url: $url) { skins { id } } }`, { url: author.url }),
      ).author.skins.map((s: { id: string }) => Number(s.id)),
    ).not.toContain(paid.id);
    // Not for sale, not to rate, not to download for strangers; its page is the app's fallback.
    const checkout = await postJson(app, '/api/stripe/checkout', checkoutForm({ skins: [paid.id] }));
    expect(checkout.statusCode).toBe(400);
    const rate = await gql(
      `mutation { rateSkin(skinId: ${paid.id}, rating: 5) { average } }`,
      {},
      player.token,
    );
    expect(codeOf(rate)).toBe('NOT_FOUND');
    const stranger = await createUser(app);
    const refused = await app.server.inject({
      url: `/assets/skin/${paid.url}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.statusCode).toBe(404);
    const owner = await app.server.inject({
      url: `/assets/skin/${paid.url}`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(owner.statusCode).toBe(200);

    // Admins list it (with the takedown), and the author cannot publish it back.
    expect(await listedIds(tag, admin.token)).toEqual(expect.arrayContaining([skin.id, paid.id]));
    const republish = await gql(
      `mutation { hideSkin(id: ${paid.id}, hide: false) { success } }`,
      {},
      author.token,
    );
    expect(codeOf(republish)).toBe('FORBIDDEN');
    expect(republish.errors?.[0]?.message).toContain('Stolen from another author');

    expect(
      codeOf(await gql(TAKE_DOWN, { t: 'SKIN', id: String(paid.id), reason: 'Again' }, admin.token)),
    ).toBe('CONFLICT');
    ok(
      await gql(
        RESTORE,
        { t: 'SKIN', id: String(paid.id), reason: 'The author proved it is theirs' },
        admin.token,
      ),
    );
    expect((await listedIds(tag)).sort()).toEqual([skin.id, paid.id].sort());
    expect(ok(await gql(variations, { url: skin.url })).skin.colorVariations).toEqual([
      { id: String(paid.id) },
    ]);
    expect(ok(await gql(SKIN, { url: paid.url }, author.token)).skin.takedown).toBeNull();
  });

  it('hides a bundle the same way', async () => {
    ok(
      await gql(
        TAKE_DOWN,
        { t: 'BUNDLE', id: String(bundle.id), reason: 'Misleading contents' },
        admin.token,
      ),
    );
    expect(ok(await gql(BUNDLE, { url: bundle.url })).bundle).toBeNull();
    const bundles = ok(await gql(`{ bundles(page: { page: 0, size: 100 }) { content { id } } }`, {})).bundles
      .content;
    expect(bundles.map((b: { id: string }) => Number(b.id))).not.toContain(bundle.id);
    expect(ok(await gql(BUNDLE, { url: bundle.url }, author.token)).bundle.takedown.reason).toBe(
      'Misleading contents',
    );
    const checkout = await postJson(app, '/api/stripe/checkout', checkoutForm({ bundles: [bundle.id] }));
    expect(checkout.statusCode).toBe(400);
    ok(await gql(RESTORE, { t: 'BUNDLE', id: String(bundle.id) }, admin.token));
    expect(ok(await gql(BUNDLE, { url: bundle.url })).bundle.id).toBe(String(bundle.id));
  });

  it('refuses a reason that is too short, and an item that does not exist', async () => {
    const short = await gql(TAKE_DOWN, { t: 'SKIN', id: String(skin.id), reason: ' a ' }, admin.token);
    expect(short.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    expect(
      codeOf(await gql(TAKE_DOWN, { t: 'SKIN', id: '99999999', reason: 'Gone gone' }, admin.token)),
    ).toBe('NOT_FOUND');
    expect(codeOf(await gql(RESTORE, { t: 'SKIN', id: String(skin.id) }, admin.token))).toBe('CONFLICT');
  });
});

describe('comments', () => {
  it('a removed comment leaves the public list and stays visible to admins with the removal', async () => {
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const kept = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: player.id,
      text: 'Lovely colours',
    });
    const rude = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: player.id,
      text: 'Rude words here',
    });
    ok(
      await gql(TAKE_DOWN, { t: 'COMMENT', id: String(rude), reason: 'Insults another player' }, admin.token),
    );

    const publicList = ok(await gql(COMMENTS, { skin: String(skin.id) })).comments;
    expect(publicList.content.map((c: { id: string }) => Number(c.id))).toEqual([kept]);
    expect(publicList.pageInfo.totalElements).toBe(1);
    const adminList = ok(await gql(COMMENTS, { skin: String(skin.id) }, admin.token)).comments.content;
    expect(adminList.find((c: { id: string }) => Number(c.id) === rude).removal.reason).toBe(
      'Insults another player',
    );

    const all = ok(await gql(ALL_COMMENTS, { removedOnly: true }, admin.token)).allComments.content;
    expect(all.find((c: { id: string }) => Number(c.id) === rude)).toMatchObject({
      text: 'Rude words here',
      author: { username: player.username },
      skin: { id: String(skin.id) },
      removal: { reason: 'Insults another player', by: { username: admin.username } },
    });
    const newest = ok(await gql(ALL_COMMENTS, {}, admin.token)).allComments.content.map((c: { id: string }) =>
      Number(c.id),
    );
    expect(newest.indexOf(rude)).toBeLessThan(newest.indexOf(kept));
  });
});

describe('reports', () => {
  it('any signed-in user reports once per item; admins see counts per item and uphold or dismiss them', async () => {
    const skin = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const comment = await insertComment(app.context.pool, {
      skinId: skin.id,
      userId: author.id,
      text: 'Buy my stuff at spam.example',
    });
    const reporters = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const report = (who: { token: string }, variables: Record<string, unknown>) => {
      clock += 1000;
      return gql(REPORT, variables, who.token);
    };

    expect(codeOf(await gql(REPORT, { t: 'SKIN', id: String(skin.id), reason: 'STOLEN' }))).toBe(
      'UNAUTHENTICATED',
    );
    ok(
      await report(reporters[0]!, {
        t: 'SKIN',
        id: String(skin.id),
        reason: 'STOLEN',
        text: 'It is my livery',
      }),
    );
    ok(await report(reporters[1]!, { t: 'SKIN', id: String(skin.id), reason: 'STOLEN' }));
    ok(await report(reporters[2]!, { t: 'SKIN', id: String(skin.id), reason: 'MISLEADING' }));
    ok(await report(reporters[0]!, { t: 'COMMENT', id: String(comment), reason: 'SPAM' }));

    const again = await report(reporters[0]!, { t: 'SKIN', id: String(skin.id), reason: 'SPAM' });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(codeOf(await report(author, { t: 'SKIN', id: String(skin.id), reason: 'SPAM' }))).toBe(
      'FORBIDDEN',
    );
    const vague = await report(reporters[1]!, {
      t: 'COMMENT',
      id: String(comment),
      reason: 'OTHER',
      text: 'bad',
    });
    expect(vague.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'text' });
    expect(codeOf(await report(reporters[1]!, { t: 'SKIN', id: '99999999', reason: 'SPAM' }))).toBe(
      'NOT_FOUND',
    );
    const mine = ok(
      await gql(
        `query ($id: ID!) { myReport(itemType: SKIN, itemId: $id) { reason text status reporter { username } } }`,
        { id: String(skin.id) },
        reporters[0]!.token,
      ),
    );
    expect(mine.myReport).toEqual({
      reason: 'STOLEN',
      text: 'It is my livery',
      status: 'OPEN',
      reporter: { username: reporters[0]!.username },
    });

    const queue = ok(await gql(REPORTED, {}, admin.token)).reportedItems.content;
    const skinEntry = queue.find(
      (item: { itemType: string; itemId: string }) =>
        item.itemType === 'SKIN' && Number(item.itemId) === skin.id,
    );
    expect(skinEntry).toMatchObject({
      openReports: 3,
      totalReports: 3,
      reasons: [
        { reason: 'STOLEN', count: 2 },
        { reason: 'MISLEADING', count: 1 },
      ],
      skin: { id: String(skin.id) },
    });
    expect(skinEntry.reports[2]).toMatchObject({
      reporter: { username: reporters[0]!.username },
      status: 'OPEN',
    });
    // Most reported first.
    expect(queue.indexOf(skinEntry)).toBeLessThan(
      queue.findIndex((item: { itemId: string }) => Number(item.itemId) === comment),
    );

    // Upheld: the skin goes, its reports are closed with the admin's reason.
    ok(
      await gql(
        TAKE_DOWN,
        { t: 'SKIN', id: String(skin.id), reason: 'Confirmed stolen livery' },
        admin.token,
      ),
    );
    // Dismissed: the comment stays.
    ok(
      await gql(
        DISMISS,
        { t: 'COMMENT', id: String(comment), note: 'A link to their own shop is allowed' },
        admin.token,
      ),
    );
    const open = ok(await gql(REPORTED, {}, admin.token)).reportedItems.content;
    expect(open.map((item: { itemId: string }) => Number(item.itemId))).not.toEqual(
      expect.arrayContaining([skin.id]),
    );
    const everything = ok(await gql(REPORTED, { status: null }, admin.token)).reportedItems.content;
    const upheld = everything.find(
      (item: { itemType: string; itemId: string }) =>
        item.itemType === 'SKIN' && Number(item.itemId) === skin.id,
    );
    expect(upheld).toMatchObject({ openReports: 0, takedown: { reason: 'Confirmed stolen livery' } });
    expect(upheld.reports.map((r: { status: string }) => r.status)).toEqual(['UPHELD', 'UPHELD', 'UPHELD']);
    expect(upheld.reports[0].resolvedBy).toEqual({ username: admin.username });
    const dismissed = everything.find(
      (item: { itemType: string; itemId: string }) =>
        item.itemType === 'COMMENT' && Number(item.itemId) === comment,
    );
    expect(dismissed.reports[0]).toMatchObject({
      status: 'DISMISSED',
      note: 'A link to their own shop is allowed',
    });
    expect(codeOf(await gql(DISMISS, { t: 'COMMENT', id: String(comment) }, admin.token))).toBe('CONFLICT');
    // A taken-down item cannot be reported again.
    expect(
      codeOf(await report(await createUser(app), { t: 'SKIN', id: String(skin.id), reason: 'SPAM' })),
    ).toBe('NOT_FOUND');

    // Every step is in the history, with who did it.
    const log = ok(await gql(LOG, { itemType: 'SKIN', itemId: String(skin.id) }, admin.token)).moderationLog
      .content;
    expect(log.map((entry: { action: string }) => entry.action)).toEqual([
      'ItemTakenDown',
      'ItemReported',
      'ItemReported',
      'ItemReported',
    ]);
    expect(log[0]).toMatchObject({
      actor: { username: admin.username },
      reason: 'Confirmed stolen livery',
      itemUrl: `/skins/${skin.url}`,
    });
    const events = await app.context.pool.anyFirst(sql.type(z.object({ event_type: z.string() }))`
      select event_type from events where stream_id = ${`moderation-skin-${skin.id}`} order by stream_version`);
    expect(events).toEqual(['ItemReported', 'ItemReported', 'ItemReported', 'ItemTakenDown']);
  });

  it(`refuses more than ${REPORTS_PER_HOUR} reports an hour by one user`, async () => {
    const eager = await createUser(app);
    const skins = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, () =>
        addSkin(app, { authorId: author.id, priceCents: 0 }),
      ),
    );
    for (const skin of skins.slice(0, REPORTS_PER_HOUR)) {
      ok(await gql(REPORT, { t: 'SKIN', id: String(skin.id), reason: 'SPAM' }, eager.token));
    }
    const refused = await gql(
      REPORT,
      { t: 'SKIN', id: String(skins.at(-1)!.id), reason: 'SPAM' },
      eager.token,
    );
    expect(codeOf(refused)).toBe('TOO_MANY_REQUESTS');
    clock += 61 * 60 * 1000;
    ok(await gql(REPORT, { t: 'SKIN', id: String(skins.at(-1)!.id), reason: 'SPAM' }, eager.token));
  });
});

describe('blocked accounts', () => {
  const person = () => {
    const n = `${Date.now() % 1e6}${Math.floor(Math.random() * 1000)}`;
    return {
      username: `blocky_${n}`,
      email: `blocky${n}@example.com`,
      password: 'long-enough-1',
      country: 'de',
      subscribedToNews: false,
    };
  };

  it('a block ends the sessions, refuses sign-in, hides what the account made and keeps its purchases', async () => {
    const someone = person();
    const registered = await postJson(app, '/api/auth/register', someone);
    expect(registered.statusCode).toBe(200);
    const token = registered.body;
    const me = ok(await gql(MY_USER, {}, token)).myUser;
    const userId = Number(me.id);
    const skin = await addSkin(app, {
      authorId: userId,
      priceCents: 0,
      title: `Blocked Author Skin ${Date.now() % 1e5}`,
    });
    const bought = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const { reference } = await cardCheckout(
      app,
      checkoutForm({ skins: [bought.id] }, { email: someone.email }),
      token,
    );
    await payLocally(app, reference);
    const onOthers = await addSkin(app, { authorId: author.id, priceCents: 0 });
    const comment = await insertComment(app.context.pool, {
      skinId: onOthers.id,
      userId,
      text: 'Spam spam spam',
    });

    ok(await gql(BLOCK, { id: String(userId), reason: 'Sells other people’s skins' }, admin.token));

    // The token of a moment ago is refused at the next request, and so is a new sign-in.
    expect(codeOf(await gql(MY_USER, {}, token))).toBe('UNAUTHENTICATED');
    const refresh = await app.server.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${token}` },
    });
    // Its holder is told why, with whom to write, instead of a silent sign-out.
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toEqual({
      field: null,
      code: 'ACCOUNT_BLOCKED',
      message: accountBlockedMessage(app.context.config.mail.contact),
    });
    expect(refresh.json().message).toContain('support@trackskins.example');
    const login = await postJson(app, '/api/auth/login', {
      username: someone.username,
      password: someone.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(accountBlockedMessage(app.context.config.mail.contact));
    const wrong = await postJson(app, '/api/auth/login', {
      username: someone.username,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);

    expect(ok(await gql(SKIN, { url: skin.url })).skin).toBeNull();
    const authorPage = `query ($url: String!) { author(url: $url) { skinCount } }`;
    expect(ok(await gql(authorPage, { url: someone.username })).author).toBeNull();
    expect(ok(await gql(authorPage, { url: someone.username }, admin.token)).author).toEqual({
      skinCount: 0,
    });
    const authorById = `query ($id: ID) { author(id: $id) { username } }`;
    expect(ok(await gql(authorById, { id: String(userId) })).author).toBeNull();
    expect(ok(await gql(authorById, { id: String(userId) }, admin.token)).author).toEqual({
      username: someone.username,
    });
    expect(ok(await gql(COMMENTS, { skin: String(onOthers.id) })).comments.content).toEqual([]);
    expect(ok(await gql(SKIN, { url: skin.url }, admin.token)).skin.id).toBe(String(skin.id));
    expect(await ownedSkinIdsOf(app, userId)).toEqual([bought.id]);

    const blockedList = ok(
      await gql(
        `{ users(blocked: true, page: { page: 0, size: 100 }) { content { id blocked block { reason by { username } } } } }`,
        {},
        admin.token,
      ),
    ).users.content;
    expect(blockedList.find((u: { id: string }) => Number(u.id) === userId)).toEqual({
      id: String(userId),
      blocked: true,
      block: { reason: 'Sells other people’s skins', by: { username: admin.username } },
    });
    expect(codeOf(await gql(BLOCK, { id: String(userId), reason: 'Twice over' }, admin.token))).toBe(
      'CONFLICT',
    );

    ok(await gql(UNBLOCK, { id: String(userId), reason: 'Appeal accepted' }, admin.token));
    expect(ok(await gql(SKIN, { url: skin.url })).skin.id).toBe(String(skin.id));
    expect(
      ok(await gql(COMMENTS, { skin: String(onOthers.id) })).comments.content.map((c: { id: string }) =>
        Number(c.id),
      ),
    ).toEqual([comment]);
    // The old token stays ended; a new sign-in works and the purchase is there.
    expect(codeOf(await gql(MY_USER, {}, token))).toBe('UNAUTHENTICATED');
    const again = await postJson(app, '/api/auth/login', {
      username: someone.username,
      password: someone.password,
    });
    expect(again.statusCode).toBe(200);
    const owned = ok(await gql(`{ myOwnedSkinIds }`, {}, again.body)).myOwnedSkinIds.map(Number);
    expect(owned).toEqual([bought.id]);

    const history = ok(await gql(LOG, { itemType: 'ACCOUNT', itemId: String(userId) }, admin.token))
      .moderationLog.content;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'AccountUnblocked',
        reason: 'Appeal accepted',
        actor: { username: admin.username },
      }),
      expect.objectContaining({
        action: 'AccountBlocked',
        reason: 'Sells other people’s skins',
        itemLabel: someone.username,
      }),
    ]);
  });

  it("a block stops the links mailed for the account's guest purchases, reset mails and old reset links", async () => {
    const someone = person();
    const registered = await postJson(app, '/api/auth/register', someone);
    const token = registered.body;
    const userId = Number(ok(await gql(MY_USER, {}, token)).myUser.id);
    // The account proved its email, so the guest purchases of that email are its own.
    await app.context.pool.query(sql.unsafe`update users set email_verified_at = now() where id = ${userId}`);
    const bought = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const { reference } = await cardCheckout(
      app,
      checkoutForm({ skins: [bought.id] }, { email: someone.email }),
    );
    await payLocally(app, reference);
    const orderId = (await orderBySession(app, reference)).id;
    const grant = app.context.downloadGrants.sign({ orderId: String(orderId), skinId: bought.id });
    const download = () =>
      app.server.inject({ method: 'GET', url: `/assets/skin/${bought.url}?grant=${grant}` });
    expect((await download()).statusCode).toBe(200);
    const mailsTo = async () => (await fs.readdir(app.context.config.mail.outboxDir).catch(() => [])).length;
    // A reset link asked for before the block.
    ok(await gql(MY_USER, {}, token));
    await postJson(app, '/api/auth/forgot-password', { email: someone.email });
    const resetMail = await waitForMail(app.context.config.mail.outboxDir, someone.email, 'password');
    const code = decodeURIComponent(/reset-password\?c=([^\s"<]+)/.exec(resetMail.text)![1]!);

    ok(await gql(BLOCK, { id: String(userId), reason: 'Chargeback fraud' }, admin.token));

    expect((await download()).statusCode).not.toBe(200);
    const before = await mailsTo();
    const forgot = await postJson(app, '/api/auth/forgot-password', { email: someone.email });
    expect(forgot.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo()).toBe(before);
    const reset = await postJson(app, '/api/auth/reset-password', { code, password: 'another-password-1' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().code).toBe('ACCOUNT_BLOCKED');
    // A page load with the ended session clears it and leaves the web app the reason to show.
    const page = await app.server.inject({ method: 'GET', url: '/', headers: { cookie: `token=${token}` } });
    const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith('token=;'))).toBe(true);
    const notice = cookies.find((cookie) => cookie.startsWith('account_blocked='));
    expect(decodeURIComponent(notice!.split(';')[0]!.slice('account_blocked='.length))).toBe(
      accountBlockedMessage(app.context.config.mail.contact),
    );

    ok(await gql(UNBLOCK, { id: String(userId), reason: 'Cleared' }, admin.token));
    expect((await download()).statusCode).toBe(200);
  });

  it('an admin cannot block themselves or another admin, nor a guest or an unknown account', async () => {
    const other = await createUser(app, { roles: ['regular', 'admin'] });
    expect(codeOf(await gql(BLOCK, { id: String(admin.id), reason: 'Oops mine' }, admin.token))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await gql(BLOCK, { id: String(other.id), reason: 'Rival admin' }, admin.token))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await gql(BLOCK, { id: '99999999', reason: 'Nobody here' }, admin.token))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('the moderation read model', () => {
  it('rebuilds from the events to the same rows and the same catalogue flags', async () => {
    const tables = ['moderated_items', 'item_reports', 'blocked_accounts', 'moderation_log'];
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) {
        rows[table] = [
          ...(await app.context.pool.anyFirst(sql.type(z.object({ row: z.string() }))`
            select to_jsonb(t)::text as row from ${sql.identifier([table])} t order by 1`)),
        ];
      }
      rows.flags = [
        ...(await app.context.pool.anyFirst(sql.type(z.object({ row: z.string() }))`
          select concat_ws(':', 's', id, listed, taken_down, author_blocked) as row from skins
          union all select concat_ws(':', 'c', id, listed, removed, author_blocked) from comments
          union all select concat_ws(':', 'u', id, blocked) from users order by 1`)),
      ];
      return rows;
    };
    const live = await snapshot();
    expect(live.moderation_log!.length).toBeGreaterThan(10);
    await rebuildProjection(
      { pool: app.context.pool, store: app.context.store, batchSize: 3 },
      moderationProjection,
    );
    expect(await snapshot()).toEqual(live);
  });
});
