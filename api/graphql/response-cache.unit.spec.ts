import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerGraphQLOverHttp } from './graphql-over-http';
import { CatalogueResponseCache } from './response-cache';

// The cache's memory bound, on a stand-in /graphql route whose answers are as long as asked.
let fastify: FastifyInstance | null = null;
afterEach(async () => {
  await fastify?.close();
  fastify = null;
});

async function serverWith(cache: CatalogueResponseCache) {
  fastify = Fastify();
  // As the app registers them: the cache reads the parameters the endpoint's check let through.
  registerGraphQLOverHttp(fastify);
  cache.register(fastify);
  fastify.post('/graphql', async (request, reply) => {
    const { variables } = request.body as { variables: { bytes: number } };
    return reply
      .type('application/json')
      .send(JSON.stringify({ data: { skins: 'x'.repeat(variables.bytes) } }));
  });
  await fastify.ready();
  return (bytes: number, tag: number) =>
    fastify!.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ skins { content { id } } }', variables: { bytes, tag } },
    });
}

describe('the response cache', () => {
  it('keeps its answers within the total byte limit, forgetting the least recently served first', async () => {
    const cache = new CatalogueResponseCache({ maxBytes: 10_000 });
    cache.setLive(true);
    const ask = await serverWith(cache);
    for (let tag = 1; tag <= 10; tag++) {
      expect((await ask(3_000, tag)).headers['x-cache']).toBe('miss');
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.bytes).toBeGreaterThan(6_000);
    // The latest answers are kept, the first ones were forgotten to make room.
    expect((await ask(3_000, 10)).headers['x-cache']).toBe('hit');
    expect((await ask(3_000, 1)).headers['x-cache']).toBe('miss');
  });

  it('serves a kept answer as the media type each request negotiated', async () => {
    const cache = new CatalogueResponseCache({ maxBytes: 10_000 });
    cache.setLive(true);
    await serverWith(cache);
    const ask = (accept: string) =>
      fastify!.inject({
        method: 'POST',
        url: '/graphql',
        headers: { accept },
        payload: { query: '{ skins { content { id } } }', variables: { bytes: 10 } },
      });
    const first = await ask('application/json');
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const modern = await ask('application/graphql-response+json, application/json');
    expect(modern.headers['x-cache']).toBe('hit');
    expect(modern.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(modern.body).toBe(first.body);
    expect(modern.headers.vary).toMatch(/accept/i);
  });

  it('keeps no answer larger than the whole limit, and frees the bytes of what it forgets', async () => {
    const cache = new CatalogueResponseCache({ maxBytes: 10_000 });
    cache.setLive(true);
    const ask = await serverWith(cache);
    await ask(20_000, 1);
    expect(cache.bytes).toBe(0);
    expect((await ask(20_000, 1)).headers['x-cache']).toBe('miss');
    await ask(2_000, 2);
    expect(cache.bytes).toBeGreaterThan(2_000);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it('drops the answers ordered by downloads when download counts change, keeping the others', async () => {
    const cache = new CatalogueResponseCache({ maxBytes: 100_000 });
    cache.setLive(true);
    await serverWith(cache);
    const ask = (query: string) =>
      fastify!.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { bytes: 10 } } });
    const queries = {
      plain: '{ skins { content { id } } }',
      more: '{ skin(url: "a") { moreFromAuthor { id } } }',
      samples: '{ authors { content { sampleSkins { id } } } }',
    };
    for (const query of Object.values(queries)) expect((await ask(query)).headers['x-cache']).toBe('miss');
    cache.invalidate('downloads');
    expect((await ask(queries.plain)).headers['x-cache']).toBe('hit');
    expect((await ask(queries.more)).headers['x-cache']).toBe('miss');
    expect((await ask(queries.samples)).headers['x-cache']).toBe('miss');
  });

  it('drops on a download count only the answers whose fields or order read downloads', async () => {
    const cache = new CatalogueResponseCache();
    cache.setLive(true);
    fastify = Fastify();
    registerGraphQLOverHttp(fastify);
    cache.register(fastify);
    fastify.post('/graphql', async (_request, reply) => reply.type('application/json').send('{"data":{}}'));
    await fastify.ready();
    const ask = (sortBy: string) =>
      fastify!.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: 'query ($page: PageInput) { skins(page: $page) { content { id } } }',
          variables: { page: { page: 0, size: 15, sortBy } },
        },
      });
    for (const sortBy of ['title', 'trending', 'downloads']) await ask(sortBy);
    cache.invalidate('downloads');
    expect((await ask('title')).headers['x-cache']).toBe('hit');
    expect((await ask('trending')).headers['x-cache']).toBe('miss');
    expect((await ask('downloads')).headers['x-cache']).toBe('miss');
  });

  it('keeps the trending answers for their UTC day only: their order moves when the day changes', async () => {
    let now = new Date('2026-06-20T23:59:00Z');
    const cache = new CatalogueResponseCache({ now: () => now });
    cache.setLive(true);
    fastify = Fastify();
    registerGraphQLOverHttp(fastify);
    cache.register(fastify);
    fastify.post('/graphql', async (_request, reply) => reply.type('application/json').send('{"data":{}}'));
    await fastify.ready();
    const ask = (sortBy: string) =>
      fastify!.inject({
        method: 'POST',
        url: '/graphql',
        payload: {
          query: 'query ($page: PageInput) { skins(page: $page) { content { id } } }',
          variables: { page: { page: 0, size: 15, sortBy } },
        },
      });
    for (const sortBy of ['title', 'trendingWeek', 'trendingMonth']) await ask(sortBy);
    expect((await ask('trendingWeek')).headers['x-cache']).toBe('hit');
    now = new Date('2026-06-21T00:01:00Z');
    expect((await ask('title')).headers['x-cache']).toBe('hit');
    expect((await ask('trendingWeek')).headers['x-cache']).toBe('miss');
    expect((await ask('trendingMonth')).headers['x-cache']).toBe('miss');
    expect((await ask('trendingWeek')).headers['x-cache']).toBe('hit');
  });

  it('keeps one answer per document, operation name and variables, long variables and many documents too', async () => {
    const cache = new CatalogueResponseCache();
    cache.setLive(true);
    fastify = Fastify();
    registerGraphQLOverHttp(fastify);
    cache.register(fastify);
    // Each answer tells what it was asked, so a wrong hit shows.
    fastify.post('/graphql', async (request, reply) =>
      reply.type('application/json').send(JSON.stringify({ data: { asked: request.body } })),
    );
    await fastify.ready();
    const ask = async (payload: object) => {
      const response = await fastify!.inject({ method: 'POST', url: '/graphql', payload });
      // The route sees the parameters as the endpoint's check hands them on (absent ones null).
      expect(JSON.parse(response.body)).toEqual({
        data: { asked: { operationName: null, variables: null, ...payload } },
      });
      return response.headers['x-cache'];
    };
    const named = 'query A { skins { content { id } } } query B { skins { content { title } } }';
    const long = (end: string) => ({
      query: '{ skins { content { id } } }',
      variables: { x: 'v'.repeat(300) + end },
    });
    const asks = [
      { query: named, operationName: 'A' },
      { query: named, operationName: 'B' },
      { query: '{ skins { content { id } } }' },
      { query: '{ skins { content { id } } }', variables: { a: 1 } },
      { query: '{ skins { content { id } } }', variables: { a: 2 } },
      long('1'),
      long('2'),
    ];
    for (const payload of asks) expect(await ask(payload)).toBe('miss');
    for (const payload of asks) expect(await ask(payload)).toBe('hit');
    // More documents than it remembers: their facts are worked out again, never mixed up.
    for (let i = 0; i < 2_100; i++) await ask({ query: `{ skins { content { id } } } # ${i}` });
    for (const payload of asks) expect(await ask(payload)).not.toBe(undefined);
    expect(await ask({ query: named, operationName: 'B' })).toBe('hit');
    // About 2,100 requests: seconds on a busy machine.
  }, 30_000);
});
