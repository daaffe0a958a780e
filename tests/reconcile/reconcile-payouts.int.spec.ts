import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatEuros } from '../../domain/money';
import { orderStreamId, type OrderPlaced } from '../../domain/orders/order.events';
import { PAYOUT_STREAM_TYPE, payoutStreamId, type PayoutItemAdded } from '../../domain/payouts/payout.events';
import { rebuildProjection } from '../../infra/projection-engine/catch-up-runner';
import { formatReconciliation, reconcileAll } from '../../app/reconcile/reconcile';
import { reconcilePayouts } from '../../app/reconcile/reconcile-payouts';
import { payoutsProjection } from '../../projections/payouts.projection';
import {
  addSkin,
  cardCheckout,
  checkoutForm,
  orderBySession,
  payLocally,
  type ShopItem,
} from '../support/shop';
import { runCli } from '../support/cli-command';
import { createTestApp, graphql, type TestApp } from '../support/test-app';
import { createUser } from '../support/test-users';
import { NOT_VAT_REGISTERED } from '../support/vat';

let app: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let author: User;
let second: User;
let skins: ShopItem[];
/** The author's payout that was locked and sent, and their open one. */
let sentPayoutId: number;
let pendingPayoutId: number;

async function run(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await graphql(app, query, variables, token);
  expect(body.errors).toBeUndefined();
  return body.data as Record<string, unknown>;
}

/** A guest (a new email each time) pays through the local card checkout; the allocation catches up unless told not to. */
async function buy(skinIds: number[], options: { allocate?: boolean } = {}) {
  const { reference } = await cardCheckout(app, checkoutForm({ skins: skinIds }));
  await payLocally(app, reference);
  if (options.allocate ?? true) await app.context.runner.catchUp();
  return orderBySession(app, reference);
}

async function refund(orderId: number) {
  await run(`mutation ($id: ID!) { refundOrder(id: $id) { success } }`, { id: String(orderId) }, admin.token);
  await app.context.runner.catchUp();
}

async function payoutsOf(authorId: number) {
  return app.context.pool.any(sql.type(z.object({ id: z.number(), status: z.string() }))`
    select id, status from payouts where author_id = ${authorId} order by id`);
}

/** `npm run reconcile` against the test database: its exit code and what it printed. */
const reconcileCommand = () => runCli('reconcile.ts', app.db.url);

beforeAll(async () => {
  // The payouts' minimum is about the fee rules' shares alone, which VAT would lower.
  app = await createTestApp({ config: NOT_VAT_REGISTERED });
  [admin, author, second] = await Promise.all([
    createUser(app, { roles: ['regular', 'admin'] }),
    createUser(app),
    createUser(app),
  ]);
  skins = await Promise.all([
    addSkin(app, { authorId: author.id, priceCents: 3000 }),
    addSkin(app, { authorId: author.id, priceCents: 2500 }),
    addSkin(app, { authorId: second.id, priceCents: 1200 }),
  ]);

  // Paid orders; one refunded while its items are in open payouts (they leave them).
  const first = await buy([skins[0]!.id, skins[2]!.id]);
  await buy([skins[1]!.id]);
  const early = await buy([skins[1]!.id, skins[2]!.id]);
  await refund(early.id);

  // The author's payout is locked and sent; a refund of its first order comes back as an adjustment.
  await run(
    `mutation ($dto: UpdateMyUserInput!) { updateMyUser(dto: $dto) { id } }`,
    { dto: { payoutMethod: 'PAYPAL', paypalAccount: 'author@example.com', fullname: 'Alex Author' } },
    author.token,
  );
  const [open] = await payoutsOf(author.id);
  sentPayoutId = open!.id;
  await run(
    `mutation ($id: ID!) { lockPayout(id: $id) { success } }`,
    { id: String(sentPayoutId) },
    admin.token,
  );
  await run(
    `mutation ($id: ID!) { sendPayout(id: $id) { success } }`,
    { id: String(sentPayoutId) },
    admin.token,
  );
  await refund(first.id);
  await buy([skins[0]!.id]);
  const pending = (await payoutsOf(author.id)).filter((payout) => payout.status === 'PENDING');
  expect(pending).toHaveLength(1);
  pendingPayoutId = pending[0]!.id;
});
afterAll(async () => {
  await app.close();
});

describe('npm run reconcile with payouts', () => {
  it('reconciles a clean history: every payout event type, and payments not allocated yet as information', async () => {
    const types = await app.context.pool.anyFirst(sql.type(z.object({ event_type: z.string() }))`
      select distinct event_type from events where event_type like 'Payout%' order by 1`);
    expect(types).toEqual([
      'PayoutAdjustmentAdded',
      'PayoutItemAdded',
      'PayoutItemRemoved',
      'PayoutLocked',
      'PayoutOpened',
      'PayoutSent',
    ]);

    const clean = await reconcileAll({ pool: app.context.pool, store: app.context.store }, { batchSize: 7 });
    expect(clean.differences).toBe(0);
    expect(clean.payouts).toMatchObject({
      differences: [],
      problems: [],
      unbalancedAuthors: [],
      replayError: null,
      notYetAllocated: { payments: 0, refunds: 0, authorShareCents: 0 },
    });
    expect(clean.payouts.payouts).toBe(3);
    expect(clean.payouts.eventsReplayed).toBeGreaterThanOrEqual(10);
    expect(clean.orders).toMatchObject({ orders: 4, differences: [], unbalanced: [] });

    // A payment the allocation has not reached yet is information, not a difference.
    await buy([skins[2]!.id], { allocate: false });
    const waiting = await reconcilePayouts({ pool: app.context.pool, store: app.context.store });
    expect(waiting).toMatchObject({ problems: [], unbalancedAuthors: [], differences: [] });
    expect(waiting.notYetAllocated).toMatchObject({ payments: 1, refunds: 0 });
    expect(waiting.notYetAllocated.authorShareCents).toBeGreaterThan(1000);
    const report = formatReconciliation(
      await reconcileAll({ pool: app.context.pool, store: app.context.store }),
    );
    expect(report.at(-1)).toBe('Everything reconciles.');
    expect(report).toContainEqual(
      expect.stringMatching(/^info: 1 payment and 0 refunds after the payout-allocation checkpoint/),
    );
    expect(report).toContainEqual(
      expect.stringMatching(/^totals: 5 orders, 3 payouts, \d+ events replayed, [\d.]+ s$/),
    );
    await app.context.runner.catchUp();

    const command = await reconcileCommand();
    expect(command.output).toContain('Everything reconciles.');
    expect(command.code).toBe(0);
  });

  it('reports a payout amount changed by hand: a row difference and an amount that is not its lines', async () => {
    await app.context.pool.query(
      sql.unsafe`update payouts set amount_cents = amount_cents + 1 where id = ${pendingPayoutId}`,
    );
    try {
      const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
      expect(report.payouts.differences.map((d) => [d.table, d.missingFromLive, d.unexpectedInLive])).toEqual(
        [['payouts', 1, 1]],
      );
      expect(report.payouts.problems).toEqual([
        {
          payoutId: pendingPayoutId,
          authorId: author.id,
          source: 'live',
          problem: expect.stringMatching(/^amount -?\d+\.\d\d EUR, but its lines add up to -?\d+\.\d\d EUR$/),
        },
      ]);
      expect(report.payouts.unbalancedAuthors).toEqual([]);
      expect(report.differences).toBe(2);
      const lines = formatReconciliation(report);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^PAYOUT ${pendingPayoutId} \\(author ${author.id}\\) \\[live\\]: amount`),
        ),
      );
      expect(lines.at(-1)).toBe('Reconciliation found 2 differences.');

      const command = await reconcileCommand();
      expect(command.code).toBe(1);
      expect(command.output).toContain(
        'DIFFERENCE payouts: 1 rows of the events missing from the live table',
      );
    } finally {
      await app.context.pool.query(
        sql.unsafe`update payouts set amount_cents = amount_cents - 1 where id = ${pendingPayoutId}`,
      );
    }
  });

  it('reports a deleted payout line: the row, the payout amount and the author whose money no longer adds up', async () => {
    const line = await app.context.pool.one(sql.type(
      z.object({ payout_id: z.number(), line_no: z.number(), author_share_cents: z.number() }),
    )`
      select payout_id, line_no, author_share_cents from payout_lines
      where payout_id = ${sentPayoutId} and kind = 'ITEM' order by line_no limit 1`);
    await app.context.pool.query(
      sql.unsafe`delete from payout_lines where payout_id = ${line.payout_id} and line_no = ${line.line_no}`,
    );
    try {
      const report = await reconcilePayouts({ pool: app.context.pool, store: app.context.store });
      expect(report.differences).toEqual([
        expect.objectContaining({ table: 'payout_lines', missingFromLive: 1, unexpectedInLive: 0 }),
      ]);
      expect(report.differences[0]!.samples.missingFromLive).toEqual([
        expect.objectContaining({ payout_id: sentPayoutId, line_no: line.line_no }),
      ]);
      expect(report.problems).toEqual([
        expect.objectContaining({
          payoutId: sentPayoutId,
          source: 'live',
          problem: expect.stringMatching(/^amount .* but its lines add up to .*; counts/),
        }),
      ]);
      expect(report.unbalancedAuthors).toEqual([
        expect.objectContaining({
          authorId: author.id,
          liveLinesCents: report.unbalancedAuthors[0]!.expectedCents - line.author_share_cents,
          eventLinesCents: report.unbalancedAuthors[0]!.expectedCents,
        }),
      ]);
    } finally {
      await rebuildProjection(
        { pool: app.context.pool, store: app.context.store, batchSize: 100 },
        payoutsProjection,
      );
    }
    const repaired = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    expect(repaired.differences).toBe(0);
  });

  it('reports an order item that was never paid put into a payout through the store: the money equation breaks', async () => {
    // An order placed but never paid.
    const { reference } = await cardCheckout(app, checkoutForm({ skins: [skins[1]!.id] }));
    const unpaid = await orderBySession(app, reference);
    const placed = await app.context.store.readStream(app.context.pool, orderStreamId(String(unpaid.id)));
    const order = placed.events[0]!.data as OrderPlaced['data'];
    const item = order.items[0]!;
    const version = await app.context.store.streamVersion(app.context.pool, payoutStreamId(pendingPayoutId));
    const planted: PayoutItemAdded = {
      type: 'PayoutItemAdded',
      data: {
        payoutId: pendingPayoutId,
        authorId: author.id,
        item: {
          orderId: order.orderId,
          orderExternalId: unpaid.external_id,
          position: 0,
          itemType: item.itemType,
          itemId: item.itemId,
          name: item.name,
          priceCents: item.priceCents,
          tipCents: item.tipCents,
          siteFeeCents: item.siteFeeCents,
          paymentFeeCents: item.paymentFeeCents,
          authorShareCents: item.authorShareCents,
          paymentType: order.paymentType,
          paidAt: new Date().toISOString(),
        },
      },
    };
    await app.context.pool.transaction((tx) =>
      app.context.store.append(tx, {
        streamId: payoutStreamId(pendingPayoutId),
        streamType: PAYOUT_STREAM_TYPE,
        expectedVersion: version,
        events: [{ ...planted, metadata: { actor: { system: 'test' }, correlationId: 'reconcile-test' } }],
      }),
    );

    const report = await reconcileAll({ pool: app.context.pool, store: app.context.store });
    // The read models follow the events (the projection applied it): only the money is wrong.
    expect(report.payouts.differences).toEqual([]);
    expect(report.payouts.problems).toEqual([]);
    expect(report.payouts.unbalancedAuthors).toHaveLength(1);
    const balance = report.payouts.unbalancedAuthors[0]!;
    expect(balance).toMatchObject({ authorId: author.id });
    expect(balance.eventLinesCents - balance.expectedCents).toBe(item.authorShareCents);
    expect(balance.liveLinesCents).toBe(balance.eventLinesCents);
    expect(balance.items).toEqual([
      `order ${unpaid.id} item 0: paid 0.00 EUR − refunded 0.00 EUR by the allocated order events, ` +
        `payout lines hold ${formatEuros(item.authorShareCents)} EUR (payout ${pendingPayoutId})`,
    ]);
    const lines = formatReconciliation(report);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^MONEY author ${author.id}: paid `)));
    expect(lines.at(-1)).toBe('Reconciliation found 1 difference.');
  });
});
