import { expect } from 'vitest';

export type TimedAnswer = { response: Response; body: Record<string, unknown>; ms: number };

/**
 * The requests the database-outage specs send to a running app: health, a REST call and a GraphQL
 * query that both reach the database, each timed. `baseUrl` is read per call (the app starts later).
 */
export function outageRequests(baseUrl: () => string) {
  async function timed(url: string, init?: RequestInit): Promise<TimedAnswer> {
    const started = performance.now();
    const response = await fetch(`${baseUrl()}${url}`, {
      ...init,
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      throw new Error(`${url} did not answer within 15 s`, { cause: error });
    });
    const body = (await response.json()) as Record<string, unknown>;
    return { response, body, ms: performance.now() - started };
  }
  return {
    health: () => timed('/api/health'),
    /** A REST call that reads the database (a login with a wrong password answers 400 when it is up). */
    login: () =>
      timed('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'not-the-password' }),
      }),
    /** A catalogue query no cache has seen, so it reaches the database. */
    graphqlQuery: () =>
      timed('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'query ($search: String) { skins(search: $search, page: { page: 1, size: 5 }) { content { id } } }',
          variables: { search: `outage-${Math.random()}` },
        }),
      }),
  };
}

/** Polls `call` until `done` holds, collecting every status seen on the way. */
export async function until<T extends { response: Response }>(
  call: () => Promise<T>,
  done: (result: T) => boolean,
  seen: number[],
  withinMs: number,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const result = await call();
    seen.push(result.response.status);
    if (done(result)) return result;
    if (Date.now() > deadline) throw new Error(`not done within ${withinMs} ms; statuses ${seen.join(',')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A 503 with Retry-After (and, for GraphQL, the SERVICE_UNAVAILABLE code): never a 500. */
export function expectUnavailable(
  result: { response: Response; body: Record<string, unknown> },
  graphql: boolean,
) {
  expect(result.response.status).toBe(503);
  expect(Number(result.response.headers.get('retry-after'))).toBeGreaterThan(0);
  if (graphql) {
    const errors = result.body.errors as { extensions: { code: string } }[];
    expect(errors.map((error) => error.extensions.code)).toContain('SERVICE_UNAVAILABLE');
  }
}
