import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSkin } from '../support/shop';
import { createTestApp, WEB_APP_ACCEPT, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// GraphQL over HTTP (api/graphql/graphql-over-http.ts, docs/security.md): the specification's own
// audit suite against the app listening on a port, then what the audits leave open: the app's error
// codes under each media type, refusals before execution (NUL over GET among them), 405 and 406.
let app: TestApp;
let url = '';
let admin: Awaited<ReturnType<typeof createUser>>;
let skinUrl = '';

beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { roles: ['admin'] });
  skinUrl = (await addSkin(app, { authorId: admin.id, priceCents: 0 })).url;
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  url = `${address}/graphql`;
});

afterAll(async () => {
  await app?.close();
});

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const JSON_TYPE = 'application/json';

type Body = {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
};

/** A raw request to the listening app: status, content type and the parsed JSON body. */
async function ask(init: {
  method?: string;
  search?: string;
  headers?: Record<string, string>;
  body?: string;
}) {
  const response = await fetch(`${url}${init.search ?? ''}`, {
    method: init.method ?? 'POST',
    headers: init.headers,
    body: init.body,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    body: (text === '' ? {} : JSON.parse(text)) as Body,
  };
}

const post = (payload: unknown, accept?: string) =>
  ask({
    headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
    body: JSON.stringify(payload),
  });

const get = (params: Record<string, string>, accept?: string, token?: string) =>
  ask({
    method: 'GET',
    search: `?${new URLSearchParams(params)}`,
    headers: { ...(accept ? { accept } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;

describe("the GraphQL-over-HTTP specification's audit suite (graphql-http)", () => {
  // Built now, run against the address the app gets in beforeAll.
  const audits = serverAudits({ url: () => url });

  it('has its 61 audits', () => {
    expect(audits).toHaveLength(61);
  });

  // Every audit must pass: a failed requirement ("error"), a missed recommendation ("warn") or an
  // optional behaviour left out ("notice") all fail the test.
  it.each(audits.map((audit) => [audit.id, audit.name, audit] as const))(
    '%s %s',
    async (_id, _name, audit) => {
      const result = await audit.fn();
      if (result.status !== 'ok') {
        const body = await result.response.text().catch(() => '');
        expect.fail(`${result.status}: ${result.reason} (HTTP ${result.response.status} ${body})`);
      }
    },
  );
});

describe('media types', () => {
  it.each([
    [undefined, JSON_TYPE],
    ['*/*', JSON_TYPE],
    ['application/*', JSON_TYPE],
    [JSON_TYPE, JSON_TYPE],
    [GRAPHQL_RESPONSE, GRAPHQL_RESPONSE],
    [`${GRAPHQL_RESPONSE}, ${JSON_TYPE}`, GRAPHQL_RESPONSE],
    [`${JSON_TYPE}, ${GRAPHQL_RESPONSE}`, JSON_TYPE],
    [`${JSON_TYPE};q=0.5, ${GRAPHQL_RESPONSE}`, GRAPHQL_RESPONSE],
    ['text/html, */*;q=0.8', JSON_TYPE],
    [WEB_APP_ACCEPT, GRAPHQL_RESPONSE],
  ])('Accept %s answers %s, over POST and GET', async (accept, expected) => {
    for (const answer of [
      await post({ query: '{ __typename }' }, accept),
      await get({ query: '{ __typename }' }, accept),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe(`${expected}; charset=utf-8`);
      expect(answer.headers.get('vary')).toMatch(/\baccept\b/i);
      expect(answer.body).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('answers 406 when Accept names neither media type', async () => {
    for (const accept of ['text/html', 'application/xml', `${GRAPHQL_RESPONSE};q=0, ${JSON_TYPE};q=0`]) {
      const answer = await post({ query: '{ __typename }' }, accept);
      expect(answer.status).toBe(406);
      expect(codeOf(answer.body)).toBe('NOT_ACCEPTABLE');
      expect(answer.body.errors?.[0]?.message).toMatch(/Accept/);
      expect(answer.body).not.toHaveProperty('data');
    }
  });
});

describe('status codes and data by media type', () => {
  const aliases = Array.from({ length: 16 }, (_, n) => `a${n}: health { status }`).join(' ');
  const refusedOperations: [string, string][] = [
    ['a syntax error', '{'],
    ['an unknown field', '{ nothingHere }'],
    ['too many aliases (TOO_MANY_ALIASES)', `{ ${aliases} }`],
  ];

  it.each(refusedOperations)(
    '%s: 400 without data as graphql-response+json, 200 without data as application/json',
    async (what, query) => {
      const modern = await post({ query }, GRAPHQL_RESPONSE);
      expect(modern.status).toBe(400);
      expect(modern.body).not.toHaveProperty('data');
      const legacy = await post({ query }, JSON_TYPE);
      expect(legacy.status).toBe(200);
      expect(legacy.body).not.toHaveProperty('data');
      for (const answer of [modern, legacy]) {
        expect(answer.body.errors?.length).toBeGreaterThan(0);
        // The app's own codes stay as they were.
        if (what.includes('ALIASES')) expect(codeOf(answer.body)).toBe('TOO_MANY_ALIASES');
      }
    },
  );

  it('keeps QUERY_TOO_COMPLEX, refused before execution, under both media types', async () => {
    const heavy = `{ ${Array.from(
      { length: 12 },
      (_, n) =>
        `s${n}: skins(page: { page: 0, size: 100 }) { content { id title resources { id url } author { id } } }`,
    ).join(' ')} }`;
    const modern = await post({ query: heavy }, GRAPHQL_RESPONSE);
    expect([modern.status, codeOf(modern.body)]).toEqual([400, 'QUERY_TOO_COMPLEX']);
    expect(modern.body).not.toHaveProperty('data');
    const legacy = await post({ query: heavy }, JSON_TYPE);
    expect([legacy.status, codeOf(legacy.body)]).toEqual([200, 'QUERY_TOO_COMPLEX']);
  });

  it('answers variables the executor refuses like a validation failure', async () => {
    const query = 'query ($url: String!) { skin(url: $url) { id } }';
    // Twice each: the second run of a document is compiled (graphql-jit), which coerces on its own.
    for (let run = 0; run < 2; run++) {
      const modern = await post({ query, variables: { url: 5 } }, GRAPHQL_RESPONSE);
      expect(modern.status).toBe(400);
      expect(modern.body).not.toHaveProperty('data');
      const legacy = await post({ query, variables: { url: null } }, JSON_TYPE);
      expect(legacy.status).toBe(200);
      expect(legacy.body).not.toHaveProperty('data');
    }
  });

  it("answers a variable the app's Long scalar refuses as BAD_USER_INPUT, compiled or not, never as a failure", async () => {
    const query = 'mutation ($id: Long!) { followAuthor(authorId: $id) { following } }';
    for (let run = 0; run < 3; run++) {
      const modern = await post({ query, variables: { id: '../../etc/passwd' } }, GRAPHQL_RESPONSE);
      expect([modern.status, codeOf(modern.body)]).toEqual([400, 'BAD_USER_INPUT']);
      expect(modern.body).not.toHaveProperty('data');
      const legacy = await post({ query, variables: { id: 1.5 } }, JSON_TYPE);
      expect([legacy.status, codeOf(legacy.body)]).toEqual([200, 'BAD_USER_INPUT']);
    }
  });

  it('answers 200 with data when the operation ran, whatever its field errors', async () => {
    for (const accept of [GRAPHQL_RESPONSE, JSON_TYPE]) {
      const answer = await post({ query: '{ myPurchaseList { content { id } } }' }, accept);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveProperty('data');
      expect(codeOf(answer.body)).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a mutation over GET with 405 under both media types, and HEAD altogether', async () => {
    for (const accept of [GRAPHQL_RESPONSE, JSON_TYPE]) {
      const answer = await get({ query: 'mutation { __typename }' }, accept);
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(answer.body).toEqual({
        errors: [expect.objectContaining({ message: 'Operation cannot be performed via a GET request' })],
      });
    }
    const head = await ask({
      method: 'HEAD',
      search: `?${new URLSearchParams({ query: 'mutation { __typename }' })}`,
    });
    expect(head.status).toBe(405);
  });
});

describe('requests that cannot be executed are refused with 400 before the executor', () => {
  const malformed: [string, string][] = [
    ['a numeric query', JSON.stringify({ query: 1 })],
    ['a boolean query', JSON.stringify({ query: true })],
    ['an object query', JSON.stringify({ query: { kind: 'Document' } })],
    ['no query', JSON.stringify({ variables: {} })],
    ['an empty query', JSON.stringify({ query: '  ' })],
    ['a numeric operationName', JSON.stringify({ query: '{ __typename }', operationName: 1 })],
    ['an array as variables', JSON.stringify({ query: '{ __typename }', variables: [1] })],
    ['a string as variables', JSON.stringify({ query: '{ __typename }', variables: '{}' })],
    ['a string as extensions', JSON.stringify({ query: '{ __typename }', extensions: 'x' })],
    ['a batch (an array body)', JSON.stringify([{ query: '{ __typename }' }])],
    ['a JSON string body', JSON.stringify('{ __typename }')],
    ['a body that is not JSON', '{ "query": '],
    ['an empty body', ''],
  ];

  it.each(malformed)('%s', async (_what, body) => {
    for (const accept of [GRAPHQL_RESPONSE, JSON_TYPE, undefined]) {
      const answer = await ask({
        headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).not.toHaveProperty('data');
      expect(codeOf(answer.body)).toBe('BAD_REQUEST');
      expect(answer.body.errors?.[0]?.message).not.toMatch(/went wrong/);
    }
  });

  it('refuses the same over GET: repeated parameters, variables that are not a JSON object', async () => {
    const cases = [
      '?query=%7B__typename%7D&query=%7B__typename%7D',
      '?query=%7B__typename%7D&operationName=a&operationName=b',
      `?${new URLSearchParams({ query: '{ __typename }', variables: '[1]' })}`,
      `?${new URLSearchParams({ query: '{ __typename }', variables: '{ not json' })}`,
      `?${new URLSearchParams({ query: '{ __typename }', extensions: '"x"' })}`,
      '',
    ];
    for (const search of cases) {
      const answer = await ask({ method: 'GET', search, headers: { accept: GRAPHQL_RESPONSE } });
      expect(answer.status, search).toBe(400);
      expect(codeOf(answer.body), search).toBe('BAD_REQUEST');
    }
  });

  it('refuses a POST whose body is not JSON with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', undefined]) {
      const answer = await ask({ headers: type ? { 'content-type': type } : {}, body: '{ __typename }' });
      expect(answer.status, type).toBe(415);
      expect(codeOf(answer.body), type).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(answer.body).not.toHaveProperty('data');
    }
    const bareQuery = await ask({
      headers: { 'content-type': 'application/graphql' },
      body: '{ __typename }',
    });
    expect(bareQuery.body).toEqual({ data: { __typename: 'Query' } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const answer = await post({ query: `{ __typename } # ${'x'.repeat(2 * 1024 * 1024)}` }, GRAPHQL_RESPONSE);
    expect(answer.status).toBe(413);
    expect(codeOf(answer.body)).toBe('BAD_REQUEST');
    expect(answer.body).not.toHaveProperty('data');
  });

  it('refuses a NUL over GET (variables or a string literal) with 400 BAD_USER_INPUT on every field', async () => {
    const asked: [string, Record<string, unknown>][] = [
      ['query ($url: String!) { skin(url: $url) { id } }', { url: 'a\0b' }],
      ['query ($s: String) { skins(search: $s) { content { id } } }', { s: 'a\0b' }],
      ['query ($url: String) { author(url: $url) { id } }', { url: 'a\0b' }],
      ['query ($s: String) { users(search: $s) { content { id } } }', { s: 'a\0b' }],
      [
        'query ($p: PageInput) { skins(page: $p) { content { id } } }',
        { p: { page: 0, size: 5, sortBy: '\0' } },
      ],
      ['query ($v: String) { skins(search: $v) { content { id } } }', { ['k\0']: 1 }],
    ];
    for (const [query, variables] of asked) {
      for (const accept of [GRAPHQL_RESPONSE, JSON_TYPE]) {
        const answer = await get({ query, variables: JSON.stringify(variables) }, accept, admin.token);
        expect(answer.status, query).toBe(400);
        expect(codeOf(answer.body), query).toBe('BAD_USER_INPUT');
      }
    }
    for (const literal of [String.raw`"a\u0000b"`, String.raw`"a\u{0}b"`]) {
      for (const query of [
        `{ skin(url: ${literal}) { id } }`,
        `{ skins(search: ${literal}) { content { id } } }`,
        `{ author(url: ${literal}) { id } }`,
        `{ users(search: ${literal}) { content { id } } }`,
      ]) {
        const answer = await get({ query }, GRAPHQL_RESPONSE, admin.token);
        expect(answer.status, query).toBe(400);
        expect(codeOf(answer.body), query).toBe('BAD_USER_INPUT');
      }
    }
    // The same document without the NUL runs.
    const fine = await get({ query: `{ skin(url: "${skinUrl}") { id } }` }, GRAPHQL_RESPONSE);
    expect(fine.status).toBe(200);
    expect(fine.body.errors).toBeUndefined();
  });
});
