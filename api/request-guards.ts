import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGraphQLRequest, refuseGraphQLRequest } from './graphql/graphql-over-http';
import { containsNul, NUL, NUL_MESSAGE } from './nul-characters';

async function refuse(request: FastifyRequest, reply: FastifyReply) {
  if (isGraphQLRequest(request)) return refuseGraphQLRequest(reply, 400, NUL_MESSAGE, 'BAD_USER_INPUT');
  return reply.status(400).send({ field: null, message: NUL_MESSAGE });
}

/**
 * Refuses requests carrying a NUL character in the path, query, a header or the JSON body with
 * 400: PostgreSQL cannot store NUL in text, and no name, title or code has a use for it, so such
 * input is bad input rather than a server failure. GraphQL requests are also checked after their
 * parameters are read (a GET's variables, string literals): graphql/graphql-over-http.ts.
 */
export function registerRequestGuards(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (url.includes(NUL) || /%00/i.test(url) || containsNul(request.headers)) return refuse(request, reply);
  });
  fastify.addHook('preValidation', async (request, reply) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      return refuse(request, reply);
    }
  });
}
