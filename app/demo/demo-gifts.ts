import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { findUserById, sessionClaimsOf } from '../../api/accounts/users.repository';
import { claimGift } from '../../api/gifts/claim-gift.handler';
import { createClaimLink } from '../../api/gifts/gift-claim-links';
import { catalogueItemsToOrder } from '../../api/orders/checkout-items';
import { placeOrderVatFor } from '../../api/orders/checkout-vat';
import { runOrderCommand } from '../../api/orders/order-commands';
import { nextOrderId } from '../../api/orders/orders.repository';
import { configuredFeePolicy, orderNumberOf } from '../../api/orders/place-order.handler';
import { payoutAllocationReactor } from '../../api/payouts/payout-allocation.reactor';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import { payDemoOrder } from './demo-paid-order';

// The demo's gifts (docs/gifts.md): `player` gives two through the order's commands, pays with
// the local stand-in, and each gift gets its claim link (the demo mails nobody). The `author` account claims
// the first with its link; the second waits for a friend who has no account.

// The demo seed's correlation: no order or gift mail goes to the demo's made-up people.
const CORRELATION_ID = DEMO_SEED_CORRELATION_ID;

export async function seedDemoGifts(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
): Promise<void> {
  const [player, author] = await Promise.all([
    findUserById(app.pool, accounts.player),
    findUserById(app.pool, accounts.author),
  ]);
  if (!player || !author) return;
  // Paid skins of other authors than the giver and the recipient, sold alone.
  const skins = await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select s.id from skins s
    where s.listed and s.price_cents >= 200
      and s.author_id not in (${accounts.player}, ${accounts.author}, ${accounts.admin})
    order by s.created_at desc, s.id limit 2`);
  const gifts = [
    { skinId: skins[0], recipientEmail: author.email, note: 'For the next league night. Good luck!' },
    { skinId: skins[1], recipientEmail: 'a.friend@example.com', note: null },
  ];
  for (const [index, gift] of gifts.entries()) {
    if (gift.skinId === undefined) continue;
    const metadata = { actor: { userId: player.id }, correlationId: CORRELATION_ID };
    // Placed, opened and paid through the order's commands (as the demo's sales are), each event
    // recorded at its own time, a minute apart, over the last hour.
    const id = await nextOrderId(app.pool);
    const orderId = String(id);
    const placedAt = new Date(app.now().getTime() - (60 - index * 20) * 60_000);
    const country = player.country ?? 'cz';
    const items = await catalogueItemsToOrder(
      app.pool,
      { skins: [gift.skinId], bundles: [] },
      { userId: player.id, signedIn: true, gift: true },
      placedAt,
    );
    const { appended } = await runOrderCommand(
      app,
      orderId,
      {
        type: 'PlaceOrder',
        orderId,
        externalId: orderNumberOf(id, placedAt),
        buyer: {
          userId: player.id,
          email: player.email,
          fullName: player.fullname ?? player.username,
          country,
        },
        paymentType: 'STRIPE',
        items,
        feePolicy: configuredFeePolicy(app),
        vat: await placeOrderVatFor(app, { country, countryConfirmed: true, ip: null }),
        placedAt,
        withdrawalConsent: { given: true },
        gift: { recipientEmail: gift.recipientEmail, note: gift.note },
      },
      metadata,
      { occurredAt: backdated(placedAt) },
    );
    const placed = { orderId };
    const receivedAt = new Date(placedAt.getTime() + 60_000);
    await payDemoOrder(
      app,
      orderId,
      appended,
      {
        paymentType: 'STRIPE',
        reference: `lc_demo_gift_${orderId}`,
        country,
        openedAt: new Date(placedAt.getTime() + 30_000),
        receivedAt,
      },
      metadata,
    );
    // The claim link the gift-mails reactor would mail (it mails nothing for the demo seed's
    // events, and finds the link made); made here so the first gift can be claimed with it now.
    const { linkId } = await createClaimLink(app.pool, { orderId: id, reason: 'GIVEN', now: receivedAt });
    if (index === 0) {
      const recipient = await app.tokens.verify(await app.tokens.sign(sessionClaimsOf(author)));
      if (!recipient) continue;
      await claimGift(app, {
        token: app.giftClaimTokens.sign({ orderId: placed.orderId, linkId }),
        viewer: recipient,
        metadata: { actor: { userId: author.id }, correlationId: CORRELATION_ID },
      });
    }
  }
  // The payout allocation takes the gifts' payments now, as it does the demo's other sales.
  await runUntilCaughtUp(
    { pool: app.pool, store: app.store, batchSize: app.config.projections.batchSize },
    payoutAllocationReactor({ store: app.store, log: app.log }),
  );
}
