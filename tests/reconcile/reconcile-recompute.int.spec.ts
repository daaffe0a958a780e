import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feePolicy, priceOrder } from '../../domain/fees';
import { formatEuros } from '../../domain/money';
import { orderStreamId, type OrderPlaced } from '../../domain/orders/order.events';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { formatReconciliation, reconcileAll } from '../../app/reconcile/reconcile';
import { projections } from '../../projections';
import {
  addBundle,
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  postJson,
  type ShopItem,
} from '../support/shop';
import { runCli } from '../support/cli-command';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';

let app: TestApp;
let buyer: Awaited<ReturnType<typeof createUser>>;
let skinA: ShopItem;
let skinD: ShopItem;
let bundle: ShopItem;
type Order = Awaited<ReturnType<typeof orderBySession>>;
/** Paid by a signed-in buyer (a skin and a bundle), paid by a guest, placed and never paid. */
let paid: Order;
let guestPaid: Order;
let unpaid: Order;

const eur = (cents: number) => `${formatEuros(cents)} EUR`;
const reconcile = () => reconcileAll({ pool: app.context.pool, store: app.context.store });

/** An event's data, read straight from the events table, and a way to write it back. */
async function eventData<T>(orderId: number, version: number): Promise<T> {
  return (await app.context.pool.oneFirst(sql.type(z.object({ data: z.unknown() }))`
    select data from events where stream_id = ${orderStreamId(String(orderId))} and stream_version = ${version}`)) as T;
}
async function writeEventData(orderId: number, version: number, data: unknown) {
  await app.context.pool.query(sql.unsafe`
    update events set data = ${sql.jsonb(data as never)}
    where stream_id = ${orderStreamId(String(orderId))} and stream_version = ${version}`);
}

/** `npm run reconcile` against the test database: its exit code and what it printed. */
const reconcileCommand = () => runCli('reconcile.ts', app.db.url);

beforeAll(async () => {
  app = await createTestApp();
  const author = await createUser(app);
  buyer = await createUser(app);
  const admin = await createUser(app, { roles: ['regular', 'admin'] });
  skinA = await addSkin(app, { authorId: author.id, priceCents: 500 });
  const skinB = await addSkin(app, { authorId: author.id, priceCents: 1234 });
  const inBundle = await addSkin(app, { authorId: author.id, priceCents: 300 });
  skinD = await addSkin(app, { authorId: author.id, priceCents: 700 });
  bundle = await addBundle(app, { authorId: author.id, priceCents: 999, skinIds: [inBundle.id, skinB.id] });

  const paidCheckout = await cardCheckout(
    app,
    checkoutForm({ skins: [skinA.id], bundles: [bundle.id] }),
    buyer.token,
  );
  await payLocally(app, paidCheckout.reference);
  paid = await orderBySession(app, paidCheckout.reference);
  const guest = await cardCheckout(app, checkoutForm({ skins: [skinB.id] }, { country: 'us' }));
  await payLocally(app, guest.reference);
  guestPaid = await orderBySession(app, guest.reference);
  const unpaidCheckout = await cardCheckout(app, checkoutForm({ skins: [skinD.id] }), buyer.token);
  unpaid = await orderBySession(app, unpaidCheckout.reference);
  // Refunded, cancelled, and paid with PayPal (its own fee rule), for the clean run.
  const refunded = await cardCheckout(app, checkoutForm({ skins: [skinB.id] }));
  await payLocally(app, refunded.reference);
  const refund = await graphql(
    app,
    'mutation ($id: ID!) { refundOrder(id: $id) { success } }',
    { id: String((await orderBySession(app, refunded.reference)).id) },
    admin.token,
  );
  expect(refund.body.errors).toBeUndefined();
  const cancelled = await cardCheckout(app, checkoutForm({ skins: [skinB.id] }));
  await payLocally(app, cancelled.reference, 'cancel');
  const paypal = await postJson(app, '/api/paypal/create-order', checkoutForm({ bundles: [bundle.id] }));
  await postJson(app, '/api/paypal/capture-order', { orderId: paypal.body });
  expect([paid.status, guestPaid.status, unpaid.status]).toEqual([
    'PAYMENT_RECEIVED',
    'PAYMENT_RECEIVED',
    'PAYMENT_ON_THE_WAY',
  ]);
});
afterAll(async () => {
  await app.close();
});

describe('npm run reconcile recomputes the orders from their events', () => {
  it('reports clean on consistent data: every order priced again, paid, refunded and owned as its events say', async () => {
    const report = await reconcile();
    expect(report.recomputed.findings).toEqual([]);
    expect(report.differences).toBe(0);
    expect(report.recomputed.orders).toBe(6);
    const orderEvents = await app.context.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from events where stream_id like 'order-%'`);
    expect(report.recomputed.eventsRead).toBe(orderEvents);
    expect(Object.values(report.recomputed.feePolicies).reduce((a, b) => a + b, 0)).toBe(6);
    expect(formatReconciliation(report).at(-1)).toBe('Everything reconciles.');
  });

  it('catches a fee planted in OrderPlaced that the replay copies: the site fee moved to the author share', async () => {
    const original = await eventData<OrderPlaced['data']>(paid.id, 1);
    const item = original.items[0]!;
    const planted = structuredClone(original);
    planted.items[0]!.siteFeeCents -= 7;
    planted.items[0]!.authorShareCents += 7;
    planted.totals.siteFeeCents -= 7;
    planted.totals.authorShareCents += 7;
    // The event and the live rows agree, and every sum still adds up: only recomputing shows it.
    const plant = async (on: boolean) => {
      await writeEventData(paid.id, 1, on ? planted : original);
      const shift = on ? 7 : -7;
      await app.context.pool.query(sql.unsafe`
        update order_items set site_fee_cents = site_fee_cents - ${shift}, author_share_cents = author_share_cents + ${shift}
        where order_id = ${paid.id} and position = 0`);
      await app.context.pool.query(sql.unsafe`
        update orders set site_fee_cents = site_fee_cents - ${shift}, author_share_cents = author_share_cents + ${shift}
        where id = ${paid.id}`);
    };
    await plant(true);
    try {
      const report = await reconcile();
      expect(report.orders.differences).toEqual([]);
      expect(report.orders.unbalanced).toEqual([]);
      const order = { check: 'fees', orderId: String(paid.id), externalId: paid.external_id };
      expect(report.recomputed.findings).toEqual([
        {
          ...order,
          what: `item 0 (SKIN ${skinA.id}) site fee`,
          expected: eur(item.siteFeeCents),
          found: eur(item.siteFeeCents - 7),
        },
        {
          ...order,
          what: `item 0 (SKIN ${skinA.id}) author share`,
          expected: eur(item.authorShareCents),
          found: eur(item.authorShareCents + 7),
        },
        {
          ...order,
          what: 'order site fee',
          expected: eur(original.totals.siteFeeCents),
          found: eur(original.totals.siteFeeCents - 7),
        },
        {
          ...order,
          what: 'order author share',
          expected: eur(original.totals.authorShareCents),
          found: eur(original.totals.authorShareCents + 7),
        },
      ]);
      // The edited event no longer matches its link in the event chain either.
      expect(report.chain.broken).toEqual([
        {
          streamId: orderStreamId(String(paid.id)),
          streamVersion: 1,
          globalPosition: expect.any(Number),
          problem: 'its hash does not match its content and the link before it',
        },
      ]);
      expect(report.differences).toBe(5);

      const command = await reconcileCommand();
      expect(command.code).toBe(1);
      expect(command.output).toContain(
        `FEES order ${paid.external_id} (${paid.id}): item 0 (SKIN ${skinA.id}) author share: ` +
          `expected ${eur(item.authorShareCents)}, found ${eur(item.authorShareCents + 7)}`,
      );
      expect(command.output).toContain(
        `BROKEN LINK stream ${orderStreamId(String(paid.id))}, version 1, position ${report.chain.broken[0]!.globalPosition}`,
      );
      expect(command.output).toContain('Reconciliation found 5 differences.');
    } finally {
      await plant(false);
    }
    expect((await reconcile()).differences).toBe(0);
  });

  it('catches an unknown fee-policy version, even with the fees its real policy gives', async () => {
    const original = await eventData<OrderPlaced['data']>(guestPaid.id, 1);
    const version = original.feePolicyVersion.replace('site=2%', 'site=1%');
    await writeEventData(guestPaid.id, 1, { ...original, feePolicyVersion: version });
    await app.context.pool.query(
      sql.unsafe`update orders set fee_policy_version = ${version} where id = ${guestPaid.id}`,
    );
    try {
      const report = await reconcile();
      expect(report.orders.differences).toEqual([]);
      expect(report.recomputed.findings).toEqual([
        {
          check: 'fees',
          orderId: String(guestPaid.id),
          externalId: guestPaid.external_id,
          what: 'fee policy',
          expected: 'a version this code can price',
          found: `unknown version "${version}"`,
        },
      ]);
    } finally {
      await writeEventData(guestPaid.id, 1, original);
      await app.context.pool.query(
        sql.unsafe`update orders set fee_policy_version = ${original.feePolicyVersion} where id = ${guestPaid.id}`,
      );
    }
  });

  it('catches a paid amount that differs from the order total', async () => {
    const types = await app.context.pool.anyFirst(sql.type(z.object({ event_type: z.string() }))`
      select event_type from events where stream_id = ${orderStreamId(String(guestPaid.id))} order by stream_version`);
    const version = types.indexOf('PaymentReceived') + 1;
    expect(version).toBeGreaterThan(0);
    const original = await eventData<{ amountCents: number }>(guestPaid.id, version);
    expect(original.amountCents).toBe(guestPaid.total_cents);
    await writeEventData(guestPaid.id, version, { ...original, amountCents: original.amountCents - 100 });
    try {
      const report = await reconcile();
      // The read models do not keep the amount: the replay has nothing to differ on.
      expect(report.orders.differences).toEqual([]);
      expect(report.recomputed.findings).toEqual([
        {
          check: 'payment',
          orderId: String(guestPaid.id),
          externalId: guestPaid.external_id,
          what: 'paid amount',
          expected: `the order total ${eur(guestPaid.total_cents)}`,
          found: eur(guestPaid.total_cents - 100),
        },
      ]);
      expect(report.chain.broken.map((link) => [link.streamId, link.streamVersion])).toEqual([
        [orderStreamId(String(guestPaid.id)), version],
      ]);
      expect(report.differences).toBe(2);
    } finally {
      await writeEventData(guestPaid.id, version, original);
    }
  });

  it('catches ownership without payment, and a paid item its buyer does not own', async () => {
    await app.context.pool.query(
      sql.unsafe`update owned_skins set acquired_at = now() where order_id = ${unpaid.id}`,
    );
    const removed = await app.context.pool.one(sql.type(
      z.object({ order_id: z.number(), bundle_id: z.number(), user_id: z.number(), acquired_at: z.string() }),
    )`
      delete from owned_bundles where order_id = ${paid.id}
      returning order_id, bundle_id, user_id, acquired_at::text as acquired_at`);
    try {
      const report = await reconcile();
      expect(report.recomputed.findings).toEqual([
        {
          check: 'ownership',
          orderId: String(paid.id),
          externalId: paid.external_id,
          what: `bundle ${bundle.id}`,
          expected: `owned by user ${buyer.id} (the order is paid)`,
          found: `not owned by user ${buyer.id}`,
        },
        {
          check: 'ownership',
          orderId: String(unpaid.id),
          externalId: unpaid.external_id,
          what: `skin ${skinD.id}`,
          expected: 'not owned: the order is unpaid',
          found: `owned by user ${buyer.id}`,
        },
      ]);
      // The replay sees both rows differ too; the recompute says which order and why.
      expect(report.orders.differences.map((difference) => difference.table)).toEqual([
        'owned_bundles',
        'owned_skins',
      ]);
    } finally {
      await app.context.pool.query(
        sql.unsafe`update owned_skins set acquired_at = null where order_id = ${unpaid.id}`,
      );
      await app.context.pool.query(sql.unsafe`
        insert into owned_bundles (order_id, bundle_id, user_id, acquired_at)
        values (${removed.order_id}, ${removed.bundle_id}, ${removed.user_id}, ${removed.acquired_at}::timestamptz)`);
    }
    expect((await reconcile()).differences).toBe(0);
  });

  it("replays an order of the first fee rules (an item's two fee parts rounded apart) as it was recorded", async () => {
    // TS-2026-000303's cart: a Canadian card, 9.99 + 29.99. Placed today it records the current
    // rules' fees (0.40 / 1.20; outside the EU, no VAT); written back as the first rules recorded it
    // before VAT (0.39 / 1.21, version v1, no VAT fields), with the read models rebuilt from that
    // history, it must reconcile clean.
    const author = await createUser(app);
    const cheap = await addSkin(app, { authorId: author.id, priceCents: 999 });
    const dear = await addSkin(app, { authorId: author.id, priceCents: 2999 });
    const checkout = await cardCheckout(app, checkoutForm({ skins: [cheap.id, dear.id] }, { country: 'ca' }));
    await payLocally(app, checkout.reference);
    const order = await orderBySession(app, checkout.reference);
    const current = await eventData<OrderPlaced['data']>(order.id, 1);
    expect(current.feePolicyVersion).toBe('v3:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
    expect(current.vat).toMatchObject({ treatment: 'OUTSIDE_EU', rateBasisPoints: 0 });
    expect(current.items.map((item) => item.paymentFeeCents)).toEqual([40, 120]);

    const asFirstRules = (version: string) => {
      const priced = priceOrder({
        items: current.items.map((item) => ({
          key: item,
          priceCents: item.priceCents,
          tipCents: item.tipCents,
        })),
        paymentType: current.paymentType,
        country: current.buyer.country,
        policy: feePolicy({ generation: 1 }),
      });
      const { vat: _vat, ...beforeVat } = current;
      const { vatCents: _vatCents, ...totals } = current.totals;
      return {
        ...beforeVat,
        totals,
        items: priced.items.map(
          ({ key: { vatCents: _itemVat, ...key }, siteFeeCents, paymentFeeCents, authorShareCents }) => ({
            ...key,
            siteFeeCents,
            paymentFeeCents,
            authorShareCents,
          }),
        ),
        feePolicyVersion: version,
      };
    };
    const rebuild = async () => {
      for (const projection of projections) {
        await rebuildProjection(
          { pool: app.context.pool, store: app.context.store, batchSize: 1_000 },
          projection,
        );
      }
    };
    const recorded = asFirstRules('v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35');
    expect(recorded.items.map((item) => item.paymentFeeCents)).toEqual([39, 121]);
    try {
      await writeEventData(order.id, 1, recorded);
      await rebuild();
      const report = await reconcile();
      expect(report.recomputed.findings).toEqual([]);
      // Only the event chain sees the rewrite made here: the recorded figures themselves reconcile.
      expect(report.chain.broken.map((link) => [link.streamId, link.streamVersion])).toEqual([
        [orderStreamId(String(order.id)), 1],
      ]);
      expect(report.differences).toBe(1);
      expect(report.recomputed.feePolicies).toMatchObject({
        'v1:site=2%,card=1.5%/3.25%+0.30,paypal=3.49%+0.35': 1,
      });

      // The same figures claimed by the current rules are a finding: each version is priced by its own.
      await writeEventData(order.id, 1, asFirstRules(current.feePolicyVersion));
      await rebuild();
      const mislabelled = await reconcile();
      expect(mislabelled.recomputed.findings.map((finding) => finding.what)).toContain(
        `item 0 (SKIN ${cheap.id}) payment fee`,
      );
    } finally {
      await writeEventData(order.id, 1, current);
      await rebuild();
    }
    expect((await reconcile()).differences).toBe(0);
  });
});
