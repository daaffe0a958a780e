import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runDiscountCodeCommand } from '../../api/discount-codes/discount-code.handlers';
import { reconcileAll } from '../../app/reconcile/reconcile';
import type { OrderPlaced } from '../../domain/orders/order.events';
import {
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  postJson,
  type ShopItem,
} from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser, createViewers } from '../support/test-users';

// Discount codes through the public API: authors make them, buyers use them at checkout (once per
// order), and each refusal says why.

let app: TestApp;
let viewers: Awaited<ReturnType<typeof createViewers>>;
let author: Awaited<ReturnType<typeof createUser>>;
let skin: ShopItem;
let cheap: ShopItem;
let otherSkin: ShopItem;

const CREATE = `
  mutation ($input: CreateDiscountCodeInput!) {
    createDiscountCode(input: $input) { code kind percent amount allItems maxUses uses active items { itemId name } }
  }`;
const CODE = `
  query ($code: String!) {
    discountCode(code: $code) { code uses active redemptions { orderNumber status reduction releasedAt releaseReason items { itemId reduction } } }
  }`;
const QUOTE = `
  query ($input: CheckoutQuoteInput!) {
    checkoutQuote(input: $input) {
      total
      items { itemId price }
      discountCode { code reduction note items { itemId reduction price atMinimum } }
    }
  }`;

async function create(token: string | undefined, input: Record<string, unknown>) {
  return graphql(app, CREATE, { input: { kind: 'PERCENT', percent: 20, allItems: true, ...input } }, token);
}
async function placedOf(orderId: number): Promise<OrderPlaced['data']> {
  return app.context.pool.oneFirst(sql.type(z.object({ data: z.custom<OrderPlaced['data']>() }))`
    select data from events where stream_id = ${`order-${orderId}`} and event_type = 'OrderPlaced'`);
}
const checkout = (skins: number[], code: string, token?: string) =>
  postJson(app, '/api/stripe/checkout', checkoutForm({ skins }, { code }), token);

beforeAll(async () => {
  app = await createTestApp();
  viewers = await createViewers(app);
  author = viewers.owner;
  skin = await addSkin(app, { authorId: author.id, priceCents: 1000 });
  cheap = await addSkin(app, { authorId: author.id, priceCents: 250 });
  otherSkin = await addSkin(app, { authorId: viewers.other.id, priceCents: 800 });
});
afterAll(async () => {
  await app.close();
});

describe('creating and managing codes', () => {
  it('an author creates a code (case does not matter); anonymous visitors cannot', async () => {
    expect((await create(undefined, { code: 'anon-1' })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    const created = await create(author.token, { code: 'spring-20', maxUses: 5 });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createDiscountCode).toMatchObject({
      code: 'SPRING-20',
      kind: 'PERCENT',
      percent: 20,
      allItems: true,
      maxUses: 5,
      uses: 0,
      active: true,
    });
  });

  it('refuses a taken code clearly, whatever its case and whoever asks', async () => {
    const taken = await create(viewers.other.token, { code: 'Spring-20' });
    expect(taken.body.errors?.[0]).toMatchObject({
      message: 'The code SPRING-20 is already taken on this site: choose another.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it("refuses a code for another author's item and a malformed one", async () => {
    const foreign = await create(author.token, {
      code: 'FOREIGN',
      allItems: false,
      items: [{ itemType: 'SKIN', itemId: otherSkin.id }],
    });
    expect(foreign.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(foreign.body.errors?.[0]?.message).toBe('A code can only be for your own skins and bundles.');
    const malformed = await create(author.token, { code: 'a b' });
    expect(malformed.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('the author and an admin see a code; another user is told there is none; deactivating follows the same rule', async () => {
    await create(author.token, { code: 'PERM-CHECK' });
    expect((await graphql(app, CODE, { code: 'perm-check' })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await graphql(app, CODE, { code: 'perm-check' }, viewers.other.token)).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('NOT_FOUND');
    expect((await graphql(app, CODE, { code: 'perm-check' }, author.token)).body.data.discountCode.code).toBe(
      'PERM-CHECK',
    );
    expect(
      (await graphql(app, CODE, { code: 'perm-check' }, viewers.admin.token)).body.data.discountCode.code,
    ).toBe('PERM-CHECK');
    const DEACTIVATE = `mutation ($code: String!) { deactivateDiscountCode(code: $code) { code active } }`;
    expect((await graphql(app, DEACTIVATE, { code: 'PERM-CHECK' })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await graphql(app, DEACTIVATE, { code: 'PERM-CHECK' }, viewers.other.token)).body.errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await graphql(app, DEACTIVATE, { code: 'PERM-CHECK' }, author.token)).body.data.deactivateDiscountCode,
    ).toEqual({ code: 'PERM-CHECK', active: false });
    const again = await graphql(app, DEACTIVATE, { code: 'PERM-CHECK' }, viewers.admin.token);
    expect(again.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const refused = await checkout([skin.id], 'perm-check');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'code',
      message: 'The code PERM-CHECK was withdrawn by its author.',
    });
    const mine = await graphql(
      app,
      `
        {
          myDiscountCodes {
            code
            active
          }
        }
      `,
      {},
      author.token,
    );
    expect(mine.body.data.myDiscountCodes).toEqual(
      expect.arrayContaining([{ code: 'PERM-CHECK', active: false }]),
    );
    expect(
      (
        await graphql(
          app,
          `
            {
              myDiscountCodes {
                code
              }
            }
          `,
          {},
          viewers.other.token,
        )
      ).body.data.myDiscountCodes,
    ).toEqual([]);
  });
});

describe('a code at checkout', () => {
  it('the quote shows the reduction and the floor; the order records it; the fees split the net after it and VAT', async () => {
    await create(author.token, { code: 'HALF', percent: 50 });
    const quote = await graphql(app, QUOTE, {
      input: { skins: [skin.id, cheap.id], country: 'cz', code: 'half' },
    });
    expect(quote.body.errors).toBeUndefined();
    // 50 % of 10.00 is 5.00; of 2.50 it would be 1.25, but the item keeps the 2.00 minimum: 0.50.
    expect(quote.body.data.checkoutQuote.total).toBe(7);
    expect(quote.body.data.checkoutQuote.discountCode).toEqual({
      code: 'HALF',
      reduction: 5.5,
      note: `${cheap.title} costs 2,00 €, the lowest price a paid item may have: the code takes no more off.`.replace(
        ' €',
        '\u00a0€',
      ),
      items: [
        { itemId: String(skin.id), reduction: 5, price: 5, atMinimum: false },
        { itemId: String(cheap.id), reduction: 0.5, price: 2, atMinimum: true },
      ],
    });

    const buyer = await createUser(app);
    const { reference } = await cardCheckout(
      app,
      checkoutForm({ skins: [skin.id, cheap.id] }, { code: 'Half' }),
      buyer.token,
    );
    const order = await orderBySession(app, reference);
    const placed = await placedOf(order.id);
    expect(placed.totals.totalCents).toBe(700);
    const [first, second] = placed.items;
    expect(first).toMatchObject({
      priceCents: 500,
      regularPriceCents: 1000,
      reductions: [{ source: 'CODE', id: 'HALF', label: 'HALF', cents: 500 }],
    });
    expect(second).toMatchObject({ priceCents: 200, regularPriceCents: 250 });
    // Czech VAT (21 %) comes out of the reduced price, the site fee is 2 % of the net after it.
    expect(first!.vatCents).toBe(87);
    for (const item of placed.items) {
      expect(item.priceCents + item.tipCents).toBe(
        item.vatCents! + item.siteFeeCents + item.paymentFeeCents + item.authorShareCents,
      );
    }
    expect((await payLocally(app, reference)).statusCode).toBe(303);

    const seen = await graphql(app, CODE, { code: 'HALF' }, author.token);
    expect(seen.body.data.discountCode).toMatchObject({
      uses: 1,
      redemptions: [
        {
          orderNumber: order.external_id,
          status: 'PAYMENT_RECEIVED',
          reduction: 5.5,
          releasedAt: null,
          items: [
            { itemId: String(skin.id), reduction: 5 },
            { itemId: String(cheap.id), reduction: 0.5 },
          ],
        },
      ],
    });
    const confirmation = await graphql(
      app,
      `
        query ($id: String!) {
          orderConfirmation(externalId: $id) {
            discountCode {
              code
              reduction
            }
          }
        }
      `,
      { id: order.external_id },
      buyer.token,
    );
    expect(confirmation.body.data.orderConfirmation.discountCode).toEqual({ code: 'HALF', reduction: 5.5 });
  });

  it('fails clearly: unknown, not for these items, expired, only for earlier buyers, nothing left above the floor', async () => {
    expect((await checkout([skin.id], 'NOPE')).json()).toEqual({
      field: 'code',
      message: 'There is no code NOPE. Check how it is spelt.',
    });
    await create(author.token, {
      code: 'ONLY-CHEAP',
      allItems: false,
      items: [{ itemType: 'SKIN', itemId: cheap.id }],
    });
    expect((await checkout([skin.id, otherSkin.id], 'only-cheap')).json()).toMatchObject({
      message: 'The code ONLY-CHEAP is not for the items in your cart.',
    });
    const past = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    await runDiscountCodeCommand(
      app.context,
      'OLD-ONE',
      {
        type: 'CreateDiscountCode',
        code: 'OLD-ONE',
        authorId: author.id,
        reduction: { kind: 'AMOUNT', cents: 100 },
        items: { kind: 'ALL' },
        maxUses: null,
        expiresAt: new Date(past.getTime() + 24 * 3600 * 1000),
        earlierBuyersOf: null,
        createdAt: past,
      },
      { actor: { userId: author.id }, correlationId: 'test' },
    );
    const expired = await checkout([skin.id], 'old-one');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/^The code OLD-ONE expired on \d\d\. \d\d\. \d{4}\.$/);

    await create(author.token, {
      code: 'LOYAL',
      earlierBuyersOf: {
        itemType: 'SKIN',
        itemId: cheap.id,
        before: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    const newcomer = await createUser(app);
    expect((await checkout([skin.id], 'loyal', newcomer.token)).json().message).toBe(
      `The code LOYAL is only for players who bought ${cheap.title} before ${new Date(Date.now() + 3600_000).toISOString().slice(8, 10)}. ${new Date(Date.now() + 3600_000).toISOString().slice(5, 7)}. ${new Date().getUTCFullYear()}.`,
    );
    expect((await checkout([skin.id], 'loyal')).json().message).toMatch(
      /sign in with that account to use it\.$/,
    );
    // A buyer who paid for the cheap skin earlier may use it.
    const loyal = await createUser(app);
    const first = await cardCheckout(app, checkoutForm({ skins: [cheap.id] }), loyal.token);
    await payLocally(app, first.reference);
    expect((await checkout([skin.id], 'loyal', loyal.token)).statusCode).toBe(200);

    await create(author.token, {
      code: 'ONLY-FLOOR',
      allItems: false,
      items: [{ itemType: 'SKIN', itemId: cheap.id }],
    });
    const minimum = await addSkin(app, { authorId: author.id, priceCents: 200 });
    await create(author.token, {
      code: 'AT-FLOOR',
      allItems: false,
      items: [{ itemType: 'SKIN', itemId: minimum.id }],
    });
    expect((await checkout([minimum.id], 'at-floor')).json().message).toBe(
      'The items the code AT-FLOOR is for already cost the lowest price a paid item may have: it takes nothing more off.',
    );
  });

  it('counts once per order; used up is refused; an order closed unpaid gives its use back, a refund does not', async () => {
    await create(author.token, { code: 'ONCE', maxUses: 1 });
    const first = await cardCheckout(app, checkoutForm({ skins: [skin.id] }, { code: 'once' }));
    const usedUp = await checkout([skin.id], 'ONCE');
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toEqual({ field: 'code', message: 'The code ONCE has been used up.' });
    // The buyer cancels at the provider: the use comes back once the reactor has seen it.
    await payLocally(app, first.reference, 'cancel');
    await app.context.runner.catchUp();
    const after = await graphql(app, CODE, { code: 'ONCE' }, author.token);
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data.discountCode.uses).toBe(0);
    expect(after.body.data.discountCode.redemptions[0]).toMatchObject({
      status: 'CANCELLED',
      releaseReason: 'CANCELLED_BY_BUYER',
    });
    const second = await checkout([skin.id], 'ONCE');
    expect(second.statusCode).toBe(200);
    // Paid, then refunded: the code did its work, the use stays taken.
    const reference = /lc_[a-f0-9]{32}/.exec(second.body)![0];
    await payLocally(app, reference);
    const paid = await orderBySession(app, reference);
    const refund = await graphql(
      app,
      `
        mutation ($id: ID!) {
          refundOrder(id: $id) {
            success
          }
        }
      `,
      { id: String(paid.id) },
      viewers.admin.token,
    );
    expect(refund.body.data?.refundOrder.success).toBe(true);
    await app.context.runner.catchUp();
    const refunded = await graphql(app, CODE, { code: 'ONCE' }, author.token);
    expect(refunded.body.data.discountCode.uses).toBe(1);
    expect((await checkout([skin.id], 'ONCE')).json().message).toBe('The code ONCE has been used up.');
  });

  it('the last use goes to one of several checkouts racing for it', async () => {
    await create(author.token, { code: 'LAST-TWO', maxUses: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout([skin.id], 'LAST-TWO')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json()).toEqual({ field: 'code', message: 'The code LAST-TWO has been used up.' });
    }
    const redeemed = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from events where stream_id = 'discount-code-LAST-TWO' and event_type = 'DiscountCodeRedeemed'`);
    expect(redeemed).toBe(2);
    const orders = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from discount_code_redemptions r join orders o on o.id = r.order_id::bigint
      where r.code = 'LAST-TWO'`);
    expect(orders).toBe(2);
  });
});

describe('reconcile', () => {
  it('finds the redemptions agreeing with the orders, and a read model that counts wrong', async () => {
    await app.context.runner.catchUp();
    const clean = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(clean.discountCodes.findings).toEqual([]);
    expect(clean.discountCodes.ordersWithCodes).toBeGreaterThanOrEqual(5);
    expect(clean.discountCodes.redemptions).toBe(clean.discountCodes.ordersWithCodes);
    expect(clean.differences).toBe(0);

    await app.context.pool.query(sql.unsafe`update discount_codes set uses = uses + 1 where code = 'HALF'`);
    const tampered = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(tampered.discountCodes.findings).toEqual(['CODE HALF: 2 uses in the read model, 1 in the events']);
    await app.context.pool.query(sql.unsafe`update discount_codes set uses = uses - 1 where code = 'HALF'`);
  });
});
