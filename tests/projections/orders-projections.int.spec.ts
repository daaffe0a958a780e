import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cancelUnpaidOrders } from '../../api/orders/cancel-unpaid-orders.handler';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { reconcileOrders } from '../../app/reconcile/reconcile-orders';
import { ordersProjection } from '../../projections/orders.projection';
import { ownershipProjection } from '../../projections/ownership.projection';
import { addBundle, addSkin, cardCheckout, checkoutForm, payLocally, postJson } from '../support/shop';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;

const TABLES = ['orders', 'order_items', 'order_payment_sessions', 'owned_bundles', 'owned_skins'] as const;

/** Every row of the order read models, as JSON text in a stable order. */
async function snapshot(): Promise<Record<(typeof TABLES)[number], string[]>> {
  const rows = {} as Record<(typeof TABLES)[number], string[]>;
  for (const table of TABLES) {
    const found = await app.context.pool.anyFirst(sql.type(z.object({ row: z.string() }))`
      select to_jsonb(t)::text as row from ${sql.identifier([table])} t order by 1`);
    rows[table] = [...found];
  }
  return rows;
}

beforeAll(async () => {
  app = await createTestApp();
  const author = await createUser(app);
  const buyer = await createUser(app);
  const admin = await createUser(app, { roles: ['regular', 'admin'] });
  const skinA = await addSkin(app, { authorId: author.id, priceCents: 500 });
  const skinB = await addSkin(app, { authorId: author.id, priceCents: 1234 });
  const inBundle = await addSkin(app, { authorId: author.id, priceCents: 300 });
  const bundle = await addBundle(app, {
    authorId: author.id,
    priceCents: 999,
    skinIds: [inBundle.id, skinB.id],
  });

  // Paid, refunded, cancelled, expired, unpaid, by guests and members, by card and PayPal.
  const paid = await cardCheckout(
    app,
    checkoutForm({ skins: [skinA.id], bundles: [bundle.id] }),
    buyer.token,
  );
  await payLocally(app, paid.reference);
  const refunded = await cardCheckout(app, checkoutForm({ skins: [skinB.id] }, { country: 'us' }));
  await payLocally(app, refunded.reference);
  const cancelled = await cardCheckout(app, checkoutForm({ skins: [skinB.id] }));
  await payLocally(app, cancelled.reference, 'cancel');
  const paypal = await postJson(app, '/api/paypal/create-order', checkoutForm({ bundles: [bundle.id] }));
  await postJson(app, '/api/paypal/capture-order', { orderId: paypal.body });
  await cardCheckout(app, checkoutForm({ skins: [skinA.id] }));
  await cancelUnpaidOrders(app.context, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
  await cardCheckout(app, checkoutForm({ skins: [skinA.id] }));
  const refundedId = await app.context.pool.oneFirst(sql.type(z.object({ order_id: z.number() }))`
    select order_id from order_payment_sessions where provider_reference = ${refunded.reference}`);
  const refund = await graphql(
    app,
    'mutation ($id: ID!) { refundOrder(id: $id) { success } }',
    { id: String(refundedId) },
    admin.token,
  );
  expect(refund.body.errors).toBeUndefined();
});
afterAll(async () => {
  await app.close();
});

describe('the order and ownership read models', () => {
  it('rebuild from the events to the very same rows (npm run replay -- orders ownership)', async () => {
    const before = await snapshot();
    expect(before.orders).toHaveLength(6);
    expect(before.owned_skins.length).toBeGreaterThan(0);
    for (const projection of [ordersProjection, ownershipProjection]) {
      await rebuildProjection({ pool: app.context.pool, store: app.context.store, batchSize: 3 }, projection);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reconcile with the events, and the money of every order adds up', async () => {
    const report = await reconcileOrders(
      { pool: app.context.pool, store: app.context.store },
      { batchSize: 4 },
    );
    expect(report).toMatchObject({ orders: 6, differences: [], unbalanced: [] });
    expect(report.eventsReplayed).toBeGreaterThanOrEqual(6 + 5 + 3);
  });

  it('report a live row that differs from the events and an order whose money does not add up', async () => {
    const orderId = await app.context.pool.oneFirst(sql.type(z.object({ id: z.number() }))`
      select id from orders where status = 'PAYMENT_RECEIVED' order by id limit 1`);
    await app.context.pool.query(
      sql.unsafe`update orders set site_fee_cents = site_fee_cents + 1 where id = ${orderId}`,
    );
    await app.context.pool.query(sql.unsafe`delete from owned_skins where order_id = ${orderId}`);
    try {
      const report = await reconcileOrders({ pool: app.context.pool, store: app.context.store });
      expect(report.differences.map((d) => d.table)).toEqual(['orders', 'owned_skins']);
      expect(report.differences[0]).toMatchObject({ missingFromLive: 1, unexpectedInLive: 1 });
      expect(report.differences[1]!.missingFromLive).toBeGreaterThan(0);
      expect(report.unbalanced).toEqual([
        expect.objectContaining({ orderId, source: 'live', problem: expect.stringMatching(/not the total/) }),
      ]);
    } finally {
      for (const projection of [ordersProjection, ownershipProjection]) {
        await rebuildProjection(
          { pool: app.context.pool, store: app.context.store, batchSize: 100 },
          projection,
        );
      }
    }
    const repaired = await reconcileOrders({ pool: app.context.pool, store: app.context.store });
    expect(repaired.differences).toEqual([]);
    expect(repaired.unbalanced).toEqual([]);
  });
});
