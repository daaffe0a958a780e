import { decodeJwt } from 'jose';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitForMail } from '../support/outbox';
import { addSkin, cardCheckout, checkoutForm, payLocally, postJson, type ShopItem } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

// Hardening of accounts through the public API: a guest's purchases join an account only once it
// proves the email, sessions end on a new password, other roles or "sign out everywhere", and
// login tries are counted per canonical account name.

let app: TestApp;
let clock = Date.now();
let author: Awaited<ReturnType<typeof createUser>>;
let paidSkin: ShopItem;
let addressCounter = 0;
const newAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  app = await createTestApp({ config: { authRateLimitPerMinute: 5, logLevel: 'error' } });
  app.context.now = () => new Date(clock);
  author = await createUser(app);
  paidSkin = await addSkin(app, { authorId: author.id, priceCents: 700 });
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

const download = (url: string, token?: string) =>
  app.server.inject({
    method: 'GET',
    url: `/assets/skin/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

let userCounter = 0;
function newPerson(email?: string) {
  const n = ++userCounter;
  return {
    username: `shield_${n}_${Date.now() % 100_000}`,
    email: email ?? `shield${n}.${Date.now() % 100_000}@example.com`,
    password: 'long-enough-1',
    country: 'de',
    subscribedToNews: false,
  };
}

async function register(person = newPerson()) {
  const response = await post('/api/auth/register', person);
  expect(response.statusCode, response.body).toBe(200);
  return { person, token: response.body };
}

async function guestBuys(email: string, skin: ShopItem = paidSkin, fullname = 'Gina Guest') {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }, { email, fullname }));
  expect((await payLocally(app, reference)).statusCode).toBeLessThan(400);
}

const verificationToken = async (email: string) => {
  const mail = await waitForMail(app.context.mailer.outboxDir, email, 'Verify your email');
  const match = /https?:\/\/\S+\/verify-email\?t=([\w.%-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { token: decodeURIComponent(match![1]!), mail };
};

const ownedAndBought = async (token: string) => {
  const answer = await graphql(
    app,
    '{ myOwnedSkinIds myPurchaseList { content { items { name } } } myUser { emailVerified fullname } }',
    {},
    token,
  );
  expect(answer.body.errors).toBeUndefined();
  return {
    owned: answer.body.data.myOwnedSkinIds as string[],
    bought: (answer.body.data.myPurchaseList.content as { items: { name: string }[] }[]).flatMap((o) =>
      o.items.map((i) => i.name),
    ),
    verified: answer.body.data.myUser.emailVerified as boolean,
    fullname: answer.body.data.myUser.fullname as string | null,
  };
};

const errorCode = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

describe('a guest purchase joins an account only after the email is proven', () => {
  it('keeps the purchase, name and download apart until the mailed link is opened', async () => {
    const email = `victim.${Date.now() % 100_000}@example.com`;
    await guestBuys(email, paidSkin, 'Victoria Victim');

    // Someone registers with the guest's email (it is not theirs).
    const { person, token } = await register(newPerson(email.toUpperCase()));
    const claims = decodeJwt(token);
    expect(claims.name).toBe(person.username);
    expect(claims.emailVerified).toBe(false);
    expect(JSON.stringify(claims)).not.toContain('Victoria');
    expect(await ownedAndBought(token)).toEqual({ owned: [], bought: [], verified: false, fullname: null });
    expect((await download(paidSkin.url, token)).statusCode).not.toBe(200);
    // A refreshed session carries nothing of the guest either.
    const refreshed = await post('/api/auth/refresh', {}, { token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.body).name).toBe(person.username);

    // The verification mail, plain text and HTML.
    const { token: link, mail } = await verificationToken(email.toUpperCase());
    expect(mail.html).toContain('Verify my email');
    expect(mail.html).toContain('/verify-email?t=');
    expect(mail.text).not.toContain(paidSkin.title);
    // The welcome mail does not tell about purchases before the address is proven.
    const welcome = await waitForMail(app.context.mailer.outboxDir, email.toUpperCase(), 'Welcome');
    expect(welcome.text).not.toContain('you bought');

    const opened = await post('/api/auth/verify-email', { token: link });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ message: 'Your email is verified. Thank you!', guestOrdersJoined: 1 });

    const after = await ownedAndBought(token);
    expect(after).toMatchObject({ owned: [String(paidSkin.id)], bought: [paidSkin.title], verified: true });
    expect((await download(paidSkin.url, token)).statusCode).toBe(200);
    expect(decodeJwt((await post('/api/auth/refresh', {}, { token })).body).emailVerified).toBe(true);

    // The verification is an event of the account's stream.
    const userId = Number(claims.id);
    const stream = await app.context.store.readStream(app.context.pool, `account-${userId}`);
    expect(stream.events.map((event) => ({ type: event.type, data: event.data }))).toEqual([
      {
        type: 'EmailVerified',
        data: expect.objectContaining({ userId, email: email.toUpperCase(), guestOrdersJoined: 1 }),
      },
    ]);
    expect(stream.events[0]!.metadata.actor).toEqual({ userId });

    // The link works once.
    const again = await post('/api/auth/verify-email', { token: link });
    expect(again.statusCode).toBe(410);

    // A guest purchase with the proven address after the verification joins at once.
    const second = await addSkin(app, { authorId: author.id, priceCents: 300 });
    await guestBuys(email, second);
    expect((await ownedAndBought(token)).owned.sort()).toEqual(
      [String(paidSkin.id), String(second.id)].sort(),
    );
  });

  it('lets an unverified account buy and download what it bought itself', async () => {
    const { token } = await register();
    const skin = await addSkin(app, { authorId: author.id, priceCents: 250 });
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), token);
    await payLocally(app, reference);
    expect(await ownedAndBought(token)).toMatchObject({ owned: [String(skin.id)], verified: false });
    expect((await download(skin.url, token)).statusCode).toBe(200);
  });

  it('refuses a forged, expired or foreign link, and resends on request', async () => {
    const { person, token } = await register();
    const { token: link } = await verificationToken(person.email);
    const [header, payload] = link.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await post('/api/auth/verify-email', { token: forged })).statusCode).toBe(400);
    // A session token is no verification link.
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);

    const saved = clock;
    clock += 49 * 3600 * 1000;
    try {
      expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(400);
    } finally {
      clock = saved;
    }
    // A new link from the settings; the first mail's link still works until one is used.
    const resent = await post('/api/auth/resend-verification', {}, { token });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.body).toContain(person.email);
    expect((await post('/api/auth/resend-verification', {})).statusCode).toBe(401);
    expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(200);
    const already = await post('/api/auth/resend-verification', {}, { token });
    expect(already.statusCode).toBe(409);
  });

  it("answers a guest checkout with an author's email like any other, without refusing the author's own work", async () => {
    const authorEmail = author.email;
    const other = `someone.${Date.now() % 100_000}@example.com`;
    const withAuthorEmail = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [paidSkin.id] }, { email: authorEmail }),
    );
    const withOtherEmail = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [paidSkin.id] }, { email: other }),
    );
    expect(withAuthorEmail.statusCode, withAuthorEmail.body).toBe(200);
    expect(withOtherEmail.statusCode).toBe(200);
    // The order sits on the guest row of that email, not in the author's account.
    const buyer = await app.context.pool.one(sql.type(z.object({ anonymous: z.boolean() }))`
      select u.anonymous from orders o join users u on u.id = o.buyer_user_id
      where o.buyer_email = ${authorEmail}::citext order by o.id desc limit 1`);
    expect(buyer.anonymous).toBe(true);
  });
});

describe('revocable sessions', () => {
  const myUser = (token: string) => graphql(app, '{ myUser { id } }', {}, token);

  it('ends every earlier session on a password reset, and refresh does not bring it back', async () => {
    const { person, token } = await register();
    const second = (await post('/api/auth/login', { username: person.username, password: person.password }))
      .body;
    expect((await myUser(second)).body.data.myUser).not.toBeNull();

    await post('/api/auth/forgot-password', { email: person.email });
    const mail = await waitForMail(app.context.mailer.outboxDir, person.email, 'Reset your');
    const code = decodeURIComponent(/\?c=([\w-]+)/.exec(mail.text)![1]!);
    expect((await post('/api/auth/reset-password', { code, password: 'new-password-22' })).statusCode).toBe(
      200,
    );

    for (const old of [token, second]) {
      expect(errorCode((await myUser(old)).body)).toBe('UNAUTHENTICATED');
      expect((await post('/api/auth/refresh', {}, { token: old })).statusCode).toBe(401);
    }
    const fresh = await post('/api/auth/login', { username: person.username, password: 'new-password-22' });
    expect(fresh.statusCode).toBe(200);
    expect((await myUser(fresh.body)).body.data.myUser).not.toBeNull();
  });

  it('ends every earlier session when the roles change, whatever changes them', async () => {
    const { token } = await register();
    const refreshed = (await post('/api/auth/refresh', {}, { token })).body;
    const id = Number(decodeJwt(token).id);
    await app.context.pool.query(
      sql.unsafe`update users set roles = array['regular', 'admin'] where id = ${id}`,
    );
    for (const old of [token, refreshed]) {
      expect(errorCode((await myUser(old)).body)).toBe('UNAUTHENTICATED');
      expect((await post('/api/auth/refresh', {}, { token: old })).statusCode).toBe(401);
    }
    // Other profile changes keep the sessions.
    const { token: kept } = await register();
    await graphql(app, 'mutation { updateMyUser(dto: { fullname: "New Name" }) { id } }', {}, kept);
    expect((await myUser(kept)).body.data.myUser).not.toBeNull();
  });

  it('signs out everywhere from the settings', async () => {
    const { person, token } = await register();
    const other = (await post('/api/auth/login', { username: person.email, password: person.password })).body;
    const signedOut = await post('/api/auth/sign-out-everywhere', {}, { token });
    expect(signedOut.statusCode).toBe(204);
    for (const old of [token, other]) {
      expect(errorCode((await myUser(old)).body)).toBe('UNAUTHENTICATED');
      expect((await post('/api/auth/refresh', {}, { token: old })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/sign-out-everywhere', {}, { token })).statusCode).toBe(401);
    const again = await post('/api/auth/login', { username: person.username, password: person.password });
    expect((await myUser(again.body)).body.data.myUser).not.toBeNull();
  });
});

describe('rate limits on the canonical account name', () => {
  it('counts padded, case-changed and full-width spellings of one login as one budget', async () => {
    const { person } = await register();
    const address = newAddress();
    const fullWidth = person.username
      .toUpperCase()
      .replace(/[A-Z0-9_]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const spellings = [
      person.username,
      `  ${person.username} `,
      person.username.toUpperCase(),
      fullWidth,
      `${person.username}\u200b`,
      person.username,
    ];
    const statuses = [];
    for (const username of spellings) {
      statuses.push(
        (await post('/api/auth/login', { username, password: 'wrong-password' }, { address })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another name from the same address has its own budget.
    expect(
      (await post('/api/auth/login', { username: 'someone-else', password: 'x-password-1' }, { address }))
        .statusCode,
    ).toBe(400);
  });

  it('limits one account name across client addresses too', async () => {
    const { person } = await register();
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const username = i % 2 ? person.username.toUpperCase() : ` ${person.username}`;
      statuses.push((await post('/api/auth/login', { username, password: 'wrong-password' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('keeps one budget per account from one address, whether its name or its email is typed', async () => {
    const { person } = await register();
    const address = newAddress();
    const tries = [
      person.username,
      person.email,
      person.username.toUpperCase(),
      person.email,
      person.username,
    ];
    const wrong = [];
    for (const username of tries) {
      wrong.push(await post('/api/auth/login', { username, password: 'wrong-password' }, { address }));
    }
    expect(wrong.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    // The email has had two tries of its own, but the account's five are spent: even the right
    // password gets the wrong-password answer, word for word, so nothing tells the two apart.
    const right = await post(
      '/api/auth/login',
      { username: person.email, password: person.password },
      { address },
    );
    expect(right.statusCode).toBe(400);
    expect(right.body).toBe(wrong[0]!.body);
    // From another address the account signs in.
    expect(
      (await post('/api/auth/login', { username: person.email, password: person.password })).statusCode,
    ).toBe(200);
  });

  it('keeps one budget per account across addresses, whether its name or its email is typed', async () => {
    const { person } = await register();
    for (let i = 0; i < 20; i++) {
      const username = i % 2 ? person.email : person.username;
      expect((await post('/api/auth/login', { username, password: 'wrong-password' })).statusCode).toBe(400);
    }
    // Ten tries of each identifier: neither has reached its own budget (20), the account has.
    const right = await post('/api/auth/login', { username: person.email, password: person.password });
    expect(right.statusCode).toBe(400);
  });

  it('counts forgot-password requests per canonical email', async () => {
    const address = newAddress();
    const email = `Padded.${Date.now() % 100_000}@Example.com`;
    const statuses = [];
    for (const variant of [
      email,
      ` ${email}`,
      email.toLowerCase(),
      email.toUpperCase(),
      `${email}  `,
      email,
    ]) {
      statuses.push((await post('/api/auth/forgot-password', { email: variant }, { address })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the session cookie', () => {
  const cookiesOf = (response: { headers: Record<string, unknown> }) => {
    const header = response.headers['set-cookie'];
    return (Array.isArray(header) ? header : header ? [header] : []) as string[];
  };
  const cookieNamed = (response: { headers: Record<string, unknown> }, name: string) =>
    cookiesOf(response).find((cookie) => cookie.startsWith(`${name}=`));

  it('is set by the server on login as HttpOnly and SameSite=Lax, beside a readable claims cookie', async () => {
    const { person } = await register();
    const login = await post('/api/auth/login', { username: person.username, password: person.password });
    const token = cookieNamed(login, 'token')!;
    expect(token).toContain(`token=${login.body};`);
    expect(token).toMatch(/; HttpOnly/);
    expect(token).toMatch(/; SameSite=Lax/);
    expect(token).toMatch(/; Path=\//);
    // Served over plain HTTP here (PUBLIC_URL http://...): no Secure flag.
    expect(token).not.toMatch(/Secure/);
    const claims = cookieNamed(login, 'session')!;
    expect(claims).not.toMatch(/HttpOnly/);
    // Only the claims, without the signature: no credential.
    expect(claims).toContain(`session=${login.body.split('.')[1]};`);
  });

  it('signs GraphQL calls in, and counts on a state-changing call only with JSON or X-Requested-With', async () => {
    const { token } = await register();
    const cookie = `token=${token}`;
    const viaCookie = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ myUser { username } }' }),
    });
    expect(viaCookie.json().data.myUser.username).toBe(decodeJwt(token).username);

    // What a form on another site could send: no JSON, no custom header.
    const formLike = await app.server.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { cookie },
      remoteAddress: newAddress(),
    });
    expect(formLike.statusCode).toBe(401);
    expect((await graphql(app, '{ myUser { id } }', {}, token)).body.data.myUser).not.toBeNull();

    const refreshed = await app.server.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie, 'x-requested-with': 'TrackSkins' },
      remoteAddress: newAddress(),
    });
    // A cookie session gets its new token only in the cookie: page scripts never see it.
    expect(refreshed.statusCode).toBe(204);
    expect(refreshed.body).toBe('');
    expect(cookieNamed(refreshed, 'token')).toMatch(/^token=[\w-]+\.[\w-]+\.[\w-]+; .*HttpOnly/);
  });

  it('keeps the claims cookie in step with the session on each page load, and logout clears both', async () => {
    const { token } = await register();
    const page = (cookie: string) => app.server.inject({ method: 'GET', url: '/skins', headers: { cookie } });
    const fresh = await page(`token=${token}`);
    expect(fresh.statusCode).toBe(200);
    expect(cookieNamed(fresh, 'session')).toContain(`session=${token.split('.')[1]};`);
    // Nothing to set when both agree.
    expect(cookiesOf(await page(`token=${token}; session=${token.split('.')[1]}`))).toEqual([]);

    await post('/api/auth/sign-out-everywhere', {}, { token });
    const ended = await page(`token=${token}; session=${token.split('.')[1]}`);
    expect(cookieNamed(ended, 'token')).toMatch(/^token=; .*Max-Age=0/);
    expect(cookieNamed(ended, 'session')).toMatch(/^session=; .*Max-Age=0/);

    const logout = await post('/api/auth/logout', {});
    expect(logout.statusCode).toBe(204);
    expect(cookieNamed(logout, 'token')).toMatch(/^token=; .*Max-Age=0.*HttpOnly/);
  });
});
