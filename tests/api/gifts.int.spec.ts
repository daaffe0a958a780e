import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { giftMessages } from '../../domain/gifts/gift.schemas';
import { recomputeOrders } from '../../app/reconcile/recompute-orders';
import { waitForMail } from '../support/outbox';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  orderEventTypes,
  ownedSkinIdsOf,
  payLocally,
  postJson,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

// A gift (docs/gifts.md): bought for an email address, mailed after the payment with a signed
// claim link, claimed only by opening that link while signed in, ended by a refund.

let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;
let author: Awaited<ReturnType<typeof createUser>>;

const UNTICKED = { deliveryNowConsent: false, withdrawalLossAcknowledged: false };

const GIFT_CLAIM = `query ($token: String!) {
  giftClaim(token: $token) { giverName note status claimable link claimedByYou items { itemType name skin { id } bundle { id } } }
}`;
const CLAIM = `mutation ($token: String!) { claimGift(token: $token) { status claimable link claimedByYou } }`;
const RESEND = `mutation ($orderId: ID!) { resendGiftMail(orderId: $orderId) { success } }`;
const MY_PURCHASES = `{ myPurchaseList(page: { page: 0, size: 10 }) { content { id externalId gift { recipientEmail note status claimedAt mailedAt endReason canResend } } } }`;
const ALL_PURCHASES = `query ($search: String) { purchaseList(search: $search, page: { page: 0, size: 20 }) { content { id gift { recipientEmail status } } } }`;
const REFUND = `mutation ($id: ID!) { refundOrder(id: $id) { success } }`;

beforeAll(async () => {
  app = await createTestApp();
  viewers = await createViewers(app);
  author = await createUser(app);
});
afterAll(async () => {
  await app.close();
});

const errorOf = (answer: { body: { errors?: { message: string; extensions?: { code?: string } }[] } }) => ({
  code: answer.body.errors?.[0]?.extensions?.code,
  message: answer.body.errors?.[0]?.message,
});

const giftMailsOf = (orderId: number) =>
  app.context.pool.anyFirst(sql.type(z.object({ recipient_email: z.string() }))`
    select recipient_email from mail_deliveries where kind = 'GIFT_RECEIVED' and order_id = ${orderId}`);

/** Buys the cart as a gift for `recipientEmail` and pays; the order row. */
async function giveAndPay(
  giverToken: string,
  recipientEmail: string,
  cart: { skins?: number[]; bundles?: number[] },
  options: { consent?: boolean; note?: string | null } = {},
) {
  const form = checkoutForm(cart, {
    ...(options.consent === false ? UNTICKED : {}),
    gift: {
      recipientEmail,
      note: options.note === undefined ? 'Happy birthday, see you on the track!' : options.note,
    },
  });
  const { reference } = await cardCheckout(app, form, giverToken);
  const before = await orderBySession(app, reference);
  await app.context.runner.catchUp();
  // Nothing is mailed before the payment.
  expect(await giftMailsOf(before.id)).toEqual([]);
  expect((await payLocally(app, reference)).statusCode).toBe(303);
  const order = await orderBySession(app, reference);
  expect(order.status).toBe('PAYMENT_RECEIVED');
  await app.context.runner.catchUp();
  await app.mailSender.drain();
  return order;
}

/** The claim token of the latest gift mail to `to` (the link's `t` parameter). */
async function claimTokenMailedTo(to: string, subject = 'has given you a gift') {
  const mail = await waitForMail(app.context.mailer.outboxDir, to, subject);
  const link = /https?:\/\/\S+\/gifts\/claim\?t=(\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no claim link in ${mail.text}`);
  return { token: decodeURIComponent(link), mail };
}

const download = (skinUrl: string, token?: string) =>
  app.server.inject({
    method: 'GET',
    url: `/assets/skin/${skinUrl}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('giving and claiming a gift', () => {
  it('is mailed after the payment, owned by nobody until claimed through the link, then by the claiming account only', async () => {
    const { owner: giver, other, admin } = viewers;
    const recipient = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const inBundle = await addSkin(app, { authorId: author.id, priceCents: 300 });
    const bundle = await addBundle(app, { authorId: author.id, priceCents: 700, skinIds: [inBundle.id] });

    const order = await giveAndPay(giver.token, recipient.email, { skins: [skin.id], bundles: [bundle.id] });
    expect(await orderEventTypes(app, order.id)).toEqual([
      'OrderPlaced',
      'WithdrawalConsentGiven',
      'GiftGiven',
      'PaymentSessionOpened',
      'PaymentReceived',
    ]);
    // The giver paid and owns nothing through the gift; the order is still theirs (the invoice too).
    expect(order.buyer_user_id).toBe(giver.id);
    expect(await ownedSkinIdsOf(app, giver.id)).toEqual([]);
    expect((await download(skin.url, giver.token)).statusCode).toBe(403);

    // The giver's confirmation names the gift and lists no download.
    const confirmation = await waitForMail(app.context.mailer.outboxDir, giver.email, order.external_id);
    expect(confirmation.text).toContain(`This order is a gift to ${recipient.email}`);
    expect(confirmation.text).not.toContain('/assets/skin/');

    // The recipient's mail: the giver, the note, the items and the claim link.
    const { token, mail } = await claimTokenMailedTo(recipient.email);
    expect(mail.subject).toBe('Pat Player has given you a gift on TrackSkins');
    expect(mail.text).toContain('"Happy birthday, see you on the track!"');
    expect(mail.text).toContain(`Skin: ${skin.title}`);
    expect(mail.html).toContain('Claim your gift');

    // An account with the recipient's address owns nothing until the link is opened.
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([]);
    expect((await download(skin.url, recipient.token)).statusCode).toBe(403);

    // Anyone holding the link reads the page; a changed token names no gift.
    const page = await graphql(app, GIFT_CLAIM, { token });
    expect(page.body.data.giftClaim).toMatchObject({
      giverName: 'Pat Player',
      note: 'Happy birthday, see you on the track!',
      status: 'OPEN',
      claimable: true,
      link: 'VALID',
      claimedByYou: false,
    });
    expect(page.body.data.giftClaim.items.map((item: { name: string }) => item.name)).toEqual([
      skin.title,
      bundle.title,
    ]);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(errorOf(await graphql(app, GIFT_CLAIM, { token: forged }))).toEqual({
      code: 'NOT_FOUND',
      message: giftMessages.notFound,
    });
    expect(errorOf(await graphql(app, CLAIM, { token: forged }, recipient.token)).code).toBe('NOT_FOUND');

    // Claiming needs a signed-in account, and never the giver's.
    expect(errorOf(await graphql(app, CLAIM, { token }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: giftMessages.signIn,
    });
    expect(errorOf(await graphql(app, CLAIM, { token }, giver.token))).toEqual({
      code: 'FORBIDDEN',
      message: giftMessages.giverClaims,
    });

    const claimed = await graphql(app, CLAIM, { token }, recipient.token);
    expect(claimed.body.errors).toBeUndefined();
    expect(claimed.body.data.claimGift).toMatchObject({
      status: 'CLAIMED',
      link: 'USED',
      claimedByYou: true,
    });
    expect(await orderEventTypes(app, order.id)).toContain('GiftClaimed');
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([skin.id, inBundle.id].sort((a, b) => a - b));
    expect((await download(skin.url, recipient.token)).statusCode).toBe(200);
    expect(await ownedSkinIdsOf(app, giver.id)).toEqual([]);

    // The link works once: a second claim fails, for the recipient and for anyone else.
    expect(errorOf(await graphql(app, CLAIM, { token }, other.token))).toEqual({
      code: 'CONFLICT',
      message: giftMessages.linkUsed,
    });
    expect(errorOf(await graphql(app, CLAIM, { token }, recipient.token)).code).toBe('CONFLICT');
    expect(await ownedSkinIdsOf(app, other.id)).toEqual([]);

    // The giver sees it claimed on their purchase history; an admin sees it on the order list.
    const mine = await graphql(app, MY_PURCHASES, {}, giver.token);
    const gifted = mine.body.data.myPurchaseList.content.find(
      (p: { id: string }) => Number(p.id) === order.id,
    );
    expect(gifted.gift).toMatchObject({
      recipientEmail: recipient.email,
      note: 'Happy birthday, see you on the track!',
      status: 'CLAIMED',
      canResend: false,
    });
    expect(gifted.gift.claimedAt).not.toBeNull();
    const listed = await graphql(app, ALL_PURCHASES, { search: order.external_id }, admin.token);
    expect(listed.body.data.purchaseList.content[0].gift).toEqual({
      recipientEmail: recipient.email,
      status: 'CLAIMED',
    });
    // The recipient's own purchase history does not list the giver's order.
    const theirs = await graphql(app, MY_PURCHASES, {}, recipient.token);
    expect(theirs.body.data.myPurchaseList.content.map((p: { id: string }) => Number(p.id))).not.toContain(
      order.id,
    );
    // Nobody else may resend; the giver may not once it is claimed.
    expect(errorOf(await graphql(app, RESEND, { orderId: order.id }, other.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await graphql(app, RESEND, { orderId: order.id }, recipient.token)).code).toBe(
      'NOT_FOUND',
    );
    expect(errorOf(await graphql(app, RESEND, { orderId: order.id }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(errorOf(await graphql(app, RESEND, { orderId: order.id }, giver.token))).toEqual({
      code: 'CONFLICT',
      message: giftMessages.alreadyClaimed,
    });
  });

  it("refuses a gift to the buyer's own address, and a malformed address or a long note", async () => {
    const { owner: giver } = viewers;
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const self = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [skin.id] }, { gift: { recipientEmail: giver.email.toUpperCase(), note: null } }),
      giver.token,
    );
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain(giftMessages.toYourself);
    const bad = await postJson(
      app,
      '/api/stripe/checkout',
      checkoutForm({ skins: [skin.id] }, { gift: { recipientEmail: 'nobody', note: 'x'.repeat(301) } }),
      giver.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(giftMessages.recipientEmail);
  });
});

describe('a refund ends the gift', () => {
  it('takes the items back from the recipient who claimed it', async () => {
    const { owner: giver, admin } = viewers;
    const recipient = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 600 });
    const order = await giveAndPay(giver.token, recipient.email, { skins: [skin.id] });
    const { token } = await claimTokenMailedTo(recipient.email);
    expect((await graphql(app, CLAIM, { token }, recipient.token)).body.errors).toBeUndefined();
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([skin.id]);

    const refunded = await graphql(app, REFUND, { id: order.id }, admin.token);
    expect(refunded.body.errors).toBeUndefined();
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([]);
    expect((await download(skin.url, recipient.token)).statusCode).toBe(403);
    const mine = await graphql(app, MY_PURCHASES, {}, giver.token);
    const gifted = mine.body.data.myPurchaseList.content.find(
      (p: { id: string }) => Number(p.id) === order.id,
    );
    expect(gifted.gift).toMatchObject({ status: 'ENDED', endReason: 'REFUNDED', canResend: false });
    // The refund mail goes to the giver, who paid.
    await app.context.runner.catchUp();
    await app.mailSender.drain();
    await waitForMail(app.context.mailer.outboxDir, giver.email, 'refund');
  });

  it('stops an unclaimed link from working', async () => {
    const { owner: giver, admin } = viewers;
    const recipient = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 600 });
    const order = await giveAndPay(giver.token, recipient.email, { skins: [skin.id] });
    const { token } = await claimTokenMailedTo(recipient.email);
    expect((await graphql(app, REFUND, { id: order.id }, admin.token)).body.errors).toBeUndefined();
    expect((await graphql(app, GIFT_CLAIM, { token })).body.data.giftClaim).toMatchObject({
      status: 'ENDED',
      claimable: false,
    });
    expect(errorOf(await graphql(app, CLAIM, { token }, recipient.token))).toEqual({
      code: 'CONFLICT',
      message: giftMessages.ended,
    });
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([]);
  });
});

describe("the giver's consent and resends", () => {
  it('mails the recipient only once the giver consents to immediate delivery', async () => {
    const { owner: giver } = viewers;
    const recipient = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const order = await giveAndPay(
      giver.token,
      recipient.email,
      { skins: [skin.id] },
      { consent: false, note: null },
    );
    expect(await giftMailsOf(order.id)).toEqual([]);
    expect(errorOf(await graphql(app, RESEND, { orderId: order.id }, giver.token)).message).toBe(
      giftMessages.awaitsConsent,
    );
    const consent = await graphql(
      app,
      `
        mutation ($externalId: String!) {
          giveWithdrawalConsent(externalId: $externalId, where: COLLECTION) {
            paymentStatus
          }
        }
      `,
      { externalId: order.external_id },
      giver.token,
    );
    expect(consent.body.errors).toBeUndefined();
    await app.context.runner.catchUp();
    expect(await giftMailsOf(order.id)).toEqual([recipient.email]);
    await app.mailSender.drain();
    const { token, mail } = await claimTokenMailedTo(recipient.email);
    expect(mail.text).not.toContain('wrote:');
    expect((await graphql(app, CLAIM, { token }, recipient.token)).body.errors).toBeUndefined();
    expect(await ownedSkinIdsOf(app, recipient.id)).toEqual([skin.id]);
  });

  it('lets the giver have the mail sent again, at most every 10 minutes; each link still claims the gift once', async () => {
    const { owner: giver } = viewers;
    const recipient = await createUser(app);
    const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
    const order = await giveAndPay(giver.token, recipient.email, { skins: [skin.id] });
    const first = await claimTokenMailedTo(recipient.email);
    const tooSoon = errorOf(await graphql(app, RESEND, { orderId: order.id }, giver.token));
    expect(tooSoon.code).toBe('TOO_MANY_REQUESTS');
    expect(tooSoon.message).toBe(giftMessages.resendTooSoon(10));

    const realNow = app.context.now;
    try {
      const later = new Date(Date.now() + 11 * 60_000);
      app.context.now = () => later;
      const mine = await graphql(app, MY_PURCHASES, {}, giver.token);
      expect(
        mine.body.data.myPurchaseList.content.find((p: { id: string }) => Number(p.id) === order.id).gift
          .canResend,
      ).toBe(true);
      const resent = await graphql(app, RESEND, { orderId: order.id }, giver.token);
      expect(resent.body.errors).toBeUndefined();
      expect(await giftMailsOf(order.id)).toEqual([recipient.email, recipient.email]);
      expect(errorOf(await graphql(app, RESEND, { orderId: order.id }, giver.token)).code).toBe(
        'TOO_MANY_REQUESTS',
      );
    } finally {
      app.context.now = realNow;
    }
    await app.mailSender.drain();
    const tokens = await app.context.pool.anyFirst(sql.type(z.object({ link_id: z.string() }))`
      select link_id from gift_claim_links where order_id = ${order.id} order by created_at`);
    expect(tokens).toHaveLength(2);
    // The first link claims it; the second then finds the gift claimed.
    expect((await graphql(app, CLAIM, { token: first.token }, recipient.token)).body.errors).toBeUndefined();
    const second = app.context.giftClaimTokens.sign({ orderId: String(order.id), linkId: tokens[1]! });
    expect(errorOf(await graphql(app, CLAIM, { token: second }, recipient.token))).toEqual({
      code: 'CONFLICT',
      message: giftMessages.alreadyClaimed,
    });
  });
});

describe('reconcile', () => {
  it('finds the ownership of gifts as their events say', async () => {
    const result = await app.context.pool.transaction((tx) => recomputeOrders(tx));
    expect(result.findings).toEqual([]);
    expect(result.orders).toBeGreaterThanOrEqual(5);
  });
});
