import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { containsNul, NUL_MESSAGE } from '../nul-characters';

/**
 * GraphQL over HTTP as its specification (graphql.github.io/graphql-over-http) has it: which media
 * type an answer is sent as, which requests are refused before the executor sees them, and which
 * status code each kind of answer gets. docs/security.md, "GraphQL over HTTP", says it in prose.
 */

export const GRAPHQL_PATH = '/graphql';
/** The specification's media type: its status codes tell a request that never ran from one that did. */
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
/** The older one, for clients that read the body only: well-formed requests answer 200. */
export const PLAIN_JSON = 'application/json';
export type GraphQLMediaType = typeof GRAPHQL_RESPONSE_JSON | typeof PLAIN_JSON;

/** In this order, so that `*∕*` and a missing Accept header pick application/json (the default). */
const OFFERED: GraphQLMediaType[] = [PLAIN_JSON, GRAPHQL_RESPONSE_JSON];

/** What a GraphQL request asks, once checked: every GraphQL path reads it from here. */
export type GraphQLParams = {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown> | null;
  extensions: Record<string, unknown> | null;
};

/** A GraphQL string literal's escape that decodes to NUL: `\u0000` or `\u{0}`. */
const GRAPHQL_NUL_ESCAPE = /\\u(?:0000|\{0+\})/i;

/** The request bodies a POST may carry: JSON, and the bare query text Mercurius also reads. */
const POST_BODY_TYPES = new Set(['application/json', 'application/graphql']);

function bodyTypeOf(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

const mediaTypes = new WeakMap<FastifyRequest, GraphQLMediaType>();
const checkedParams = new WeakMap<FastifyRequest, GraphQLParams>();

export function isGraphQLRequest(request: FastifyRequest): boolean {
  return request.routeOptions.url === GRAPHQL_PATH && (request.method === 'GET' || request.method === 'POST');
}

/** The media type this request's answer is sent as (application/json until negotiated). */
export function mediaTypeOf(request: FastifyRequest): GraphQLMediaType {
  return mediaTypes.get(request) ?? PLAIN_JSON;
}

/** The request's checked parameters; undefined before the check or for a refused request. */
export function graphqlParamsOf(request: FastifyRequest): GraphQLParams | undefined {
  return checkedParams.get(request);
}

/**
 * The best offered media type for an Accept header (q-values, wildcards and the client's order
 * count, negotiator's rules); application/json without one; null when it names neither.
 */
export function negotiateMediaType(accept: string | undefined): GraphQLMediaType | null {
  if (accept === undefined || accept.trim() === '') return PLAIN_JSON;
  const chosen = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
  return (chosen as GraphQLMediaType | undefined) ?? null;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A map parameter: absent or null, or a JSON object (in a GET, the JSON text of one). */
function mapParameter(
  name: 'variables' | 'extensions',
  value: unknown,
  fromQueryString: boolean,
): { value: Record<string, unknown> | null } | { refusal: string } {
  if (value === undefined || value === null) return { value: null };
  let parsed = value;
  if (fromQueryString) {
    if (typeof value !== 'string') return { refusal: `The ${name} parameter must be given once.` };
    try {
      parsed = JSON.parse(value);
    } catch {
      return { refusal: `The ${name} parameter is not valid JSON.` };
    }
    if (parsed === null) return { value: null };
  }
  if (!isMap(parsed)) return { refusal: `The ${name} parameter must be a JSON object.` };
  return { value: parsed };
}

/**
 * Checks what a GraphQL request asks: a JSON object with a non-empty string `query`, a string (or
 * null) `operationName`, and JSON objects (or null) as `variables` and `extensions`, without NUL.
 * A GET carries them in its query string, `variables` and `extensions` as JSON text.
 */
export function checkGraphQLParams(
  method: string,
  source: unknown,
): { params: GraphQLParams } | { refusal: string; code: 'BAD_REQUEST' | 'BAD_USER_INPUT' } {
  const fromQueryString = method === 'GET';
  const bad = (refusal: string) => ({ refusal, code: 'BAD_REQUEST' as const });
  if (!isMap(source)) return bad('The request body must be a JSON object with a "query" string.');
  const { query, operationName } = source;
  if (query === undefined || query === null) return bad('The request has no "query" parameter.');
  if (typeof query !== 'string') return bad('The "query" parameter must be a string.');
  if (query.trim() === '') return bad('The "query" parameter is empty.');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return bad('The "operationName" parameter must be a string.');
  }
  const variables = mapParameter('variables', source.variables, fromQueryString);
  if ('refusal' in variables) return bad(variables.refusal);
  const extensions = mapParameter('extensions', source.extensions, fromQueryString);
  if ('refusal' in extensions) return bad(extensions.refusal);
  const params: GraphQLParams = {
    query,
    operationName: operationName ?? null,
    variables: variables.value,
    extensions: extensions.value,
  };
  // PostgreSQL cannot store NUL in text and no field has a use for it (nul-characters.ts); here
  // also inside a GET's variables, which arrive as JSON text, and as a string literal's escape.
  if (containsNul(params) || GRAPHQL_NUL_ESCAPE.test(query)) {
    return { refusal: NUL_MESSAGE, code: 'BAD_USER_INPUT' };
  }
  return { params };
}

/** A GraphQL request refused before execution: no `data` entry, one error with its code. */
export function refuseGraphQLRequest(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  code: string,
): FastifyReply {
  return reply.status(statusCode).send({ errors: [{ message, extensions: { code } }] });
}

/** What a GraphQL answer with errors was: never run, run, or a failure of the server. */
export type AnswerKind =
  /** A well-formed request whose operation was refused (syntax, validation, variables, a limit). */
  | 'refused-operation'
  /** Refused for what the HTTP request is (method, media type, size, malformed body): its own status. */
  | { refusedWith: number }
  | 'executed'
  | 'server-failure';

/**
 * The status code for an answer with errors, by the negotiated media type. With
 * application/graphql-response+json, a request that never executed answers 4xx (400 unless the
 * HTTP request itself was wrong, e.g. 405 for a mutation over GET); with application/json every
 * well-formed request answers 200, as legacy clients expect. Executed requests answer 200 in both.
 */
export function statusCodeFor(mediaType: GraphQLMediaType, kind: AnswerKind): number {
  if (kind === 'executed') return 200;
  if (kind === 'server-failure') return 500;
  if (kind === 'refused-operation') return mediaType === GRAPHQL_RESPONSE_JSON ? 400 : 200;
  return kind.refusedWith;
}

type ErrorLike = { originalError?: unknown };

/**
 * What an answer with errors was, from Mercurius' execution result: `data` present means it ran;
 * otherwise the first error tells why it did not (the one Mercurius threw, or the executor's own
 * refusal of the variables). `failedOnServer` tells whether the answer reports an unexpected
 * failure (INTERNAL_SERVER_ERROR): anything else that kept the operation from running was about
 * the operation (a scalar refusing a variable, say).
 */
export function answerKindOf(
  execution: { data?: unknown; errors: readonly ErrorLike[] },
  isOperationRefusal: (error: unknown) => boolean,
  failedOnServer: boolean,
): AnswerKind {
  if (execution.data !== undefined) return 'executed';
  const original = execution.errors[0]?.originalError as { code?: unknown; statusCode?: unknown } | undefined;
  if (original?.code === 'MER_ERR_GQL_VALIDATION' || (original && isOperationRefusal(original))) {
    return 'refused-operation';
  }
  const status = original?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 600) return { refusedWith: status };
  return failedOnServer ? 'server-failure' : 'refused-operation';
}

/**
 * The status and body of an answer with errors: the status by `statusCodeFor`, and no `data`
 * entry when the operation never ran (GraphQL's rule for request errors).
 */
export function answerWithErrors<Response extends { data?: unknown }>(
  request: FastifyRequest | undefined,
  kind: AnswerKind,
  response: Response,
): { statusCode: number; response: Response } {
  const statusCode = statusCodeFor(request ? mediaTypeOf(request) : PLAIN_JSON, kind);
  if (kind === 'executed') return { statusCode, response };
  const { data: _data, ...withoutData } = response;
  return { statusCode, response: withoutData as Response };
}

function appendVary(reply: FastifyReply, header: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', header);
  else if (
    !String(vary)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(header.toLowerCase())
  ) {
    reply.header('vary', `${String(vary)}, ${header}`);
  }
}

/**
 * Registers, for every route, the GraphQL endpoint's negotiation and request check (registered
 * before the request guards, the query limits and the response cache, so each of them sees only a
 * request that passed it): Accept is negotiated when the request arrives (406 when it offers
 * neither media type), the parameters are checked once the body is read (400 with a message when
 * the request cannot be executed), and every answer is sent as the negotiated media type.
 */
export function registerGraphQLOverHttp(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    // Fastify answers HEAD with the GET route's handler, which checks only a GET for mutations.
    if (request.routeOptions.url === GRAPHQL_PATH && request.method === 'HEAD') {
      return refuseGraphQLRequest(
        reply.header('allow', 'GET, POST'),
        405,
        'GraphQL requests are a GET (queries only) or a POST.',
        'METHOD_NOT_ALLOWED',
      );
    }
    if (!isGraphQLRequest(request)) return;
    const mediaType = negotiateMediaType(request.headers.accept);
    if (mediaType === null) {
      return refuseGraphQLRequest(
        reply,
        406,
        `GraphQL answers are sent as ${GRAPHQL_RESPONSE_JSON} or ${PLAIN_JSON}; the Accept header names neither.`,
        'NOT_ACCEPTABLE',
      );
    }
    mediaTypes.set(request, mediaType);
    // Before the body is read: Fastify would read text/plain, and refuse other types its own way.
    if (request.method === 'POST' && !POST_BODY_TYPES.has(bodyTypeOf(request))) {
      return refuseGraphQLRequest(
        reply,
        415,
        'A GraphQL POST sends its request as application/json (Content-Type).',
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
  });
  fastify.addHook('preValidation', async (request, reply) => {
    if (!isGraphQLRequest(request)) return;
    const checked = checkGraphQLParams(
      request.method,
      request.method === 'GET' ? request.query : request.body,
    );
    if ('refusal' in checked) return refuseGraphQLRequest(reply, 400, checked.refusal, checked.code);
    checkedParams.set(request, checked.params);
    if (request.method === 'POST') {
      // What Mercurius executes is what was checked; a null `extensions` is left out, as its
      // route's schema wants an object there.
      const { extensions, ...rest } = checked.params;
      request.body = extensions === null ? rest : checked.params;
    }
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!isGraphQLRequest(request)) return payload;
    // The answer's body and status depend on Accept: shared caches must keep them apart.
    appendVary(reply, 'Accept');
    reply.header('content-type', `${mediaTypeOf(request)}; charset=utf-8`);
    if (reply.statusCode === 405) reply.header('allow', 'POST');
    return payload;
  });
}
