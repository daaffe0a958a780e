import { getIntrospectionQuery } from 'graphql';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../api/server';
import { addSkin } from '../support/shop';
import { testImage, upload } from '../support/upload-files';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// The hardening of the public API (docs/security.md): GraphQL cost, alias, depth and answer limits,
// bad input answered as such (NUL bytes, prototype names as sort keys, invisible names, lookalike
// usernames), and the security headers.
let app: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
let skinUrl: string;
let skinId: string;

const MAX_RESPONSE_BYTES = 400_000;

beforeAll(async () => {
  app = await createTestApp({
    config: {
      authRateLimitPerMinute: 1000,
      graphql: {
        maxCost: 25_000,
        maxAliases: 15,
        maxDepth: 10,
        maxTokens: 1_000,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        responseCacheMaxBytes: 1_000_000,
        heavy: { maxRunning: 2, maxWaiting: 32, maxWaitMs: 10_000 },
      },
    },
  });
  user = await createUser(app);
  const skin = await addSkin(app, { authorId: user.id, priceCents: 300 });
  skinUrl = skin.url;
  skinId = String(skin.id);
});

afterAll(async () => {
  await app.close();
});

type Answer = {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
};
const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

const SKIN_FIELDS = `id url title description type price published availableAlone createdAt
  author { id username url country } resources { id type filename url order } colorPrimary`;
const BUNDLE_FIELDS = `id url title description price
  author { id username } skins { ${SKIN_FIELDS} } resources { id url }`;

describe('GraphQL cost limit', () => {
  it('refuses, before running it, an anonymous operation asking for more items than the limit', async () => {
    const aliases = ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: bundles(page: { page: 0, size: 100 }) { content { ${BUNDLE_FIELDS} } }`)
      .join('\n');
    const answer = await graphql(app, `{ ${aliases} }`);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('QUERY_TOO_COMPLEX');
    expect(answer.body.errors?.[0]?.message).toMatch(/at most 25000/);
  });

  it('takes list sizes from page.size in variables, so one document passes small and is refused large', async () => {
    const query = `query ($page: PageInput) {
      a: bundles(page: $page) { content { ${BUNDLE_FIELDS} } }
      b: bundles(page: $page) { content { ${BUNDLE_FIELDS} } }
    }`;
    const small = await graphql(app, query, { page: { page: 0, size: 10 } });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    const large = await graphql(app, query, { page: { page: 0, size: 100 } });
    expect(codeOf(large)).toBe('QUERY_TOO_COMPLEX');
  });

  it('counts the ids a list asks for', async () => {
    const ids = Array.from({ length: 5000 }, (_, n) => String(n + 1));
    const answer = await graphql(app, `query ($ids: [ID!]!) { skinsById(ids: $ids) { ${SKIN_FIELDS} } }`, {
      ids,
    });
    expect(codeOf(answer)).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('GraphQL alias and depth limits', () => {
  it('refuses more than 15 aliases with TOO_MANY_ALIASES', async () => {
    const fields = Array.from({ length: 16 }, (_, n) => `s${n}: skin(url: "${skinUrl}") { id }`).join(' ');
    const refused = await graphql(app, `{ ${fields} }`);
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('TOO_MANY_ALIASES');
    const allowed = await graphql(app, `{ ${fields.split(' s15:')[0]} }`);
    expect(allowed.body.errors).toBeUndefined();
  });

  it('refuses nesting deeper than 10 with QUERY_TOO_DEEP', async () => {
    // The catalogue's types have no cycles; type references nest as deep as one asks.
    const ofTypes = (levels: number) => 'ofType { '.repeat(levels) + 'name' + ' }'.repeat(levels);
    const nested = (levels: number) => `{ __type(name: "Skin") { fields { type { ${ofTypes(levels)} } } } }`;
    const refused = await graphql(app, nested(8));
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('QUERY_TOO_DEEP');
    const allowed = await graphql(app, nested(6));
    expect(allowed.body.errors).toBeUndefined();
  });

  it('refuses a document of more than 1,000 tokens before parsing the rest of it', async () => {
    // 250 × 4 tokens: `health { status }` repeated, well within every other limit but the tokens.
    const refused = await graphql(app, `{ ${'health { status } '.repeat(250)} }`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toMatch(/more th\w+ 1000 tokens/);
    const allowed = await graphql(app, `{ ${'health { status } '.repeat(200)} }`);
    expect(allowed.body.errors).toBeUndefined();
  });

  it('lets the standard introspection query through', async () => {
    const answer = await graphql(app, getIntrospectionQuery());
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect((answer.body.data as { __schema: { types: unknown[] } }).__schema.types.length).toBeGreaterThan(
      50,
    );
  });
});

describe('GraphQL response limit', () => {
  it('replaces an answer above the limit with RESPONSE_TOO_LARGE', async () => {
    const schema = `__schema { types { name description fields { name description args { name description type { name } } } } }`;
    const one = await graphql(app, `{ ${schema} }`);
    const oneBytes = JSON.stringify(one.body).length;
    expect(oneBytes).toBeLessThan(MAX_RESPONSE_BYTES);
    const copies = Math.ceil(MAX_RESPONSE_BYTES / oneBytes) + 1;
    expect(copies).toBeLessThanOrEqual(15);
    const fields = Array.from({ length: copies }, (_, n) => `s${n}: ${schema}`).join(' ');
    const answer = await graphql(app, `{ ${fields} }`);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('RESPONSE_TOO_LARGE');
  });
});

describe('NUL characters', () => {
  it('are refused in GraphQL variables and string literals with BAD_USER_INPUT', async () => {
    const inVariable = await graphql(
      app,
      `
        query ($url: String!) {
          skin(url: $url) {
            id
          }
        }
      `,
      { url: 'a\0b' },
    );
    expect(inVariable.status).toBe(400);
    expect(codeOf(inVariable)).toBe('BAD_USER_INPUT');
    // The escape as the query text carries it, decoded only by the GraphQL parser.
    const inLiteral = await graphql(app, String.raw`{ skins(search: "x\u0000y") { content { id } } }`);
    expect(inLiteral.status).toBe(400);
    expect(codeOf(inLiteral)).toBe('BAD_USER_INPUT');
    const inMutation = await graphql(
      app,
      `
        mutation ($text: String!, $skin: ID) {
          createComment(skin: $skin, text: $text) {
            id
          }
        }
      `,
      { skin: skinId, text: 'nice\0skin' },
      user.token,
    );
    expect(codeOf(inMutation)).toBe('BAD_USER_INPUT');
  });

  it('are refused in a path, a query string, a header and a REST body with 400', async () => {
    const inPath = await app.server.inject({ method: 'GET', url: '/assets/skin/abc%00def' });
    expect(inPath.statusCode).toBe(400);
    const inQuery = await app.server.inject({ method: 'GET', url: '/api/health?x=%00' });
    expect(inQuery.statusCode).toBe(400);
    const inBody = await app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'driver\0one', password: 'some-password' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({ message: expect.stringMatching(/NUL/) });
    const inHeader = await app.server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a\0b' },
    });
    expect(inHeader.statusCode).toBe(400);
  });
});

describe('NUL characters in uploads', () => {
  it('drop from an uploaded file name (multipart bodies are read as streams), never a 500', async () => {
    const answer = await upload(app, 'IMAGE', 'shot\0.png', await testImage(), user.token);
    expect(answer.status).toBe(200);
    const { rows } = await app.db.pool.query(
      sql.unsafe`select original_name from temporary_assets where id = ${answer.body.id!}`,
    );
    expect(rows[0]).toEqual({ original_name: 'shot.png' });
  });
});

describe('sort keys', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'refuses %s as a sort key with BAD_USER_INPUT (skins and bundles)',
    async (sortBy) => {
      for (const list of ['skins', 'bundles', 'mostDownloadedSkins']) {
        const answer = await graphql(
          app,
          `query ($page: PageInput) { ${list}(page: $page) { content { id } } }`,
          {
            page: { page: 0, size: 5, sortBy },
          },
        );
        expect(answer.status).toBeLessThan(500);
        expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      }
    },
  );

  it('still sorts by the known keys', async () => {
    const answer = await graphql(
      app,
      `
        {
          skins(page: { page: 0, size: 5, sortBy: "price" }) {
            content {
              id
            }
          }
        }
      `,
    );
    expect(answer.body.errors).toBeUndefined();
  });
});

describe('invisible names and texts', () => {
  const invisible = '\u200b\u200c\u200d\u2060\u200e\u202e\u3164\u2800';

  it('refuses a full name made only of invisible characters', async () => {
    const answer = await graphql(
      app,
      `
        mutation ($dto: UpdateMyUserInput!) {
          updateMyUser(dto: $dto) {
            fullname
          }
        }
      `,
      { dto: { fullname: invisible } },
      user.token,
    );
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  });

  it('refuses a comment made only of invisible characters', async () => {
    const answer = await graphql(
      app,
      `
        mutation ($text: String!, $skin: ID) {
          createComment(skin: $skin, text: $text) {
            id
          }
        }
      `,
      { skin: skinId, text: invisible },
      user.token,
    );
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  });

  it('refuses a skin title made only of invisible characters', async () => {
    const answer = await graphql(
      app,
      `
        mutation ($dto: SkinInput!) {
          createSkin(dto: $dto) {
            id
          }
        }
      `,
      {
        dto: {
          title: invisible,
          description: 'A skin',
          type: 'TM2020',
          price: 0,
          images: [{ id: 'x', temporary: true, type: 'IMAGE', order: 0 }],
          skinSource: { id: 'y', temporary: true, type: 'SKIN_SOURCE', order: 0 },
        },
      },
      user.token,
    );
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ field: 'title' });
  });
});

describe('usernames', () => {
  let n = 0;
  const register = (username: string) =>
    app.server.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, email: `lookalike${++n}@example.com`, password: 'a-long-password', country: 'cz' },
    });

  it.each([
    ['a right-to-left override', 'abc\u202elive'],
    ['a zero-width space', 'driver\u200bone'],
    ['Latin and Cyrillic letters mixed', 'p\u0430ypal_fan'],
    ['Cyrillic letters that spell a Latin name', '\u0440\u0430\u0443\u0440\u0430\u04cf'],
    ['Latin lookalikes of plain letters', '\u0251dmin_team'],
  ])('refuses one with %s as bad input', async (_case, username) => {
    const response = await register(username);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ field: 'username' });
  });

  it('accepts names in one script and stores them in NFKC form', async () => {
    for (const username of ['Jürgen_Racer', 'Иван_гонщик', '山田たろう']) {
      expect((await register(username)).statusCode).toBe(200);
    }
    const fullWidth = await register('\uff46\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48');
    expect(fullWidth.statusCode).toBe(200);
    const login = await app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'fullwidth', password: 'a-long-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends CSP, no framing, nosniff and a referrer policy on pages and the API, and no HSTS over http', async () => {
    for (const url of ['/', '/skins', '/api/health']) {
      const response = await app.server.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the policy in development (npm run dev) and lets only GraphiQL load its scripts from unpkg', async () => {
    const server = await buildServer({
      ...app.context,
      config: { ...app.context.config, env: 'development' },
    });
    try {
      const page = await server.inject({ method: 'GET', url: '/skins' });
      expect(String(page.headers['content-security-policy'])).not.toContain('unpkg');
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      const graphiql = await server.inject({ method: 'GET', url: '/graphiql' });
      expect(graphiql.statusCode).toBe(200);
      expect(String(graphiql.headers['content-security-policy'])).toContain(
        "script-src 'self' https://unpkg.com",
      );
      expect(String(graphiql.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    } finally {
      await server.close();
    }
  });

  it('sends HSTS when the public URL is https', async () => {
    const server = await buildServer({
      ...app.context,
      config: { ...app.context.config, publicUrl: 'https://trackskins.example' },
    });
    try {
      const response = await server.inject({ method: 'GET', url: '/' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await server.close();
    }
  });
});
