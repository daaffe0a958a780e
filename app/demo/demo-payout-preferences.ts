import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { runOrderCommand } from '../../api/orders/order-commands';
import { itemsDownloadedSincePayment } from '../../api/orders/orders.repository';
import { exportSepaFile } from '../../api/payouts/export-sepa-file.handler';
import { lockPayout } from '../../api/payouts/lock-payout.handler';
import { payoutAllocationReactor } from '../../api/payouts/payout-allocation.reactor';
import { changePayoutPreferences } from '../../api/payouts/payout-preferences.handler';
import { sendPayout } from '../../api/payouts/send-payout.handler';
import { MIN_PAYOUT_CENTS } from '../../domain/payouts/payout.decider';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { guestBuysDemoSkin } from './demo-paid-order';

const correlationId = DEMO_SEED_CORRELATION_ID;

/** The allocation reactor applies the payments and refunds written so far (the runner is not started yet). */
async function allocate(app: AppContext) {
  await runUntilCaughtUp(
    { pool: app.pool, store: app.store, batchSize: app.config.projections.batchSize },
    payoutAllocationReactor({ store: app.store, log: app.log }),
  );
}

async function openPayoutOf(app: AppContext, authorId: number) {
  return app.pool.maybeOne(sql.type(z.object({ id: z.number(), amount_cents: z.number() }))`
    select id, amount_cents from payouts where author_id = ${authorId} and status = 'PENDING'`);
}

/** A guest pays one of the author's skins by PayPal through the local stand-in, now. */
function guestBuys(app: AppContext, skinId: number, buyer: string): Promise<string> {
  return guestBuysDemoSkin(app, {
    guest: { email: `late.refund.${buyer}@example.com`, fullname: `Late Buyer ${buyer}`, country: 'cz' },
    skinId,
    paymentType: 'PAYPAL',
    placedAt: app.now(),
    reference: (orderId) => `DEMO-LATE-${orderId}`,
    openedAfterMs: 0,
    paidAfterMs: 0,
  });
}

/**
 * The author of the payout-preferences browser journey: a catalogue author whose skins no other
 * journey buys, so the negative balance the journey checks is still there when it runs.
 */
const OWING_DEMO_AUTHOR = 'vanDijkLines';

/**
 * The demo's payout preferences and negative balances (docs/payouts.md): `author`, and
 * vanDijkLines for the browser journey alone, are each paid out early at their request (their
 * open payout is locked, put in a SEPA file and sent now), then the admin refunds a guest's order
 * that payout had paid (bought today, never downloaded): the author's share is taken back from
 * their next payout, which starts negative; My Payouts shows what is owed and for which order. Then
 * each chooses a quarterly schedule from 80 EUR on, and `player` (who sells nothing) keeps the
 * defaults.
 */
export async function seedDemoPayoutPreferences(
  app: AppContext,
  accounts: { admin: number; author: number },
): Promise<void> {
  const owing = await app.pool.oneFirst(sql.type(z.object({ id: z.number() }))`
    select id from users where username = ${OWING_DEMO_AUTHOR}`);
  for (const [authorId, buyer] of [
    [accounts.author, ''],
    [owing, 'owing-'],
  ] as const) {
    await owesAfterLateRefund(app, accounts.admin, authorId, buyer);
    await changePayoutPreferences(app, {
      authorId,
      preferences: { thresholdCents: 8000, schedule: 'QUARTERLY', held: false },
      metadata: { actor: { userId: authorId }, correlationId },
    });
  }
}

/**
 * The author's early payout and a late refund: guests buy the author's skins today until their open
 * payout is over the minimum, the admin locks, exports and sends it, then refunds the first of
 * those orders. Nothing happens when the author has no skin to sell or never reaches the minimum.
 */
async function owesAfterLateRefund(app: AppContext, adminId: number, authorId: number, buyer: string) {
  const adminMetadata = { actor: { userId: adminId, role: 'admin' }, correlationId };
  const skins = await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from skins where author_id = ${authorId} and price_cents >= 200 and listed and available_alone
    order by price_cents desc, id limit 8`);
  if (skins.length === 0) return;

  // Today's guest sales; the first is the one refunded later.
  const orders: string[] = [];
  for (let index = 0; index < 12; index++) {
    orders.push(await guestBuys(app, skins[index % skins.length]!, `${buyer}${index}`));
    await allocate(app);
    const open = await openPayoutOf(app, authorId);
    if (index >= 1 && open && open.amount_cents >= MIN_PAYOUT_CENTS + 500) break;
  }
  const open = await openPayoutOf(app, authorId);
  if (!open || open.amount_cents < MIN_PAYOUT_CENTS) return;
  // Each step recorded at its own time, as an admin's steps are.
  await lockPayout(app, open.id, adminMetadata, { occurredAt: backdated(app.now()) });
  await exportSepaFile(app, [open.id], adminMetadata, { occurredAt: backdated(app.now()) });
  await sendPayout(app, open.id, adminMetadata, { occurredAt: backdated(app.now()) });

  const refunded = orders[0]!;
  const downloaded = await itemsDownloadedSincePayment(app, [Number(refunded)]);
  const refundedAt = app.now();
  await runOrderCommand(
    app,
    refunded,
    {
      type: 'RefundOrder',
      by: adminId,
      reason: 'The buyer bought the skin twice by mistake.',
      downloadedItems: downloaded.get(Number(refunded)) ?? [],
      refundedAt,
    },
    adminMetadata,
    { occurredAt: backdated(refundedAt) },
  );
  await allocate(app);
}
