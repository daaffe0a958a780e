import { sql } from 'slonik';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { skinVersionsStreamId } from '../../domain/community/skin-version.decider';
import type { PaypalPayoutRequest, PaypalPayoutResult } from '../../infra/payments/paypal-payouts';
import type { RefundOutcome, RefundToMake } from '../../infra/payments/payment-provider';
import { appendFailingOnce, throwAfterCall } from '../support/fail-once';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { skinZip, upload, uploadSkinFiles } from '../support/upload-files';

// Each command with an outside step (infra/event-store/outside-step-command.ts) fails once between
// its outside call and its append, through a wrapper the test swaps into the app's context; the
// same command sent again must have its outside effect once and record it once.

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let buyer: User;
let admin: User;
let real: Pick<AppContext, 'payments' | 'store'>;

beforeAll(async () => {
  app = await createTestApp();
  real = { payments: app.context.payments, store: app.context.store };
  [buyer, admin] = await Promise.all([createUser(app), createUser(app, { roles: ['regular', 'admin'] })]);
});
afterEach(() => {
  Object.assign(app.context, real);
});
afterAll(async () => {
  await app.close();
});

const UPDATE_USER = `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id } }`;
const MY_PAYOUTS = `query { myPayouts { content { id payoutStatus externalId exportFileId } } }`;
const LOCK = `mutation ($id: ID!) { lockPayout(id: $id) { success } }`;
const SEND = `mutation ($id: ID!) { sendPayout(id: $id) { success } }`;
const REFUND = `mutation ($id: ID!) { refundOrder(id: $id) { success } }`;

async function run(query: string, variables: Record<string, unknown>, token: string) {
  return (await graphql(app, query, variables, token)).body as {
    data?: Record<string, unknown>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

const counted = z.object({ count: z.number() });
const eventCount = (streamId: string, type: string) =>
  app.context.pool.oneFirst(sql.type(counted)`
    select count(*)::int as count from events where stream_id = ${streamId} and event_type = ${type}`);

/** An author whose one sale put more than the minimum into an open payout. */
async function authorWithPayout(details: Record<string, string>) {
  const author = await createUser(app);
  const skin = await addSkin(app, { authorId: author.id, priceCents: 9000 });
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), buyer.token);
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  expect((await run(UPDATE_USER, { dto: details }, author.token)).errors).toBeUndefined();
  const payouts = async () =>
    (await run(MY_PAYOUTS, {}, author.token)).data!.myPayouts as {
      content: { id: string; payoutStatus: string; externalId: string | null; exportFileId: string | null }[];
    };
  const [payout] = (await payouts()).content;
  expect((await run(LOCK, { id: payout!.id }, admin.token)).errors).toBeUndefined();
  return { author, payoutId: payout!.id, payout: async () => (await payouts()).content[0]! };
}

describe('a command whose outside step succeeded but whose append failed, sent again', () => {
  it('sends a PayPal payout once: one batch at PayPal, one PayoutSent', async () => {
    const { payoutId, payout } = await authorWithPayout({
      payoutMethod: 'PAYPAL',
      paypalAccount: 'author@example.com',
      fullname: 'Alex Author',
    });
    const calls: { request: PaypalPayoutRequest; result: PaypalPayoutResult }[] = [];
    const paypal = throwAfterCall(real.payments.paypalPayouts, 'send', ([request], result) =>
      calls.push({ request: request as PaypalPayoutRequest, result: result as PaypalPayoutResult }),
    );
    app.context.payments = { ...real.payments, paypalPayouts: paypal };

    paypal.arm();
    const lost = await run(SEND, { id: payoutId }, admin.token);
    expect(lost.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(paypal.fired).toBe(1);
    expect((await payout()).payoutStatus).toBe('LOCKED');

    expect((await run(SEND, { id: payoutId }, admin.token)).errors).toBeUndefined();
    // Asked twice under one key, PayPal made one batch: the retry got the first one back.
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((call) => call.request.senderBatchId)).size).toBe(1);
    expect(calls[0]!.request.senderBatchId).toMatch(new RegExp(`^payout-${payoutId}-\\d+$`));
    const batches = new Set(
      calls.map((call) => (call.result.status === 'sent' ? call.result.batchId : null)),
    );
    expect(batches.size).toBe(1);
    const sent = await payout();
    expect(sent).toMatchObject({ payoutStatus: 'SENT', externalId: [...batches][0] });
    expect(await eventCount(`payout-${payoutId}`, 'PayoutSent')).toBe(1);
  });

  it('refunds an order once: one refund at the provider, one OrderRefunded, downloads held meanwhile', async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 700 });
    const player = await createUser(app);
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), player.token);
    await payLocally(app, reference);
    const order = await orderBySession(app, reference);
    const calls: { request: RefundToMake; outcome: RefundOutcome }[] = [];
    const card = throwAfterCall(real.payments.card, 'refund', ([request], outcome) =>
      calls.push({ request: request as RefundToMake, outcome: outcome as RefundOutcome }),
    );
    app.context.payments = { ...real.payments, card };

    card.arm();
    const lost = await run(REFUND, { id: String(order.id) }, admin.token);
    expect(lost.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect((await orderBySession(app, reference)).status).toBe('PAYMENT_RECEIVED');
    // The money may be back: the order's fence refuses a first download until the refund settles.
    const download = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${skin.url}`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(download.statusCode).toBe(403);

    expect((await run(REFUND, { id: String(order.id) }, admin.token)).errors).toBeUndefined();
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.request.idempotencyKey)).toEqual([
      `order-${order.id}-refund`,
      `order-${order.id}-refund`,
    ]);
    const refundIds = new Set(
      calls.map((call) => (call.outcome.status === 'REFUNDED' ? call.outcome.refundId : null)),
    );
    expect(refundIds.size).toBe(1);
    expect((await orderBySession(app, reference)).status).toBe('REFUNDED');
    expect(await eventCount(`order-${order.id}`, 'OrderRefunded')).toBe(1);
    const recorded = await app.context.pool.oneFirst(sql.type(z.object({ id: z.string().nullable() }))`
      select data->>'providerRefundId' as id from events
      where stream_id = ${`order-${order.id}`} and event_type = 'OrderRefunded'`);
    expect(recorded).toBe([...refundIds][0]);
    const fences = await app.context.pool.oneFirst(sql.type(counted)`
      select count(*)::int as count from order_refund_fences where order_id = ${order.id}`);
    expect(fences).toBe(0);
  });

  it("lifts the refund's fence when the provider refuses: the order stays paid and downloads go on", async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 700 });
    const player = await createUser(app);
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id] }), player.token);
    await payLocally(app, reference);
    const order = await orderBySession(app, reference);
    const card = Object.create(real.payments.card) as typeof real.payments.card;
    card.refund = async () => ({ status: 'REFUSED', reason: 'The charge is disputed.' });
    app.context.payments = { ...real.payments, card };

    const refused = await run(REFUND, { id: String(order.id) }, admin.token);
    expect(refused.errors?.[0]?.message).toBe('The charge is disputed. The order stays paid.');
    expect((await orderBySession(app, reference)).status).toBe('PAYMENT_RECEIVED');
    const download = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${skin.url}`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(download.statusCode).toBe(200);
  });

  it('exports a SEPA file once: one stored file, one PayoutExported naming it', async () => {
    const { payoutId, payout } = await authorWithPayout({
      payoutMethod: 'BANK_TRANSFER',
      fullname: 'Jana Nováková',
      street: 'Karlova 1',
      city: 'Praha',
      country: 'cz',
      bankAccountIban: 'DE89 3704 0044 0532 0130 00',
      bankAccountBic: 'COBADEFFXXX',
    });
    const store = appendFailingOnce(real.store, 'PayoutExported');
    app.context.store = store;
    const exportFile = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/admin/payouts/sepa-files',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ids: [Number(payoutId)] }),
      });
    const filesOf = () =>
      app.context.pool.anyFirst(sql.type(z.object({ id: z.string() }))`
        select id::text as id from sepa_files where ${Number(payoutId)} = any(payout_ids)`);

    store.arm();
    expect((await exportFile()).statusCode).toBe(500);
    expect(store.fired).toBe(1);
    const stored = await filesOf();
    expect(stored).toHaveLength(1);
    expect((await payout()).exportFileId).toBeNull();

    const retry = await exportFile();
    expect(retry.statusCode).toBeLessThan(300);
    // The retry found the file stored the first time and recorded that one.
    expect((retry.json() as { fileId: string }).fileId).toBe(stored[0]);
    expect(await filesOf()).toEqual(stored);
    expect(await eventCount(`payout-${payoutId}`, 'PayoutExported')).toBe(1);
    expect((await payout()).exportFileId).toBe(stored[0]);
  });

  it('publishes a skin version once: one SkinVersionPublished, the upload taken once', async () => {
    const author = await createUser(app);
    const files = await uploadSkinFiles(app, author.token);
    const first = await upload(app, 'SKIN_SOURCE', 'first.zip', await skinZip(), author.token);
    const created = await run(
      `mutation ($dto: SkinInput!) { createSkin(dto: $dto) { id } }`,
      {
        dto: {
          title: `Retried Version ${Date.now() % 100_000}`,
          description: 'A skin whose new version is published twice',
          type: 'TM2020',
          price: 0,
          images: files.imageIds.map((id, order) => ({ id, temporary: true, type: 'IMAGE', order })),
          skinSource: { id: first.body.id, temporary: true, type: 'SKIN_SOURCE', order: 0 },
        },
      },
      author.token,
    );
    expect(created.errors).toBeUndefined();
    const skinId = Number((created.data!.createSkin as { id: string }).id);
    const next = await upload(app, 'SKIN_SOURCE', 'v2.zip', await skinZip(), author.token);
    const storedName = await app.context.pool.oneFirst(sql.type(z.object({ filename: z.string() }))`
      select filename from temporary_assets where id = ${next.body.id!}`);
    const store = appendFailingOnce(real.store, 'SkinVersionPublished');
    app.context.store = store;
    const publish = () =>
      run(
        `mutation ($skinId: ID!, $file: ID!, $changelog: String!) {
          publishSkinVersion(skinId: $skinId, file: $file, changelog: $changelog) { version }
        }`,
        { skinId: String(skinId), file: next.body.id, changelog: 'Brighter stripes on the doors' },
        author.token,
      );

    store.arm();
    expect((await publish()).errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(store.fired).toBe(1);

    const retried = await publish();
    expect(retried.errors).toBeUndefined();
    expect(retried.data!.publishSkinVersion).toEqual({ version: 2 });
    expect(await eventCount(skinVersionsStreamId(skinId), 'SkinVersionPublished')).toBe(1);
    const sources = await app.context.pool.anyFirst(sql.type(z.object({ filename: z.string() }))`
      select filename from resources where skin_id = ${skinId} and type = 'SKIN_SOURCE'`);
    expect(sources).toEqual([storedName]);
    const left = await app.context.pool.oneFirst(sql.type(counted)`
      select count(*)::int as count from temporary_assets where id = ${next.body.id!}`);
    expect(left).toBe(0);
  });
});
