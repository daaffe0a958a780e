import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { runDiscountCodeCommand } from '../../api/discount-codes/discount-code.handlers';
import { catalogueItemsToOrder } from '../../api/orders/checkout-items';
import { guestAccountFor } from '../../api/orders/guest-buyer';
import { vatRates } from '../../api/orders/checkout-vat';
import { runOrderCommand } from '../../api/orders/order-commands';
import { nextOrderId } from '../../api/orders/orders.repository';
import { configuredFeePolicy, orderNumberOf } from '../../api/orders/place-order.handler';
import { placeOrderRedeemingCode } from '../../api/orders/place-order-redeeming-code';
import { payoutAllocationReactor } from '../../api/payouts/payout-allocation.reactor';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { allocationCaughtUp } from './demo-sales';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's discount codes (docs/sales-and-codes.md, "Discount codes"): the demo author's
 * THANKS-15 (15 % off all their items, 50 uses, for two more months), redeemed two days ago by a
 * guest's paid order through the checkout's own path (a guest, so the player's collection and
 * wishlist stay as their demos made them), and SUMMER-5, an amount code that expired a month ago.
 */
export async function seedDemoDiscountCodes(app: AppContext, accounts: { author: number }): Promise<void> {
  const now = app.now().getTime();
  const authorMetadata: EventMetadata = {
    actor: { userId: accounts.author },
    correlationId: DEMO_SEED_CORRELATION_ID,
  };
  const codes = [
    {
      code: 'THANKS-15',
      reduction: { kind: 'PERCENT', percent: 15 } as const,
      maxUses: 50,
      createdAt: new Date(now - 5 * DAY),
      expiresAt: new Date(now + 60 * DAY),
    },
    {
      code: 'SUMMER-5',
      reduction: { kind: 'AMOUNT', cents: 500 } as const,
      maxUses: null,
      createdAt: new Date(now - 120 * DAY),
      expiresAt: new Date(now - 30 * DAY),
    },
  ];
  for (const code of codes) {
    await runDiscountCodeCommand(
      app,
      code.code,
      {
        type: 'CreateDiscountCode',
        code: code.code,
        authorId: accounts.author,
        reduction: code.reduction,
        items: { kind: 'ALL' },
        maxUses: code.maxUses,
        expiresAt: code.expiresAt,
        earlierBuyersOf: null,
        createdAt: code.createdAt,
      },
      authorMetadata,
      { occurredAt: backdated(code.createdAt) },
    );
  }

  // The author's most expensive paid skin sold alone: the code takes 15 % off it.
  const skinId = await app.pool.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    select s.id from skins s
    where s.author_id = ${accounts.author} and s.listed and s.available_alone and not s.pay_what_you_want
      and s.price_cents > 250
    order by s.price_cents desc, s.id limit 1`);
  if (skinId === null) return;
  const placedAt = new Date(now - 2 * DAY);
  const guest = { email: 'casey.coupon@example.com', fullname: 'Casey Coupon', country: 'de' };
  const { userId: buyerId } = await guestAccountFor(app.pool, guest);
  const country = guest.country;
  const items = await catalogueItemsToOrder(
    app.pool,
    { skins: [skinId], bundles: [] },
    { userId: buyerId, signedIn: false },
    placedAt,
    'THANKS-15',
  );
  const id = await nextOrderId(app.pool);
  const orderId = String(id);
  const metadata: EventMetadata = {
    actor: { guestEmail: guest.email },
    correlationId: DEMO_SEED_CORRELATION_ID,
  };
  const { vat } = app.config;
  const { appended } = await placeOrderRedeemingCode(
    app,
    orderId,
    {
      type: 'PlaceOrder',
      orderId,
      externalId: orderNumberOf(id, placedAt),
      buyer: { userId: buyerId, email: guest.email, fullName: guest.fullname, country, guest: true },
      paymentType: 'STRIPE',
      items,
      feePolicy: configuredFeePolicy(app),
      vat: {
        seller: { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId },
        rates: vatRates(),
        ipCountry: country,
        countryConfirmed: false,
        vatIdToCheck: null,
      },
      placedAt,
      withdrawalConsent: { given: true },
    },
    // The demo's guest gives no VAT ID: nothing is asked.
    () => Promise.reject(new Error('The demo code order has no VAT ID to check')),
    metadata,
    { occurredAt: backdated(placedAt) },
  );
  const [placed] = appended;
  if (placed?.type !== 'OrderPlaced') throw new Error('The demo code order recorded no OrderPlaced');
  const reference = `lc_demo_code_${orderId}`;
  const openedAt = new Date(placedAt.getTime() + 60_000);
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'OpenPaymentSession',
      provider: 'LOCAL',
      providerReference: reference,
      url: `/local-checkout/${reference}`,
      openedAt,
    },
    metadata,
    { occurredAt: backdated(openedAt) },
  );
  const receivedAt = new Date(openedAt.getTime() + 90_000);
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'ConfirmPayment',
      provider: 'LOCAL',
      providerReference: reference,
      providerEventId: null,
      amountCents: placed.data.totals.totalCents,
      cardCountry: country,
      receivedAt,
    },
    { actor: { system: 'local-checkout' }, correlationId: DEMO_SEED_CORRELATION_ID },
    { occurredAt: backdated(receivedAt) },
  );
  // The author's share lands in their pending payout, as the demo's other sales do.
  await allocationCaughtUp(app, payoutAllocationReactor({ store: app.store, log: app.log }));
}
