import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { z } from 'zod';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { skinDownloadsProjection } from '../../projections/skin-downloads.projection';
import { waitForMail } from '../support/outbox';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let author: User;
let owner: User;
let other: User;
let admin: User;
let skinA: ShopItem;
let skinB: ShopItem;
let bundled: ShopItem;
let bundle: ShopItem;
let tmnfSkin: ShopItem;
/** The owner's paid order: skin A and the bundle. */
let paidOrder: { id: number; external_id: string };

const realNow = () => new Date();
const DAY = 24 * 60 * 60 * 1000;

const OWNED = `query ($page: PageInput, $type: GameType) {
  myOwnedSkinIds
  myOwnedBundleIds
  myOwnedSkins(page: $page, type: $type) {
    pageInfo { pageNumber pageSize totalElements totalPages numberOfElements }
    content { id title type author { username } }
  }
}`;
const PURCHASE_FIELDS = `
  id externalId totalPrice paymentType paymentStatus paymentReceivedAt createdAt refundedAt refundable
  buyerEmail buyerName buyerCountry siteFee paymentFee
  items { id name price tip skin { id title author { username } } bundle { id title skins { id } } }`;
const MY_PURCHASES = `query ($page: PageInput) {
  myPurchaseList(page: $page) { pageInfo { totalElements pageSize } content { ${PURCHASE_FIELDS} } }
}`;
const ALL_PURCHASES = `query ($search: String, $page: PageInput, $status: PaymentStatus) {
  purchaseList(search: $search, page: $page, status: $status) {
    pageInfo { totalElements pageSize } content { ${PURCHASE_FIELDS} }
  }
}`;
const REFUND = `mutation ($id: ID!) { refundOrder(id: $id) { id success } }`;

const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

async function buy(cart: { skins?: number[]; bundles?: number[] }, token?: string, form = {}) {
  const { reference } = await cardCheckout(app, checkoutForm(cart, form), token);
  await payLocally(app, reference);
  return orderBySession(app, reference);
}

beforeAll(async () => {
  app = await createTestApp();
  ({ owner, other, admin } = await createViewers(app));
  author = await createUser(app);
  skinA = await addSkin(app, { authorId: author.id, priceCents: 500 });
  skinB = await addSkin(app, { authorId: author.id, priceCents: 250 });
  bundled = await addSkin(app, { authorId: author.id, priceCents: 400 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 900, skinIds: [bundled.id] });
  tmnfSkin = await addSkin(app, { authorId: author.id, priceCents: 300 });
  await app.context.pool.query(
    (await import('slonik')).sql.unsafe`update skins set game = 'TMNF' where id = ${tmnfSkin.id}`,
  );
  paidOrder = await buy({ skins: [skinA.id], bundles: [bundle.id] }, owner.token);
  await buy({ skins: [tmnfSkin.id] }, owner.token);
  // An order left unpaid.
  await cardCheckout(app, checkoutForm({ skins: [skinB.id] }), owner.token);
});
afterAll(async () => {
  await app.close();
});

describe('ownership queries', () => {
  it('need a session', async () => {
    for (const query of [
      '{ myOwnedSkinIds }',
      '{ myOwnedBundleIds }',
      '{ myOwnedSkins { content { id } } }',
    ]) {
      expect(codeOf((await graphql(app, query)).body)).toBe('UNAUTHENTICATED');
    }
  });

  it("show the owner what they bought (a bundle's skins too), newest first, by game", async () => {
    const { body } = await graphql(app, OWNED, {}, owner.token);
    expect(body.errors).toBeUndefined();
    expect([...body.data.myOwnedSkinIds].sort()).toEqual(
      [skinA.id, bundled.id, tmnfSkin.id].map(String).sort(),
    );
    expect(body.data.myOwnedBundleIds).toEqual([String(bundle.id)]);
    expect(body.data.myOwnedSkins.pageInfo).toEqual({
      pageNumber: 0,
      pageSize: 10,
      totalElements: 3,
      totalPages: 1,
      numberOfElements: 3,
    });
    expect(body.data.myOwnedSkins.content[0]).toEqual({
      id: String(tmnfSkin.id),
      title: tmnfSkin.title,
      type: 'TMNF',
      author: { username: author.username },
    });
    const tmnf = await graphql(app, OWNED, { type: 'TMNF' }, owner.token);
    expect(tmnf.body.data.myOwnedSkins.content.map((s: { id: string }) => s.id)).toEqual([
      String(tmnfSkin.id),
    ]);
    const paged = await graphql(app, OWNED, { page: { page: 1, size: 2 } }, owner.token);
    expect(paged.body.data.myOwnedSkins.pageInfo).toMatchObject({
      pageNumber: 1,
      totalPages: 2,
      numberOfElements: 1,
    });
  });

  it('show another user and an admin only their own (nothing here)', async () => {
    for (const viewer of [other, admin]) {
      const { body } = await graphql(app, OWNED, {}, viewer.token);
      expect(body.data.myOwnedSkinIds).toEqual([]);
      expect(body.data.myOwnedBundleIds).toEqual([]);
      expect(body.data.myOwnedSkins.content).toEqual([]);
    }
  });
});

describe('myPurchaseList', () => {
  it('needs a session', async () => {
    expect(codeOf((await graphql(app, MY_PURCHASES)).body)).toBe('UNAUTHENTICATED');
  });

  it("lists the owner's orders newest first with items, prices in euros and each item's skin or bundle", async () => {
    const { body } = await graphql(app, MY_PURCHASES, {}, owner.token);
    expect(body.errors).toBeUndefined();
    const list = body.data.myPurchaseList;
    expect(list.pageInfo).toEqual({ totalElements: 3, pageSize: 10 });
    expect(list.content.map((p: { paymentStatus: string }) => p.paymentStatus)).toEqual([
      'PAYMENT_ON_THE_WAY',
      'PAYMENT_RECEIVED',
      'PAYMENT_RECEIVED',
    ]);
    const purchase = list.content.find((p: { id: string }) => p.id === String(paidOrder.id));
    expect(purchase).toMatchObject({
      externalId: paidOrder.external_id,
      totalPrice: 14,
      paymentType: 'STRIPE',
      refundedAt: null,
      refundable: true,
      // The buyer's details are for the admin's list.
      buyerEmail: null,
      buyerName: null,
    });
    expect(purchase.paymentReceivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(purchase.items).toEqual([
      {
        id: String(paidOrder.id * 100),
        name: skinA.title,
        price: 5,
        tip: 0,
        skin: { id: String(skinA.id), title: skinA.title, author: { username: author.username } },
        bundle: null,
      },
      {
        id: String(paidOrder.id * 100 + 1),
        name: bundle.title,
        price: 9,
        tip: 0,
        skin: null,
        bundle: { id: String(bundle.id), title: bundle.title, skins: [{ id: String(bundled.id) }] },
      },
    ]);
  });

  it('shows another user and an admin only their own orders', async () => {
    for (const viewer of [other, admin]) {
      const { body } = await graphql(app, MY_PURCHASES, {}, viewer.token);
      expect(body.data.myPurchaseList.content).toEqual([]);
    }
  });
});

describe('purchaseList (admin)', () => {
  it('is refused to anonymous visitors, other users and the owner', async () => {
    expect(codeOf((await graphql(app, ALL_PURCHASES)).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await graphql(app, ALL_PURCHASES, {}, other.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, ALL_PURCHASES, {}, owner.token)).body)).toBe('FORBIDDEN');
  });

  it('lists every order 20 a page with the buyer, searched and filtered by status', async () => {
    const guest = checkoutForm({ skins: [skinB.id] }, { fullname: 'Zelda Guestbuyer' });
    await buy({ skins: [skinB.id] }, undefined, guest);
    const all = await graphql(app, ALL_PURCHASES, {}, admin.token);
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data.purchaseList.pageInfo).toEqual({ totalElements: 4, pageSize: 20 });
    const [newest] = all.body.data.purchaseList.content;
    expect(newest).toMatchObject({
      buyerEmail: guest.email,
      buyerName: 'Zelda Guestbuyer',
      buyerCountry: 'cz',
    });

    const byName = await graphql(app, ALL_PURCHASES, { search: 'zelda' }, admin.token);
    expect(byName.body.data.purchaseList.content).toHaveLength(1);
    const byNumber = await graphql(app, ALL_PURCHASES, { search: paidOrder.external_id }, admin.token);
    expect(byNumber.body.data.purchaseList.content.map((p: { id: string }) => p.id)).toEqual([
      String(paidOrder.id),
    ]);
    // The admin list shows the order's fees as the order recorded them; the buyer's own list does not.
    const fees = await app.context.pool.one(
      sql.type(
        z.object({ site_fee_cents: z.number(), payment_fee_cents: z.number() }),
      )`select site_fee_cents, payment_fee_cents from orders where id = ${paidOrder.id}`,
    );
    expect(fees.site_fee_cents).toBeGreaterThan(0);
    expect(byNumber.body.data.purchaseList.content[0]).toMatchObject({
      siteFee: fees.site_fee_cents / 100,
      paymentFee: fees.payment_fee_cents / 100,
    });
    const mine = await graphql(app, MY_PURCHASES, {}, owner.token);
    expect(mine.body.data.myPurchaseList.content[0]).toMatchObject({ siteFee: null, paymentFee: null });
    const unpaid = await graphql(app, ALL_PURCHASES, { status: 'PAYMENT_ON_THE_WAY' }, admin.token);
    expect(unpaid.body.data.purchaseList.pageInfo.totalElements).toBe(1);
    const unknownStatus = await graphql(app, ALL_PURCHASES, { status: 'LOST' }, admin.token);
    expect(unknownStatus.body.errors?.[0]?.message).toMatch(/LOST/);
  });
});

describe('refundOrder', () => {
  it('is refused to anonymous visitors, other users and the buyer themselves', async () => {
    const id = String(paidOrder.id);
    expect(codeOf((await graphql(app, REFUND, { id })).body)).toBe('UNAUTHENTICATED');
    expect(codeOf((await graphql(app, REFUND, { id }, other.token)).body)).toBe('FORBIDDEN');
    expect(codeOf((await graphql(app, REFUND, { id }, owner.token)).body)).toBe('FORBIDDEN');
  });

  it('refunds a paid order within 7 days when nothing was downloaded, and revokes ownership and links', async () => {
    const buyer = await createUser(app);
    const order = await buy({ skins: [skinA.id], bundles: [bundle.id] }, buyer.token);
    const download = (url: string) =>
      app.server.inject({
        method: 'GET',
        url: `/assets/skin/${url}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });

    // Six days later, still within the window.
    app.context.now = () => new Date(Date.now() + 6 * DAY);
    try {
      const { body } = await graphql(app, REFUND, { id: String(order.id) }, admin.token);
      expect(body.errors).toBeUndefined();
      expect(body.data.refundOrder).toEqual({ id: String(order.id), success: true });
      // Again: nothing more happens.
      expect((await graphql(app, REFUND, { id: String(order.id) }, admin.token)).body.errors).toBeUndefined();
    } finally {
      app.context.now = realNow;
    }
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      // checkoutForm ticks both consent boxes: the consent is recorded with the placement.
      'WithdrawalConsentGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
      'OrderRefunded',
    ]);
    const owned = await graphql(app, '{ myOwnedSkinIds myOwnedBundleIds }', {}, buyer.token);
    expect(owned.body.data).toEqual({ myOwnedSkinIds: [], myOwnedBundleIds: [] });
    expect((await download(skinA.url)).statusCode).toBe(403);
    const listed = await graphql(app, MY_PURCHASES, {}, buyer.token);
    expect(listed.body.data.myPurchaseList.content[0]).toMatchObject({
      paymentStatus: 'REFUNDED',
      refundable: false,
    });
    expect(listed.body.data.myPurchaseList.content[0].refundedAt).not.toBeNull();
  });

  it("stops a guest's mailed links", async () => {
    const form = checkoutForm({ skins: [skinB.id] });
    const order = await buy({ skins: [skinB.id] }, undefined, form);
    // The order-mails reactor records the confirmation when the runner catches up; the sender sends it.
    await app.context.runner.catchUp();
    const mail = await waitForMail(app.context.mailer.outboxDir, form.email, order.external_id);
    const link = /\/assets\/skin\/[\w-]+\?grant=[\w.-]+/.exec(mail.text)![0];
    expect((await graphql(app, REFUND, { id: String(order.id) }, admin.token)).body.errors).toBeUndefined();
    expect((await app.server.inject({ method: 'GET', url: link })).statusCode).toBe(401);
  });

  it('is refused once the buyer downloaded an item after paying (a bundle counts by its skins)', async () => {
    const buyer = await createUser(app);
    const order = await buy({ bundles: [bundle.id] }, buyer.token);
    const listed = async () =>
      (await graphql(app, ALL_PURCHASES, { search: order.external_id }, admin.token)).body.data.purchaseList
        .content[0];
    expect((await listed()).refundable).toBe(true);
    const downloaded = await app.server.inject({
      method: 'GET',
      url: `/assets/skin/${bundled.url}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(downloaded.statusCode).toBe(200);

    // Before the download counters caught up (the event alone) and after.
    for (const caughtUp of [false, true]) {
      if (caughtUp)
        await runUntilCaughtUp(
          { pool: app.context.pool, store: app.context.store, batchSize: 100 },
          skinDownloadsProjection,
        );
      const { body } = await graphql(app, REFUND, { id: String(order.id) }, admin.token);
      expect(codeOf(body)).toBe('FORBIDDEN');
      expect(body.errors![0].message).toMatch(/Downloaded items cannot be refunded/);
      expect((await listed()).refundable).toBe(false);
    }
    expect(await orderEventTypes(app, order.id)).not.toContain('OrderRefunded');
  });

  it('is refused after 7 days, for an unpaid order and for an unknown one', async () => {
    const order = await buy({ skins: [skinB.id] }, other.token);
    app.context.now = () => new Date(Date.now() + 8 * DAY);
    try {
      const late = await graphql(app, REFUND, { id: String(order.id) }, admin.token);
      expect(codeOf(late.body)).toBe('FORBIDDEN');
      expect(late.body.errors![0].message).toMatch(/within 7 days/);
      const listed = await graphql(app, ALL_PURCHASES, { search: order.external_id }, admin.token);
      expect(listed.body.data.purchaseList.content[0].refundable).toBe(false);
    } finally {
      app.context.now = realNow;
    }

    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skinA.id] }), other.token);
    const unpaid = await orderBySession(app, reference);
    expect(codeOf((await graphql(app, REFUND, { id: String(unpaid.id) }, admin.token)).body)).toBe(
      'CONFLICT',
    );
    expect(codeOf((await graphql(app, REFUND, { id: '999999' }, admin.token)).body)).toBe('NOT_FOUND');
  });
});
