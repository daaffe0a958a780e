import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { addSkin, cardCheckout, checkoutForm, orderBySession, payLocally } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { NOT_VAT_REGISTERED } from '../support/vat';
import { appendOrderRefund, appendPaidVatOrder } from '../support/vat-orders';

// Orders placed with VAT are appended in the contract's shape (tests/support/vat-orders.ts); the
// orders without VAT go through the real checkout of an operator not registered for VAT (as orders
// placed before VAT, they carry none). Payouts, statements and statistics must show both: VAT as
// recorded, 0 where none was.

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let author: User;
let preVatAuthor: User;
let buyer: User;
let other: User;
let admin: User;
let vatOrder: Awaited<ReturnType<typeof appendPaidVatOrder>>;
let vatSkinId: number;

const cents = (euros: number) => Math.round(euros * 100);

type StatementItem = {
  name: string;
  price: number;
  tip: number;
  gross: number | null;
  vat: number | null;
  net: number | null;
  internalFee: number;
  externalFee: number;
  authorReward: number;
  adjustment: boolean;
  orderExternalId: string;
};
type StatementTotals = {
  itemCount: number;
  price: number;
  tip: number;
  gross: number;
  vat: number;
  net: number;
  paymentFee: number;
  siteFee: number;
  adjustments: number;
  authorShare: number;
};
type PayoutView = { id: string; amount: number; items: StatementItem[]; totals: StatementTotals };

const PAYOUT_FIELDS = `id amount
  items { name price tip gross vat net internalFee externalFee authorReward adjustment orderExternalId }
  totals { itemCount price tip gross vat net paymentFee siteFee adjustments authorShare }`;

async function myPayouts(user: User): Promise<PayoutView[]> {
  const { body } = await graphql(app, `{ myPayouts { content { ${PAYOUT_FIELDS} } } }`, {}, user.token);
  expect(body.errors).toBeUndefined();
  return (body.data as { myPayouts: { content: PayoutView[] } }).myPayouts.content;
}

async function payoutAs(id: string, token: string): Promise<PayoutView> {
  const { body } = await graphql(
    app,
    `query ($id: ID!) { payout(id: $id) { ${PAYOUT_FIELDS} } }`,
    { id },
    token,
  );
  expect(body.errors).toBeUndefined();
  return (body.data as { payout: PayoutView }).payout;
}

/** Both identities of a statement: gross − VAT = net, net − fees + adjustments = author share. */
function expectStatementAddsUp(view: PayoutView) {
  const t = view.totals;
  expect(cents(t.gross)).toBe(cents(t.price) + cents(t.tip));
  expect(cents(t.net)).toBe(cents(t.gross) - cents(t.vat));
  expect(cents(t.net) - cents(t.paymentFee) - cents(t.siteFee) + cents(t.adjustments)).toBe(
    cents(t.authorShare),
  );
  expect(t.authorShare).toBe(view.amount);
  for (const item of view.items.filter((line) => !line.adjustment)) {
    expect(cents(item.gross!)).toBe(cents(item.price) + cents(item.tip));
    expect(cents(item.net!)).toBe(cents(item.gross!) - cents(item.vat!));
    expect(
      cents(item.vat!) + cents(item.internalFee) + cents(item.externalFee) + cents(item.authorReward),
    ).toBe(cents(item.gross!));
  }
}

beforeAll(async () => {
  app = await createTestApp({ config: NOT_VAT_REGISTERED });
  [author, preVatAuthor, buyer, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  const [skin, oldSkin] = await Promise.all([
    addSkin(app, { authorId: author.id, priceCents: 350 }),
    addSkin(app, { authorId: preVatAuthor.id, priceCents: 500 }),
  ]);
  vatSkinId = skin.id;
  // An order placed before VAT, through the checkout, for both authors.
  const { reference } = await cardCheckout(app, checkoutForm({ skins: [skin.id, oldSkin.id] }), buyer.token);
  await payLocally(app, reference);
  expect((await orderBySession(app, reference)).status).toBe('PAYMENT_RECEIVED');
  // A German buyer pays 3,50 € with a 0,50 € tip: 19 % VAT, 0,64 €, is carved out of 4,00 €.
  vatOrder = await appendPaidVatOrder(app, {
    buyerId: buyer.id,
    items: [
      {
        itemType: 'SKIN',
        itemId: skin.id,
        name: skin.title,
        authorId: author.id,
        priceCents: 350,
        tipCents: 50,
      },
    ],
    country: 'de',
    rateBasisPoints: 1900,
  });
  await app.context.runner.catchUp();
});
afterAll(async () => {
  await app.close();
});

describe('payouts of orders placed with VAT', () => {
  it("puts the item into its author's payout with the VAT its order recorded, and an older item with none", async () => {
    const [ordered] = vatOrder.items;
    expect(ordered!.vatCents).toBe(64);
    const added = await app.context.pool.any(sql.type(z.object({ item: z.record(z.string(), z.unknown()) }))`
      select data -> 'item' as item from events
      where event_type = 'PayoutItemAdded' and (data -> 'item' ->> 'itemId')::int8 = ${vatSkinId}
      order by global_position`);
    expect(added).toHaveLength(2);
    const [before, withVat] = added.map((row) => row.item);
    // Copied, never recomputed: the order's numbers, and no VAT field where the order had none.
    expect(before?.vatCents ?? 0).toBe(0);
    expect(withVat).toMatchObject({
      orderId: vatOrder.orderId,
      priceCents: 350,
      tipCents: 50,
      vatCents: 64,
      siteFeeCents: ordered!.siteFeeCents,
      paymentFeeCents: ordered!.paymentFeeCents,
      authorShareCents: ordered!.authorShareCents,
    });
  });

  it('shows per item gross, VAT and net on the statement, with totals that add up, to the author and the admin', async () => {
    const [view] = await myPayouts(author);
    expect(view!.items).toHaveLength(2);
    const vatLine = view!.items.find((item) => item.orderExternalId === vatOrder.externalId)!;
    expect(vatLine).toMatchObject({ price: 3.5, tip: 0.5, gross: 4, vat: 0.64, net: 3.36 });
    const older = view!.items.find((item) => item.orderExternalId !== vatOrder.externalId)!;
    expect(older).toMatchObject({ price: 3.5, tip: 0, gross: 3.5, vat: 0, net: 3.5 });
    expect(view!.totals).toMatchObject({ itemCount: 2, gross: 7.5, vat: 0.64, net: 6.86 });
    expectStatementAddsUp(view!);
    // The admin's payout view is the same statement.
    expect((await payoutAs(view!.id, admin.token)).totals).toEqual(view!.totals);
  });

  it('writes gross, VAT and net columns into the statement CSV, each row and the total adding up', async () => {
    const [view] = await myPayouts(author);
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/payouts/${view!.id}/statement.csv`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(response.statusCode).toBe(200);
    const records = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const items = records.filter((record) => record.line === 'item');
    expect(items).toHaveLength(2);
    for (const record of items) {
      const c = (name: string) => cents(Number(record[name]));
      expect(c('gross EUR')).toBe(c('price EUR') + c('tip EUR'));
      expect(c('net EUR')).toBe(c('gross EUR') - c('VAT EUR'));
      expect(c('net EUR') - c('payment fee EUR') - c('site fee EUR')).toBe(c('author share EUR'));
    }
    expect(items.find((record) => record.order === vatOrder.externalId)!['VAT EUR']).toBe('0.64');
    expect(items.find((record) => record.order !== vatOrder.externalId)!['VAT EUR']).toBe('0.00');
    const total = records.find((record) => record.line === 'total')!;
    expect({ gross: total['gross EUR'], vat: total['VAT EUR'], net: total['net EUR'] }).toEqual({
      gross: view!.totals.gross.toFixed(2),
      vat: view!.totals.vat.toFixed(2),
      net: view!.totals.net.toFixed(2),
    });
  });

  it('keeps VAT 0 on the statement of an author whose sales were all placed before VAT', async () => {
    const [view] = await myPayouts(preVatAuthor);
    expect(view!.items).toHaveLength(1);
    expect(view!.items[0]).toMatchObject({ gross: 5, vat: 0, net: 5 });
    expect(view!.totals).toMatchObject({ gross: 5, vat: 0, net: 5 });
    expectStatementAddsUp(view!);
  });

  it('keeps the statement to its author and admins (VAT changes no permission)', async () => {
    const [view] = await myPayouts(author);
    const query = `query ($id: ID!) { payout(id: $id) { id totals { vat } } }`;
    const asOther = await graphql(app, query, { id: view!.id }, other.token);
    expect(asOther.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await graphql(app, query, { id: view!.id });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('sales statistics with VAT', () => {
  const EARNINGS = `{ earningsHistory { itemsSold totalPrice vat net earnings itemsRefunded refundedPrice refundedVat } }`;
  const POPULAR = `{ skinPurchasePopularity { skin { id } totalPrice totalVat totalNet refundedPrice refundedVat } }`;
  const MONEY = `{ moneySpent { allTime { totalSpent vatTotal netTotal refundedTotal refundedVatTotal paymentCount } } }`;
  const HISTORY = `{ purchaseHistory(site: true) { paymentStatus totalPrice vat net totalCount } }`;

  async function ask<T>(query: string, token: string): Promise<T> {
    const { body } = await graphql(app, query, {}, token);
    expect(body.errors).toBeUndefined();
    return body.data as T;
  }

  it("shows the author's gross, VAT and net per month, and the best sellers' VAT", async () => {
    const { earningsHistory } = await ask<{ earningsHistory: Record<string, number>[] }>(
      EARNINGS,
      author.token,
    );
    const [month] = earningsHistory;
    // 3,50 € before VAT, and 4,00 € gross with 0,64 € VAT.
    expect(month).toMatchObject({ itemsSold: 2, totalPrice: 7.5, vat: 0.64, net: 6.86 });
    const { skinPurchasePopularity } = await ask<{ skinPurchasePopularity: Record<string, unknown>[] }>(
      POPULAR,
      author.token,
    );
    expect(skinPurchasePopularity[0]).toMatchObject({
      skin: { id: String(vatSkinId) },
      totalPrice: 7.5,
      totalVat: 0.64,
      totalNet: 6.86,
    });
  });

  it('shows VAT 0 for an author whose sales were all placed before VAT', async () => {
    const { earningsHistory } = await ask<{ earningsHistory: Record<string, number>[] }>(
      EARNINGS,
      preVatAuthor.token,
    );
    expect(earningsHistory[0]).toMatchObject({ itemsSold: 1, totalPrice: 5, vat: 0, net: 5 });
  });

  it("gives admins the site's gross, VAT and net", async () => {
    const { moneySpent } = await ask<{ moneySpent: { allTime: Record<string, number> } }>(MONEY, admin.token);
    expect(moneySpent.allTime).toMatchObject({
      totalSpent: 12.5,
      vatTotal: 0.64,
      netTotal: 11.86,
      paymentCount: 2,
    });
    const { purchaseHistory } = await ask<{ purchaseHistory: Record<string, unknown>[] }>(
      HISTORY,
      admin.token,
    );
    const paid = purchaseHistory.filter((row) => row.paymentStatus === 'PAYMENT_RECEIVED');
    expect(paid.reduce((sum, row) => sum + cents(row.vat as number), 0)).toBe(64);
    for (const row of paid)
      expect(cents(row.net as number)).toBe(cents(row.totalPrice as number) - cents(row.vat as number));
    // The site's figures stay the admins'.
    const { body } = await graphql(app, MONEY, {}, author.token);
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('counts the VAT of a refund as refunded, and npm run reconcile agrees with the payouts and the statistics', async () => {
    await appendOrderRefund(app, vatOrder);
    await app.context.runner.catchUp();
    const { earningsHistory } = await ask<{ earningsHistory: Record<string, number>[] }>(
      EARNINGS,
      author.token,
    );
    expect(earningsHistory[0]).toMatchObject({
      itemsRefunded: 1,
      refundedPrice: 4,
      refundedVat: 0.64,
      vat: 0.64,
    });
    const { moneySpent } = await ask<{ moneySpent: { allTime: Record<string, number> } }>(MONEY, admin.token);
    expect(moneySpent.allTime).toMatchObject({ refundedTotal: 4, refundedVatTotal: 0.64 });
    // The refunded item left the open payout; the older one stays, with VAT 0.
    const [view] = await myPayouts(author);
    expect(view!.items).toHaveLength(1);
    expect(view!.totals).toMatchObject({ gross: 3.5, vat: 0, net: 3.5 });

    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(report.sales.differences).toEqual([]);
    expect(report.payouts.differences).toEqual([]);
    expect(report.payouts.problems).toEqual([]);
    expect(report.payouts.unbalancedAuthors).toEqual([]);
  });

  it('names VAT planted in the statistics or in a payout line', async () => {
    const psql = async (statement: string) => {
      const client = new pg.Client({ connectionString: app.db.url });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await psql(`update sales_author_monthly set vat_cents = vat_cents + 1 where author_id = ${author.id}`);
    await psql(`update payout_lines set vat_cents = vat_cents + 1 where kind = 'ITEM'`);
    try {
      const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
      expect(report.sales.differences.map((difference) => difference.table)).toEqual([
        'sales_author_monthly',
      ]);
      const [difference] = report.sales.differences;
      expect(Number(difference!.found!.vat_cents) - Number(difference!.expected!.vat_cents)).toBe(1);
      expect(report.payouts.differences.map((difference) => difference.table)).toEqual(['payout_lines']);
    } finally {
      await psql(`update sales_author_monthly set vat_cents = vat_cents - 1 where author_id = ${author.id}`);
      await psql(`update payout_lines set vat_cents = vat_cents - 1 where kind = 'ITEM'`);
    }
  });
});

describe('npm run reconcile and the VAT a payout copied', () => {
  it('names a payout item whose VAT is not the one its order recorded', async () => {
    const seller = await createUser(app);
    const skin = await addSkin(app, { authorId: seller.id, priceCents: 1000 });
    const order = await appendPaidVatOrder(app, {
      buyerId: buyer.id,
      items: [{ itemType: 'SKIN', itemId: skin.id, name: skin.title, authorId: seller.id, priceCents: 1000 }],
      unpaid: true,
    });
    const [item] = order.items;
    // A payout event written by something other than the allocation, with the VAT off by a cent.
    const payoutId = 9_000_001;
    const metadata = { actor: { system: 'test' }, correlationId: 'vat-copy-test' };
    await app.context.pool.transaction((tx) =>
      app.context.store.append(tx, {
        streamId: `payout-${payoutId}`,
        streamType: 'payout',
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'PayoutOpened',
            data: { payoutId, authorId: seller.id, openedAt: new Date().toISOString() },
            metadata,
          },
          {
            type: 'PayoutItemAdded',
            data: {
              payoutId,
              authorId: seller.id,
              item: {
                orderId: order.orderId,
                orderExternalId: order.externalId,
                position: 0,
                itemType: 'SKIN',
                itemId: skin.id,
                name: skin.title,
                priceCents: item!.priceCents,
                tipCents: item!.tipCents,
                vatCents: item!.vatCents! + 1,
                siteFeeCents: item!.siteFeeCents,
                paymentFeeCents: item!.paymentFeeCents,
                authorShareCents: item!.authorShareCents,
                paymentType: 'STRIPE',
                paidAt: new Date().toISOString(),
              },
            },
            metadata,
          },
        ],
      }),
    );
    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    const problems = report.payouts.problems.filter((problem) => problem.payoutId === payoutId);
    expect(problems.map((problem) => problem.problem)).toContainEqual(
      `holds order ${order.orderId} item 0 with VAT ${((item!.vatCents! + 1) / 100).toFixed(2)} EUR, ` +
        `but the order recorded VAT ${(item!.vatCents! / 100).toFixed(2)} EUR`,
    );
  });
});
