import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { findUserById, sessionClaimsOf } from '../../api/accounts/users.repository';
import { claimGift } from '../../api/gifts/claim-gift.handler';
import { mailNewClaimLink } from '../../api/gifts/gift-claim-links';
import { giftMailContentOf, giftStateOf } from '../../api/gifts/gift-stream';
import { runOrderCommand } from '../../api/orders/order-commands';
import { placeOrder } from '../../api/orders/place-order.handler';
import { orderStreamId } from '../../domain/orders/order.events';

// The demo's gifts (docs/gifts.md): `player` gives two, through the checkout's own handler, pays
// with the local stand-in, and the recipients are mailed a claim link. The `author` account claims
// the first with its link; the second waits for a friend who has no account.

const CORRELATION_ID = 'demo-gifts';

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
  const viewer = await app.tokens.verify(await app.tokens.sign(sessionClaimsOf(player)));
  if (!viewer) return;
  for (const [index, gift] of gifts.entries()) {
    if (gift.skinId === undefined) continue;
    const metadata = { actor: { userId: player.id }, correlationId: CORRELATION_ID };
    const placed = await placeOrder(app, {
      form: {
        email: player.email,
        fullname: player.fullname ?? player.username,
        country: player.country ?? 'cz',
        vatId: undefined,
        countryConfirmed: true,
      },
      ip: null,
      skins: [gift.skinId],
      bundles: [],
      gift: { recipientEmail: gift.recipientEmail, note: gift.note },
      withdrawalConsentGiven: true,
      paymentType: 'STRIPE',
      viewer,
      metadata,
    });
    const reference = `lc_demo_gift_${placed.orderId}`;
    await runOrderCommand(
      app,
      placed.orderId,
      { type: 'OpenPaymentSession', provider: 'LOCAL', providerReference: reference, openedAt: app.now() },
      metadata,
    );
    await runOrderCommand(
      app,
      placed.orderId,
      {
        type: 'ConfirmPayment',
        provider: 'LOCAL',
        providerReference: reference,
        providerEventId: null,
        amountCents: placed.totalCents,
        cardCountry: player.country ?? 'cz',
        receivedAt: app.now(),
      },
      { actor: { system: 'local-checkout' }, correlationId: CORRELATION_ID },
    );
    // The mail the gift-mails reactor would record once the runner starts (it then finds the link
    // made and records no second one); made here so the first gift can be claimed with it now.
    const linkId = await app.pool.transaction(async (tx) => {
      const { events } = await app.store.readStream(tx, orderStreamId(placed.orderId));
      const content = giftMailContentOf(events);
      if (!content) throw new Error(`Demo gift ${placed.orderId} has no GiftGiven`);
      const paid = events.find((event) => event.type === 'PaymentReceived');
      return mailNewClaimLink(tx, {
        state: giftStateOf(events),
        content,
        reason: 'GIVEN',
        ...(paid ? { eventId: paid.eventId } : {}),
        now: app.now(),
      });
    });
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
}
