import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../infra/config';
import { helmetOptionsOf, registerSecurityHeaders } from './security-headers';

/** The headers of a page, a GraphQL answer, an error and a 404, but for the ones every answer has. */
async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await register(app);
  app.get('/page', async () => 'a page');
  app.post('/graphql', async (_request, reply) => reply.type('application/json').send('{"data":{}}'));
  app.get('/failing', async () => {
    throw new Error('failed');
  });
  const answers = [];
  for (const [method, path] of [
    ['GET', '/page'],
    ['POST', '/graphql'],
    ['GET', '/failing'],
    ['GET', '/missing'],
  ] as const) {
    const response = await app.inject({ method, url: path, payload: method === 'POST' ? '{}' : undefined });
    answers.push(
      Object.entries(response.headers)
        .filter(
          ([name]) => !['date', 'connection', 'content-length', 'content-type', 'keep-alive'].includes(name),
        )
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  await app.close();
  return answers;
}

describe('security headers', () => {
  it.each(['http://localhost:3000', 'https://skins.example.com'])(
    'are the ones @fastify/helmet sends with the same options, on every answer (%s)',
    async (publicUrl) => {
      const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: publicUrl, VAT_ID: 'CZ12345679' });
      const https = publicUrl.startsWith('https://');
      const ours = await headersOf((app) => registerSecurityHeaders(app, config));
      const helmets = await headersOf(async (app) => {
        await app.register(helmet, await helmetOptionsOf(config));
      });
      expect(ours).toEqual(helmets);
      expect(ours[0]!.map(([name]) => name)).toContain('content-security-policy');
      expect(ours[0]!.some(([name]) => name === 'strict-transport-security')).toBe(https);
    },
  );
});
