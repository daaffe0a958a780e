import { sql } from 'slonik';
import { z } from 'zod';
import { decideGift, giftDecider, GiftRefused } from '../../domain/gifts/gift.decider';
import { giftMessages } from '../../domain/gifts/gift.schemas';
import { DomainError } from '../../domain/errors';
import { orderStreamId } from '../../domain/orders/order.events';
import type { Session } from '../../infra/auth/session-tokens';
import { eventsToAppend, loadStream } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { findUserById } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { orderLockKey } from '../orders/refund-order.handler';
import { findGiftLink } from './gift-claim-links';
import { giftOrderStream as orderStream } from './gift-stream';

/** Another request spent the same link a moment ago. */
class LinkSpentMeanwhile extends Error {}

const invalid = () => new GiftRefused('GIFT_NOT_FOUND', 'NOT_FOUND', giftMessages.notFound);

/**
 * The signed-in account that opened a gift's claim link takes the gift (docs/gifts.md). The link
 * is checked first (signature, its row, unused, not expired), then, under the order's lock (the
 * one every append to the order's stream and a refund's fence take), the gift decider decides on
 * the order's stream as it is: a refund that committed first ends the gift and the claim is
 * refused; a refund after the claim takes the items back. GiftClaimed is appended (the ownership
 * read model grants the items in the same transaction) and the link is spent with it: a second
 * request with the same link waits on the lock, then finds the gift claimed.
 */
export async function claimGift(
  app: Pick<AppContext, 'pool' | 'store' | 'now' | 'giftClaimTokens'>,
  input: { token: string; viewer: Session; metadata: EventMetadata },
): Promise<{ orderId: number }> {
  const grant = app.giftClaimTokens.verify(input.token);
  if (!grant) throw invalid();
  const account = await findUserById(app.pool, input.viewer.id);
  if (!account || account.anonymous) {
    throw new DomainError('UNAUTHENTICATED', giftMessages.signIn);
  }
  const orderId = Number(grant.orderId);
  try {
    return await app.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`select pg_advisory_xact_lock(${orderLockKey(grant.orderId)})`);
      const link = await findGiftLink(tx, orderId, grant.linkId);
      if (!link) throw invalid();
      const now = app.now();
      const { state, version } = await loadStream(
        app.store,
        tx,
        orderStreamId(grant.orderId),
        orderStream,
        giftDecider,
      );
      if (link.used_at !== null) {
        throw new GiftRefused(
          'GIFT_ALREADY_CLAIMED',
          'CONFLICT',
          state.claimedBy === account.id
            ? 'You have already claimed this gift: it is in your collection.'
            : giftMessages.linkUsed,
        );
      }
      if (link.expires_at <= now.getTime()) {
        throw new GiftRefused('GIFT_NOT_FOUND', 'CONFLICT', giftMessages.linkExpired);
      }
      const decided = decideGift(
        { type: 'ClaimGift', claimantUserId: account.id, linkId: link.link_id, claimedAt: now },
        state,
      );
      await app.store.append(tx, {
        streamId: orderStreamId(grant.orderId),
        streamType: orderStream.streamType,
        expectedVersion: version,
        events: eventsToAppend(orderStream, decided, { metadata: input.metadata }),
      });
      const spent = await tx.maybeOneFirst(sql.type(z.object({ link_id: z.string() }))`
        update gift_claim_links set used_at = ${now.toISOString()}, used_by = ${account.id}
        where link_id = ${link.link_id} and used_at is null
        returning link_id`);
      if (spent === null) throw new LinkSpentMeanwhile();
      return { orderId };
    });
  } catch (error) {
    if (error instanceof LinkSpentMeanwhile) {
      throw new GiftRefused('GIFT_ALREADY_CLAIMED', 'CONFLICT', giftMessages.linkUsed);
    }
    throw error;
  }
}
