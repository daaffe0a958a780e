import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatchUpRunner } from '../../infra/projection-engine/catch-up-runner';
import { createTestApp, graphql, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health', () => {
  it('reports the database and each projection with its lag', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.status).toBe('ok');
    expect(health.databaseLatencyMs).toBeTypeOf('number');
    expect(health.projections).toContainEqual(
      expect.objectContaining({ name: 'event-activity', mode: 'catch-up', eventsBehind: 0, lastError: null }),
    );
  });

  it('answers through GraphQL too', async () => {
    const { status, body } = await graphql(app, '{ health { status projections { name eventsBehind } } }');
    expect(status).toBe(200);
    expect(body.data.health.status).toBe('ok');
    expect(body.data.health.projections).toContainEqual({ name: 'event-activity', eventsBehind: 0 });
  });

  it('tags every answer with a request id, keeping a valid one the caller sent', async () => {
    const own = await app.server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(own.headers['x-request-id']).toBe('trace-42');
    const generated = await app.server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GraphQL errors', () => {
  it('explains an invalid query', async () => {
    const { status, body } = await graphql(app, '{ nothingHere }');
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toContain('Cannot query field "nothingHere"');
  });

  it('refuses queries nested deeper than the limit', async () => {
    // { __type { fields { type { fields { type { … { name } … } } } } } }: twelve levels deep.
    const deep = `{ __type(name: "Query") ${'{ fields { type '.repeat(6)}{ name }${' }'.repeat(12)} }`;
    const { body } = await graphql(app, deep);
    expect(body.errors?.[0].message).toMatch(/depth/i);
  });

  it('hides unexpected failures behind a generic message with a code and the request id', async () => {
    const failing = await createTestApp({
      context: {
        runner: {
          lag: async () => {
            throw new Error('relation "secret_table" does not exist');
          },
        } as unknown as CatchUpRunner,
      },
    });
    try {
      const { body } = await graphql(failing, '{ health { status } }');
      const [error] = body.errors ?? [];
      expect(error.message).not.toContain('secret_table');
      expect(error.extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
      expect(error.extensions.requestId).toBeTruthy();
      const rest = await failing.server.inject({ method: 'GET', url: '/api/health' });
      expect(rest.statusCode).toBe(500);
      expect(rest.body).not.toContain('secret_table');
    } finally {
      await failing.close();
    }
  });
});

describe('web app routing', () => {
  it('answers every page path with the app, uncached', async () => {
    for (const url of [
      '/',
      '/skins/neon-racer',
      '/me/settings',
      '/admin/social-media?s=1',
      '/no/such/page',
    ]) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed bundles with a long cache and other files with a short one', async () => {
    const bundle = await app.server.inject({ method: 'GET', url: '/static/app-1a2b3c.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toContain('immutable');
    const icon = await app.server.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not answer unknown server paths with the app', async () => {
    for (const url of ['/api/nothing', '/public/missing.png', '/assets/nothing']) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ field: null, message: 'Not found.' });
    }
    const skin = await app.server.inject({ method: 'GET', url: '/assets/skin/unknown' });
    expect(skin.statusCode).toBe(404);
    expect(skin.headers['content-type']).toContain('application/json');
    const post = await app.server.inject({ method: 'POST', url: '/skins' });
    expect(post.statusCode).toBe(404);
  });
});
