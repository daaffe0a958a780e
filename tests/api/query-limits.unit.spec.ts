import { createRequire } from 'node:module';
import type * as GraphQLModule from 'graphql';
import type { DocumentNode, GraphQLInputType, OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import * as generated from '../../web/src/shared/graphql/generated/graphql';
import { queryCostOf, queryShapeRules } from '../../api/graphql/query-limits';
import { typeDefs } from '../../api/graphql/schema';

// The CommonJS graphql, as the server runs it (see query-limits.ts).
const {
  buildSchema,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  print,
  specifiedRules,
  typeFromAST,
  validate,
} = createRequire(import.meta.url)('graphql') as typeof GraphQLModule;
const schema = buildSchema(typeDefs);
const limits = loadConfig({}).graphql;

/** The largest page the server hands out: the web app asks for 20 at most, 100 to link an author's skins. */
const PAGE_SIZE = 100;

/** A value of the variable's type that passes coercion: the cost counts only sizes. */
function sampleOf(type: GraphQLInputType, pageSize: number): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sampleOf(nullable.ofType, pageSize)];
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  if (isInputObjectType(nullable)) {
    if (nullable.name === 'PageInput') return { page: 0, size: pageSize };
    const fields = Object.values(nullable.getFields()).filter((field) => isNonNullType(field.type));
    return Object.fromEntries(fields.map((field) => [field.name, sampleOf(field.type, pageSize)]));
  }
  if (nullable.name === 'Int' || nullable.name === 'Float' || nullable.name === 'Long') return 1;
  if (nullable.name === 'Boolean') return true;
  return '1';
}

const webDocuments = Object.entries(generated)
  .filter(([name]) => name.endsWith('Document'))
  .map(([name, document]) => {
    const operation = (document as DocumentNode).definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    )!;
    return { name: name.replace(/Document$/, ''), document: document as DocumentNode, operation };
  });

function variablesOf(operation: OperationDefinitionNode, pageSize: number) {
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => [
      definition.variable.name.value,
      sampleOf(typeFromAST(schema, definition.type as never) as GraphQLInputType, pageSize),
    ]),
  );
}

describe("the web app's GraphQL documents", () => {
  it('are all checked here', () => {
    expect(webDocuments.length).toBeGreaterThan(30);
  });

  it.each(webDocuments)('$name passes the alias and depth limits', ({ document }) => {
    expect(validate(schema, document, [...specifiedRules, ...queryShapeRules(limits)])).toEqual([]);
  });

  it.each(webDocuments)('$name parses within the token limit, as the browser sends it', ({ document }) => {
    // The text the browser sends (fragments appended), parsed with the server's option.
    expect(() => parse(print(document), { maxTokens: limits.maxTokens })).not.toThrow();
  });

  it.each(webDocuments)(
    '$name costs less than the limit, even with 100 items a page',
    ({ operation, document }) => {
      const cost = queryCostOf(schema, document, variablesOf(operation, PAGE_SIZE), undefined);
      expect(cost).toBeGreaterThan(0);
      expect(cost).toBeLessThanOrEqual(limits.maxCost);
    },
  );
});

describe('queryCostOf', () => {
  const cost = (query: string, variables?: Record<string, unknown>) =>
    queryCostOf(schema, parse(query), variables, undefined);

  it('grows with page.size, whether written in the query or given as a variable', () => {
    const small = cost(`{ skins(page: { page: 0, size: 10 }) { content { id title } } }`);
    const large = cost(`{ skins(page: { page: 0, size: 100 }) { content { id title } } }`);
    expect(large).toBeGreaterThan(small * 9);
    const byVariable = cost(`query ($page: PageInput) { skins(page: $page) { content { id title } } }`, {
      page: { page: 0, size: 100 },
    });
    expect(byVariable).toBe(large);
  });

  it('counts the server-side cap, not a larger page size asked for', () => {
    expect(cost(`{ skins(page: { page: 0, size: 100000 }) { content { id } } }`)).toBe(
      cost(`{ skins(page: { page: 0, size: 100 }) { content { id } } }`),
    );
  });

  it('adds up aliased copies and counts ids', () => {
    const one = cost(`{ a: skins(page: { page: 0, size: 50 }) { content { id } } }`);
    const two = cost(
      `{ a: skins(page: { page: 0, size: 50 }) { content { id } } b: skins(page: { page: 0, size: 50 }) { content { id } } }`,
    );
    expect(two).toBe(one * 2);
    const ids = cost(`query ($ids: [ID!]!) { skinsById(ids: $ids) { id title } }`, {
      ids: Array.from({ length: 1000 }, (_, n) => String(n)),
    });
    expect(ids).toBeGreaterThan(1000);
  });
});
