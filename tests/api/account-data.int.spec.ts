import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_EXPORTS_PER_HOUR } from '../../api/account-data/data-export.routes';
import { loadConfig } from '../../infra/config';
import { addSkin, cardCheckout, checkoutForm, payLocally, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { zipEntries } from '../support/zip-entries';

type User = Awaited<ReturnType<typeof createUser>>;
type Person = { id: number; username: string; email: string; password: string; token: string };

let app: TestApp;
let addressCounter = 0;
const newAddress = () => `10.38.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const PREVIEW = `{ myAccountDeletionPreview { mustFinish earningsGivenUp invoices creditNotes payouts
  publishedSkins publishedBundles comments ratings } }`;
const DELETE_MINE = `mutation ($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { id success } }`;
const DELETE = `mutation ($input: DeleteAccountInput!) { deleteAccount(input: $input) { id success } }`;
const DELETIONS = `{ accountDeletions { pageInfo { totalElements } content { userId by reason earningsGivenUp admin { id } } } }`;

const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;
const messageOf = (body: { errors?: { message?: string }[] }) => body.errors?.[0]?.message ?? '';

async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

let personCounter = 0;
/** An account registered through the API, so it has a real password to confirm a deletion with. */
async function register(): Promise<Person> {
  const n = ++personCounter;
  const person = {
    username: `leaver_${n}_${Date.now() % 100_000}`,
    email: `leaver.${n}.${Date.now() % 100_000}@example.com`,
    password: 'long-enough-1',
  };
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: newAddress(),
    payload: { ...person, country: 'cz', subscribedToNews: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  const id = await app.context.pool.oneFirst(
    sql.type(z.object({ id: z.number() }))`select id from users where username = ${person.username}`,
  );
  return { ...person, id, token: response.body };
}

const login = (login: string, password: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: newAddress(),
    payload: { username: login, password },
  });

const exportOf = (token?: string) =>
  app.server.inject({
    method: 'GET',
    url: '/api/me/data-export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function buy(buyerToken: string | undefined, skin: ShopItem) {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), buyerToken);
  expect((await payLocally(app, reference)).statusCode).toBeLessThan(400);
}

let person: Person;
let otherAuthor: User;
let admin: User;
let ownSkin: ShopItem;
let boughtSkin: ShopItem;
let freeSkin: ShopItem;
let wishedSkin: ShopItem;
let tokenSecret: string;
const COMMENT = '=HYPERLINK("http://evil.example","Nice livery, love the colours")';

beforeAll(async () => {
  // A webhook endpoint on this machine (nothing is delivered to it: no sender runs here).
  const webhooks = { ...loadConfig({ NODE_ENV: 'test' }).webhooks, allowLoopback: true };
  app = await createTestApp({ config: { webhooks } });
  [otherAuthor, admin] = await Promise.all([
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  person = await register();
  ownSkin = await addSkin(app, { authorId: person.id, priceCents: 500, title: 'Leaver Own Livery' });
  boughtSkin = await addSkin(app, { authorId: otherAuthor.id, priceCents: 700, title: 'Bought Livery' });
  freeSkin = await addSkin(app, { authorId: otherAuthor.id, priceCents: 0, title: 'Free Livery' });
  wishedSkin = await addSkin(app, { authorId: otherAuthor.id, priceCents: 900, title: 'Wished Livery' });

  // Someone buys the person's skin (a payout and a sale notice for them); they buy another's.
  await buy(undefined, ownSkin);
  await buy(person.token, boughtSkin);
  const download = await app.server.inject({
    method: 'GET',
    url: `/assets/skin/${freeSkin.url}`,
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(download.statusCode).toBe(200);
  await ok(
    `mutation ($s: Long!) { rateSkin(rating: 4, skinId: $s) { average } }`,
    { s: boughtSkin.id },
    person.token,
  );
  await ok(
    `mutation ($s: ID!, $t: String!) { createComment(skin: $s, text: $t) { id } }`,
    { s: String(boughtSkin.id), t: COMMENT },
    person.token,
  );
  await ok(
    `mutation ($a: Long!) { followAuthor(authorId: $a) { following } }`,
    { a: otherAuthor.id },
    person.token,
  );
  await ok(
    `mutation ($i: Long!) { wishItem(itemType: SKIN, itemId: $i) { wished } }`,
    { i: wishedSkin.id },
    person.token,
  );
  const created = await ok(
    `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { secret } }`,
    { input: { name: 'Leaver script', scopes: ['public:read', 'sales:read'] } },
    person.token,
  );
  tokenSecret = created.createApiToken.secret;
  await ok(
    `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }`,
    { input: { url: 'http://127.0.0.1:9/leaver', eventTypes: ['sale.completed'] } },
    person.token,
  );
  // The payout, the sale notice and the invoice come from the catch-up consumers.
  await app.context.runner.catchUp();
});

afterAll(async () => {
  await app?.close();
});

describe('the data export', () => {
  it('holds every kind of the person’s data, explained in README.txt, CSV cells neutralised', async () => {
    const started = Date.now();
    const response = await exportOf(person.token);
    const seconds = (Date.now() - started) / 1000;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="trackskins-data-leaver_/);
    expect(seconds).toBeLessThan(10);
    const files = await zipEntries(response.rawPayload);
    const text = (name: string) => {
      const file = files.get(name);
      expect(file, `${name} in ${[...files.keys()].join(', ')}`).toBeDefined();
      return file!.toString('utf8');
    };

    const readme = text('README.txt');
    for (const name of files.keys()) {
      if (!name.includes('/') && name !== 'README.txt') expect(readme).toContain(name);
    }
    expect(JSON.parse(text('profile.json'))).toMatchObject({
      username: person.username,
      email: person.email,
    });
    const orders = JSON.parse(text('orders.json')) as {
      order_number: string;
      invoice_number: string | null;
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.invoice_number).toMatch(/^\d{4}-\d+$/);
    expect(text('order-items.csv')).toContain('Bought Livery');
    expect(text('invoices.csv')).toContain(orders[0]!.invoice_number!);
    expect(files.get(`invoices/invoice-${orders[0]!.invoice_number}.pdf`)?.subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    expect(text('downloads.csv')).toContain(freeSkin.url);
    expect(text('ratings.csv')).toContain(`${boughtSkin.id},${boughtSkin.url},Bought Livery,4,`);
    // A comment that a spreadsheet would run as a formula is written as text.
    expect(text('comments.csv')).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Nice livery, love the colours"")"`,
    );
    expect(text('follows.csv')).toContain(otherAuthor.username);
    expect(text('wishes.csv')).toContain('Wished Livery');
    expect(text('notifications.csv')).toMatch(/SALE,,,Sale: Leaver Own Livery \(order TS-/);
    expect(text('skins.csv')).toContain('Leaver Own Livery');
    const payouts = JSON.parse(text('payouts.json')) as { id: number; status: string }[];
    expect(payouts).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(text(`payout-statements/payout-${payouts[0]!.id}-statement.csv`)).toContain('Leaver Own Livery');
    const tokens = text('api-tokens.json');
    expect(JSON.parse(tokens)).toEqual([
      expect.objectContaining({ name: 'Leaver script', scopes: ['public:read', 'sales:read'] }),
    ]);
    expect(tokens).not.toContain(tokenSecret.slice(12));
    expect(tokens).not.toContain('secret_hash');
    const webhooks = text('webhooks.json');
    expect(JSON.parse(webhooks)).toEqual([expect.objectContaining({ url: 'http://127.0.0.1:9/leaver' })]);
    expect(webhooks).not.toMatch(/secret"/);
    expect(JSON.parse(text('sessions.json'))).toMatchObject({ sessionVersion: expect.any(Number) });
    expect(text('reports.csv')).toContain('item_type');
  });

  it('is for the signed-in person only, from a browser session, a few times an hour', async () => {
    expect((await exportOf()).statusCode).toBe(401);
    expect((await exportOf(tokenSecret)).statusCode).toBe(403);
    const someone = await createUser(app);
    for (let n = 0; n < DATA_EXPORTS_PER_HOUR; n++)
      expect((await exportOf(someone.token)).statusCode).toBe(200);
    expect((await exportOf(someone.token)).statusCode).toBe(429);
    // Another person's archive never holds the first one's data.
    const other = await zipEntries((await exportOf(otherAuthor.token)).rawPayload);
    expect(other.get('profile.json')!.toString()).not.toContain(person.email);
    expect(other.get('follows.csv')!.toString()).not.toContain(otherAuthor.username);
  });
});

describe('deleting an account', () => {
  it('shows what goes, what the law keeps and what must be settled', async () => {
    const { myAccountDeletionPreview: preview } = await ok(PREVIEW, {}, person.token);
    expect(preview).toMatchObject({
      mustFinish: [],
      invoices: 1,
      payouts: 1,
      publishedSkins: 1,
      comments: 1,
      ratings: 1,
    });
    expect(preview.earningsGivenUp).toBeGreaterThan(0);
    expect(preview.earningsGivenUp).toBeLessThan(5);
  });

  it('refuses anonymous visitors, API tokens, a wrong username or password, and earnings not given up', async () => {
    const input = { username: person.username, password: person.password };
    expect(codeOf((await graphql(app, DELETE_MINE, { input })).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await graphql(app, DELETE_MINE, { input }, tokenSecret)).body)).toBe('FORBIDDEN');
    const wrongName = (
      await graphql(app, DELETE_MINE, { input: { ...input, username: 'someone' } }, person.token)
    ).body;
    expect(codeOf(wrongName)).toBe('BAD_USER_INPUT');
    const wrongPassword = (
      await graphql(app, DELETE_MINE, { input: { ...input, password: 'not-it-at-all' } }, person.token)
    ).body;
    expect(messageOf(wrongPassword)).toBe('This password is not right.');
    const earnings = (await graphql(app, DELETE_MINE, { input }, person.token)).body;
    expect(codeOf(earnings)).toBe('BAD_USER_INPUT');
    expect(messageOf(earnings)).toContain('under the minimum payout');
    // Another user cannot delete it through the admin route.
    const other = await createUser(app);
    const byOther = (
      await graphql(app, DELETE, { input: { userId: person.id, reason: 'asked by mail' } }, other.token)
    ).body;
    expect(codeOf(byOther)).toBe('FORBIDDEN');
    expect((await ok(`{ myUser { username } }`, {}, person.token)).myUser.username).toBe(person.username);
  });

  it('waits while a payout is on its way', async () => {
    const waiting = await register();
    const skin = await addSkin(app, { authorId: waiting.id, priceCents: 600 });
    await buy(undefined, skin);
    await app.context.runner.catchUp();
    // The payouts read model as an admin's lock leaves it (the lock itself is tested in payouts).
    await app.context.pool.query(
      sql.unsafe`update payouts set status = 'LOCKED' where author_id = ${waiting.id}`,
    );
    const refused = (
      await graphql(
        app,
        DELETE_MINE,
        { input: { username: waiting.username, password: waiting.password, giveUpEarnings: true } },
        waiting.token,
      )
    ).body;
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(messageOf(refused)).toMatch(/^Payout \d+ \(\d,\d\d\s€\) is being sent to you\./);
    expect((await ok(PREVIEW, {}, waiting.token)).myAccountDeletionPreview.mustFinish).toHaveLength(1);
  });

  it('deletes: sessions and tokens end at once, no sign-in, the name stays taken, the law’s records stay', async () => {
    const invoicesBefore = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from invoices`);
    const result = await ok(
      DELETE_MINE,
      { input: { username: person.username.toUpperCase(), password: person.password, giveUpEarnings: true } },
      person.token,
    );
    expect(result.deleteMyAccount).toEqual({ id: String(person.id), success: true });

    // The fact, by the owner, with no personal data in it.
    const events = await app.context.pool.any(sql.type(z.object({ type: z.string(), data: z.unknown() }))`
      select event_type as type, data from events where stream_id = ${`account-${person.id}`} order by stream_version`);
    expect(events.at(-1)).toEqual({
      type: 'AccountDeleted',
      data: { userId: person.id, deletedAt: expect.any(String), by: 'SELF', adminId: null },
    });

    // Sessions, API tokens, sign-in and a password reset: all refused.
    expect(
      codeOf(
        (
          await graphql(
            app,
            `
              {
                myUser {
                  username
                }
              }
            `,
            {},
            person.token,
          )
        ).body,
      ),
    ).toBe('UNAUTHENTICATED');
    expect(
      codeOf(
        (
          await graphql(
            app,
            `
              {
                skins(page: { page: 0, size: 1 }) {
                  pageInfo {
                    totalElements
                  }
                }
              }
            `,
            {},
            tokenSecret,
          )
        ).body,
      ),
    ).toBe('UNAUTHENTICATED');
    expect((await exportOf(person.token)).statusCode).toBe(401);
    expect((await login(person.username, person.password)).statusCode).toBe(400);
    expect((await login(person.email, person.password)).statusCode).toBe(400);

    // The username and its look-alikes stay taken; the email is free for a new account.
    const again = await app.server.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: newAddress(),
      payload: {
        username: person.username,
        email: `new.${person.email}`,
        password: 'long-enough-2',
        country: 'cz',
      },
    });
    expect(again.statusCode).toBe(400);
    const sameEmail = await app.server.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: newAddress(),
      payload: {
        username: `fresh_${person.id}`,
        email: person.email,
        password: 'long-enough-2',
        country: 'cz',
      },
    });
    expect(sameEmail.statusCode, sameEmail.body).toBe(200);

    // Nothing of the person in the account row; their skin unpublished; the comment anonymous.
    const row = await app.context.pool.one(sql.type(z.record(z.string(), z.unknown()))`
      select username::text, email::text, password_hash, fullname, deleted_at is not null as deleted from users where id = ${person.id}`);
    expect(JSON.stringify(row)).not.toContain(person.username);
    expect(JSON.stringify(row)).not.toContain(person.email);
    expect(row).toMatchObject({ password_hash: null, deleted: true });
    expect((await ok(`query ($u: String!) { skin(url: $u) { id } }`, { u: ownSkin.url })).skin).toBeNull();
    const comments = await ok(
      `query ($s: ID!) { comments(skin: $s, page: { page: 0, size: 10 }) { content { text user { username url avatar { url } country } } } }`,
      { s: String(boughtSkin.id) },
    );
    expect(comments.comments.content).toEqual([
      { text: COMMENT, user: { username: 'deleted user', url: '', avatar: null, country: null } },
    ]);
    const apiTokens = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from api_tokens where user_id = ${person.id}`);
    expect(apiTokens).toBe(0);

    // What the law keeps stays: the invoices and the payout.
    expect(
      await app.context.pool.oneFirst(
        sql.type(z.object({ n: z.number() }))`select count(*)::int as n from invoices`,
      ),
    ).toBe(invoicesBefore);
    expect(
      await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from payouts where author_id = ${person.id}`),
    ).toBe(1);

    // A mail recorded for the account after its deletion (a refund's, say) is not sent.
    await app.context.pool.query(sql.unsafe`
      insert into mail_deliveries (event_id, kind, recipient_key, recipient_email, recipient_user_id, payload)
      values (gen_random_uuid(), 'AUTHOR_SALE', ${`deleted-${person.id}`}, ${person.email}, ${person.id}, '{}'::jsonb)`);
    await app.mailSender.drain();
    expect(
      await app.context.pool.one(sql.type(
        z.object({ status: z.string(), last_error: z.string().nullable() }),
      )`
        select status, last_error from mail_deliveries where recipient_key = ${`deleted-${person.id}`}`),
    ).toEqual({ status: 'FAILED', last_error: 'Not sent: the account was deleted.' });

    // Once only.
    const admin2 = (
      await graphql(app, DELETE, { input: { userId: person.id, reason: 'asked twice' } }, admin.token)
    ).body;
    expect(codeOf(admin2)).toBe('CONFLICT');
  });

  it('an admin deletes on request with a reason, logged; never an admin, never themselves', async () => {
    const asker = await register();
    const otherAdmin = await createUser(app, { roles: ['regular', 'admin'] });
    const noReason = (await graphql(app, DELETE, { input: { userId: asker.id, reason: ' ' } }, admin.token))
      .body;
    expect(codeOf(noReason)).toBe('BAD_USER_INPUT');
    const anAdmin = (
      await graphql(app, DELETE, { input: { userId: otherAdmin.id, reason: 'asked by mail' } }, admin.token)
    ).body;
    expect(codeOf(anAdmin)).toBe('FORBIDDEN');
    const self = (
      await graphql(app, DELETE, { input: { userId: admin.id, reason: 'asked by mail' } }, admin.token)
    ).body;
    expect(codeOf(self)).toBe('FORBIDDEN');
    const adminSelf = (
      await graphql(
        app,
        DELETE_MINE,
        { input: { username: admin.username, password: 'whatever-1' } },
        admin.token,
      )
    ).body;
    expect(codeOf(adminSelf)).toBe('BAD_USER_INPUT'); // its password is wrong before its role counts
    expect((await ok(PREVIEW, {}, admin.token)).myAccountDeletionPreview.mustFinish[0]).toContain(
      'An admin account cannot delete itself',
    );

    await ok(
      DELETE,
      { input: { userId: asker.id, reason: 'Asked by mail on 2026-11-27 (ticket 118)' } },
      admin.token,
    );
    expect(
      codeOf(
        (
          await graphql(
            app,
            `
              {
                myUser {
                  id
                }
              }
            `,
            {},
            asker.token,
          )
        ).body,
      ),
    ).toBe('UNAUTHENTICATED');
    const [event] = await app.context.pool.anyFirst(sql.type(z.object({ data: z.unknown() }))`
      select data from events where stream_id = ${`account-${asker.id}`} and event_type = 'AccountDeleted'`);
    expect(event).toMatchObject({ by: 'ADMIN', adminId: admin.id });
    expect(JSON.stringify(event)).not.toContain('ticket 118');
    const log = (await ok(DELETIONS, {}, admin.token)).accountDeletions;
    expect(log.content[0]).toEqual({
      userId: String(asker.id),
      by: 'ADMIN',
      reason: 'Asked by mail on 2026-11-27 (ticket 118)',
      earningsGivenUp: 0,
      admin: { id: String(admin.id) },
    });
    expect(
      log.content.map((entry: { userId: string; by: string }) => [entry.userId, entry.by]),
    ).toContainEqual([String(person.id), 'SELF']);
    // It leaves the admins' list of users (the log above keeps it).
    const listed = await ok(
      `query ($s: String) { users(search: $s, includeAnonymous: false, page: { page: 0, size: 5 }) { pageInfo { totalElements } } }`,
      { s: `deleted-user-${asker.id}` },
      admin.token,
    );
    expect(listed.users.pageInfo.totalElements).toBe(0);
    expect(codeOf((await graphql(app, DELETIONS, {}, otherAuthor.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, DELETIONS, {})).body)).toBe('UNAUTHENTICATED');
  });
});
