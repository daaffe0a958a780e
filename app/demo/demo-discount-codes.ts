import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { runDiscountCodeCommand } from '../../api/discount-codes/discount-code.handlers';
import { payoutAllocationReactor } from '../../api/payouts/payout-allocation.reactor';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { guestBuysDemoSkin } from './demo-paid-order';
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
  await guestBuysDemoSkin(app, {
    guest: { email: 'casey.coupon@example.com', fullname: 'Casey Coupon', country: 'de' },
    skinId,
    paymentType: 'STRIPE',
    code: 'THANKS-15',
    placedAt: new Date(now - 2 * DAY),
    reference: (orderId) => `lc_demo_code_${orderId}`,
    openedAfterMs: 60_000,
    paidAfterMs: 150_000,
  });
  // The author's share lands in their pending payout, as the demo's other sales do.
  await allocationCaughtUp(app, payoutAllocationReactor({ store: app.store, log: app.log }));
}
