import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactors } from '../../api/reactors';
import { forgetOldWebhookDeliveries } from '../../api/webhooks/webhook-deliveries';
import { WebhookSender } from '../../api/webhooks/webhook-sender';
import { WEBHOOK_ACTIONS_PER_HOUR } from '../../api/webhooks/webhooks.resolvers';
import { webhooksReactor } from '../../api/webhooks/webhooks.reactor';
import type { WebhookConfig } from '../../infra/config';
import { CatchUpRunner } from '../../infra/projection-engine/catch-up-runner';
import { waitForMail } from '../support/outbox';
import { addSkin, cardCheckout, checkoutForm, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { deadReceiverUrl, startWebhookReceiver } from '../support/webhook-receiver';

// Webhooks through the public API and a real local receiver (docs/webhooks.md): signed deliveries
// a receiver verifies with the documented snippet, retries on timeouts and errors, the log of
// every attempt, the outbox surviving a crash, pausing a dead receiver, and who may see what.

const webhooks: WebhookConfig = {
  timeoutMs: 400,
  retry: { maxAttempts: 4, baseMs: 40, maxMs: 160 },
  pause: { maxConsecutiveFailures: 3, maxFailingMs: 3_600_000 },
  pollMs: 200,
  concurrency: 4,
  allowLoopback: true,
  logDays: 30,
};

let app: TestApp;
let sender: WebhookSender;
type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;

beforeAll(async () => {
  app = await createTestApp({ config: { webhooks } });
  sender = new WebhookSender(app.context, { ...webhooks, listenUrl: app.db.url });
  await sender.start();
  admin = await createUser(app, { roles: ['regular', 'admin'] });
});
afterAll(async () => {
  await sender.stop();
  await app.close();
});

type Body = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = (await graphql(app, query, variables, token)) as { body: Body };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}
async function refusal(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = (await graphql(app, query, variables, token)) as { body: Body };
  expect(body.errors, 'expected a refusal').toBeDefined();
  return { code: body.errors![0]!.extensions?.code, message: body.errors![0]!.message };
}

const CREATE = `mutation ($input: WebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id url status scope eventTypes } } }`;
const ENDPOINT = `query ($id: ID!) { webhookEndpoint(id: $id) {
  id status pauseReason consecutiveFailures
  deliveries(page: 0, size: 50) { totalElements content {
    id webhookId eventType status attempts body
    attemptLog { outcome statusCode error durationMs responseBody attemptedAt } } } } }`;
const MINE = `query { myWebhookEndpoints { id url } }`;
const SITE = `query { siteWebhookEndpoints { id url } }`;
const ROTATE = `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret endpoint { id secretRotatedAt } } }`;
const DELETE = `mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`;
const RESUME = `mutation ($id: ID!) { resumeWebhookEndpoint(id: $id) { id status consecutiveFailures } }`;
const RESEND = `mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id status attempts } }`;

async function register(owner: User, url: string, eventTypes: string[], scope = 'AUTHOR') {
  const { createWebhookEndpoint } = await ok(CREATE, { input: { url, eventTypes, scope } }, owner.token);
  return { id: createWebhookEndpoint.endpoint.id as string, secret: createWebhookEndpoint.secret as string };
}

type Delivery = {
  id: string;
  webhookId: string;
  eventType: string;
  status: string;
  attempts: number;
  body: string;
  attemptLog: { outcome: string; statusCode: number | null; error: string | null; durationMs: number }[];
};
async function endpointOf(owner: User, id: string) {
  return (await ok(ENDPOINT, { id }, owner.token)).webhookEndpoint as {
    status: string;
    pauseReason: string | null;
    consecutiveFailures: number;
    deliveries: { totalElements: number; content: Delivery[] };
  };
}

/** A paid order of one skin of `author`'s; the reactor records its deliveries before it returns. */
async function sell(author: User, options: { catchUp?: boolean } = {}) {
  const skin = await addSkin(app, {
    authorId: author.id,
    priceCents: 499,
    title: `Hooked Livery ${Date.now() % 100_000}`,
  });
  const buyer = await createUser(app);
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), buyer.token);
  const paid = await payLocally(app, reference);
  expect(paid.statusCode).toBeLessThan(400);
  if (options.catchUp !== false) await app.context.runner.catchUp();
  return { skin, buyer };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The verification snippet of docs/webhooks.md, written to a module as it stands there and imported. */
async function documentedVerifier() {
  const doc = await fs.readFile(path.resolve('docs/webhooks.md'), 'utf8');
  const snippet = /```js verify-webhook\n([\s\S]*?)```/.exec(doc)?.[1];
  expect(snippet, 'docs/webhooks.md has the verify-webhook snippet').toBeTruthy();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'webhook-snippet-'));
  const file = path.join(dir, 'verify.mjs');
  await fs.writeFile(file, snippet!);
  const module = (await import(pathToFileURL(file).href)) as {
    verifyTrackSkinsWebhook: (
      rawBody: string,
      header: string | undefined,
      secret: string,
      options?: { toleranceSeconds?: number; now?: number },
    ) => boolean;
  };
  return module.verifyTrackSkinsWebhook;
}

describe('a sale webhook', () => {
  it('reaches a local receiver signed, within a second of the purchase, and verifies with the documented snippet', async () => {
    // The app's runner is woken by the feed's notifications; this one does the same for the reactor.
    const live = new CatchUpRunner({
      pool: app.context.pool,
      store: app.context.store,
      projections: [webhooksReactor({ store: app.context.store, log: app.context.log })],
      log: app.context.log,
      batchSize: 500,
      pollMs: 60_000,
      listenUrl: app.db.url,
    });
    await live.start();
    const receiver = await startWebhookReceiver([200]);
    try {
      const author = await createUser(app);
      const { id, secret } = await register(author, receiver.url, ['sale.completed']);
      const skin = await addSkin(app, { authorId: author.id, priceCents: 499, title: 'Prompt Livery' });
      const buyer = await createUser(app);
      const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), buyer.token);

      const purchasedAt = performance.now();
      await payLocally(app, reference);
      const [request] = await receiver.waitFor(1, 5_000);
      const latencyMs = request!.at - purchasedAt;
      console.log(`sale webhook received ${latencyMs.toFixed(0)} ms after the payment was confirmed`);
      expect(latencyMs).toBeLessThan(1_000);

      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['trackskins-event']).toBe('sale.completed');
      const envelope = JSON.parse(request!.body);
      expect(envelope).toMatchObject({
        type: 'sale.completed',
        id: request!.headers['trackskins-webhook-id'],
        data: {
          currency: 'EUR',
          items: [{ itemType: 'SKIN', itemId: skin.id, name: 'Prompt Livery', priceCents: 499 }],
        },
      });
      // Nothing of the buyer's goes out.
      expect(request!.body).not.toContain(buyer.email);
      expect(request!.body).not.toContain(buyer.username);
      expect(request!.body).not.toContain('Pat Player');

      const verify = await documentedVerifier();
      const header = request!.headers['trackskins-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(request!.body, header, secret)).toBe(true);
      expect(verify(request!.body.replace('499', '1'), header, secret)).toBe(false);
      expect(verify(request!.body, header, `${secret}x`)).toBe(false);
      // The same delivery replayed ten minutes later is refused by the tolerance window.
      expect(verify(request!.body, header, secret, { now: Date.now() + 10 * 60_000 })).toBe(false);

      const endpoint = await until(
        () => endpointOf(author, id),
        (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
      );
      expect(endpoint.deliveries.content[0]!.attemptLog).toMatchObject([
        { outcome: 'SUCCESS', statusCode: 200 },
      ]);
    } finally {
      await live.stop();
      await receiver.close();
    }
  });

  it('tells each author only of their own items, and a site-wide endpoint of the whole order', async () => {
    const receiver = await startWebhookReceiver([200]);
    const site = await startWebhookReceiver([200]);
    try {
      const [first, second] = [await createUser(app), await createUser(app)];
      await register(first, receiver.url, ['sale.completed']);
      const siteEndpoint = await register(admin, site.url, ['sale.completed'], 'SITE');
      const mine = await addSkin(app, { authorId: first.id, priceCents: 300, title: 'First Livery' });
      const theirs = await addSkin(app, { authorId: second.id, priceCents: 700, title: 'Second Livery' });
      const buyer = await createUser(app);
      const { reference } = await cardCheckout(
        app,
        checkoutForm({ skins: [mine.id, theirs.id] }),
        buyer.token,
      );
      await payLocally(app, reference);
      await app.context.runner.catchUp();

      const [toFirst] = await receiver.waitFor(1);
      const data = JSON.parse(toFirst!.body).data;
      expect(data.items.map((item: { name: string }) => item.name)).toEqual(['First Livery']);
      expect(toFirst!.body).not.toContain('Second Livery');
      expect(data.authorShareCents).toBe(data.items[0].authorShareCents);

      const [toSite] = await site.waitFor(1);
      const whole = JSON.parse(toSite!.body).data;
      expect(
        whole.items.map((item: { name: string; authorId: number }) => [item.name, item.authorId]),
      ).toEqual([
        ['First Livery', first.id],
        ['Second Livery', second.id],
      ]);
      expect(whole.totals.totalCents).toBe(1000);
      expect(toSite!.body).not.toContain(buyer.email);
      await ok(DELETE, { id: siteEndpoint.id }, admin.token);
    } finally {
      await receiver.close();
      await site.close();
    }
  });
});

describe('other facts', () => {
  it("tells an author of a comment on their skin, with the comment's text, in the comment's own transaction", async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const [author, player] = [await createUser(app), await createUser(app)];
      await register(author, receiver.url, ['comment.created']);
      const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Talked-about Livery' });
      const COMMENT = `mutation ($skin: ID, $text: String!) { createComment(skin: $skin, text: $text) { id } }`;
      // The author's own comment tells nobody.
      await ok(COMMENT, { skin: String(skin.id), text: 'Thanks for playing!' }, author.token);
      const { createComment } = await ok(
        COMMENT,
        { skin: String(skin.id), text: 'Love the colours' },
        player.token,
      );
      const [request] = await receiver.waitFor(1);
      expect(JSON.parse(request!.body)).toMatchObject({
        type: 'comment.created',
        data: {
          itemType: 'SKIN',
          itemId: skin.id,
          name: 'Talked-about Livery',
          commentId: Number(createComment.id),
          text: 'Love the colours',
          commenter: player.username,
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('tells an author of a vote on their skin without naming the voter, and a reporter of the outcome', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const [author, voter] = [await createUser(app), await createUser(app)];
      await register(author, receiver.url, ['rating.created']);
      await register(voter, receiver.url, ['report.resolved']);
      const skin = await addSkin(app, { authorId: author.id, priceCents: 0, title: 'Voted Livery' });
      await ok(
        `mutation ($id: Long!) { rateSkin(skinId: $id, rating: 4) { usersRating } }`,
        { id: skin.id },
        voter.token,
      );
      await ok(
        `mutation ($t: ModeratedItemType!, $id: ID!) { reportItem(itemType: $t, itemId: $id, reason: STOLEN, text: "Copied from a friend") { id success } }`,
        { t: 'SKIN', id: String(skin.id) },
        voter.token,
      );
      await ok(
        `mutation ($t: ModeratedItemType!, $id: ID!) { takeDownItem(itemType: $t, itemId: $id, ground: NO_RIGHTS, reason: "Copied") { id success } }`,
        { t: 'SKIN', id: String(skin.id) },
        admin.token,
      );
      await app.context.runner.catchUp();
      const requests = await receiver.waitFor(2);
      const byType = Object.fromEntries(
        requests.map((r) => [JSON.parse(r.body).type, JSON.parse(r.body).data]),
      );
      expect(byType['rating.created']).toEqual({
        skinId: skin.id,
        name: 'Voted Livery',
        rating: 4,
        previousRating: null,
      });
      expect(JSON.stringify(byType['rating.created'])).not.toContain(voter.username);
      expect(byType['report.resolved']).toMatchObject({
        itemType: 'SKIN',
        itemId: skin.id,
        outcome: 'UPHELD',
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('retries', () => {
  it('a receiver that times out, then answers 500, then 200 gets one successful delivery, the retries in the log', async () => {
    const receiver = await startWebhookReceiver(['hang', 500, 200]);
    try {
      const author = await createUser(app);
      const { id } = await register(author, receiver.url, ['sale.completed']);
      await sell(author);
      const requests = await receiver.waitFor(3);
      await until(
        () => endpointOf(author, id),
        (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
      );
      // Read again: the endpoint row and its deliveries are two queries, and the success may have
      // committed between them in the read that saw it.
      const endpoint = await endpointOf(author, id);
      expect(endpoint.deliveries.totalElements).toBe(1);
      const [delivery] = endpoint.deliveries.content;
      expect(delivery!.attempts).toBe(3);
      expect(delivery!.attemptLog.map((a) => [a.outcome, a.statusCode])).toEqual([
        ['TIMEOUT', null],
        ['HTTP_ERROR', 500],
        ['SUCCESS', 200],
      ]);
      expect(delivery!.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(webhooks.timeoutMs - 5);
      expect(delivery!.attemptLog[0]!.error).toContain(`${webhooks.timeoutMs} ms`);
      // The same envelope each time; the success ended the run of failures.
      expect(new Set(requests.map((r) => r.headers['trackskins-webhook-id']))).toEqual(
        new Set([delivery!.webhookId]),
      );
      expect(new Set(requests.map((r) => r.body))).toEqual(new Set([delivery!.body]));
      expect(endpoint.consecutiveFailures).toBe(0);
      expect(endpoint.status).toBe('ACTIVE');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("a dead receiver's attempts show in the log until the endpoint is paused; its owner is told and can resume it", async () => {
    const owner = await createUser(app);
    const { id } = await register(owner, await deadReceiverUrl(), ['sale.completed']);
    await sell(owner);
    const paused = await until(
      () => endpointOf(owner, id),
      (e) => e.status === 'PAUSED',
    );
    expect(paused.pauseReason).toBe('3 failed attempts in a row');
    const [delivery] = paused.deliveries.content;
    expect(delivery!.status).toBe('PENDING');
    expect(delivery!.attemptLog.map((a) => a.outcome)).toEqual([
      'NETWORK_ERROR',
      'NETWORK_ERROR',
      'NETWORK_ERROR',
    ]);
    expect(delivery!.attemptLog[0]!.error).toMatch(/ECONNREFUSED/);
    // Paused: nothing more is tried.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await endpointOf(owner, id)).deliveries.content[0]!.attemptLog).toHaveLength(3);
    expect(await refusal(RESEND, { id: delivery!.id }, owner.token)).toMatchObject({ code: 'CONFLICT' });

    await app.context.runner.catchUp();
    const { myNotifications } = await ok(
      `query { myNotifications(page: { page: 0, size: 10 }) { content { kind message link } } }`,
      {},
      owner.token,
    );
    expect(myNotifications.content[0]).toMatchObject({
      kind: 'WEBHOOK_PAUSED',
      message: expect.stringContaining('was paused after 3 failed attempts in a row'),
      link: '/me/settings/webhooks',
    });
    const mail = await waitForMail(app.context.mailer.outboxDir, owner.email, 'webhook endpoint paused');
    expect(mail.text).toContain('/me/settings/webhooks');

    const resumed = (await ok(RESUME, { id }, owner.token)).resumeWebhookEndpoint;
    expect(resumed).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0 });
    // Resumed, the waiting delivery is tried again at once (and fails again: the receiver is still dead).
    await until(
      () => endpointOf(owner, id),
      (e) => e.deliveries.content[0]!.attemptLog.length > 3,
    );
    await ok(DELETE, { id }, owner.token);
  });

  it('an endpoint deleted while its request is under way takes its log with it; the sender goes on', async () => {
    const hanging = await startWebhookReceiver(['hang']);
    const next = await startWebhookReceiver([200]);
    try {
      const author = await createUser(app);
      const { id } = await register(author, hanging.url, ['sale.completed']);
      await sell(author);
      await hanging.waitFor(1);
      await ok(DELETE, { id }, author.token);
      await new Promise((resolve) => setTimeout(resolve, webhooks.timeoutMs + 200));
      const left = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from webhook_deliveries where endpoint_id = ${Number(id)}`);
      expect(left).toBe(0);
      const other = await createUser(app);
      await register(other, next.url, ['sale.completed']);
      await sell(other);
      await next.waitFor(1);
    } finally {
      await hanging.close();
      await next.close();
    }
  });

  it('the owner can resend a delivered webhook: a new round with the same id', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const author = await createUser(app);
      const { id } = await register(author, receiver.url, ['sale.completed']);
      await sell(author);
      const [first] = await receiver.waitFor(1);
      const delivery = (
        await until(
          () => endpointOf(author, id),
          (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
        )
      ).deliveries.content[0]!;
      await ok(RESEND, { id: delivery.id }, author.token);
      const [, again] = await receiver.waitFor(2);
      expect(again!.body).toBe(first!.body);
      expect(again!.headers['trackskins-webhook-id']).toBe(delivery.webhookId);
      const after = await until(
        () => endpointOf(author, id),
        (e) =>
          e.deliveries.content[0]!.attemptLog.length === 2 && e.deliveries.content[0]!.status === 'SUCCEEDED',
      );
      expect(after.deliveries.totalElements).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('the delivery log', () => {
  it('forgets finished deliveries after the set days, never pending ones', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const author = await createUser(app);
      const { id } = await register(author, receiver.url, ['sale.completed']);
      await sell(author);
      await sell(author);
      await receiver.waitFor(2);
      await until(
        () => endpointOf(author, id),
        (e) => e.deliveries.content.every((d) => d.status === 'SUCCEEDED'),
      );
      const pool = app.context.pool;
      // One delivered 40 days ago, one still pending from then (say its endpoint was paused).
      await pool.query(sql.unsafe`
        update webhook_deliveries set created_at = now() - interval '40 days'
        where endpoint_id = ${Number(id)}`);
      await pool.query(sql.unsafe`
        update webhook_deliveries set status = 'PENDING', next_attempt_at = now() + interval '1 day'
        where id = (select min(id) from webhook_deliveries where endpoint_id = ${Number(id)})`);
      const forgotten = await forgetOldWebhookDeliveries(pool, new Date(Date.now() - 30 * 24 * 3_600_000));
      expect(forgotten).toBeGreaterThanOrEqual(1);
      const left = (await endpointOf(author, id)).deliveries.content;
      expect(left.map((d) => d.status)).toEqual(['PENDING']);
      const attempts = await pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = ${Number(id)}`);
      expect(attempts).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('a crash between the fact and the delivery', () => {
  it('still delivers when the reactor died before recording: the restarted reactor reads the fact again', async () => {
    const receiver = await startWebhookReceiver([200]);
    const pool = app.context.pool;
    try {
      const author = await createUser(app);
      const { id } = await register(author, receiver.url, ['sale.completed']);
      // The reactor's transaction dies at its insert, as if the process died there.
      await pool.query(sql.unsafe`
        create or replace function webhook_test_crash() returns trigger language plpgsql
        as $$ begin raise exception 'simulated crash of the webhooks reactor'; end $$`);
      await pool.query(sql.unsafe`
        create trigger webhook_test_crash before insert on webhook_deliveries
        for each statement execute function webhook_test_crash()`);
      await sell(author);
      const lag = await app.context.runner.lag(pool);
      expect(lag.find((l) => l.name === 'webhooks')?.lastError).toContain('simulated crash');
      expect((await endpointOf(author, id)).deliveries.totalElements).toBe(0);
      await pool.query(sql.unsafe`drop trigger webhook_test_crash on webhook_deliveries`);

      // A new process: a new runner with the app's reactors, from the checkpoint that did not move.
      const restarted = new CatchUpRunner({
        pool,
        store: app.context.store,
        projections: reactors({ store: app.context.store, log: app.context.log }),
        log: app.context.log,
        batchSize: 500,
        pollMs: 60_000,
      });
      await restarted.start();
      await restarted.catchUp();
      await restarted.stop();
      await receiver.waitFor(1);
      await until(
        () => endpointOf(author, id),
        (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
      );
      // Read again: the endpoint row and its deliveries are two queries, and the success may have
      // committed between them in the read that saw it.
      const endpoint = await endpointOf(author, id);
      expect(endpoint.deliveries.totalElements).toBe(1);
      await app.context.runner.catchUp();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await pool.query(sql.unsafe`drop trigger if exists webhook_test_crash on webhook_deliveries`);
      await receiver.close();
    }
  });

  it('still delivers when the sender died holding the delivery: a restarted sender sends it once its lease ran out', async () => {
    const receiver = await startWebhookReceiver([200]);
    await sender.stop();
    try {
      const author = await createUser(app);
      const { id } = await register(author, receiver.url, ['sale.completed']);
      await sell(author);
      // As a sender leaves a delivery it took and died with: leased for another second, unsent.
      await app.context.pool.query(sql.unsafe`
        update webhook_deliveries set leased_until = now() + interval '1 second' where endpoint_id = ${Number(id)}`);
      const leasedAt = performance.now();
      sender = new WebhookSender(app.context, { ...webhooks, listenUrl: app.db.url });
      await sender.start();
      const [request] = await receiver.waitFor(1, 5_000);
      expect(request!.at - leasedAt).toBeGreaterThanOrEqual(900);
      const endpoint = await until(
        () => endpointOf(author, id),
        (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
      );
      expect(endpoint.deliveries.content[0]!.attemptLog).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('addresses', () => {
  it('refuses addresses that are not https, carry credentials, or lead to private, loopback or link-local hosts', async () => {
    const owner = await createUser(app);
    for (const url of [
      'http://example.com/hooks',
      'ftp://example.com/hooks',
      'https://user:secret@example.com/hooks',
      'https://10.0.0.8/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://[fd00::1]/hooks',
      'https://localhost/hooks',
      'http://localhost:8080/hooks',
      'not an address',
    ]) {
      const refused = await refusal(CREATE, { input: { url, eventTypes: ['sale.completed'] } }, owner.token);
      expect(refused.code, url).toBe('BAD_USER_INPUT');
    }
    expect((await ok(MINE, {}, owner.token)).myWebhookEndpoints).toEqual([]);
  });

  it('takes plain http://127.0.0.1 only outside production', async () => {
    const owner = await createUser(app);
    const config = app.context.config.webhooks;
    config.allowLoopback = false;
    try {
      const refused = await refusal(
        CREATE,
        { input: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['sale.completed'] } },
        owner.token,
      );
      expect(refused).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'The address must start with https://.',
      });
      const loopback = await refusal(
        CREATE,
        { input: { url: 'https://127.0.0.1:9/hooks', eventTypes: ['sale.completed'] } },
        owner.token,
      );
      expect(loopback.code).toBe('BAD_USER_INPUT');
    } finally {
      config.allowLoopback = true;
    }
    await register(owner, 'http://127.0.0.1:9/hooks', ['sale.completed']);
  });

  it('limits how often one person registers, rotates or resends, since each may look up or call a host', async () => {
    const owner = await createUser(app);
    for (let i = 0; i < WEBHOOK_ACTIONS_PER_HOUR; i++) {
      const refused = await refusal(
        CREATE,
        { input: { url: `https://10.0.0.${i}/hooks`, eventTypes: ['sale.completed'] } },
        owner.token,
      );
      expect(refused.code).toBe('BAD_USER_INPUT');
    }
    const limited = await refusal(
      CREATE,
      { input: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['sale.completed'] } },
      owner.token,
    );
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect((await ok(MINE, {}, owner.token)).myWebhookEndpoints).toEqual([]);
  });

  it('refuses event types outside the scope', async () => {
    const owner = await createUser(app);
    const refused = await refusal(
      CREATE,
      { input: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['report.created'] } },
      owner.token,
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.message).toContain('report.created');
  });
});

describe('who may see and manage endpoints', () => {
  it('anonymous, another user, the owner and an admin', async () => {
    const [owner, other] = [await createUser(app), await createUser(app)];
    const otherAdmin = await createUser(app, { roles: ['regular', 'admin'] });
    const receiver = await startWebhookReceiver([200]);
    try {
      const { id } = await register(owner, receiver.url, ['sale.completed']);
      await sell(owner);
      const [request] = await receiver.waitFor(1);
      const delivery = (
        await until(
          () => endpointOf(owner, id),
          (e) => e.deliveries.content[0]?.status === 'SUCCEEDED',
        )
      ).deliveries.content[0]!;
      expect(request).toBeDefined();

      // Anonymous: nothing.
      expect((await refusal(MINE, {})).code).toBe('UNAUTHENTICATED');
      expect((await refusal(ENDPOINT, { id })).code).toBe('UNAUTHENTICATED');
      expect(
        (await refusal(CREATE, { input: { url: receiver.url, eventTypes: ['sale.completed'] } })).code,
      ).toBe('UNAUTHENTICATED');
      expect((await refusal(RESEND, { id: delivery.id })).code).toBe('UNAUTHENTICATED');

      // Another user and an admin: no such endpoint or delivery, whatever they try.
      for (const stranger of [other, admin]) {
        expect((await ok(MINE, {}, stranger.token)).myWebhookEndpoints).toEqual([]);
        for (const [query, variables] of [
          [ENDPOINT, { id }],
          [ROTATE, { id }],
          [DELETE, { id }],
          [RESUME, { id }],
          [RESEND, { id: delivery.id }],
        ] as const) {
          expect((await refusal(query, variables, stranger.token)).code).toBe('NOT_FOUND');
        }
      }
      expect((await refusal(SITE, {}, other.token)).code).toBe('FORBIDDEN');
      expect(
        (
          await refusal(
            CREATE,
            { input: { url: receiver.url, eventTypes: ['sale.completed'], scope: 'SITE' } },
            other.token,
          )
        ).code,
      ).toBe('FORBIDDEN');

      // The owner: everything, and a rotated secret signs from then on.
      expect((await ok(MINE, {}, owner.token)).myWebhookEndpoints).toEqual([{ id, url: receiver.url }]);
      const rotated = (await ok(ROTATE, { id }, owner.token)).rotateWebhookSecret;
      expect(rotated.secret).toMatch(/^whsec_/);
      await ok(RESEND, { id: delivery.id }, owner.token);
      const [, again] = await receiver.waitFor(2);
      const verify = await documentedVerifier();
      expect(verify(again!.body, again!.headers['trackskins-signature'] as string, rotated.secret)).toBe(
        true,
      );

      // Site-wide endpoints: any admin manages them; regular users never see them.
      const site = await register(admin, receiver.url, ['report.created'], 'SITE');
      expect((await ok(SITE, {}, otherAdmin.token)).siteWebhookEndpoints).toEqual([
        { id: site.id, url: receiver.url },
      ]);
      expect((await refusal(ENDPOINT, { id: site.id }, owner.token)).code).toBe('NOT_FOUND');
      expect(await ok(DELETE, { id: site.id }, otherAdmin.token)).toEqual({ deleteWebhookEndpoint: true });

      expect(await ok(DELETE, { id }, owner.token)).toEqual({ deleteWebhookEndpoint: true });
      expect((await refusal(ENDPOINT, { id }, owner.token)).code).toBe('NOT_FOUND');
      const left = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
        select count(*)::int as n from webhook_deliveries where endpoint_id = ${Number(id)}`);
      expect(left).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
