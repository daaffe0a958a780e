import { decodeJwt } from 'jose';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillUsernameKeys } from '../../api/accounts/users.repository';
import { USERNAME_LOOKALIKE } from '../../api/auth/auth.routes';
import { accountMessages } from '../../domain/accounts/account.schemas';
import { waitForMail } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let clock = Date.now();
let addressCounter = 0;
/** Each test posts from its own client address, so rate limits of one test never reach another. */
const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  app = await createTestApp({ config: { authRateLimitPerMinute: 5, logLevel: 'error' } });
  app.context.now = () => new Date(clock);
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object, options: { address?: string; token?: string } = {}) =>
  app.server.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.address ?? newAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });

let userCounter = 0;
function newUser() {
  const n = ++userCounter;
  return {
    username: `racer_${n}`,
    email: `racer${n}@example.com`,
    password: 'long-enough-1',
    country: 'cz',
    subscribedToNews: false,
  };
}

async function register(user = newUser()) {
  const response = await post('/api/auth/register', user);
  expect(response.statusCode, response.body).toBe(200);
  return { user, token: response.body };
}

const outboxMail = (to: string, subject: string) =>
  waitForMail(app.context.config.mail.outboxDir, to, subject);

describe('register', () => {
  it('answers a signed token with the claims of the spec and sends a welcome mail', async () => {
    const { user, token } = await register();
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      name: user.username,
      username: user.username,
      email: user.email,
      language: 'en',
      country: 'cz',
      roles: ['regular'],
    });
    expect(claims.id).toBeTypeOf('number');
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    const mail = await outboxMail(user.email, 'Welcome');
    expect(mail.text).toContain(user.username);
    expect(mail.html).toContain('<html>');
  });

  it('refuses a taken email or username with 400, whatever the case', async () => {
    const { user } = await register();
    const sameEmail = await post('/api/auth/register', { ...newUser(), email: user.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json()).toEqual({
      field: 'email',
      message: 'Sorry, but this email is already used by someone. Maybe you already have an account here?',
    });
    const sameName = await post('/api/auth/register', {
      ...newUser(),
      username: user.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json().field).toBe('username');
  });

  it.each([
    ['pixelpilot', 'pixeIpilot'],
    ['admin_tm', 'adrnin_tm'],
    ['hanabi_ghost', 'hanabl_ghost'],
    ['hanab1_fox', 'hanabi_fox'],
    ['wolf_rider', 'vvolf_rider'],
    ['n0cturne', 'NOCTURNE'],
  ])('once %j is taken, refuses its plain-ASCII look-alike %j', async (first, second) => {
    await register({ ...newUser(), username: first });
    const lookalike = await post('/api/auth/register', { ...newUser(), username: second });
    expect(lookalike.statusCode, second).toBe(400);
    expect(lookalike.json()).toEqual({ field: 'username', message: USERNAME_LOOKALIKE });
    // A name merely close to it still registers.
    await register({ ...newUser(), username: `${first}_2` });
  });

  it('fills in the look-alike key of accounts made before it existed, and then refuses their look-alikes', async () => {
    const { user } = await register({ ...newUser(), username: 'oldtimer_tm' });
    await app.context.pool.query(
      sql.unsafe`update users set username_key = null where username = ${user.username}`,
    );
    expect((await post('/api/auth/register', { ...newUser(), username: 'oIdtimer_tm' })).statusCode).toBe(
      200,
    );
    // Of the two look-alikes, the older keeps the key; the newer one's key was already its own.
    await app.context.pool.query(
      sql.unsafe`update users set username_key = null where username = 'oIdtimer_tm'`,
    );
    expect(await backfillUsernameKeys(app.context.pool)).toBeGreaterThanOrEqual(1);
    const keys = await app.context.pool.any(sql.unsafe`
      select username::text, username_key from users where username in ('oldtimer_tm', 'oIdtimer_tm') order by id`);
    expect(keys).toEqual([
      { username: 'oldtimer_tm', username_key: 'oldtlmer_tm' },
      { username: 'oIdtimer_tm', username_key: null },
    ]);
    expect((await post('/api/auth/register', { ...newUser(), username: 'o1dtimer_tm' })).json()).toEqual({
      field: 'username',
      message: USERNAME_LOOKALIKE,
    });
  });

  it.each([
    ['username', { username: 'abc' }, 'Username must have 4 to 40 characters.'],
    ['username', { username: 'a'.repeat(41) }, 'Username must have 4 to 40 characters.'],
    ['username', { username: 'fast racer' }, 'Username cannot contain spaces.'],
    ['username', { username: '\u2800\u2800\u2800\u2800' }, accountMessages.usernameHiddenCharacters],
    ['username', { username: 'pilot\u2800\u2800' }, accountMessages.usernameHiddenCharacters],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['password', { password: 'short' }, 'Password must have at least 8 characters.'],
    ['country', { country: 'xx' }, 'Choose your country.'],
    // Missing or mistyped values answer in the form's words, never zod's ("Invalid input: expected …").
    ['country', { country: undefined }, 'Choose your country.'],
    ['country', { country: null }, 'Choose your country.'],
    ['country', { country: 42 }, 'Choose your country.'],
    ['username', { username: undefined }, 'This field is required.'],
    ['password', { password: null }, 'This field is required.'],
    ['subscribedToNews', { subscribedToNews: 'yes' }, 'Choose yes or no.'],
  ])('refuses an invalid %s with 422 and the field', async (field, change, message) => {
    const response = await post('/api/auth/register', { ...newUser(), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ field, message });
  });
});

describe('login', () => {
  it('accepts the username or the email, in any case', async () => {
    const { user } = await register();
    for (const username of [user.username, user.email, user.email.toUpperCase()]) {
      const response = await post('/api/auth/login', { username, password: user.password });
      expect(response.statusCode, username).toBe(200);
      expect(decodeJwt(response.body).username).toBe(user.username);
    }
  });

  it('answers 400 for a wrong password or an unknown user, with the same message', async () => {
    const { user } = await register();
    const wrong = await post('/api/auth/login', { username: user.username, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { username: 'nobody-here', password: 'whatever-123' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      "Sorry, that user or password doesn't match anyone we know. You can reset your password.",
    );
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 429 after too many tries from one address', async () => {
    const address = newAddress();
    const { user } = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await post('/api/auth/login', { username: user.username, password: 'wrong-password' }, { address }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits for the window to pass.
    expect(
      (await post('/api/auth/login', { username: user.username, password: user.password }, { address }))
        .statusCode,
    ).toBe(429);
    // Another address is not affected.
    expect(
      (await post('/api/auth/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(200);
  });
});

describe('refresh', () => {
  it('gives a new token for a valid one and 401 otherwise', async () => {
    const { token } = await register();
    const refreshed = await post('/api/auth/refresh', {}, { token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.body).id).toBe(decodeJwt(token).id);
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, { token: `${token}x` })).statusCode).toBe(401);
    const forged = token
      .split('.')
      .map((part, index) =>
        index === 1
          ? Buffer.from(JSON.stringify({ ...decodeJwt(token), roles: ['admin'] })).toString('base64url')
          : part,
      );
    expect((await post('/api/auth/refresh', {}, { token: forged.join('.') })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { token } = await register();
    const saved = clock;
    clock += 31 * 24 * 3600 * 1000;
    try {
      expect((await post('/api/auth/refresh', {}, { token })).statusCode).toBe(401);
    } finally {
      clock = saved;
    }
  });
});

describe('forgot and reset password', () => {
  it('answers 200 whether or not the email has an account, and mails a single-use link', async () => {
    const { user } = await register();
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mail = await outboxMail(user.email, 'Reset your');
    const link = /https?:\/\/\S+\/reset-password\?c=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const code = decodeURIComponent(link![1]!);

    const reset = await post('/api/auth/reset-password', { code, password: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toBe('Password was successfully changed! You can login now.');
    expect(
      (await post('/api/auth/login', { username: user.username, password: 'brand-new-password' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { username: user.username, password: user.password })).statusCode,
    ).toBe(400);

    const again = await post('/api/auth/reset-password', { code, password: 'another-password' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This link was already used to reset your password.');
  });

  it('answers 404 for an unknown or expired code and 422 for a short password', async () => {
    expect(
      (await post('/api/auth/reset-password', { code: 'made-up-code', password: 'long-enough-1' }))
        .statusCode,
    ).toBe(404);
    const { user } = await register();
    await post('/api/auth/forgot-password', { email: user.email });
    const mail = await outboxMail(user.email, 'Reset your');
    const code = decodeURIComponent(/\?c=([\w-]+)/.exec(mail.text)![1]!);
    expect((await post('/api/auth/reset-password', { code, password: 'short' })).statusCode).toBe(422);

    const saved = clock;
    clock += 61 * 60 * 1000;
    try {
      const expired = await post('/api/auth/reset-password', { code, password: 'long-enough-2' });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().message).toBe('There was an error changing your password.');
    } finally {
      clock = saved;
    }
  });

  it('answers 429 after too many requests from one address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/auth/forgot-password', { email: 'flood@example.com' }, { address })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
