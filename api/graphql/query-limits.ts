import { createRequire } from 'node:module';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  DocumentNode,
  GraphQLError as GraphQLErrorType,
  GraphQLOutputType,
  GraphQLSchema,
  ValidationRule,
} from 'graphql';
import type * as GraphQLModule from 'graphql';
import type { ComplexityEstimatorArgs } from 'graphql-query-complexity';
import type * as QueryComplexityModule from 'graphql-query-complexity';
import { graphqlParamsOf, isGraphQLRequest, mediaTypeOf, statusCodeFor } from './graphql-over-http';
import { enterHeavyQueryGate, type HeavyQueryGate } from './heavy-query-gate';
import { MAX_PAGE_SIZE } from './paging';

// graphql's CommonJS build, the one Mercurius and graphql-query-complexity's CommonJS build use: its
// type checks (instanceof) fail on objects of its ES-module twin, which bundling test runners pick.
const require = createRequire(import.meta.url);
const { GraphQLError, getNamedType, isLeafType, isListType, isNonNullType } =
  require('graphql') as typeof GraphQLModule;
const { getComplexity } = require('graphql-query-complexity') as typeof QueryComplexityModule;

/** The limits one GraphQL request is held to (docs/security.md; set in infra/config.ts). */
export type GraphQLLimits = {
  /** Largest estimated number of values one operation may ask for (see `queryCostOf`). */
  maxCost: number;
  /** Aliased fields per operation (`a: skins`, `b: skins`, ...). */
  maxAliases: number;
  /** Nesting of selections; the standard introspection query is exempt. */
  maxDepth: number;
  /** Largest JSON answer sent; a bigger one is replaced by a RESPONSE_TOO_LARGE error. */
  maxResponseBytes: number;
};

export type QueryLimitCode =
  'QUERY_TOO_COMPLEX' | 'TOO_MANY_ALIASES' | 'QUERY_TOO_DEEP' | 'RESPONSE_TOO_LARGE';

/** A request refused by a limit: answered with `extensions.code` (status: graphql-over-http.ts). */
export class QueryLimitError extends Error {
  override name = 'QueryLimitError';
  constructor(
    readonly code: QueryLimitCode,
    message: string,
  ) {
    super(message);
  }
}

/** What a list without a size argument is assumed to hold (a skin's pictures, a bundle's skins). */
const UNSIZED_LIST_ESTIMATE = 10;
/** The longest `length` a statistics query accepts. */
const MAX_LENGTH_ARGUMENT = 50;

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : null;
}

/**
 * How many items a field hands out: `page.size` (capped as the server caps it), `length`, the
 * number of `ids`, or a fixed estimate for other lists. Introspection fields count once each, so
 * tools' standard schema query stays cheap.
 */
function itemsOf({ type, field, args }: ComplexityEstimatorArgs): number {
  if (type.name.startsWith('__') || field.name.startsWith('__')) return 1;
  if (field.args.some((argument) => argument.name === 'page')) {
    const size = positiveInteger((args.page as { size?: unknown } | undefined)?.size);
    return Math.min(size ?? UNSIZED_LIST_ESTIMATE * 2, MAX_PAGE_SIZE);
  }
  // A page's content: its field's page.size already counted the items.
  if (type.name.endsWith('Page') && field.name === 'content') return 1;
  if (!isList(field.type)) return 1;
  if (Array.isArray(args.ids)) return Math.max(1, args.ids.length);
  const length = positiveInteger(args.length);
  if (length !== null) return Math.min(length, MAX_LENGTH_ARGUMENT);
  return UNSIZED_LIST_ESTIMATE;
}

/** Each field costs 1, and its selection costs again for each item it hands out. */
function fieldCost(options: ComplexityEstimatorArgs): number {
  const items = itemsOf(options);
  // A leaf list (colors, ids) is one value per item; an object list repeats its whole selection.
  const leaf = isLeafType(getNamedType(options.field.type));
  return leaf ? items : 1 + options.childComplexity * items;
}

/**
 * The estimated number of values an operation asks for, computed before it runs from the document
 * and its variables. Throws QueryLimitError when the document is too large to estimate.
 */
export function queryCostOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): number {
  try {
    return getComplexity({
      schema,
      query: document,
      variables: variables ?? {},
      ...(operationName ? { operationName } : {}),
      estimators: [fieldCost],
    });
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) {
      throw new QueryLimitError('QUERY_TOO_COMPLEX', 'The query selects too many fields.');
    }
    // Wrong variables: execution reports them as it always does.
    return 0;
  }
}

/** Validation rules (no variables needed, so Mercurius keeps caching validated documents). */
export function queryShapeRules(limits: GraphQLLimits): ValidationRule[] {
  return [
    maxAliasesRule({
      n: limits.maxAliases,
      propagateOnRejection: false,
      onReject: [
        (context) =>
          context?.reportError(
            new GraphQLError(`A query may use at most ${limits.maxAliases} aliases.`, {
              extensions: { code: 'TOO_MANY_ALIASES' },
            }),
          ),
      ],
    }),
    maxDepthRule({
      n: limits.maxDepth,
      // Fragments add no level of their own; tools' introspection query (__schema) is exempt.
      flattenFragments: true,
      ignoreIntrospection: true,
      propagateOnRejection: false,
      onReject: [
        (context) =>
          context?.reportError(
            new GraphQLError(
              `The query depth is above the limit: selections may nest at most ${limits.maxDepth} levels.`,
              {
                extensions: { code: 'QUERY_TOO_DEEP' },
              },
            ),
          ),
      ],
    }),
  ];
}

/** A refusal as the GraphQL answer carries it, or null when the error is of another kind. */
export function limitErrorOf(error: GraphQLErrorType): GraphQLErrorType | null {
  const original = error.originalError;
  if (!(original instanceof QueryLimitError)) return null;
  return new GraphQLError(original.message, { extensions: { code: original.code } });
}

/**
 * Refuses, before execution, an operation whose estimated cost is above the limit, and replaces an
 * answer larger than the response limit by an error (registered before the response cache, so an
 * oversized answer is never kept).
 */
export function registerQueryLimits(fastify: FastifyInstance, limits: GraphQLLimits): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!isGraphQLRequest(request) || typeof payload !== 'string') return payload;
    // A character takes at most 3 bytes in UTF-8 (a surrogate pair 4 for its 2): most answers are
    // told small without counting their bytes.
    if (payload.length * 3 <= limits.maxResponseBytes) return payload;
    if (Buffer.byteLength(payload) <= limits.maxResponseBytes) return payload;
    request.log.warn({ bytes: Buffer.byteLength(payload) }, 'GraphQL answer above the response limit');
    // Refused rather than answered: no `data`, and the status of a refused operation.
    reply.code(statusCodeFor(mediaTypeOf(request), 'refused-operation'));
    return JSON.stringify({
      errors: [
        {
          message: `The answer would be larger than ${limits.maxResponseBytes} bytes: ask for fewer items or fields.`,
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
  });
}

/**
 * The Mercurius hook: cost of the operation with its variables, checked before any resolver runs;
 * a heavy one then waits for its place at the gate (heavy-query-gate.ts), when one is given.
 */
export function costLimitHook(limits: GraphQLLimits, gate?: HeavyQueryGate) {
  return async (
    schema: GraphQLSchema,
    document: DocumentNode,
    context: { reply?: { request: FastifyRequest } },
    variables: Record<string, unknown> | undefined,
  ): Promise<void> => {
    const request = context.reply?.request;
    const operationName = (request && graphqlParamsOf(request)?.operationName) ?? undefined;
    const cost = queryCostOf(schema, document, variables, operationName);
    if (cost > limits.maxCost) {
      throw new QueryLimitError(
        'QUERY_TOO_COMPLEX',
        `The query asks for too much at once (cost ${cost}, at most ${limits.maxCost}): ask for fewer items or fields.`,
      );
    }
    if (gate) await enterHeavyQueryGate(gate, cost, context.reply?.request);
  };
}
