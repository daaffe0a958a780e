import { parse } from 'csv-parse/sync';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sepaTextMessage } from '../../domain/payouts/payout-destination';
import { lockTimeOf } from '../../domain/payouts/payout-schedule';
import { lockScheduledPayouts } from '../../api/payouts/lock-scheduled-payouts.handler';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { payoutsProjection } from '../../projections/payouts.projection';
import { validateSepaXml } from '../support/sepa-schema';
import { chainHead } from '../../infra/event-store/event-chain';
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
import { NOT_VAT_REGISTERED } from '../support/vat';
import { createUser } from '../support/test-users';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let buyer: User;
let other: User;
let admin: User;

const PAYOUT_FIELDS = `
  id amount estimatedPayoutDate externalId payoutStatus sentOn lockedOn payoutMethod sendToIban sendToBic
  sendToPaypalAccount createdAt skinCount bundleCount adjustmentCount failureReason exportBatchId
  exportFileId exportedAt endToEndId estimatedDateNote minimumAmount
  totals { itemCount adjustmentCount price tip paymentFee siteFee adjustments authorShare }
  author { id username }
  items { id name price authorReward tip internalFee externalFee inBundle purchaseItemType adjustment
          orderExternalId fromPayoutId }`;
const MY_PAYOUTS = `query ($status: PayoutStatus, $page: PageInput) {
  myPayouts(status: $status, page: $page) {
    pageInfo { totalElements pageSize } content { ${PAYOUT_FIELDS} }
  }
}`;
const ALL_PAYOUTS = `query ($status: PayoutStatus, $page: PageInput) {
  allPayouts(status: $status, page: $page) { pageInfo { totalElements pageSize } content { id payoutStatus } }
}`;
const PAYOUT = `query ($id: ID!) {
  payout(id: $id) { ${PAYOUT_FIELDS} history { type at actor { id username } system reason amount } }
}`;
const LOCK = `mutation ($id: ID!) { lockPayout(id: $id) { id success } }`;
const SEND = `mutation ($id: ID!) { sendPayout(id: $id) { id success } }`;
const FAIL = `mutation ($id: ID!, $reason: String!) { markPayoutFailed(id: $id, reason: $reason) { id success } }`;
const UPDATE_USER = `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id payoutMethod } }`;

type GraphQLBody = {
  data?: Record<string, unknown>;
  errors?: { message: string; extensions?: { code?: string } }[];
};
const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions?.code;

type PayoutView = {
  id: string;
  amount: number;
  payoutStatus: string;
  externalId: string | null;
  estimatedPayoutDate: string | null;
  exportBatchId: string | null;
  exportFileId: string | null;
  estimatedDateNote: string | null;
  totals: {
    itemCount: number;
    adjustmentCount: number;
    price: number;
    tip: number;
    paymentFee: number;
    siteFee: number;
    adjustments: number;
    authorShare: number;
  };
  failureReason: string | null;
  skinCount: number;
  bundleCount: number;
  adjustmentCount: number;
  items: {
    name: string;
    price: number;
    authorReward: number;
    internalFee: number;
    externalFee: number;
    tip: number;
    adjustment: boolean;
    inBundle: boolean;
    purchaseItemType: string;
    orderExternalId: string;
    fromPayoutId: string | null;
  }[];
  history:
    { type: string; actor: { id: string } | null; system: string | null; reason: string | null }[] | null;
};

async function myPayouts(user: User, status?: string): Promise<PayoutView[]> {
  const { body } = await graphql(app, MY_PAYOUTS, { status: status ?? null }, user.token);
  expect(body.errors).toBeUndefined();
  return (body.data as { myPayouts: { content: PayoutView[] } }).myPayouts.content;
}

async function payout(id: string | number, token: string): Promise<PayoutView> {
  const { body } = await graphql(app, PAYOUT, { id: String(id) }, token);
  expect(body.errors).toBeUndefined();
  return (body.data as { payout: PayoutView }).payout;
}

async function run(query: string, variables: Record<string, unknown>, token?: string) {
  return (await graphql(app, query, variables, token)).body as GraphQLBody;
}

/** A buyer pays an order through the local card checkout; the allocation catches up. */
async function buy(cart: { skins?: number[]; bundles?: number[] }, token = buyer.token) {
  const { reference } = await cardCheckout(app, checkoutForm(cart), token);
  await payLocally(app, reference);
  await app.context.runner.catchUp();
  return orderBySession(app, reference);
}

async function refund(orderId: number) {
  const body = await run(
    `mutation ($id: ID!) { refundOrder(id: $id) { success } }`,
    { id: String(orderId) },
    admin.token,
  );
  expect(body.errors).toBeUndefined();
  await app.context.runner.catchUp();
}

async function setPayPal(user: User, account = `${user.username}@example.com`) {
  const body = await run(
    UPDATE_USER,
    { dto: { payoutMethod: 'PAYPAL', paypalAccount: account, fullname: 'Alex Author' } },
    user.token,
  );
  expect(body.errors).toBeUndefined();
}

async function setBank(user: User) {
  const body = await run(
    UPDATE_USER,
    {
      dto: {
        payoutMethod: 'BANK_TRANSFER',
        fullname: 'Jiří Novák',
        street: 'Karlova 1',
        city: 'Praha',
        country: 'cz',
        bankAccountIban: 'DE89 3704 0044 0532 0130 00',
        bankAccountBic: 'COBADEFFXXX',
      },
    },
    user.token,
  );
  expect(body.errors).toBeUndefined();
}

const orderItems = z.object({
  price_cents: z.number(),
  tip_cents: z.number(),
  site_fee_cents: z.number(),
  payment_fee_cents: z.number(),
  author_share_cents: z.number(),
  author_id: z.number(),
});

async function itemsOfOrder(orderId: number) {
  return app.context.pool.any(sql.type(orderItems)`
    select price_cents, tip_cents, site_fee_cents, payment_fee_cents, author_share_cents, author_id
    from order_items where order_id = ${orderId} order by position`);
}

const cents = (euros: number) => Math.round(euros * 100);
const balanceOf = (view: PayoutView) => view.items.reduce((sum, item) => sum + cents(item.authorReward), 0);

beforeAll(async () => {
  // Payout thresholds and figures here are the fee rules' alone: an operator not registered for VAT.
  app = await createTestApp({ config: NOT_VAT_REGISTERED });
  [buyer, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
});
afterAll(async () => {
  await app.close();
});

describe('earnings from orders', () => {
  let author: User;
  let second: User;
  let skins: ShopItem[];
  let theirs: ShopItem;
  let bundle: ShopItem;

  beforeAll(async () => {
    [author, second] = await Promise.all([createUser(app), createUser(app)]);
    skins = await Promise.all([
      addSkin(app, { authorId: author.id, priceCents: 3000 }),
      addSkin(app, { authorId: author.id, priceCents: 2500 }),
      addSkin(app, { authorId: author.id, priceCents: 1250 }),
    ]);
    theirs = await addSkin(app, { authorId: second.id, priceCents: 1000 });
    bundle = await addBundle(app, { authorId: author.id, priceCents: 4000, skinIds: [skins[2]!.id] });
  });

  it("puts each paid item into its author's open payout with the shares the order recorded", async () => {
    const order = await buy({ skins: [skins[0]!.id, theirs.id], bundles: [bundle.id] });
    const recorded = await itemsOfOrder(order.id);

    const [mine] = await myPayouts(author);
    expect(mine).toMatchObject({ payoutStatus: 'PENDING', skinCount: 1, bundleCount: 1, adjustmentCount: 0 });
    const ours = recorded.filter((item) => item.author_id === author.id);
    expect(mine!.items.map((item) => cents(item.authorReward)).sort()).toEqual(
      ours.map((item) => item.author_share_cents).sort(),
    );
    for (const item of mine!.items) {
      const source = ours.find((row) => row.author_share_cents === cents(item.authorReward))!;
      expect([cents(item.price), cents(item.internalFee), cents(item.externalFee), cents(item.tip)]).toEqual([
        source.price_cents,
        source.site_fee_cents,
        source.payment_fee_cents,
        source.tip_cents,
      ]);
      expect(item.orderExternalId).toBe(order.external_id);
    }
    const bundleLine = mine!.items.find((item) => item.purchaseItemType === 'BUNDLE');
    expect(bundleLine).toMatchObject({ inBundle: true, name: bundle.title });
    expect(mine!.amount).toBeCloseTo(ours.reduce((sum, item) => sum + item.author_share_cents, 0) / 100, 2);

    const [theirPayout] = await myPayouts(second);
    expect(theirPayout!.items).toHaveLength(1);
    expect(cents(theirPayout!.amount)).toBe(
      recorded.find((item) => item.author_id === second.id)!.author_share_cents,
    );
  });

  it('keeps one pending payout per author: later sales join it, and after a lock open the next', async () => {
    await buy({ skins: [skins[1]!.id] });
    const pending = await myPayouts(author, 'PENDING');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.items).toHaveLength(3);

    await setPayPal(author);
    expect(await run(LOCK, { id: pending[0]!.id }, admin.token)).toEqual({
      data: { lockPayout: { id: pending[0]!.id, success: true } },
    });
    const locked = await payout(pending[0]!.id, author.token);
    expect(locked).toMatchObject({ payoutStatus: 'LOCKED', estimatedPayoutDate: null });
    expect(cents(locked.amount)).toBe(balanceOf(locked));

    await buy({ skins: [skins[1]!.id] }, other.token);
    const after = await myPayouts(author);
    expect(after.map((view) => view.payoutStatus)).toEqual(['PENDING', 'LOCKED']);
    expect(after[0]!.items).toHaveLength(1);
    // The locked payout did not change.
    expect(await payout(pending[0]!.id, author.token)).toEqual(locked);
  });

  it('takes a refunded item out of the open payout, or books a negative adjustment when its payout is locked', async () => {
    const [open, locked] = await myPayouts(author);
    const lateOrder = await buy({ skins: [skins[0]!.id] }, other.token);
    expect((await payout(open!.id, author.token)).items).toHaveLength(2);
    await refund(lateOrder.id);
    const reopened = await payout(open!.id, author.token);
    expect(reopened.items).toHaveLength(1);
    expect(reopened.amount).toBe(open!.amount);

    // The first order's items are in the locked payout: the refund comes back as an adjustment.
    const firstOrderExternalId = locked!.items[0]!.orderExternalId;
    const firstOrder = await app.context.pool.oneFirst(
      sql.type(
        z.object({ id: z.number() }),
      )`select id from orders where external_id = ${firstOrderExternalId}`,
    );
    await refund(firstOrder);
    expect(await payout(locked!.id, author.token)).toEqual(await payout(locked!.id, author.token));
    const next = await payout(open!.id, author.token);
    const adjustments = next.items.filter((item) => item.adjustment);
    const refundedShares = locked!.items.filter((item) => item.orderExternalId === firstOrderExternalId);
    expect(adjustments.map((item) => cents(item.authorReward)).sort()).toEqual(
      refundedShares.map((item) => -cents(item.authorReward)).sort(),
    );
    expect(adjustments.every((item) => item.fromPayoutId === locked!.id && item.externalFee === 0)).toBe(
      true,
    );
    expect(next.adjustmentCount).toBe(adjustments.length);
    expect(cents(next.amount)).toBe(balanceOf(next));
    // The timeline names who refunded (the admin), not the allocation that booked it.
    const steps = (await payout(open!.id, admin.token)).history!.filter((entry) =>
      ['PayoutItemRemoved', 'PayoutAdjustmentAdded'].includes(entry.type),
    );
    expect(steps.map((entry) => entry.type).sort()).toEqual(
      ['PayoutItemRemoved', ...adjustments.map(() => 'PayoutAdjustmentAdded')].sort(),
    );
    for (const step of steps) expect(step).toMatchObject({ actor: { id: String(admin.id) }, system: null });
    // The other author's item of that order left their open payout.
    expect((await myPayouts(second))[0]!.items).toHaveLength(0);
  });
});

describe('estimated payout dates that do not mislead', () => {
  it('shows no date under the minimum or below zero, and never a past day for a locked payout', async () => {
    const [small, big] = await Promise.all([createUser(app), createUser(app)]);
    const [cheap, dear] = await Promise.all([
      addSkin(app, { authorId: small.id, priceCents: 1000 }),
      addSkin(app, { authorId: big.id, priceCents: 6000 }),
    ]);
    await buy({ skins: [cheap.id] });
    const order = await buy({ skins: [dear.id] });
    await Promise.all([setBank(small), setBank(big)]);

    // Under the 50 EUR minimum: no date, and why.
    const [waiting] = await myPayouts(small);
    expect(waiting).toMatchObject({
      payoutStatus: 'PENDING',
      estimatedPayoutDate: null,
      estimatedDateNote: 'UNDER_MINIMUM',
      minimumAmount: 50,
    });
    const [due] = await myPayouts(big);
    expect(due!.estimatedPayoutDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(due!.estimatedDateNote).toBeNull();

    // Locked for a bank date, still unsent 20 days after it: the next bank date from today on.
    expect((await run(LOCK, { id: due!.id }, admin.token)).errors).toBeUndefined();
    const lockedFor = (await payout(due!.id, big.token)).estimatedPayoutDate!;
    const later = new Date(Date.parse(`${lockedFor}T12:00:00Z`) + 20 * 24 * 60 * 60 * 1000);
    app.context.now = () => later;
    try {
      const overdue = await payout(due!.id, big.token);
      expect(overdue.estimatedPayoutDate! >= later.toISOString().slice(0, 10)).toBe(true);
      expect(Number(overdue.estimatedPayoutDate!.slice(8))).toBeOneOf([1, 16]);
    } finally {
      app.context.now = () => new Date();
    }

    // Its order refunded after the lock: the share comes back as a negative pending payout, which
    // has no date but is carried to the author's next payout.
    await refund(order.id);
    const [carried] = await myPayouts(big, 'PENDING');
    expect(carried!.amount).toBeLessThan(0);
    expect(carried).toMatchObject({ estimatedPayoutDate: null, estimatedDateNote: 'CARRIED_OVER' });
  });
});

describe('locking, sending and failing', () => {
  let author: User;
  let skin: ShopItem;
  let pendingId: string;

  beforeAll(async () => {
    author = await createUser(app);
    skin = await addSkin(app, { authorId: author.id, priceCents: 2000 });
    await buy({ skins: [skin.id] });
    pendingId = (await myPayouts(author))[0]!.id;
  });

  it('refuses a payout under 50 EUR, and one without a complete payout method; it keeps collecting', async () => {
    const under = await run(LOCK, { id: pendingId }, admin.token);
    expect(codeOf(under)).toBe('BAD_USER_INPUT');
    expect(under.errors?.[0]?.message).toMatch(/under the minimum of 50,00\u00a0€/);
    await buy({ skins: [skin.id] }, other.token);
    await buy({ skins: [skin.id] }, admin.token);
    const noMethod = await run(LOCK, { id: pendingId }, admin.token);
    expect(codeOf(noMethod)).toBe('BAD_USER_INPUT');
    expect(noMethod.errors?.[0]?.message).toMatch(/no complete payout method/);
    const view = await payout(pendingId, author.token);
    expect(view).toMatchObject({ payoutStatus: 'PENDING' });
    expect(view.items).toHaveLength(3);
  });

  it('sends a PayPal payout through the Payouts API stand-in, and records who did what', async () => {
    await setPayPal(author);
    expect(codeOf(await run(SEND, { id: pendingId }, admin.token))).toBe('BAD_USER_INPUT');
    expect((await run(LOCK, { id: pendingId }, admin.token)).errors).toBeUndefined();
    expect(codeOf(await run(LOCK, { id: pendingId }, admin.token))).toBe('BAD_USER_INPUT');
    expect((await run(SEND, { id: pendingId }, admin.token)).errors).toBeUndefined();
    const sent = await payout(pendingId, admin.token);
    expect(sent).toMatchObject({
      payoutStatus: 'SENT',
      payoutMethod: 'PAYPAL',
      sendToPaypalAccount: `${author.username}@example.com`,
    });
    expect(sent.externalId).toMatch(/^LOCAL-PAYOUT-/);
    expect(sent.history!.map((entry) => entry.type)).toEqual([
      'PayoutOpened',
      'PayoutItemAdded',
      'PayoutItemAdded',
      'PayoutItemAdded',
      'PayoutLocked',
      'PayoutSent',
    ]);
    expect(sent.history![1]).toMatchObject({ actor: null, system: 'payout-allocation' });
    expect(sent.history![4]).toMatchObject({ actor: { id: String(admin.id) }, system: null });
    // The author sees the payout, not the audit trail.
    expect((await payout(pendingId, author.token)).history).toBeNull();
  });

  it('marks a refused PayPal payout ERROR with the reason, and locks it again once the author fixes it', async () => {
    const another = await addSkin(app, { authorId: author.id, priceCents: 2000 });
    await buy({ skins: [another.id] });
    await buy({ skins: [another.id] }, other.token);
    await buy({ skins: [another.id] }, admin.token);
    const [fresh] = await myPayouts(author, 'PENDING');
    await setPayPal(author, 'nobody@example.invalid');
    expect((await run(LOCK, { id: fresh!.id }, admin.token)).errors).toBeUndefined();
    const refused = await run(SEND, { id: fresh!.id }, admin.token);
    expect(refused.errors?.[0]?.message).toMatch(/RECEIVER_UNREGISTERED/);
    const failed = await payout(fresh!.id, author.token);
    expect(failed).toMatchObject({ payoutStatus: 'ERROR' });
    expect(failed.failureReason).toMatch(/RECEIVER_UNREGISTERED/);

    // Saving corrected details locks the failed payout again, with the new destination.
    await setPayPal(author, 'fixed@example.com');
    expect((await payout(fresh!.id, author.token)).payoutStatus).toBe('LOCKED');
    expect((await run(SEND, { id: fresh!.id }, admin.token)).errors).toBeUndefined();
    const resent = await payout(fresh!.id, admin.token);
    expect(resent).toMatchObject({ payoutStatus: 'SENT', sendToPaypalAccount: 'fixed@example.com' });
    expect(resent.amount).toBe(failed.amount);
    expect(resent.history!.map((entry) => entry.type).slice(-4)).toEqual([
      'PayoutLocked',
      'PayoutFailed',
      'PayoutRelocked',
      'PayoutSent',
    ]);
    expect(resent.history!.at(-2)).toMatchObject({ actor: { id: String(author.id) } });
    // An admin may record a failure reported later (a returned transfer).
    expect(
      (await run(FAIL, { id: fresh!.id, reason: 'Returned: account closed' }, admin.token)).errors,
    ).toBeUndefined();
    expect((await payout(fresh!.id, author.token)).failureReason).toBe('Returned: account closed');
  });
});

describe('bank payouts and the SEPA file', () => {
  let author: User;
  let payoutId: string;

  beforeAll(async () => {
    author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 6000 });
    await buy({ skins: [skin.id] });
    await setBank(author);
    payoutId = (await myPayouts(author))[0]!.id;
  });

  const exportFile = (ids: unknown, headers: Record<string, string>) =>
    app.server.inject({
      method: 'POST',
      url: '/api/admin/payouts/sepa-files',
      headers,
      payload: JSON.stringify({ ids }),
    });
  const asAdmin = () => ({ authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' });
  const download = (fileId: string, headers: Record<string, string>) =>
    app.server.inject({ method: 'GET', url: `/api/admin/payouts/sepa-files/${fileId}`, headers });
  type FileAnswer = { fileId: string; messageId: string; downloadUrl: string; payoutIds: number[] };
  const WITHDRAW = `mutation ($id: ID!, $reason: String!) {
    withdrawPayoutFromFile(id: $id, reason: $reason) { id success }
  }`;

  it('exports locked bank payouts as a stored pain.001 file the ISO 20022 schema accepts, then sends them', async () => {
    expect((await exportFile([Number(payoutId)], asAdmin())).statusCode).toBe(400);
    expect((await run(LOCK, { id: payoutId }, admin.token)).errors).toBeUndefined();
    const notExported = await run(SEND, { id: payoutId }, admin.token);
    expect(notExported.errors?.[0]?.message).toMatch(/SEPA file/);

    const created = await exportFile([Number(payoutId)], asAdmin());
    expect(created.statusCode).toBe(201);
    const file = created.json<FileAnswer>();
    expect(file).toMatchObject({
      messageId: expect.stringMatching(/^TS-SEPA-/),
      payoutIds: [Number(payoutId)],
    });
    const response = await download(file.fileId, { authorization: `Bearer ${admin.token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${file.messageId}.xml"`);
    expect(await validateSepaXml(response.body)).toEqual([]);
    // A download is the stored file, byte for byte, however often it is fetched.
    expect((await download(file.fileId, { authorization: `Bearer ${admin.token}` })).body).toBe(
      response.body,
    );
    const view = await payout(payoutId, admin.token);
    const amount = view.amount.toFixed(2);
    expect(response.body).toContain(`<CtrlSum>${amount}</CtrlSum>`);
    expect(response.body).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(response.body).toContain(`<EndToEndId>TSP-${payoutId}</EndToEndId>`);
    expect(response.body).toContain('Jiri Novak');
    expect(view).toMatchObject({
      exportBatchId: file.messageId,
      exportFileId: file.fileId,
      endToEndId: `TSP-${payoutId}`,
      exportedAt: expect.any(String),
      sendToIban: 'DE89370400440532013000',
      sendToBic: 'COBADEFFXXX',
    });
    // The event log's head as the file was made, recomputed from the log as it was then.
    const head =
      /<!--TrackSkins event log head: sha256:([0-9a-f]{64}) \(\d+ events in \d+ streams, transactions before (\d+)\)-->/.exec(
        response.body,
      );
    expect(head).not.toBeNull();
    expect((await chainHead(app.context.pool, { before: head![2]! })).hash).toBe(head![1]);

    expect((await run(SEND, { id: payoutId }, admin.token)).errors).toBeUndefined();
    const sent = await payout(payoutId, admin.token);
    expect(sent).toMatchObject({ payoutStatus: 'SENT', externalId: view.exportBatchId });
    expect(sent.history!.map((entry) => entry.type).slice(-3)).toEqual([
      'PayoutLocked',
      'PayoutExported',
      'PayoutSent',
    ]);
    expect(sent.history!.at(-2)).toMatchObject({ actor: { id: String(admin.id) } });
  });

  it('takes a Cyrillic payee at save, at the lock and in the file, written in Latin letters', async () => {
    const payee = await createUser(app);
    await buy({ skins: [(await addSkin(app, { authorId: payee.id, priceCents: 6000 })).id] });
    const saved = await run(
      UPDATE_USER,
      {
        dto: {
          payoutMethod: 'BANK_TRANSFER',
          fullname: 'Иван Петров',
          street: 'Тверская 1',
          city: 'Praha',
          country: 'cz',
          bankAccountIban: 'DE89 3704 0044 0532 0130 00',
          bankAccountBic: 'COBADEFFXXX',
        },
      },
      payee.token,
    );
    expect(saved.errors).toBeUndefined();
    const id = (await myPayouts(payee))[0]!.id;
    expect((await run(LOCK, { id }, admin.token)).errors).toBeUndefined();
    const created = await exportFile([Number(id)], asAdmin());
    expect(created.statusCode, created.body).toBe(201);
    const file = await download(created.json<FileAnswer>().fileId, asAdmin());
    expect(file.statusCode).toBe(200);
    expect(await validateSepaXml(file.body)).toEqual([]);
    expect(file.body).toContain('<Nm>Ivan Petrov</Nm>');
    expect(file.body).toContain('<StrtNm>Tverskaya 1</StrtNm>');
  });

  it('refuses at save a payee name that no SEPA file could carry, with the field, and at the lock one saved before', async () => {
    const payee = await createUser(app);
    await buy({ skins: [(await addSkin(app, { authorId: payee.id, priceCents: 6000 })).id] });
    const bank = {
      payoutMethod: 'BANK_TRANSFER',
      fullname: '山田太郎',
      street: 'Karlova 1',
      city: 'Praha',
      country: 'cz',
      bankAccountIban: 'DE89 3704 0044 0532 0130 00',
      bankAccountBic: 'COBADEFFXXX',
    };
    const refused = await run(UPDATE_USER, { dto: bank }, payee.token);
    expect(refused.errors?.[0]).toMatchObject({
      message: sepaTextMessage('full name'),
      extensions: { code: 'BAD_USER_INPUT', field: 'fullname' },
    });
    // Bank transfers chosen with a Latin name, then the name alone changed: the same rule.
    expect(
      (await run(UPDATE_USER, { dto: { ...bank, fullname: 'Taro Yamada' } }, payee.token)).errors,
    ).toBeUndefined();
    const alone = await run(UPDATE_USER, { dto: { city: '東京' } }, payee.token);
    expect(alone.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'city' });
    // A name saved before the rule existed is refused at the lock, never later at the export.
    await app.context.pool.query(sql.unsafe`update users set fullname = '山田太郎' where id = ${payee.id}`);
    const id = (await myPayouts(payee))[0]!.id;
    const lock = await run(LOCK, { id }, admin.token);
    expect(codeOf(lock)).toBe('BAD_USER_INPUT');
    expect(lock.errors?.[0]?.message).toMatch(/full name cannot be written in Latin letters/);
  });

  it('puts a payout into one file only: a second export is refused until it is withdrawn with a reason', async () => {
    const second = await createUser(app);
    const skin = await addSkin(app, { authorId: second.id, priceCents: 7000 });
    await buy({ skins: [skin.id] });
    await setBank(second);
    const id = (await myPayouts(second))[0]!.id;
    expect((await run(LOCK, { id }, admin.token)).errors).toBeUndefined();

    const first = (await exportFile([Number(id)], asAdmin())).json<FileAnswer>();
    const again = await exportFile([Number(id)], asAdmin());
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(
      new RegExp(`Payout ${id} is already in SEPA file ${first.messageId}.*withdraw`),
    );
    // Nothing of a refused export is kept: the payout is still in the first file only.
    expect((await payout(id, admin.token)).exportFileId).toBe(first.fileId);

    // Withdrawal needs an admin and a reason, and shows on the timeline.
    expect(codeOf(await run(WITHDRAW, { id, reason: 'Bank rejected the file' }, second.token))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await run(WITHDRAW, { id, reason: 'Bank rejected the file' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(WITHDRAW, { id, reason: '   ' }, admin.token))).toBe('BAD_USER_INPUT');
    expect(
      (await run(WITHDRAW, { id, reason: 'Bank rejected the file' }, admin.token)).errors,
    ).toBeUndefined();
    const withdrawn = await payout(id, admin.token);
    expect(withdrawn).toMatchObject({ exportFileId: null, exportBatchId: null, payoutStatus: 'LOCKED' });
    expect(withdrawn.history!.at(-1)).toMatchObject({
      type: 'PayoutExportWithdrawn',
      actor: { id: String(admin.id) },
      reason: `Withdrawn from SEPA file ${first.messageId}: Bank rejected the file`,
    });
    // Withdrawn, it is in no file: it cannot be marked sent.
    expect((await run(SEND, { id }, admin.token)).errors?.[0]?.message).toMatch(/SEPA file/);

    const next = (await exportFile([Number(id)], asAdmin())).json<FileAnswer>();
    expect(next.messageId).not.toBe(first.messageId);
    const bodies = await Promise.all(
      [first, next].map(async (file) => (await download(file.fileId, asAdmin())).body),
    );
    // The same end-to-end id in both files: the bank's duplicate check refuses a second payment.
    for (const body of bodies) {
      expect(await validateSepaXml(body)).toEqual([]);
      expect([...body.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1])).toEqual([
        `TSP-${id}`,
      ]);
    }
  });

  it('exports only with a POST an admin makes on purpose: never over GET, never with the cookie alone', async () => {
    const third = await createUser(app);
    const skin = await addSkin(app, { authorId: third.id, priceCents: 6500 });
    await buy({ skins: [skin.id] });
    await setBank(third);
    const id = Number((await myPayouts(third))[0]!.id);
    expect((await run(LOCK, { id: String(id) }, admin.token)).errors).toBeUndefined();

    // The old GET changes nothing.
    const overGet = await app.server.inject({
      method: 'GET',
      url: `/api/admin/payouts/sepa?ids=${id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(overGet.statusCode).toBe(405);
    expect(overGet.json<{ message: string }>().message).toMatch(/POST/);
    // A form post from another site carries the cookie but no JSON body.
    const formPost = await app.server.inject({
      method: 'POST',
      url: '/api/admin/payouts/sepa-files',
      // A form's text/plain body (enctype="text/plain") can look like JSON; its content type cannot.
      headers: { cookie: `token=${admin.token}`, 'content-type': 'text/plain' },
      payload: JSON.stringify({ ids: [id] }),
    });
    expect(formPost.statusCode).toBe(401);
    expect((await payout(id, admin.token)).exportBatchId).toBeNull();

    // Anonymous, an author, another author: refused; nothing is recorded.
    const json = { 'content-type': 'application/json' };
    expect((await exportFile([id], json)).statusCode).toBe(401);
    expect((await exportFile([id], { ...json, authorization: `Bearer ${third.token}` })).statusCode).toBe(
      403,
    );
    expect((await exportFile([id], { ...json, authorization: `Bearer ${other.token}` })).statusCode).toBe(
      403,
    );
    expect((await payout(id, admin.token)).exportBatchId).toBeNull();

    // The web app's own call: the session cookie with a JSON body.
    const created = await exportFile([id], { ...json, cookie: `token=${admin.token}` });
    expect(created.statusCode).toBe(201);
    const { fileId } = created.json<FileAnswer>();
    // The download: admins only, Bearer or cookie (a GET changes nothing).
    expect((await download(fileId, {})).statusCode).toBe(401);
    expect((await download(fileId, { authorization: `Bearer ${third.token}` })).statusCode).toBe(403);
    expect((await download(fileId, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
    expect((await download(fileId, { cookie: `token=${admin.token}` })).statusCode).toBe(200);
    expect((await download('00000000-0000-4000-8000-000000000000', asAdmin())).statusCode).toBe(404);
    expect((await download('not-a-file', asAdmin())).statusCode).toBe(404);
  });

  it('refuses ids that are not locked bank payouts, and bad bodies, with a clear message', async () => {
    expect((await exportFile(['abc'], asAdmin())).statusCode).toBe(400);
    expect((await exportFile([], asAdmin())).statusCode).toBe(400);
    const missing = await exportFile([999999], asAdmin());
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(
      'Payout 999999 is not a locked bank transfer payout.',
    );
    // Sent already.
    expect((await exportFile([Number(payoutId)], asAdmin())).statusCode).toBe(400);
  });

  it('lists what was sent when and in which file in the payouts register, with totals and a CSV', async () => {
    const REGISTER = `query ($from: String, $to: String, $status: PayoutStatus) {
      payoutRegister(from: $from, to: $to, status: $status) {
        pageInfo { totalElements }
        content { id payoutStatus amount exportBatchId exportedAt sentOn endToEndId }
        totals { count amount sent locked failed }
      }
    }`;
    const today = new Date().toISOString().slice(0, 10);
    const body = await run(REGISTER, { from: today, to: today, status: 'SENT' }, admin.token);
    expect(body.errors).toBeUndefined();
    const register = (
      body.data as {
        payoutRegister: {
          content: {
            id: string;
            amount: number;
            exportBatchId: string;
            sentOn: string;
            endToEndId: string;
          }[];
          totals: { count: number; amount: number; sent: number };
        };
      }
    ).payoutRegister;
    const row = register.content.find((entry) => entry.id === payoutId);
    expect(row).toMatchObject({
      exportBatchId: expect.stringMatching(/^TS-SEPA-/),
      endToEndId: `TSP-${payoutId}`,
    });
    expect(register.totals.count).toBe(register.content.length);
    expect(register.totals.sent).toBeCloseTo(
      register.content.reduce((sum, entry) => sum + entry.amount, 0),
      2,
    );
    // Another day: none of today's.
    const before = await run(REGISTER, { from: '2020-01-01', to: '2020-01-31' }, admin.token);
    expect(
      (before.data as { payoutRegister: { totals: { count: number } } }).payoutRegister.totals.count,
    ).toBe(0);
    expect(codeOf(await run(REGISTER, { from: 'yesterday' }, admin.token))).toBe('BAD_USER_INPUT');
    expect(codeOf(await run(REGISTER, {}, author.token))).toBe('FORBIDDEN');
    expect(codeOf(await run(REGISTER, {}))).toBe('UNAUTHENTICATED');

    const csv = await app.server.inject({
      method: 'GET',
      url: `/api/admin/payouts/register.csv?from=${today}&to=${today}&status=SENT`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const records = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    const line = records.find((record) => record.payout === payoutId);
    expect(line).toMatchObject({
      status: 'SENT',
      'SEPA file': row!.exportBatchId,
      'end-to-end id': `TSP-${payoutId}`,
      'amount EUR': row!.amount.toFixed(2),
    });
    expect(records.at(-5)).toMatchObject({
      payout: 'total',
      'amount EUR': register.totals.amount.toFixed(2),
    });
    // The last row: the event log's head as the register was made, also in a header.
    expect(csv.headers['x-event-log-head']).toMatch(/^sha256:[0-9a-f]{64} /);
    expect(records.at(-1)).toMatchObject({
      payout: 'event log head',
      author: csv.headers['x-event-log-head'],
    });
    const registerCsv = (headers: Record<string, string>) =>
      app.server.inject({ method: 'GET', url: '/api/admin/payouts/register.csv', headers });
    expect((await registerCsv({})).statusCode).toBe(401);
    expect((await registerCsv({ authorization: `Bearer ${author.token}` })).statusCode).toBe(403);
    expect((await registerCsv({ authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
    expect((await registerCsv({ cookie: `token=${admin.token}` })).statusCode).toBe(200);
  });
});

describe('statements and permissions', () => {
  let author: User;
  let payoutId: string;

  beforeAll(async () => {
    author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 1500 });
    await buy({ skins: [skin.id] });
    await buy({ skins: [skin.id] }, other.token);
    payoutId = (await myPayouts(author))[0]!.id;
  });

  const statement = (headers: Record<string, string>) =>
    app.server.inject({ method: 'GET', url: `/api/payouts/${payoutId}/statement.csv`, headers });

  it('gives the statement as CSV to its author (header or cookie) and to admins only', async () => {
    const response = await statement({ authorization: `Bearer ${author.token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const rows = response.body.slice(1).trim().split(/\r?\n/);
    expect(rows[0]).toMatch(/^payout,status,line,order,date,type,item/);
    expect(rows).toHaveLength(5);
    const view = await payout(payoutId, author.token);
    expect(rows[3]).toContain(`total`);
    expect(rows[3]!.endsWith(view.amount.toFixed(2))).toBe(true);
    // The last line: the event log's head, also in a header.
    const head = response.headers['x-event-log-head'] as string;
    expect(head).toMatch(/^sha256:[0-9a-f]{64} \(\d+ events in \d+ streams, transactions before \d+\)$/);
    expect(rows[4]).toBe(`${payoutId},PENDING,event log head,,,,"${head}",,,,,,,,,,,`);
    expect((await statement({ cookie: `token=${author.token}` })).statusCode).toBe(200);
    expect((await statement({ authorization: `Bearer ${admin.token}` })).statusCode).toBe(200);
    expect((await statement({ authorization: `Bearer ${other.token}` })).statusCode).toBe(404);
    expect((await statement({})).statusCode).toBe(401);
  });

  it('shows one statement: the payout query, the printable page and the CSV agree, tips included', async () => {
    const tipped = await createUser(app);
    const [first, second] = await Promise.all([
      addSkin(app, { authorId: tipped.id, priceCents: 3037 }),
      addSkin(app, { authorId: tipped.id, priceCents: 2999 }),
    ]);
    const { reference } = await cardCheckout(
      app,
      checkoutForm(
        { skins: [first.id, second.id] },
        {
          tips: [
            { itemType: 'SKIN', itemId: first.id, tip: 2.5 },
            { itemType: 'SKIN', itemId: second.id, tip: 0.83 },
          ],
        },
      ),
      buyer.token,
    );
    await payLocally(app, reference);
    await app.context.runner.catchUp();
    const id = (await myPayouts(tipped))[0]!.id;

    // The detail page's query (admin) and the printable page's (the author's): the same totals.
    const detail = await payout(id, admin.token);
    const printable = await payout(id, tipped.token);
    expect(printable.totals).toEqual(detail.totals);
    const totals = detail.totals;
    expect(totals.tip).toBe(3.33);
    expect(cents(totals.price) + cents(totals.tip) - cents(totals.paymentFee) - cents(totals.siteFee)).toBe(
      cents(totals.authorShare),
    );
    expect(totals.authorShare).toBe(detail.amount);

    const response = await app.server.inject({
      method: 'GET',
      url: `/api/payouts/${id}/statement.csv`,
      headers: { authorization: `Bearer ${tipped.token}` },
    });
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const items = records.filter((record) => record.line === 'item');
    expect(items.map((record) => Number(record['tip EUR'])).sort()).toEqual([0.83, 2.5]);
    const total = records.find((record) => record.line === 'total')!;
    expect({
      price: Number(total['price EUR']),
      tip: Number(total['tip EUR']),
      paymentFee: Number(total['payment fee EUR']),
      siteFee: Number(total['site fee EUR']),
      authorShare: Number(total['author share EUR']),
    }).toEqual({
      price: totals.price,
      tip: totals.tip,
      paymentFee: totals.paymentFee,
      siteFee: totals.siteFee,
      authorShare: totals.authorShare,
    });
  });

  it('answers payout queries for the owner and admins, and refuses everyone else', async () => {
    expect(codeOf(await run(MY_PAYOUTS, {}))).toBe('UNAUTHENTICATED');
    expect(await myPayouts(other)).toEqual([]);
    expect(codeOf(await run(PAYOUT, { id: payoutId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(PAYOUT, { id: payoutId }, other.token))).toBe('NOT_FOUND');
    expect(codeOf(await run(PAYOUT, { id: '987654' }, admin.token))).toBe('NOT_FOUND');
    expect((await payout(payoutId, author.token)).id).toBe(payoutId);
    expect((await payout(payoutId, admin.token)).history).not.toBeNull();

    expect(codeOf(await run(ALL_PAYOUTS, {}))).toBe('UNAUTHENTICATED');
    expect(codeOf(await run(ALL_PAYOUTS, {}, author.token))).toBe('FORBIDDEN');
    const all = await run(ALL_PAYOUTS, { status: 'PENDING', page: { page: 0, size: 500 } }, admin.token);
    const page = (
      all.data as { allPayouts: { pageInfo: { pageSize: number }; content: { payoutStatus: string }[] } }
    ).allPayouts;
    expect(page.pageInfo.pageSize).toBe(100);
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((row) => row.payoutStatus === 'PENDING')).toBe(true);
  });

  it('lets only admins lock, send or fail a payout', async () => {
    for (const [query, variables] of [
      [LOCK, { id: payoutId }],
      [SEND, { id: payoutId }],
      [FAIL, { id: payoutId, reason: 'x' }],
    ] as const) {
      expect(codeOf(await run(query, variables))).toBe('UNAUTHENTICATED');
      expect(codeOf(await run(query, variables, other.token))).toBe('FORBIDDEN');
      expect(codeOf(await run(query, variables, author.token))).toBe('FORBIDDEN');
      // The admin is let through to the payout's own rules (it is pending and under the minimum).
      expect(codeOf(await run(query, variables, admin.token))).toBe('BAD_USER_INPUT');
    }
    expect((await payout(payoutId, author.token)).payoutStatus).toBe('PENDING');
  });
});

describe('the payout schedule and replay', () => {
  it('locks eligible bank payouts opened before the lock time of the next bank date', async () => {
    const author = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 5500 });
    await buy({ skins: [skin.id] });
    await setBank(author);
    const small = await createUser(app);
    await buy({ skins: [(await addSkin(app, { authorId: small.id, priceCents: 1000 })).id] });
    await setBank(small);

    // The first bank date whose lock time is at least a day ahead of now.
    const now = Date.now();
    let date = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1));
    while (lockTimeOf(date).getTime() < now + 24 * 60 * 60 * 1000) {
      date =
        date.getUTCDate() === 1
          ? new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 16))
          : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
    }
    try {
      app.context.now = () => new Date(lockTimeOf(date).getTime() - 60_000);
      expect((await lockScheduledPayouts(app.context)).locked).toEqual([]);
      app.context.now = () => new Date(lockTimeOf(date).getTime() + 3_600_000);
      const { locked } = await lockScheduledPayouts(app.context);
      const [mine] = await myPayouts(author);
      expect(locked).toContain(Number(mine!.id));
      const view = await payout(mine!.id, admin.token);
      expect(view).toMatchObject({
        payoutStatus: 'LOCKED',
        estimatedPayoutDate: date.toISOString().slice(0, 10),
      });
      expect(view.history!.at(-1)).toMatchObject({
        type: 'PayoutLocked',
        actor: null,
        system: 'payout-schedule',
      });
      expect((await myPayouts(small))[0]!.payoutStatus).toBe('PENDING');
      expect((await lockScheduledPayouts(app.context)).locked).toEqual([]);
    } finally {
      app.context.now = () => new Date();
    }
  });

  it('rebuilds the payout read models from the events to the same rows', async () => {
    const dump = async () =>
      app.context.pool.anyFirst(sql.type(z.object({ row: z.string() }))`
        select row::text from (
          select to_jsonb(p) as row from payouts p
          union all select to_jsonb(l) from payout_lines l) rows
        order by 1`);
    const before = await dump();
    expect(before.length).toBeGreaterThan(10);
    await rebuildProjection(
      { pool: app.context.pool, store: app.context.store, batchSize: 7 },
      payoutsProjection,
    );
    expect(await dump()).toEqual(before);
  });
});
