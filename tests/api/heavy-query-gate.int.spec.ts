import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import { addSkin } from '../support/shop';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// The gate of heavy GraphQL operations (api/graphql/heavy-query-gate.ts), set small through the
// configuration: one runs, one waits, the others are refused with 503 SERVER_BUSY and Retry-After.
let app: TestApp;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp' }).graphql;
  app = await createTestApp({
    config: { graphql: { ...defaults, heavy: { maxRunning: 1, maxWaiting: 1, maxWaitMs: 30_000 } } },
  });
  const author = await createUser(app);
  for (let n = 0; n < 40; n++)
    await addSkin(app, { authorId: author.id, priceCents: 300, title: `Gate ${n}` });
});

afterAll(async () => {
  await app.close();
});

/** Five aliased pages of 100 cards: an estimated cost above 5,000, so a heavy operation. */
const heavyQuery = (n: number) =>
  `query Heavy${n} { ${Array.from(
    { length: 5 },
    (_, i) => `a${i}: skins(page: { page: 0, size: 100 }) {
      content { id url title description type price published createdAt author { id username } thumbnail { id } rating { average } }
    }`,
  ).join('\n')} }`;

const send = (query: string) =>
  app.server.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: { query },
  });

describe('more heavy operations at once than the gate admits', () => {
  it('answers the extra ones 503 SERVER_BUSY with Retry-After, and the admitted ones in full', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => send(heavyQuery(n))));
    const busy = answers.filter((answer) => answer.statusCode === 503);
    const answered = answers.filter((answer) => answer.statusCode === 200);
    expect(busy.length + answered.length).toBe(answers.length);
    // The one running and the one waiting at least; the line holds one, so most are turned away.
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(5);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      const body = answer.json() as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors.map((error) => error.extensions.code)).toEqual(['SERVER_BUSY']);
      expect(body.errors[0]!.message).toMatch(/busy/);
    }
    for (const answer of answered) {
      const body = answer.json() as {
        data: Record<string, { content: { title: string }[] }>;
        errors?: unknown;
      };
      expect(body.errors).toBeUndefined();
      expect(Object.keys(body.data)).toHaveLength(5);
      expect(body.data.a0!.content).toHaveLength(40);
    }
  });

  it('admits heavy operations again once the others are done, and never gates light ones', async () => {
    const again = await send(heavyQuery(100));
    expect(again.statusCode).toBe(200);
    const light = await Promise.all(
      Array.from({ length: 10 }, () =>
        send('{ skins(page: { page: 0, size: 10 }) { content { id title } } }'),
      ),
    );
    expect(light.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
  });
});
