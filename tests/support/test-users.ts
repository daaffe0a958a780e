import { registerUser, sessionClaimsOf } from '../../api/accounts/users.repository';
import type { TestApp } from './test-app';

let counter = 0;

/** A registered user straight in the database (argon2 is skipped: these users never log in). */
export async function createUser(app: TestApp, options: { roles?: string[]; username?: string } = {}) {
  const n = ++counter;
  const username = options.username ?? `driver_${n}_${Date.now() % 100_000}`;
  const result = await registerUser(app.context.pool, {
    username,
    email: `${username}@example.com`,
    passwordHash: 'not-a-hash',
    country: 'cz',
    subscribedToNews: false,
    roles: options.roles ?? ['regular'],
  });
  if (!('user' in result)) throw new Error(`Test user ${username} clashed with another`);
  const token = await app.context.tokens.sign(sessionClaimsOf(result.user));
  return { ...result.user, token };
}

/** Signed-in viewers for permission checks: nobody, a regular user, another one and an admin. */
export async function createViewers(app: TestApp) {
  const [owner, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  return { owner, other, admin };
}
