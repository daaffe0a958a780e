import fc from 'fast-check';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBundle, addSkin } from '../support/shop';
import { createTestApp, graphql, WEB_APP_ACCEPT, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Arbitrary strings and numbers in every argument of every query and mutation, as a visitor, a
// signed-in user and an admin, over POST and GET, as either media type: no answer may be a 500 or an
// INTERNAL_SERVER_ERROR. The argument lists come from the running schema (introspection), so new
// fields are fuzzed without a change here.
let app: TestApp;
let schema: GraphQLSchema;
const tokens: Record<'anonymous' | 'user' | 'admin', string | undefined> = {
  anonymous: undefined,
  user: undefined,
  admin: undefined,
};
/** Ids that exist, so some requests get past the lookups into the handlers. */
const knownIds: string[] = [];
const knownUrls: string[] = [];

/** Runs per root field and actor: about 50 fields × 3 × 18 requests take ~30 s on 2 cores. */
const RUNS_PER_FIELD = 18;

beforeAll(async () => {
  app = await createTestApp({ config: { authRateLimitPerMinute: 100_000 } });
  const [author, admin] = await Promise.all([
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  tokens.user = author.token;
  tokens.admin = admin.token;
  const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  const bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [skin.id] });
  knownIds.push(String(skin.id), String(bundle.id), String(author.id));
  knownUrls.push(skin.url, bundle.url);
  const introspection = await graphql(app, getIntrospectionQuery());
  schema = buildClientSchema(introspection.body.data as IntrospectionQuery);
});

afterAll(async () => {
  await app.close();
});

/** Text as attackers and careless clients send it: any Unicode, NUL, prototype names, long runs, numbers as text. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\0',
    'a\0b',
    '__proto__',
    'constructor',
    'toString',
    '\u200b\u200b\u200b\u200b',
    '\u202eevil',
    '%00',
    '../../etc/passwd',
    "' OR 1=1 --",
    '-1',
    '1e400',
    '9'.repeat(40),
    'x'.repeat(5000),
  ),
  fc.constantFrom(...['1', '2', '3']).map((n) => knownIds[Number(n) - 1] ?? n),
  fc.constant(null).map(() => knownUrls[0] ?? 'skin'),
);
const integer = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 100_000, 101),
);
const number = fc.oneof(
  integer,
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  fc.constantFrom(0.001, -0.5, 1e9, 499.999),
);

/** A value for an argument of this type, sometimes of the wrong kind (a string for a number). */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const nullable = getNullableType(type);
  const orNull = (value: fc.Arbitrary<unknown>) =>
    isNonNullType(type)
      ? value
      : fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) });
  if (isListType(nullable)) {
    return orNull(fc.array(valueOf(nullable.ofType, depth + 1), { maxLength: depth > 1 ? 2 : 6 }));
  }
  if (isEnumType(nullable)) {
    return orNull(fc.constantFrom(...nullable.getValues().map((value) => value.value as unknown)));
  }
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields());
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of fields) record[field.name] = valueOf(field.type, depth + 1);
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    return orNull(fc.record(record, { requiredKeys: required }));
  }
  switch (nullable.name) {
    case 'Int':
      return orNull(integer);
    case 'Float':
      return orNull(number);
    case 'Long':
      return orNull(fc.oneof(integer, fc.constantFrom(2 ** 53, -(2 ** 53)), text));
    case 'Boolean':
      return orNull(fc.boolean());
    default:
      return orNull(fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: number.map(String) }));
  }
}

/** How the request travels: POST with a JSON body or GET with the query string, and what it accepts. */
const transport = fc.record({
  method: fc.constantFrom('POST' as const, 'GET' as const),
  accept: fc.constantFrom(WEB_APP_ACCEPT, 'application/json'),
});

async function ask(
  { method, accept }: { method: 'POST' | 'GET'; accept: string },
  query: string,
  variables: Record<string, unknown>,
  token: string | undefined,
) {
  const response = await app.server.inject({
    method,
    // In a GET, the variables travel as JSON text (a NUL in them as the escape \u0000).
    url:
      method === 'GET'
        ? `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`
        : '/graphql',
    headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'POST' ? { payload: { query, variables } } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as { errors?: { extensions?: { code?: string } }[] },
  };
}

type RootField = { operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> };

/** The request for one root field: every argument a variable, the answer's type name as the selection. */
function documentOf({ operation, field }: RootField): string {
  const variables = field.args.map((argument) => `$${argument.name}: ${String(argument.type)}`);
  const args = field.args.map((argument) => `${argument.name}: $${argument.name}`);
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${operation} Fuzz${variables.length ? `(${variables.join(', ')})` : ''} { ${field.name}${
    args.length ? `(${args.join(', ')})` : ''
  }${selection} }`;
}

function rootFields(): RootField[] {
  const queries = Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
    operation: 'query' as const,
    field,
  }));
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
    operation: 'mutation' as const,
    field,
  }));
  return [...queries, ...mutations];
}

describe('GraphQL fuzzing', () => {
  it('covers every query and mutation of the schema', () => {
    const names = rootFields().map(({ field }) => field.name);
    expect(names).toEqual(
      expect.arrayContaining(['skins', 'updateMyUser', 'createSkin', 'createComment', 'rateSkin']),
    );
    expect(names.length).toBeGreaterThan(40);
  });

  it(
    'answers arbitrary arguments with data or a client error, never a 500',
    { timeout: 120_000 },
    async () => {
      for (const root of rootFields()) {
        const query = documentOf(root);
        const variablesArbitrary = fc.record(
          Object.fromEntries(root.field.args.map((argument) => [argument.name, valueOf(argument.type)])),
        );
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('anonymous', 'user', 'admin' as const),
            variablesArbitrary,
            transport,
            async (actor, variables, how) => {
              const answer = await ask(
                how,
                query,
                variables as Record<string, unknown>,
                tokens[actor as keyof typeof tokens],
              );
              const codes = (answer.body.errors ?? []).map((error) => error.extensions?.code);
              if (answer.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) {
                throw new Error(
                  `${root.field.name} as ${actor} over ${how.method} answered ${answer.status}: ${JSON.stringify(answer.body.errors)}`,
                );
              }
            },
          ),
          { numRuns: RUNS_PER_FIELD * 3 },
        );
      }
    },
  );
});
