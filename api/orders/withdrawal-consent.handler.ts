import { sql } from 'slonik';
import { DomainError } from '../../domain/errors';
import { orderDecider, type BuyerProof, type GiveWithdrawalConsent } from '../../domain/orders/order.decider';
import { orderStreamId } from '../../domain/orders/order.events';
import { eventsToAppend, loadStream } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { orderStream } from './order-commands';
import { orderLockKey, refundUnderWay } from './refund-order.handler';

/**
 * The buyer consents to the immediate delivery of a paid order after checkout (docs/withdrawal.md):
 * WithdrawalConsentGiven is appended and the orders read model releases the downloads in the same
 * transaction, so the next download works at once.
 *
 * The order's lock (the one every append to its stream takes) is taken first and held while the
 * refund fence is read: a withdrawal fences the order under the same lock before it asks the
 * provider for the money (refund-order.handler.ts), so a consent and a withdrawal never both
 * succeed. Either the consent commits first and the withdrawal is refused by the decider, or the
 * fence does and the consent is refused until the refund is recorded or given up.
 */
export async function giveWithdrawalConsent(
  app: Pick<AppContext, 'pool' | 'store' | 'now'>,
  command: {
    orderId: number;
    proof: BuyerProof;
    where: GiveWithdrawalConsent['where'];
    metadata: EventMetadata;
  },
): Promise<void> {
  const orderId = String(command.orderId);
  const streamId = orderStreamId(orderId);
  await app.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`select pg_advisory_xact_lock(${orderLockKey(orderId)})`);
    const { state, version } = await loadStream(app.store, tx, streamId, orderStream, orderDecider);
    // The decider's refusals first (not the buyer, already given, cancelled...), then the fence.
    const decided = orderDecider.decide(
      { type: 'GiveWithdrawalConsent', proof: command.proof, where: command.where, givenAt: app.now() },
      state,
    );
    if (await refundUnderWay(tx, command.orderId)) {
      throw new DomainError(
        'CONFLICT',
        'A refund of this order is under way, so its delivery cannot start. Try again in a few minutes.',
      );
    }
    await app.store.append(tx, {
      streamId,
      streamType: orderStream.streamType,
      expectedVersion: version,
      events: eventsToAppend(orderStream, decided, { metadata: command.metadata }),
    });
  });
}
