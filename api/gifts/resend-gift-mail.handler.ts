import { sql } from 'slonik';
import { z } from 'zod';
import { checkGiftResend, GiftRefused } from '../../domain/gifts/gift.decider';
import { giftMessages } from '../../domain/gifts/gift.schemas';
import { DomainError } from '../../domain/errors';
import { orderStreamId } from '../../domain/orders/order.events';
import type { Session } from '../../infra/auth/session-tokens';
import { buyerAccountIds } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { orderLockKey } from '../orders/refund-order.handler';
import { giftLinksOf, mailNewClaimLink } from './gift-claim-links';
import { giftMailContentOf, giftStateOf } from './gift-stream';

/** A resend at most every 10 minutes... */
export const GIFT_RESEND_INTERVAL_MINUTES = 10;
/** ...and 5 in all: enough for a lost mail or a spam folder, too few to flood someone's mailbox. */
export const GIFT_RESENDS_MAX = 5;

/**
 * The giver has the recipient's mail sent again, with a new claim link (earlier links keep working
 * until used or expired; the gift is still claimed once). Only the giver, only while the gift is
 * paid, open and delivered (docs/gifts.md), and rate-limited per gift.
 */
export async function resendGiftMail(
  app: Pick<AppContext, 'pool' | 'store' | 'now'>,
  input: { orderId: number; viewer: Session },
): Promise<void> {
  const orderId = String(input.orderId);
  await app.pool.transaction(async (tx) => {
    // The order's lock: a claim or refund of the same order waits (nothing is mailed for a gift
    // that ended or was claimed a moment ago).
    await tx.query(sql.unsafe`select pg_advisory_xact_lock(${orderLockKey(orderId)})`);
    const { events } = await app.store.readStream(tx, orderStreamId(orderId));
    const state = giftStateOf(events);
    const accounts = await tx.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from ${buyerAccountIds(input.viewer.id)} as accounts(id)`);
    checkGiftResend(state, accounts);
    const links = await giftLinksOf(tx, input.orderId);
    const now = app.now();
    const latest = links[0];
    const waitMs = latest ? latest.created_at + GIFT_RESEND_INTERVAL_MINUTES * 60_000 - now.getTime() : 0;
    if (waitMs > 0) {
      throw new DomainError('TOO_MANY_REQUESTS', giftMessages.resendTooSoon(Math.ceil(waitMs / 60_000)));
    }
    if (links.filter((link) => link.reason === 'RESENT').length >= GIFT_RESENDS_MAX) {
      throw new DomainError('TOO_MANY_REQUESTS', giftMessages.resendLimit);
    }
    const content = giftMailContentOf(events);
    if (!content) throw new GiftRefused('GIFT_NOT_FOUND', 'NOT_FOUND', giftMessages.notTheGiver);
    await mailNewClaimLink(tx, { state, content, reason: 'RESENT', now });
  });
}
