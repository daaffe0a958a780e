import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NUL = '\0';
/** A NUL written as an escape inside a GraphQL string literal: `\u0000` or `\u{0}`. */
const GRAPHQL_NUL_ESCAPE = /\\u(?:0000|\{0+\})/i;
const MESSAGE = 'The request contains a NUL character, which no field accepts.';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  // Own enumerable keys, as Object.entries gives them, without an array of pairs per object (this
  // runs on the headers and body of every request).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL) || containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

async function refuse(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.url === '/graphql') {
    return reply
      .status(400)
      .send({ data: null, errors: [{ message: MESSAGE, extensions: { code: 'BAD_USER_INPUT' } }] });
  }
  return reply.status(400).send({ field: null, message: MESSAGE });
}

/**
 * Refuses requests carrying a NUL character in the path, query, a header or the JSON body (GraphQL
 * variables and string literals included) with 400: PostgreSQL cannot store NUL in text, and no
 * name, title or code has a use for it, so such input is bad input rather than a server failure.
 */
export function registerRequestGuards(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (url.includes(NUL) || /%00/i.test(url) || containsNul(request.headers)) return refuse(request, reply);
  });
  fastify.addHook('preValidation', async (request, reply) => {
    const body = request.body as { query?: unknown } | undefined;
    if (containsNul(body) || containsNul(request.query) || containsNul(request.params)) {
      return refuse(request, reply);
    }
    if (
      request.routeOptions.url === '/graphql' &&
      typeof body?.query === 'string' &&
      GRAPHQL_NUL_ESCAPE.test(body.query)
    ) {
      return refuse(request, reply);
    }
  });
}
