import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { forgetStaleRateLimits, RATINGS_PER_MINUTE, UserRateLimiter } from '../../api/auth/user-rate-limiter';
import { insertSkin } from '../../api/catalogue/catalogue.writes';
import { buildServer } from '../../api/server';
import { createAppContext } from '../../app/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

const LOGINS_PER_MINUTE = 4;
let app: TestApp;
/** Two instances of the app on one database: the test app's server and a second one beside it. */
let instances: FastifyInstance[];

beforeAll(async () => {
  app = await createTestApp({ config: { authRateLimitPerMinute: LOGINS_PER_MINUTE, logLevel: 'error' } });
  const { config, log, pool, store, runner } = app.context;
  const second = await buildServer(await createAppContext({ config, log, pool, store, runner }));
  await second.ready();
  instances = [app.server, second];
});
afterAll(async () => {
  await instances[1]?.close();
  await app.close();
});

describe('rate limits shared by the instances on one database', () => {
  it('counts login tries from one address on every instance against one budget', async () => {
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let n = 0; n < LOGINS_PER_MINUTE + 2; n++) {
      const response = await instances[n % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.77',
        payload: { username: user.username, password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(LOGINS_PER_MINUTE).fill(400), 429, 429]);
  });

  it("counts a user's votes on every instance against one budget", async () => {
    const author = await createUser(app);
    const skin = await insertSkin(app.context.pool, {
      authorId: author.id,
      title: 'Shared Limit Skin',
      description: '',
      game: 'TM2020',
      priceCents: 0,
    });
    const voter = await createUser(app);
    const vote = (instance: FastifyInstance) =>
      instance
        .inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${voter.token}` },
          payload: {
            query: 'mutation ($id: Long!) { rateSkin(skinId: $id, rating: 4) { totalRatings } }',
            variables: { id: skin.id },
          },
        })
        .then((response) => response.json<{ errors?: { extensions: { code: string } }[] }>());
    // Alternating instances: the budget holds across them.
    const answers = [];
    for (let n = 0; n < RATINGS_PER_MINUTE + 2; n++) answers.push(await vote(instances[n % 2]!));
    expect(answers.slice(0, RATINGS_PER_MINUTE).every((answer) => !answer.errors)).toBe(true);
    expect(answers.slice(RATINGS_PER_MINUTE).map((answer) => answer.errors?.[0]?.extensions.code)).toEqual([
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ]);
  });

  it('lets exactly the budget through when one key is hit concurrently from two instances', async () => {
    const limiter = () =>
      new UserRateLimiter(app.context.pool, {
        name: 'concurrency-probe',
        max: 7,
        windowMs: 60_000,
        now: () => new Date(),
        message: 'Too many.',
      });
    const [first, second] = [limiter(), limiter()];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? first : second).hit('same-key')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7);
  });

  it('forgets counts whose windows are long over', async () => {
    const count = () =>
      app.context.pool.oneFirst(
        sql.type(
          z.object({ n: z.number() }),
        )`select count(*)::int as n from rate_limit_logs where limiter = 'concurrency-probe'`,
      );
    expect(await count()).toBe(1);
    await forgetStaleRateLimits(app.context.pool, new Date());
    expect(await count()).toBe(1);
    await forgetStaleRateLimits(app.context.pool, new Date(Date.now() + 25 * 3_600_000));
    expect(await count()).toBe(0);
  });
});
