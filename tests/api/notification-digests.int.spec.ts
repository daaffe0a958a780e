import { sql } from 'slonik';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { digestPayload } from '../../api/mail/mail-deliveries';
import { sendDueDigests } from '../../api/notifications/notification-digests';
import { loadConfig } from '../../infra/config';
import { freePort } from '../support/free-port';
import { waitForMail } from '../support/outbox';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

type User = Awaited<ReturnType<typeof createUser>>;

const DAY = 24 * 60 * 60 * 1000;
const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

const MY_FREQUENCY = `{ myUser { id digestFrequency } }`;
const SET_FREQUENCY = `mutation ($frequency: DigestFrequency!) {
  setDigestFrequency(frequency: $frequency) { id username digestFrequency }
}`;

const digestRow = z.object({
  frequency: z.string(),
  sent_up_to_position: z.number(),
  last_sent_at: z.number().nullable(),
});
const deliveryRow = z.object({
  recipient_email: z.string(),
  recipient_user_id: z.number().nullable(),
  order_id: z.number().nullable(),
  payload: z.unknown(),
});

describe('notification digests', () => {
  let app: TestApp;
  let position = 1000;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  /** A user with a proven address (the default test user has none). */
  async function verifiedUser(options: { verified?: boolean } = {}): Promise<User> {
    const user = await createUser(app);
    if (options.verified === false) return user;
    await app.context.pool.query(
      sql.unsafe`update users set email_verified_at = now() where id = ${user.id}`,
    );
    return user;
  }

  /** Notification rows as the notifications read model writes them (this feature only reads them). */
  async function notify(user: User, count: number, kind = 'NEW_ITEM'): Promise<number[]> {
    const positions: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = ++position;
      positions.push(at);
      await app.context.pool.query(sql.unsafe`
        insert into notifications (user_id, position, kind, item_type, item_id, message, link, created_at)
        values (${user.id}, ${at}, ${kind}, 'SKIN', ${at}, ${`New skin from racer: Livery ${at}`},
                ${`/skins/livery-${at}`}, now())`);
    }
    return positions;
  }

  async function markRead(user: User, upTo: number) {
    await app.context.pool.query(sql.unsafe`
      insert into notification_reads (user_id, read_up_to_position) values (${user.id}, ${upTo})
      on conflict (user_id) do update set read_up_to_position = excluded.read_up_to_position`);
  }

  async function choose(user: User, frequency: string) {
    const answer = await graphql(app, SET_FREQUENCY, { frequency }, user.token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.setDigestFrequency;
  }

  const digestOf = (user: User) =>
    app.context.pool.maybeOne(sql.type(digestRow)`
      select frequency, sent_up_to_position, last_sent_at from notification_digests where user_id = ${user.id}`);

  async function digestsTo(user: User) {
    const rows = await app.context.pool.any(sql.type(deliveryRow)`
      select recipient_email, recipient_user_id, order_id, payload from mail_deliveries
      where kind = 'NOTIFICATION_DIGEST' and recipient_user_id = ${user.id} order by id`);
    return rows.map((row) => ({ ...row, payload: digestPayload.parse(row.payload) }));
  }

  describe('the setting', () => {
    it('is OFF for a new account, and anonymous visitors can neither read nor set it', async () => {
      const user = await verifiedUser();
      const mine = await graphql(app, MY_FREQUENCY, {}, user.token);
      expect(mine.body.data.myUser.digestFrequency).toBe('OFF');
      expect(await digestOf(user)).toBeNull();

      const anonymousRead = await graphql(app, MY_FREQUENCY);
      expect(codeOf(anonymousRead.body)).toBe('UNAUTHENTICATED');
      const anonymousSet = await graphql(app, SET_FREQUENCY, { frequency: 'DAILY' });
      expect(codeOf(anonymousSet.body)).toBe('UNAUTHENTICATED');
    });

    it('each user sets their own only, an admin included; setting it again changes nothing', async () => {
      const owner = await verifiedUser();
      const other = await verifiedUser();
      const admin = await createUser(app, { roles: ['regular', 'admin'] });
      expect(await choose(owner, 'WEEKLY')).toMatchObject({
        id: String(owner.id),
        digestFrequency: 'WEEKLY',
      });
      expect(await choose(owner, 'WEEKLY')).toMatchObject({ digestFrequency: 'WEEKLY' });
      expect(await choose(admin, 'DAILY')).toMatchObject({ id: String(admin.id), digestFrequency: 'DAILY' });
      // The mutation takes no user: nobody can change someone else's.
      const otherView = await graphql(app, MY_FREQUENCY, {}, other.token);
      expect(otherView.body.data.myUser.digestFrequency).toBe('OFF');
      expect((await graphql(app, MY_FREQUENCY, {}, owner.token)).body.data.myUser.digestFrequency).toBe(
        'WEEKLY',
      );
      expect(await choose(owner, 'OFF')).toMatchObject({ digestFrequency: 'OFF' });
    });

    it('refuses what is not a frequency', async () => {
      const user = await verifiedUser();
      for (const frequency of ['HOURLY', '', 'daily']) {
        const answer = await graphql(app, SET_FREQUENCY, { frequency }, user.token);
        expect(answer.body.errors?.length).toBeGreaterThan(0);
        expect(answer.body.data ?? null).toBeNull();
      }
      const extra = await graphql(
        app,
        `
          mutation {
            setDigestFrequency(frequency: DAILY, userId: 1) {
              id
            }
          }
        `,
        {},
        user.token,
      );
      expect(extra.body.errors?.length).toBeGreaterThan(0);
      expect(await digestOf(user)).toBeNull();
    });
  });

  describe('the digest job', () => {
    it('records one digest per due user with their unread notifications and moves the mark; not again until due', async () => {
      const now = new Date();
      const daily = await verifiedUser();
      const weekly = await verifiedUser();
      const off = await verifiedUser();
      const unverified = await verifiedUser({ verified: false });
      const blocked = await verifiedUser();
      const nothingNew = await verifiedUser();
      const allRead = await verifiedUser();
      await choose(daily, 'DAILY');
      await choose(weekly, 'WEEKLY');
      await choose(unverified, 'DAILY');
      await choose(nothingNew, 'DAILY');
      await choose(allRead, 'WEEKLY');
      await choose(blocked, 'DAILY');
      // Blocked after choosing (a blocked account cannot sign in to choose).
      await app.context.pool.query(sql.unsafe`update users set blocked = true where id = ${blocked.id}`);

      const dailyPositions = await notify(daily, 4);
      // The first one was read in the app: the digest leaves it out.
      await markRead(daily, dailyPositions[0]!);
      const weeklyPositions = await notify(weekly, 25, 'PRICE_DROP');
      await notify(off, 3);
      await notify(unverified, 2);
      await notify(blocked, 2);
      const readPositions = await notify(allRead, 2);
      await markRead(allRead, readPositions[1]!);

      expect(await sendDueDigests(app.context.pool, now)).toBe(2);

      const [dailyDigest, ...moreDaily] = await digestsTo(daily);
      expect(moreDaily).toEqual([]);
      expect(dailyDigest).toMatchObject({ recipient_email: daily.email, order_id: null });
      expect(dailyDigest!.payload).toMatchObject({ userId: daily.id, frequency: 'DAILY', more: 0 });
      expect(dailyDigest!.payload.items.map((item) => item.link)).toEqual(
        dailyPositions
          .slice(1)
          .reverse()
          .map((at) => `/skins/livery-${at}`),
      );
      const [weeklyDigest] = await digestsTo(weekly);
      expect(weeklyDigest!.payload.items).toHaveLength(20);
      expect(weeklyDigest!.payload.more).toBe(5);
      expect(weeklyDigest!.payload.items[0]).toMatchObject({
        kind: 'PRICE_DROP',
        message: `New skin from racer: Livery ${weeklyPositions.at(-1)}`,
      });
      for (const user of [off, unverified, blocked, nothingNew, allRead])
        expect(await digestsTo(user)).toEqual([]);

      expect(await digestOf(daily)).toMatchObject({
        sent_up_to_position: dailyPositions.at(-1),
        last_sent_at: now.getTime(),
      });
      expect(await digestOf(weekly)).toMatchObject({ sent_up_to_position: weeklyPositions.at(-1) });

      // Run again at once, and later the same day with news: nothing, it is not due.
      expect(await sendDueDigests(app.context.pool, now)).toBe(0);
      const next = await notify(daily, 1);
      await notify(weekly, 1);
      expect(await sendDueDigests(app.context.pool, new Date(now.getTime() + DAY - 1000))).toBe(0);
      // A day later the daily one is due with only what is new; the weekly one waits for its week.
      expect(await sendDueDigests(app.context.pool, new Date(now.getTime() + DAY))).toBe(1);
      const dailyDigests = await digestsTo(daily);
      expect(dailyDigests).toHaveLength(2);
      expect(dailyDigests[1]!.payload.items.map((item) => item.link)).toEqual([`/skins/livery-${next[0]}`]);
      expect(await digestsTo(weekly)).toHaveLength(1);
      expect(await sendDueDigests(app.context.pool, new Date(now.getTime() + 7 * DAY))).toBe(1);
      const weeklyDigests = await digestsTo(weekly);
      expect(weeklyDigests).toHaveLength(2);
      expect(weeklyDigests[1]!.payload.items).toHaveLength(1);
    });

    it('records each digest once when runs overlap (two instances)', async () => {
      const now = new Date(Date.now() + 30 * DAY);
      const users = await Promise.all(Array.from({ length: 6 }, () => verifiedUser()));
      for (const user of users) {
        await choose(user, 'DAILY');
        await notify(user, 2);
      }
      const counts = await Promise.all([
        sendDueDigests(app.context.pool, now),
        sendDueDigests(app.context.pool, now),
        sendDueDigests(app.context.pool, now),
      ]);
      for (const user of users) expect(await digestsTo(user)).toHaveLength(1);
      // Other tests' users may be due at that date too; these six were recorded once across the runs.
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(users.length);
      expect(await sendDueDigests(app.context.pool, now)).toBe(0);
    });
  });

  describe('the mail and its one-click unsubscribe link', () => {
    let user: User;
    let token: string;
    let url: string;

    beforeAll(async () => {
      user = await verifiedUser();
      await choose(user, 'WEEKLY');
      await notify(user, 3);
      await sendDueDigests(app.context.pool, new Date(Date.now() + 100 * DAY));
      const mail = (await waitForMail(app.context.mailer.outboxDir, user.email, 'weekly digest')) as Awaited<
        ReturnType<typeof waitForMail>
      > & { headers?: Record<string, string> };
      expect(mail.subject).toBe('TrackSkins: your weekly digest, 3 new notifications');
      const link = /(http:\/\/\S+\/api\/notifications\/unsubscribe\?token=(\S+))/.exec(mail.text);
      expect(link).not.toBeNull();
      url = new URL(link![1]!).pathname + new URL(link![1]!).search;
      token = decodeURIComponent(link![2]!);
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${link![1]}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    });

    it('GET asks without signing in and changes nothing; POST (one click) turns the digest off, again and again', async () => {
      const asked = await app.server.inject({ method: 'GET', url });
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['content-type']).toContain('text/html');
      expect(asked.body).toContain(`Stop the notification digests of ${user.username}?`);
      expect(asked.body).toContain('<form method="post"');
      expect((await digestOf(user))?.frequency).toBe('WEEKLY');

      for (let i = 0; i < 2; i++) {
        const done = await app.server.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(done.statusCode).toBe(200);
        expect(done.body).toContain('You are unsubscribed');
        expect((await digestOf(user))?.frequency).toBe('OFF');
      }
      // As mail clients send it: multipart/form-data.
      const multipart = await app.server.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      });
      expect(multipart.statusCode).toBe(200);
      const again = await app.server.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('You are unsubscribed');
      // Nothing is mailed while OFF.
      await notify(user, 1);
      expect(await sendDueDigests(app.context.pool, new Date(Date.now() + 400 * DAY))).toBe(0);
    });

    it('a tampered, expired or foreign token gets a plain 400 page and changes nothing', async () => {
      const victim = await verifiedUser();
      await choose(victim, 'DAILY');
      const [userId, purpose, expires, mac] = token.split('.') as [string, string, string, string];
      const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
      const bad = [
        `${victim.id}.${purpose}.${expires}.${mac}`,
        `${userId}.${purpose}.${expires}.${flipped}`,
        `${userId}.news.${expires}.${mac}`,
        app.context.downloadGrants.sign({ orderId: '1', skinId: 2 }),
        'nonsense',
      ];
      for (const given of bad) {
        for (const method of ['GET', 'POST'] as const) {
          const answer = await app.server.inject({
            method,
            url: `/api/notifications/unsubscribe?token=${encodeURIComponent(given)}`,
          });
          expect(answer.statusCode).toBe(400);
          expect(answer.headers['content-type']).toContain('text/html');
          expect(answer.body).toContain('This unsubscribe link is not valid or has expired.');
          expect(answer.body).not.toMatch(/Error|at .*\.ts/);
        }
      }
      const missing = await app.server.inject({ method: 'GET', url: '/api/notifications/unsubscribe' });
      expect(missing.statusCode).toBe(400);
      expect((await digestOf(victim))?.frequency).toBe('DAILY');

      // A good token of the victim's, once expired (61 days later), no longer works.
      const victimToken = app.context.unsubscribeTokens.sign(victim.id, 'digest');
      const realNow = app.context.now;
      app.context.now = () => new Date(Date.now() + 61 * DAY);
      try {
        const expired = await app.server.inject({
          method: 'POST',
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(victimToken)}`,
        });
        expect(expired.statusCode).toBe(400);
        expect(expired.body).toContain('not valid or has expired');
      } finally {
        app.context.now = realNow;
      }
      expect((await digestOf(victim))?.frequency).toBe('DAILY');
    });
  });
});

describe('notification digests over SMTP', () => {
  let app: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          for (const to of session.envelope.rcptTo) received.push({ to: to.address, raw });
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    app = await createTestApp({
      config: {
        mail: {
          ...loadConfig({ NODE_ENV: 'test' }).mail,
          smtpUrl: `smtp://127.0.0.1:${port}`,
        },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the digest with the one-click unsubscribe headers', async () => {
    const user = await createUser(app);
    await app.context.pool.query(
      sql.unsafe`update users set email_verified_at = now() where id = ${user.id}`,
    );
    await graphql(app, SET_FREQUENCY, { frequency: 'DAILY' }, user.token);
    await app.context.pool.query(sql.unsafe`
      insert into notifications (user_id, position, kind, message, link, created_at)
      values (${user.id}, 7, 'SALE', 'You sold Livery 7', '/me/sales', now())`);
    expect(await sendDueDigests(app.context.pool, new Date())).toBe(1);
    await app.mailSender.drain();
    const mail = received.find((m) => m.to === user.email);
    expect(mail).toBeDefined();
    const headers = mail!.raw.split('\r\n\r\n')[0]!.replace(/\r\n\s+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/\S+\/api\/notifications\/unsubscribe\?token=\d+\.digest\.\d+\.[\w-]{43}>$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^Subject: TrackSkins: your daily digest, 1 new notification$/m);
  });
});
