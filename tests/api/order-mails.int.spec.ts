import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'slonik';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MailSender } from '../../api/mail/mail-sender';
import { ORDER_MAILS, orderMailsReactor, recordOrderMails } from '../../api/mail/order-mails.reactor';
import { reactors } from '../../api/reactors';
import { formatMoney } from '../../domain/money';
import type { OrderPlaced } from '../../domain/orders/order.events';
import { loadConfig } from '../../infra/config';
import { createLogger } from '../../infra/logger';
import { CatchUpRunner, runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { freePort } from '../support/free-port';
import { waitForMail, type OutboxMail } from '../support/outbox';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

/** Intl puts no-break spaces in "1 234,50 €"; the expectations read plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

type User = Awaited<ReturnType<typeof createUser>>;

const deliveryRow = z.object({
  kind: z.string(),
  recipient_email: z.string(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
});

async function deliveriesOf(app: TestApp, orderId: number) {
  return app.context.pool.any(sql.type(deliveryRow)`
    select kind, recipient_email, status, attempts, last_error from mail_deliveries
    where order_id = ${orderId} order by id`);
}

async function outbox(app: TestApp): Promise<OutboxMail[]> {
  const dir = app.context.mailer.outboxDir;
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as OutboxMail),
  );
}

async function buy(app: TestApp, cart: { skins?: number[]; bundles?: number[] }, token?: string) {
  const form = checkoutForm(cart);
  const { reference } = await cardCheckout(app, form, token);
  await payLocally(app, reference);
  return { ...(await orderBySession(app, reference)), email: form.email };
}

async function placedOf(app: TestApp, orderId: number): Promise<OrderPlaced['data']> {
  return app.context.pool.oneFirst(sql.type(z.object({ data: z.custom<OrderPlaced['data']>() }))`
    select data from events where stream_id = ${`order-${orderId}`} and event_type = 'OrderPlaced'`);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const MAILS_QUERY = `query ($search: String) {
  purchaseList(search: $search) {
    content { id mails { id kind recipient status attempts lastError sentAt nextAttemptAt } }
  }
}`;
const MY_MAILS = `{ myPurchaseList { content { id mails { id } } } }`;
const RETRY = `mutation ($id: ID!) { retryMailDelivery(id: $id) { id status attempts lastError } }`;
const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

describe('order mails through the reactor and the outbox', () => {
  let app: TestApp;
  let authorA: User;
  let authorB: User;
  let admin: User;
  let skinA: ShopItem;
  let skinB: ShopItem;
  let bundled: ShopItem;
  let bundle: ShopItem;

  beforeAll(async () => {
    app = await createTestApp();
    authorA = await createUser(app);
    authorB = await createUser(app);
    admin = await createUser(app, { roles: ['regular', 'admin'] });
    skinA = await addSkin(app, { authorId: authorA.id, priceCents: 500 });
    bundled = await addSkin(app, { authorId: authorA.id, priceCents: 400 });
    bundle = await addBundle(app, { authorId: authorA.id, priceCents: 800, skinIds: [bundled.id] });
    skinB = await addSkin(app, { authorId: authorB.id, priceCents: 1000 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a paid guest order mails one confirmation with working links, and each author their items and recorded share', async () => {
    const order = await buy(app, { skins: [skinA.id, skinB.id], bundles: [bundle.id] });
    // Nothing goes out before the reactor has seen the payment.
    expect(await deliveriesOf(app, order.id)).toEqual([]);

    const caughtUpAt = Date.now();
    await app.context.runner.catchUp();
    // The sender is woken by the deliveries' NOTIFY at commit, not by a poll.
    const confirmation = await waitForMail(app.context.mailer.outboxDir, order.email, order.external_id);
    const saleA = await waitForMail(app.context.mailer.outboxDir, authorA.email, order.external_id);
    expect(Date.now() - caughtUpAt).toBeLessThan(2_000);

    const links = [...confirmation.text.matchAll(/\/assets\/skin\/([\w-]+)\?grant=([\w.-]+)/g)];
    expect(links.map((link) => link[1]).sort()).toEqual([skinA.url, skinB.url, bundled.url].sort());
    for (const [, url, grant] of links) {
      const download = await app.server.inject({ method: 'GET', url: `/assets/skin/${url}?grant=${grant}` });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe(`PK zip of ${url}`);
    }

    // Each author's shares are the ones OrderPlaced recorded, in integer cents.
    const placed = await placedOf(app, order.id);
    const shareOf = (authorId: number) =>
      placed.items.filter((i) => i.authorId === authorId).reduce((sum, i) => sum + i.authorShareCents, 0);
    const saleB = await waitForMail(app.context.mailer.outboxDir, authorB.email, order.external_id);
    const euros = (cents: number) => plain(formatMoney(cents));
    expect(plain(saleA.text)).toContain(`Your share of this order: ${euros(shareOf(authorA.id))}`);
    // Authors learn what sold and their share, never who bought it.
    for (const sale of [saleA, saleB]) {
      expect(sale.text + sale.html).not.toContain(order.email);
      expect(sale.text + sale.html).not.toContain(checkoutForm({}).fullname);
    }
    expect(saleA.text).toContain(skinA.title);
    expect(saleA.text).toContain(bundle.title);
    expect(saleA.text).not.toContain(skinB.title);
    expect(plain(saleB.text)).toContain(`Your share of this order: ${euros(shareOf(authorB.id))}`);
    expect(saleB.text).not.toContain(skinA.title);
    for (const item of placed.items) {
      const mail = item.authorId === authorA.id ? saleA : saleB;
      expect(plain(mail.text)).toContain(`your share ${euros(item.authorShareCents)}`);
    }

    await until(
      () => deliveriesOf(app, order.id),
      (rows) => rows.every((row) => row.status === 'SENT'),
    );
    expect((await deliveriesOf(app, order.id)).map((r) => [r.kind, r.recipient_email, r.attempts])).toEqual([
      ['ORDER_CONFIRMATION', order.email, 1],
      ['AUTHOR_SALE', authorA.email, 1],
      ['AUTHOR_SALE', authorB.email, 1],
    ]);
    const mails = (await outbox(app)).filter((mail) => mail.subject.includes(order.external_id));
    expect(mails.map((mail) => mail.to).sort()).toEqual([order.email, authorA.email, authorB.email].sort());
  });

  it('a refund mails the buyer the refunded amount, once', async () => {
    const buyer = await createUser(app);
    const order = await buy(app, { skins: [skinB.id] }, buyer.token);
    await app.context.runner.catchUp();
    await waitForMail(app.context.mailer.outboxDir, buyer.email, order.external_id);
    const refunded = await graphql(
      app,
      `
        mutation ($id: ID!) {
          refundOrder(id: $id) {
            success
          }
        }
      `,
      { id: String(order.id) },
      admin.token,
    );
    expect(refunded.body.errors).toBeUndefined();
    await app.context.runner.catchUp();
    const mail = await waitForMail(app.context.mailer.outboxDir, buyer.email, 'was refunded');
    expect(mail.subject).toBe(`Your TrackSkins order ${order.external_id} was refunded`);
    expect(plain(mail.text)).toContain('10,00 € go back');
    expect(mail.html).toContain('was refunded');
    await app.mailSender.drain();
    const toBuyer = (await outbox(app)).filter((m) => m.to === buyer.email);
    expect(toBuyer.map((m) => m.subject).sort()).toEqual(
      [
        `Your TrackSkins order ${order.external_id}`,
        `Your TrackSkins order ${order.external_id} was refunded`,
      ].sort(),
    );
    // A registered buyer's confirmation links work while signed in, not by a grant.
    expect(toBuyer.find((m) => !m.subject.includes('refunded'))!.text).not.toContain('grant=');
  });

  it('shows admins the local outbox, newest first, with both parts of each mail; nobody else', async () => {
    const buyer = await createUser(app);
    const order = await buy(app, { skins: [skinA.id] }, buyer.token);
    await app.context.runner.catchUp();
    await app.mailSender.drain();
    const OUTBOX = `query ($page: PageInput) {
      mailOutbox(page: $page) {
        transport directory
        mails { pageInfo { totalElements } content { id to subject sentAt text html } }
      }
    }`;
    const listed = await graphql(app, OUTBOX, { page: { page: 0, size: 50 } }, admin.token);
    expect(listed.body.errors).toBeUndefined();
    const { transport, directory, mails } = listed.body.data.mailOutbox;
    expect(transport).toBe('LOCAL_OUTBOX');
    expect(directory).toBe(app.context.mailer.outboxDir);
    const files = await outbox(app);
    expect(mails.pageInfo.totalElements).toBe(files.length);
    const times = mails.content.map((mail: { sentAt: string }) => mail.sentAt);
    expect(times).toEqual([...times].sort().reverse());
    const confirmation = mails.content.find(
      (mail: { to: string; subject: string }) =>
        mail.to === buyer.email && mail.subject === `Your TrackSkins order ${order.external_id}`,
    );
    expect(confirmation.text).toContain(order.external_id);
    expect(confirmation.html).toMatch(/^<!doctype html>/);
    const onePage = await graphql(app, OUTBOX, { page: { page: 0, size: 1 } }, admin.token);
    expect(onePage.body.data.mailOutbox.mails.content).toHaveLength(1);
    expect(onePage.body.data.mailOutbox.mails.content[0].id).toBe(mails.content[0].id);

    expect(codeOf((await graphql(app, OUTBOX, {}, buyer.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, OUTBOX, {})).body)).toBe('UNAUTHENTICATED');
  });

  it('shows admins each mail of an order, and only admins', async () => {
    const order = await buy(app, { skins: [skinA.id] });
    await app.context.runner.catchUp();
    await app.mailSender.drain();
    const listed = await graphql(app, MAILS_QUERY, { search: order.external_id }, admin.token);
    expect(listed.body.errors).toBeUndefined();
    const mails = listed.body.data.purchaseList.content[0].mails;
    expect(mails).toMatchObject([
      { kind: 'ORDER_CONFIRMATION', recipient: order.email, status: 'SENT', attempts: 1, lastError: null },
      { kind: 'AUTHOR_SALE', recipient: authorA.email, status: 'SENT', attempts: 1 },
    ]);
    expect(Date.parse(mails[0].sentAt)).not.toBeNaN();

    const buyer = await createUser(app);
    await buy(app, { skins: [skinB.id] }, buyer.token);
    const mine = await graphql(app, MY_MAILS, {}, buyer.token);
    expect(mine.body.data.myPurchaseList.content[0].mails).toBeNull();

    // Only a FAILED delivery can be retried.
    const sent = await graphql(app, RETRY, { id: mails[0].id }, admin.token);
    expect(codeOf(sent.body)).toBe('CONFLICT');
    expect(codeOf((await graphql(app, RETRY, { id: '999999' }, admin.token)).body)).toBe('NOT_FOUND');
  });

  it('re-running the reactor over the same events records and sends nothing more', async () => {
    await app.context.runner.catchUp();
    await app.mailSender.drain();
    const count = async () =>
      app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from mail_deliveries`);
    const before = await count();
    const mailsBefore = (await outbox(app)).length;
    expect(before).toBeGreaterThan(0);
    await app.context.pool.query(sql.unsafe`
      update projection_checkpoints set last_transaction_id = '0'::xid8, last_position = 0
      where projection_name = ${ORDER_MAILS}`);
    const replayed = await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 2 },
      orderMailsReactor({ store: app.context.store, log: app.context.log }),
    );
    expect(replayed).toBeGreaterThanOrEqual(4);
    expect(await count()).toBe(before);
    expect(await app.mailSender.drain()).toBe(0);
    expect((await outbox(app)).length).toBe(mailsBefore);
  });
  it('records no mail for the events of the demo seed', async () => {
    const order = await buy(app, { skins: [skinA.id] });
    const stream = await app.context.store.readStreams(app.context.pool, [`order-${order.id}`]);
    const payment = stream.get(`order-${order.id}`)!.events.find((e) => e.type === 'PaymentReceived')!;
    const deps = { store: app.context.store, log: app.context.log };
    const counted = () =>
      app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from mail_deliveries where order_id = ${order.id}`);
    await app.context.pool.transaction((tx) =>
      recordOrderMails(deps, tx, [
        { ...payment, metadata: { ...payment.metadata, correlationId: 'demo-seed' } },
      ]),
    );
    expect(await counted()).toBe(0);
    // The same event from a real checkout is mailed.
    await app.context.pool.transaction((tx) => recordOrderMails(deps, tx, [payment]));
    expect(await counted()).toBe(2);
    await app.mailSender.drain();
  });
});

describe('a crash between the payment and the mail', () => {
  let app: TestApp;
  let author: User;
  let skin: ShopItem;

  beforeAll(async () => {
    app = await createTestApp();
    author = await createUser(app);
    skin = await addSkin(app, { authorId: author.id, priceCents: 700 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('still sends each mail exactly once when a new runner and sender start', async () => {
    // The sender is down, and the reactor has not run when the payment commits.
    await app.mailSender.stop();
    const order = await buy(app, { skins: [skin.id] });
    expect(await deliveriesOf(app, order.id)).toEqual([]);

    // A new process: its runner records the deliveries; its sender has not started yet.
    const log = createLogger({ level: 'silent' });
    const runner = new CatchUpRunner({
      pool: app.context.pool,
      store: app.context.store,
      projections: reactors({ store: app.context.store, log }),
      log,
      batchSize: 100,
      pollMs: 60_000,
    });
    await runner.start();
    await runner.catchUp();
    await runner.stop();
    expect((await deliveriesOf(app, order.id)).map((r) => [r.kind, r.status])).toEqual([
      ['ORDER_CONFIRMATION', 'PENDING'],
      ['AUTHOR_SALE', 'PENDING'],
    ]);
    expect(await outbox(app)).toEqual([]);

    // Its sender starts (no LISTEN: the start's own pass finds the deliveries).
    const sender = new MailSender(app.context, { ...app.context.config.mail.delivery, pollMs: 60_000 });
    await sender.start();
    await waitForMail(app.context.mailer.outboxDir, order.email, order.external_id);
    await waitForMail(app.context.mailer.outboxDir, author.email, order.external_id);
    // A second sender and the old runner's catch-up find nothing more to do.
    await sender.stop();
    const another = new MailSender(app.context, { ...app.context.config.mail.delivery, pollMs: 60_000 });
    await app.context.runner.catchUp();
    expect(await another.drain()).toBe(0);
    expect((await outbox(app)).map((mail) => mail.to).sort()).toEqual([order.email, author.email].sort());
    expect((await deliveriesOf(app, order.id)).every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(
      true,
    );
  });
});

describe('SMTP failures', () => {
  let app: TestApp;
  let smtp: SMTPServer;
  let author: User;
  let admin: User;
  let other: User;
  let skin: ShopItem;
  /** Addresses the server refuses, and how many more times (Infinity: until told otherwise). */
  const refusals = new Map<string, number>();
  const received: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const left = refusals.get(address.address) ?? 0;
        if (left > 0) {
          refusals.set(address.address, left - 1);
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        callback();
      },
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
          delivery: { maxAttempts: 3, retryBaseMs: 100, retryMaxMs: 400, pollMs: 60_000 },
        },
      },
    });
    author = await createUser(app);
    admin = await createUser(app, { roles: ['regular', 'admin'] });
    other = await createUser(app);
    skin = await addSkin(app, { authorId: author.id, priceCents: 600 });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('retries a refused mail with backoff and then delivers it once', async () => {
    const order = await buy(app, { skins: [skin.id] });
    refusals.set(order.email, 1);
    await app.context.runner.catchUp();
    const sent = await until(
      () => deliveriesOf(app, order.id),
      (rows) => rows.every((row) => row.status === 'SENT'),
    );
    const confirmation = sent.find((row) => row.kind === 'ORDER_CONFIRMATION')!;
    expect(confirmation.attempts).toBe(2);
    expect(confirmation.last_error).toContain('Mailbox busy');
    expect(received.filter((mail) => mail.to === order.email)).toHaveLength(1);
    expect(received.filter((mail) => mail.to === author.email)).toHaveLength(1);
  });

  it('gives up after the last attempt, shows it failed, and lets only an admin retry it', async () => {
    const order = await buy(app, { skins: [skin.id] });
    refusals.set(order.email, Infinity);
    await app.context.runner.catchUp();
    await until(
      () => deliveriesOf(app, order.id),
      (rows) => rows.some((row) => row.status === 'FAILED'),
    );
    const listed = await graphql(app, MAILS_QUERY, { search: order.external_id }, admin.token);
    const failed = listed.body.data.purchaseList.content[0].mails.find(
      (mail: { kind: string }) => mail.kind === 'ORDER_CONFIRMATION',
    );
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      recipient: order.email,
      nextAttemptAt: null,
    });
    expect(failed.lastError).toContain('Mailbox busy');
    expect(received.filter((mail) => mail.to === order.email)).toHaveLength(0);

    expect(codeOf((await graphql(app, RETRY, { id: failed.id })).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await graphql(app, RETRY, { id: failed.id }, other.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, MAILS_QUERY, {}, other.token)).body)).toBe('FORBIDDEN');

    refusals.delete(order.email);
    const retried = await graphql(app, RETRY, { id: failed.id }, admin.token);
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data.retryMailDelivery).toMatchObject({ status: 'PENDING', attempts: 0 });
    // The retry's NOTIFY wakes the sender.
    await until(
      () => deliveriesOf(app, order.id),
      (rows) => rows.every((row) => row.status === 'SENT'),
    );
    expect(received.filter((mail) => mail.to === order.email)).toHaveLength(1);
  });
});
