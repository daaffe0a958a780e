import pg from 'pg';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { reconcileAll } from '../../app/reconcile/reconcile';
import { salesStatisticsProjection } from '../../projections/sales-statistics.projection';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  postJson,
} from '../support/shop';
import { runCli } from '../support/cli-command';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;
let authorId: number;
const reconcile = () => reconcileAll({ pool: app.context.pool, store: app.context.store });

/** `npm run reconcile` against the test database: its exit code and what it printed. */
const reconcileCommand = () => runCli('reconcile.ts', app.db.url);

beforeAll(async () => {
  app = await createTestApp();
  const author = await createUser(app);
  authorId = author.id;
  const other = await createUser(app);
  const buyer = await createUser(app);
  const admin = await createUser(app, { roles: ['regular', 'admin'] });
  const skin = await addSkin(app, { authorId: author.id, priceCents: 500 });
  const otherSkin = await addSkin(app, { authorId: other.id, priceCents: 1234 });
  const inBundle = await addSkin(app, { authorId: author.id, priceCents: 300 });
  const bundle = await addBundle(app, { authorId: author.id, priceCents: 999, skinIds: [inBundle.id] });

  // Paid (two authors in one order), refunded, cancelled, and paid with PayPal.
  const paid = await cardCheckout(app, checkoutForm({ skins: [skin.id, otherSkin.id] }), buyer.token);
  await payLocally(app, paid.reference);
  const refunded = await cardCheckout(app, checkoutForm({ skins: [otherSkin.id] }));
  await payLocally(app, refunded.reference);
  const refund = await graphql(
    app,
    'mutation ($id: ID!) { refundOrder(id: $id) { success } }',
    { id: String((await orderBySession(app, refunded.reference)).id) },
    admin.token,
  );
  expect(refund.body.errors).toBeUndefined();
  const cancelled = await cardCheckout(app, checkoutForm({ skins: [skin.id] }));
  await payLocally(app, cancelled.reference, 'cancel');
  const paypal = await postJson(app, '/api/paypal/create-order', checkoutForm({ bundles: [bundle.id] }));
  await postJson(app, '/api/paypal/capture-order', { orderId: paypal.body });
  await runUntilCaughtUp(
    { pool: app.context.pool, store: app.context.store, batchSize: 100 },
    salesStatisticsProjection,
  );
});
afterAll(async () => {
  await app.close();
});

/** Runs SQL written by hand, as an operator at a psql prompt would. */
async function psql(statements: string) {
  const client = new pg.Client({ connectionString: app.db.url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

/** Runs `change` on the live tables, reconciles, and runs `undo`. */
async function planted<T>(change: string, undo: string, check: () => Promise<T>): Promise<T> {
  await psql(change);
  try {
    return await check();
  } finally {
    await psql(undo);
  }
}

describe('npm run reconcile recomputes the sales statistics from the order events', () => {
  it('reports clean when the tables are what the events give', async () => {
    const report = await reconcile();
    expect(report.sales.differences).toEqual([]);
    expect(report.sales.eventsRead).toBeGreaterThan(8);
    expect(report.differences).toBe(0);
    const rows = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select ((select count(*) from sales_daily) + (select count(*) from sales_author_monthly)
        + (select count(*) from sales_monthly) + (select count(*) from sales_item_totals))::int as n`);
    expect(rows).toBeGreaterThan(6);
  });

  it('names a cent planted in sales_daily: the day, what the events give and what is there', async () => {
    const day = await app.context.pool.oneFirst(
      sql.type(z.object({ day: z.string() }))`select min(day)::text as day from sales_daily`,
    );
    const report = await planted(
      `update sales_daily set paid_cents = paid_cents + 100 where day = '${day}'`,
      `update sales_daily set paid_cents = paid_cents - 100 where day = '${day}'`,
      reconcile,
    );
    expect(report.differences).toBe(1);
    const [difference] = report.sales.differences;
    expect(difference).toMatchObject({ table: 'sales_daily', rows: 1, key: { day } });
    expect(Number(difference!.found!.paid_cents) - Number(difference!.expected!.paid_cents)).toBe(100);
  });

  it("names a euro planted in an author's month of sales_author_monthly, through the command too", async () => {
    const change = `update sales_author_monthly set sales_cents = sales_cents + 100 where author_id = ${authorId}`;
    const undo = `update sales_author_monthly set sales_cents = sales_cents - 100 where author_id = ${authorId}`;
    const { report, command } = await planted(change, undo, async () => ({
      report: await reconcile(),
      command: await reconcileCommand(),
    }));
    const [difference] = report.sales.differences;
    expect(difference).toMatchObject({ table: 'sales_author_monthly', key: { author_id: authorId } });
    expect(Number(difference!.found!.sales_cents) - Number(difference!.expected!.sales_cents)).toBe(100);
    expect(command.code).toBe(1);
    expect(command.output).toMatch(
      new RegExp(
        `SALES sales_author_monthly author_id=${authorId}, month=\\d{4}-\\d{2}-01: expected .*found`,
      ),
    );
    expect(command.output).toContain('Reconciliation found 1 difference.');
  });

  it.each([
    ['sales_monthly', 'author_id, month, payment_status, payment_type', 'total_cents', 'author_id = 0'],
    ['sales_item_monthly', 'item_type, item_id, month', 'sold_cents', 'true'],
    ['sales_item_totals', 'item_type, item_id', 'refunded_cents', 'refund_count > 0'],
    ['sales_orders', 'order_id', 'site_fee_cents', 'true'],
  ])('names a cent planted in %s', async (table, keys, column, where) => {
    // The first row by key: still the same row after the update (its key does not change).
    const row = `(${keys}) = (select ${keys} from ${table} where ${where} order by ${keys} limit 1)`;
    const report = await planted(
      `update ${table} set ${column} = ${column} + 1 where ${row}`,
      `update ${table} set ${column} = ${column} - 1 where ${row}`,
      reconcile,
    );
    expect(report.sales.differences.map((d) => [d.table, d.rows])).toEqual([[table, 1]]);
    const [difference] = report.sales.differences;
    expect(Number(difference!.found![column]) - Number(difference!.expected![column])).toBe(1);
    expect(Object.keys(difference!.key).join(', ')).toBe(keys);
    expect(report.differences).toBe(1);
  });

  it('names a row deleted from the statistics, and one that the events do not give', async () => {
    const day = await app.context.pool.oneFirst(
      sql.type(z.object({ day: z.string() }))`select max(day)::text as day from sales_daily`,
    );
    const report = await planted(
      `create table saved_daily as select * from sales_daily where day = '${day}';
       delete from sales_daily where day = '${day}';
       insert into sales_item_totals values ('SKIN', 999999, ${authorId}, 1, 100, 0, 0)`,
      `insert into sales_daily select * from saved_daily; drop table saved_daily;
       delete from sales_item_totals where item_id = 999999`,
      reconcile,
    );
    const byTable = new Map(report.sales.differences.map((d) => [d.table, d]));
    expect(byTable.get('sales_daily')).toMatchObject({ key: { day }, found: null });
    expect(byTable.get('sales_daily')!.expected).toMatchObject({ day });
    expect(byTable.get('sales_item_totals')).toMatchObject({
      key: { item_type: 'SKIN', item_id: 999999 },
      expected: null,
      found: { sold_cents: 100 },
    });
    expect((await reconcile()).differences).toBe(0);
  });
});
