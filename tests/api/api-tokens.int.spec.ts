import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '../../domain/api-tokens/api-token.schemas';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { salesStatisticsProjection } from '../../projections/sales-statistics.projection';
import { addSkin, cardCheckout, checkoutForm, payLocally, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

type User = Awaited<ReturnType<typeof createUser>>;
let app: TestApp;
let author: User;
let other: User;
let admin: User;
let skin: ShopItem;
let clock = new Date('2026-06-02T12:00:00Z');

const CREATE = `mutation ($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { secret token { id name prefix scopes createdAt lastUsedAt revokedAt } } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiToken(id: $id) { id revokedAt } }`;
const LIST = `{ myApiTokens { id name prefix scopes createdAt lastUsedAt revokedAt } }`;

const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;
const messageOf = (body: { errors?: { message?: string }[] }) => body.errors?.[0]?.message;

async function createToken(user: User, scopes: string[], name = 'script') {
  const answer = await graphql(app, CREATE, { input: { name, scopes } }, user.token);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.createApiToken as { secret: string; token: { id: string; prefix: string } };
}

beforeAll(async () => {
  app = await createTestApp();
  app.context.now = () => clock;
  [author, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  // One paid sale of the author's skin, in the sales read model.
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }));
  expect((await payLocally(app, reference, 'pay')).statusCode).toBeLessThan(400);
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 100 },
    salesStatisticsProjection,
  );
});

afterAll(async () => {
  await app?.close();
});

describe('creating, listing and revoking tokens', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const created = await createToken(author, ['sales:read', 'public:read'], 'My sales script');
    expect(created.secret).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    // In the order of the list of scopes, whatever order they were asked in.
    expect((await graphql(app, LIST, {}, author.token)).body.data.myApiTokens[0]).toMatchObject({
      id: created.token.id,
      name: 'My sales script',
      scopes: ['public:read', 'sales:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    const stored = await app.context.pool.any(
      (await import('slonik')).sql
        .unsafe`select secret_hash, prefix from api_tokens where id = ${Number(created.token.id)}`,
    );
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(stored[0]).toMatchObject({ secret_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('refuses admin scopes to a non-admin, and without a name or scope, and anonymous visitors', async () => {
    const admin = await graphql(app, CREATE, { input: { name: 'x', scopes: ['admin:read'] } }, author.token);
    expect(codeOf(admin.body)).toBe('FORBIDDEN');
    expect(messageOf(admin.body)).toContain('admin:read');
    const empty = await graphql(app, CREATE, { input: { name: ' ', scopes: [] } }, author.token);
    expect(codeOf(empty.body)).toBe('BAD_USER_INPUT');
    const unknown = await graphql(
      app,
      CREATE,
      { input: { name: 'x', scopes: ['everything'] } },
      author.token,
    );
    expect(codeOf(unknown.body)).toBe('BAD_USER_INPUT');
    expect(codeOf((await graphql(app, CREATE, { input: { name: 'x', scopes: ['public:read'] } })).body)).toBe(
      'UNAUTHENTICATED',
    );
    expect(codeOf((await graphql(app, LIST)).body)).toBe('UNAUTHENTICATED');
  });

  it('lets an admin create admin-scoped tokens', async () => {
    const created = await createToken(admin, ['admin:read']);
    expect(created.secret).toMatch(/^tsk_/);
  });

  it("never lists or revokes another person's token", async () => {
    const mine = await createToken(author, ['public:read']);
    const list = (await graphql(app, LIST, {}, other.token)).body.data.myApiTokens as { id: string }[];
    expect(list.map((token) => token.id)).not.toContain(mine.token.id);
    const revoke = await graphql(app, REVOKE, { id: mine.token.id }, other.token);
    expect(codeOf(revoke.body)).toBe('NOT_FOUND');
    expect((await graphql(app, '{ myUser { id } }', {}, mine.secret)).body.data.myUser.id).toBe(
      String(author.id),
    );
  });

  it('refuses a revoked token from the next request on', async () => {
    const { secret, token } = await createToken(author, ['public:read']);
    expect((await graphql(app, '{ myUser { username } }', {}, secret)).status).toBe(200);
    const revoked = await graphql(app, REVOKE, { id: token.id }, author.token);
    expect(revoked.body.data.revokeApiToken.revokedAt).toBe(clock.toISOString());
    const after = await graphql(app, '{ skins { pageInfo { totalElements } } }', {}, secret);
    expect(codeOf(after.body)).toBe('UNAUTHENTICATED');
    expect(messageOf(after.body)).toContain('revoked');
  });

  it("stops a blocked owner's tokens", async () => {
    const owner = await createUser(app);
    const { secret } = await createToken(owner, ['public:read']);
    expect((await graphql(app, '{ myUser { id } }', {}, secret)).body.data.myUser.id).toBe(String(owner.id));
    await app.context.pool.query(
      (await import('slonik')).sql.unsafe`update users set blocked = true where id = ${owner.id}`,
    );
    expect(codeOf((await graphql(app, '{ myUser { id } }', {}, secret)).body)).toBe('UNAUTHENTICATED');
  });

  it("stops a deleted owner's tokens: they go with the account", async () => {
    const owner = await createUser(app);
    const { secret } = await createToken(owner, ['public:read']);
    const { sql } = await import('slonik');
    await app.context.pool.query(sql.unsafe`delete from users where id = ${owner.id}`);
    expect(
      await app.context.pool.oneFirst(
        sql.unsafe`select count(*)::int from api_tokens where user_id = ${owner.id}`,
      ),
    ).toBe(0);
    expect(codeOf((await graphql(app, '{ myUser { id } }', {}, secret)).body)).toBe('UNAUTHENTICATED');
  });

  it("never falls back to the browser's session cookie when a token is refused", async () => {
    const { secret, token } = await createToken(author, ['public:read']);
    await graphql(app, REVOKE, { id: token.id }, author.token);
    const response = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        authorization: `Bearer ${secret}`,
        cookie: `token=${author.token}`,
        'content-type': 'application/json',
      },
      payload: { query: '{ myUser { id } }' },
    });
    expect(codeOf(response.json())).toBe('UNAUTHENTICATED');
    // The cookie alone still signs the browser in, as before.
    const browser = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { cookie: `token=${author.token}`, 'content-type': 'application/json' },
      payload: { query: '{ myUser { id } }' },
    });
    expect(browser.json().data.myUser.id).toBe(String(author.id));
  });

  it('refuses a token to manage tokens', async () => {
    const { secret } = await createToken(author, ['public:read', 'sales:read', 'items:manage']);
    const answer = await graphql(app, CREATE, { input: { name: 'x', scopes: ['public:read'] } }, secret);
    expect(codeOf(answer.body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, LIST, {}, secret)).body)).toBe('FORBIDDEN');
  });
});

describe('the permission matrix: each scope against a representative field of each kind', () => {
  const PUBLIC_READ = '{ skins { pageInfo { totalElements } } }';
  const SALES_READ = '{ earningsHistory { year month itemsSold } }';
  const ITEMS_MANAGE = `mutation ($id: ID!) { hideSkin(id: $id, hide: false) { success } }`;
  const ADMIN_READ = '{ purchaseList { pageInfo { totalElements } } }';
  const ADMIN_MANAGE = `mutation { retryMailDelivery(id: "999999") { id } }`;
  const SESSION_ONLY = '{ myWishlist { pageInfo { totalElements } } }';

  const cases = (skinId: string) =>
    [
      ['public:read', PUBLIC_READ, {}],
      ['sales:read', SALES_READ, {}],
      ['items:manage', ITEMS_MANAGE, { id: skinId }],
      ['admin:read', ADMIN_READ, {}],
      ['admin:manage', ADMIN_MANAGE, {}],
    ] as const;

  it('allows each field with its own scope only, naming the missing one', async () => {
    const scopes = ['public:read', 'sales:read', 'items:manage', 'admin:read', 'admin:manage'];
    const tokens = new Map<string, string>();
    // The admin owns the skin here too, so that items:manage acts on their own item.
    const adminSkin = await addSkin(app, { authorId: admin.id, priceCents: 0 });
    for (const scope of scopes) tokens.set(scope, (await createToken(admin, [scope])).secret);
    for (const [needed, query, variables] of cases(String(adminSkin.id))) {
      for (const scope of scopes) {
        const answer = await graphql(app, query, variables, tokens.get(scope));
        if (scope === needed) {
          // Allowed through the scope check: any refusal is the resolver's own (a missing mail delivery).
          expect(messageOf(answer.body) ?? '', `${scope} on ${needed}`).not.toContain('API token');
        } else {
          expect(codeOf(answer.body), `${scope} on ${needed}`).toBe('FORBIDDEN');
          expect(messageOf(answer.body)).toContain(`lacks the scope ${needed}`);
          expect(answer.body.data ?? null).toBeNull();
        }
      }
    }
  });

  it('refuses session-only fields to every token and says so', async () => {
    const { secret } = await createToken(admin, [
      'public:read',
      'sales:read',
      'items:manage',
      'admin:read',
      'admin:manage',
    ]);
    const answer = await graphql(app, SESSION_ONLY, {}, secret);
    expect(codeOf(answer.body)).toBe('FORBIDDEN');
    expect(messageOf(answer.body)).toContain('browser session');
    // The same query for the admin's browser session works.
    expect((await graphql(app, SESSION_ONLY, {}, admin.token)).body.errors).toBeUndefined();
  });

  it("keeps the owner's payout details and address from every token", async () => {
    const { secret } = await createToken(author, ['public:read', 'sales:read', 'items:manage']);
    expect((await graphql(app, '{ myUser { username email } }', {}, secret)).body.data.myUser.username).toBe(
      author.username,
    );
    for (const query of [
      '{ myUser { username bankAccountIban } }',
      '{ myUser { ...Money } } fragment Money on PrivateUser { paypalAccount }',
      '{ myPayouts { content { amount sendToIban } } }',
    ]) {
      const answer = await graphql(app, query, {}, secret);
      expect(codeOf(answer.body), query).toBe('FORBIDDEN');
      expect(messageOf(answer.body)).toContain('browser session');
    }
    expect(
      (await graphql(app, '{ myUser { bankAccountIban } }', {}, author.token)).body.errors,
    ).toBeUndefined();
  });

  it('checks fields reached through fragments and refuses the whole operation', async () => {
    const { secret } = await createToken(author, ['public:read']);
    const answer = await graphql(
      app,
      `
        query {
          skins {
            pageInfo {
              totalElements
            }
          }
          ...Sales
        }
        fragment Sales on Query {
          earningsHistory {
            year
          }
        }
      `,
      {},
      secret,
    );
    expect(codeOf(answer.body)).toBe('FORBIDDEN');
    expect(messageOf(answer.body)).toContain('sales:read');
    expect(answer.body.data ?? null).toBeNull();
  });

  it("keeps a non-admin's token to the owner's rights: no admin data, another's items refused", async () => {
    const { secret } = await createToken(other, ['public:read', 'sales:read', 'items:manage']);
    const admin = await graphql(app, '{ earningsHistory(site: true) { year } }', {}, secret);
    expect(codeOf(admin.body)).toBe('FORBIDDEN');
    const hide = await graphql(
      app,
      `
        mutation ($id: ID!) {
          hideSkin(id: $id, hide: true) {
            success
          }
        }
      `,
      { id: String(skin.id) },
      secret,
    );
    // Past the scope check, the resolver's own ownership rule refuses it, as for the person's session.
    expect(codeOf(hide.body)).toBe('FORBIDDEN');
    expect(messageOf(hide.body)).toContain('Only the author');
  });

  it("holds an admin's token without admin scopes to a non-admin's rights", async () => {
    const { secret } = await createToken(admin, ['sales:read']);
    const answer = await graphql(app, '{ earningsHistory(site: true) { year } }', {}, secret);
    expect(codeOf(answer.body)).toBe('FORBIDDEN');
    expect(messageOf(answer.body)).toContain('admin scope');
    expect(
      (await graphql(app, '{ earningsHistory(site: true) { year } }', {}, admin.token)).body.errors,
    ).toBeUndefined();
  });

  it('answers anonymous visitors, sessions and tokens each by their own rights', async () => {
    expect(codeOf((await graphql(app, SALES_READ)).body)).toBe('UNAUTHENTICATED');
    expect((await graphql(app, SALES_READ, {}, author.token)).body.errors).toBeUndefined();
    const { secret } = await createToken(author, ['sales:read']);
    expect((await graphql(app, SALES_READ, {}, secret)).body.errors).toBeUndefined();
    expect(codeOf((await graphql(app, 'query { myUser { id } }', {}, secret)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, '{ myUser { id } }', {}, 'tsk_not-a-real-token')).body)).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('last use and rate limit', () => {
  it('records the last use at most once a minute', async () => {
    const { secret, token } = await createToken(author, ['public:read']);
    const lastUsed = async () =>
      (
        (await graphql(app, LIST, {}, author.token)).body.data.myApiTokens as {
          id: string;
          lastUsedAt: string | null;
        }[]
      ).find((row) => row.id === token.id)?.lastUsedAt;
    const start = clock;
    await graphql(app, '{ myUser { id } }', {}, secret);
    expect(await lastUsed()).toBe(start.toISOString());
    clock = new Date(start.getTime() + 30_000);
    await graphql(app, '{ myUser { id } }', {}, secret);
    expect(await lastUsed()).toBe(start.toISOString());
    clock = new Date(start.getTime() + 61_000);
    await graphql(app, '{ myUser { id } }', {}, secret);
    expect(await lastUsed()).toBe(clock.toISOString());
  });

  it(`refuses a token's requests past ${API_TOKEN_REQUESTS_PER_MINUTE} a minute, and only that token's`, async () => {
    const { secret } = await createToken(author, ['public:read']);
    const { secret: second } = await createToken(author, ['public:read']);
    for (let n = 0; n < API_TOKEN_REQUESTS_PER_MINUTE; n++) {
      expect((await graphql(app, '{ health { status } }', {}, secret)).status).toBe(200);
    }
    const refused = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: { query: '{ health { status } }' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(codeOf(refused.json())).toBe('TOO_MANY_REQUESTS');
    expect(messageOf(refused.json())).toContain('requests in the last minute');
    expect((await graphql(app, '{ health { status } }', {}, second)).status).toBe(200);
    clock = new Date(clock.getTime() + 61_000);
    expect((await graphql(app, '{ health { status } }', {}, secret)).status).toBe(200);
  });
});

describe('done when: an author reads their sales from a script', () => {
  it('creates a sales token and reads the earnings over HTTP with fetch', async () => {
    const { secret } = await createToken(author, ['sales:read']);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    // What a script of the author's does: nothing but the token and the documented endpoint.
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ earningsHistory { year month itemsSold totalPrice earnings } }' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { earningsHistory: { itemsSold: number; totalPrice: number }[] };
    };
    expect(body.data.earningsHistory).toEqual([
      expect.objectContaining({ year: 2026, month: 6, itemsSold: 1, totalPrice: 5 }),
    ]);
  });
});
