import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { salesStatisticsProjection } from '../../projections/sales-statistics.projection';
import {
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

type User = Awaited<ReturnType<typeof createUser>>;
let app: TestApp;
let authorA: User;
let authorB: User;
let other: User;
let admin: User;
let a1: ShopItem;
let a2: ShopItem;
let b1: ShopItem;

/** The app's clock: each order is placed and paid (or cancelled, refunded) at the time set. */
let clock = new Date();
const at = (iso: string) => {
  clock = new Date(iso);
};
const NOW = '2026-06-02T12:00:00Z';

const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) =>
  body.errors?.[0]?.extensions?.code;

/** A guest's card order (EEA buyer: 2 % site fee, 1.5 % + 0.30 EUR card fee), paid or cancelled. */
async function order(skins: ShopItem[], action: 'pay' | 'cancel' = 'pay') {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: skins.map((skin) => skin.id) }));
  const response = await payLocally(app, reference, action);
  expect(response.statusCode).toBeLessThan(400);
  return orderBySession(app, reference);
}

beforeAll(async () => {
  // These sums are the fee rules' alone: an operator not registered for VAT.
  app = await createTestApp({ config: NOT_VAT_REGISTERED });
  app.context.now = () => clock;
  [authorA, authorB, other, admin] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app, { roles: ['regular', 'admin'] }),
  ]);
  a1 = await addSkin(app, { authorId: authorA.id, priceCents: 500 });
  a2 = await addSkin(app, { authorId: authorA.id, priceCents: 1000 });
  b1 = await addSkin(app, { authorId: authorB.id, priceCents: 800 });

  at('2025-04-15T10:00:00Z'); // more than a year before NOW
  await order([a1]);
  at('2026-04-20T10:00:00Z'); // within the year, not the last 30 days
  await order([b1]);
  // 23:30 UTC on 31 May is already 1 June in Prague: the month is May (UTC).
  at('2026-05-31T23:30:00Z');
  await order([a1, b1]);
  at('2026-06-01T00:10:00Z');
  await order([a2]);
  at('2026-06-01T00:20:00Z');
  const refunded = await order([b1]);
  at('2026-06-01T01:00:00Z');
  await order([a1], 'cancel');
  at('2026-06-02T09:00:00Z');
  const refund = await graphql(
    app,
    `
      mutation ($id: ID!) {
        refundOrder(id: $id) {
          success
        }
      }
    `,
    { id: String(refunded.id) },
    admin.token,
  );
  expect(refund.body.errors).toBeUndefined();
  at(NOW);
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 3 },
    salesStatisticsProjection,
  );
});
afterAll(async () => {
  await app.close();
});

const HISTORY = `query ($site: Boolean) { purchaseHistory(site: $site) {
  year month paymentStatus paymentType totalCount totalPrice } }`;
const MONEY = `{ moneySpent {
  allTime { totalSpent externalFeesTotal internalFeesTotal paymentCount refundedTotal refundCount }
  last30Days { totalSpent externalFeesTotal internalFeesTotal paymentCount refundedTotal refundCount }
  lastYear { totalSpent externalFeesTotal internalFeesTotal paymentCount refundedTotal refundCount } } }`;
const POPULAR = `query ($site: Boolean, $length: Int) { skinPurchasePopularity(site: $site, length: $length) {
  skin { id } totalPrice totalCount refundedPrice refundCount } }`;
const EARNINGS = `query ($site: Boolean) { earningsHistory(site: $site) {
  year month itemsSold totalPrice earnings itemsRefunded refundedPrice refundedEarnings } }`;

const row = (year: number, month: number, paymentStatus: string, totalCount: number, totalPrice: number) => ({
  year,
  month,
  paymentStatus,
  paymentType: 'STRIPE',
  totalCount,
  totalPrice,
});

describe('purchaseHistory', () => {
  it('counts the whole site’s payments, refunds and cancellations in the UTC month they happened', async () => {
    const { body } = await graphql(app, HISTORY, { site: true }, admin.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.purchaseHistory).toEqual([
      row(2025, 4, 'PAYMENT_RECEIVED', 1, 5),
      row(2026, 4, 'PAYMENT_RECEIVED', 1, 8),
      row(2026, 5, 'PAYMENT_RECEIVED', 1, 13),
      row(2026, 6, 'CANCELLED', 1, 5),
      // The refunded order stays a June sale and its refund is a June refund.
      row(2026, 6, 'PAYMENT_RECEIVED', 2, 18),
      row(2026, 6, 'REFUNDED', 1, 8),
    ]);
  });

  it('gives each author only the orders holding their items, summing only their items', async () => {
    const a = await graphql(app, HISTORY, {}, authorA.token);
    expect(a.body.data.purchaseHistory).toEqual([
      row(2025, 4, 'PAYMENT_RECEIVED', 1, 5),
      row(2026, 5, 'PAYMENT_RECEIVED', 1, 5),
      row(2026, 6, 'CANCELLED', 1, 5),
      row(2026, 6, 'PAYMENT_RECEIVED', 1, 10),
    ]);
    const b = await graphql(app, HISTORY, { site: false }, authorB.token);
    expect(b.body.data.purchaseHistory).toEqual([
      row(2026, 4, 'PAYMENT_RECEIVED', 1, 8),
      row(2026, 5, 'PAYMENT_RECEIVED', 1, 8),
      row(2026, 6, 'PAYMENT_RECEIVED', 1, 8),
      row(2026, 6, 'REFUNDED', 1, 8),
    ]);
    expect((await graphql(app, HISTORY, {}, other.token)).body.data.purchaseHistory).toEqual([]);
  });
});

describe('moneySpent', () => {
  it('gives admins the payments, provider and site fees and refunds: all time, 30 days, a year', async () => {
    const { body } = await graphql(app, MONEY, {}, admin.token);
    expect(body.errors).toBeUndefined();
    // Fees as the orders recorded them: 13 EUR (0.26 site, 0.50 card), 10 EUR (0.20, 0.45),
    // 8 EUR (0.16, 0.42) twice before the refund's, 5 EUR (0.10, 0.38).
    expect(body.data.moneySpent).toEqual({
      last30Days: {
        totalSpent: 31,
        internalFeesTotal: 0.62,
        externalFeesTotal: 1.37,
        paymentCount: 3,
        refundedTotal: 8,
        refundCount: 1,
      },
      lastYear: {
        totalSpent: 39,
        internalFeesTotal: 0.78,
        externalFeesTotal: 1.79,
        paymentCount: 4,
        refundedTotal: 8,
        refundCount: 1,
      },
      allTime: {
        totalSpent: 44,
        internalFeesTotal: 0.88,
        externalFeesTotal: 2.17,
        paymentCount: 5,
        refundedTotal: 8,
        refundCount: 1,
      },
    });
  });
});

describe('skinPurchasePopularity', () => {
  it('ranks the site’s skins by the money they brought, showing refunds as refunds', async () => {
    const { body } = await graphql(app, POPULAR, { site: true, length: 2 }, admin.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.skinPurchasePopularity).toEqual([
      { skin: { id: String(b1.id) }, totalPrice: 24, totalCount: 3, refundedPrice: 8, refundCount: 1 },
      { skin: { id: String(a1.id) }, totalPrice: 10, totalCount: 2, refundedPrice: 0, refundCount: 0 },
    ]);
  });

  it("ranks only the author's own skins", async () => {
    const a = await graphql(app, POPULAR, {}, authorA.token);
    expect(a.body.data.skinPurchasePopularity).toEqual([
      { skin: { id: String(a1.id) }, totalPrice: 10, totalCount: 2, refundedPrice: 0, refundCount: 0 },
      { skin: { id: String(a2.id) }, totalPrice: 10, totalCount: 1, refundedPrice: 0, refundCount: 0 },
    ]);
    const b = await graphql(app, POPULAR, {}, authorB.token);
    expect(b.body.data.skinPurchasePopularity.map((e: { skin: { id: string } }) => e.skin.id)).toEqual([
      String(b1.id),
    ]);
  });

  it('refuses a length outside 1 to 50', async () => {
    for (const length of [0, 51]) {
      const { body } = await graphql(app, POPULAR, { length }, authorA.token);
      expect(body.data?.skinPurchasePopularity ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('earningsHistory', () => {
  const month = (year: number, m: number, sold: number, price: number, earnings: number, refunded = 0) => ({
    year,
    month: m,
    itemsSold: sold,
    totalPrice: price,
    earnings,
    itemsRefunded: refunded,
    refundedPrice: refunded ? price : 0,
    refundedEarnings: refunded ? earnings : 0,
  });

  it('gives an author their own items sold and shares per UTC month, and what refunds took back', async () => {
    const a = await graphql(app, EARNINGS, {}, authorA.token);
    expect(a.body.errors).toBeUndefined();
    expect(a.body.data.earningsHistory).toEqual([
      month(2025, 4, 1, 5, 4.52),
      // Their share of the two-author order: 5.00 − 0.10 site fee − 0.19 card fee (the order's 0.50
      // card fee split by largest remainder over the exact shares 0.1923 and 0.3077, fee rules v2).
      month(2026, 5, 1, 5, 4.71),
      month(2026, 6, 1, 10, 9.35),
    ]);
    const b = await graphql(app, EARNINGS, {}, authorB.token);
    expect(b.body.data.earningsHistory).toEqual([
      month(2026, 4, 1, 8, 7.42),
      // 8.00 − 0.16 site fee − 0.31 card fee: the other part of that order's 0.50.
      month(2026, 5, 1, 8, 7.53),
      month(2026, 6, 1, 8, 7.42, 1),
    ]);
  });

  it('sums every author for the site', async () => {
    const { body } = await graphql(app, EARNINGS, { site: true }, admin.token);
    expect(body.data.earningsHistory).toEqual([
      month(2025, 4, 1, 5, 4.52),
      month(2026, 4, 1, 8, 7.42),
      { ...month(2026, 5, 2, 13, 12.24) },
      { ...month(2026, 6, 2, 18, 16.77), itemsRefunded: 1, refundedPrice: 8, refundedEarnings: 7.42 },
    ]);
  });
});

describe('sales figures in a period', () => {
  const june = { fromMonth: '2026-06', toMonth: '2026-06' };

  it('keep the months of the period in the purchase and earnings histories', async () => {
    const history = await graphql(
      app,
      `
        query ($period: StatisticsPeriodInput) {
          purchaseHistory(site: true, period: $period) {
            year
            month
            paymentStatus
            paymentType
            totalCount
            totalPrice
          }
        }
      `,
      { period: june },
      admin.token,
    );
    expect(history.body.data.purchaseHistory).toEqual([
      row(2026, 6, 'CANCELLED', 1, 5),
      row(2026, 6, 'PAYMENT_RECEIVED', 2, 18),
      row(2026, 6, 'REFUNDED', 1, 8),
    ]);
    const earnings = await graphql(
      app,
      `
        query ($period: StatisticsPeriodInput) {
          earningsHistory(period: $period) {
            year
            month
            earnings
          }
        }
      `,
      { period: { fromMonth: '2026-04', toMonth: '2026-05' } },
      authorB.token,
    );
    expect(earnings.body.data.earningsHistory).toEqual([
      { year: 2026, month: 4, earnings: 7.42 },
      { year: 2026, month: 5, earnings: 7.53 },
    ]);
  });

  it('rank best sellers over the months a window touches', async () => {
    // The last 30 days before 2 June start on 3 May: May and June count.
    const { body } = await graphql(
      app,
      `
        query ($period: StatisticsPeriodInput) {
          skinPurchasePopularity(site: true, period: $period) {
            skin {
              id
            }
            totalPrice
            totalCount
            refundCount
          }
        }
      `,
      { period: { window: 'LAST_30_DAYS' } },
      admin.token,
    );
    expect(body.data.skinPurchasePopularity).toEqual([
      { skin: { id: String(b1.id) }, totalPrice: 16, totalCount: 2, refundCount: 1 },
      { skin: { id: String(a2.id) }, totalPrice: 10, totalCount: 1, refundCount: 0 },
      { skin: { id: String(a1.id) }, totalPrice: 5, totalCount: 1, refundCount: 0 },
    ]);
  });

  it('sum the money spent in any span of months', async () => {
    const { body } = await graphql(
      app,
      `
        query ($period: StatisticsPeriodInput!) {
          moneySpent {
            inPeriod(period: $period) {
              totalSpent
              externalFeesTotal
              internalFeesTotal
              paymentCount
              refundedTotal
              refundCount
            }
          }
        }
      `,
      { period: { fromMonth: '2026-05', toMonth: '2026-05' } },
      admin.token,
    );
    expect(body.data.moneySpent.inPeriod).toEqual({
      totalSpent: 13,
      internalFeesTotal: 0.26,
      externalFeesTotal: 0.5,
      paymentCount: 1,
      refundedTotal: 0,
      refundCount: 0,
    });
  });
});

describe('permissions', () => {
  const siteQueries = [
    [HISTORY, { site: true }],
    [POPULAR, { site: true }],
    [EARNINGS, { site: true }],
    [MONEY, {}],
  ] as const;

  it('site-wide figures and moneySpent are for admins only', async () => {
    for (const [query, variables] of siteQueries) {
      expect(codeOf((await graphql(app, query, variables)).body)).toBe('UNAUTHENTICATED');
      expect(codeOf((await graphql(app, query, variables, other.token)).body)).toBe('FORBIDDEN');
      expect(codeOf((await graphql(app, query, variables, authorA.token)).body)).toBe('FORBIDDEN');
      const allowed = await graphql(app, query, variables, admin.token);
      expect(allowed.body.errors).toBeUndefined();
    }
  });

  it('own figures need a session', async () => {
    for (const query of [HISTORY, POPULAR, EARNINGS]) {
      const { body } = await graphql(app, query);
      expect(codeOf(body)).toBe('UNAUTHENTICATED');
      expect(body.data).toBeNull();
    }
  });
});

describe('freshness', () => {
  it("follows a new sale in the site's best sellers of a period, which are kept between sales", async () => {
    const PERIOD = `query ($period: StatisticsPeriodInput) { skinPurchasePopularity(site: true, period: $period) {
      skin { id } totalCount } }`;
    const variables = { period: { window: 'LAST_30_DAYS' } };
    const countOf = async () => {
      const { body } = await graphql(app, PERIOD, variables, admin.token);
      return body.data.skinPurchasePopularity.find(
        (row: { skin: { id: string } }) => row.skin.id === String(a2.id),
      )?.totalCount as number;
    };
    const before = await countOf();
    expect(await countOf()).toBe(before);
    await order([a2]);
    await runUntilCaughtUp(
      { pool: app.context.pool, store: app.context.store, batchSize: 100 },
      salesStatisticsProjection,
    );
    expect(await countOf()).toBe(before + 1);
  });
});
