import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getOperationAST } from 'graphql';
import type { AppContext } from '../app-context';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time check of `Authorization: Bearer <token>` (digests, so lengths leak nothing either). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics: request latency by route pattern and GraphQL operations are recorded here,
 * everything else is read when scraped (infra/metrics/app-metrics.ts). Open unless METRICS_TOKEN is set.
 */
export async function metricsRoutes(fastify: FastifyInstance, app: AppContext) {
  const { metrics } = app;
  fastify.addHook('onResponse', async (request, reply) => {
    metrics.httpRequests.observe(
      {
        method: request.method,
        // The pattern, never the path: /api/skins/:id is one series, not one per skin.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  fastify.graphql.addHook('preExecution', async (_schema, document, context) => {
    const body = context.reply.request.body as { operationName?: unknown } | undefined;
    const operationName = typeof body?.operationName === 'string' ? body.operationName : undefined;
    const operation = getOperationAST(document, operationName);
    metrics.countOperation(
      context.reply.request,
      operation?.operation ?? 'unknown',
      operation?.name?.value ?? operationName,
    );
  });

  fastify.get('/metrics', async (request, reply) => {
    const token = app.config.metricsToken;
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ field: null, message: 'A valid metrics token is required.' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
