import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { readHealth } from './health.query';
import { RETRY_AFTER_SECONDS } from '../service-unavailable';

export async function healthRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get('/api/health', async (_request, reply) => {
    const health = await readHealth(app);
    if (health.status === 'down') reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.send(health);
  });
}
