import { expect, inject } from 'vitest';

/** A GraphQL call to the browser tests' app, as a client makes it; GraphQL errors fail the test. */
export async function appGraphql<T>(
  query: string,
  token?: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${inject('appUrl')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Logs a demo account in through the API; returns its session token. */
export async function logInDemo(username: string): Promise<string> {
  const response = await fetch(`${inject('appUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo-password' }),
  });
  expect(response.status).toBe(200);
  return (await response.text()).trim();
}
