import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { readHealth } from './health.query';

export async function healthRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get('/api/health', async (_request, reply) => {
    const health = await readHealth(app);
    return reply.status(health.status === 'down' ? 503 : 200).send(health);
  });
}
