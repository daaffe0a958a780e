import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { decideOrder, orderDecider, type RefundOrder } from '../../domain/orders/order.decider';
import {
  orderItemKey,
  orderStreamId,
  type OrderItemRef,
  type PaymentReceived,
} from '../../domain/orders/order.events';
import type { Queryable } from '../../infra/db/pool';
import { eventsToAppend, loadStream } from '../../infra/event-store/command-handler';
import { isEventOf, type EventMetadata } from '../../infra/event-store/event-store';
import { PaymentProviderUnavailable } from '../../infra/payments/payment-provider';
import type { AppContext } from '../app-context';
import { orderStream } from './order-commands';
import { findOrder, itemsDownloadedSincePayment } from './orders.repository';
import { orderRefundKey, refunderFor } from './provider-refunds';

const providerNames = { STRIPE: 'Stripe', PAYPAL: 'PayPal', LOCAL: 'the local payment stand-in' } as const;
const isPayment = isEventOf<PaymentReceived>(['PaymentReceived']);

/**
 * The order's advisory lock: the same key the event store locks a stream with before appending to
 * it, so holding it exclusively keeps every other writer of the order (and every paid download of
 * it, which takes it shared: paid-download-access.ts) waiting until the refund commits.
 */
export const orderLockKey = (orderId: string) => sql.fragment`hashtextextended(${orderStreamId(orderId)}, 0)`;

/** Items of the order whose skins were claimed for a paid download (paid-download-access.ts). */
async function claimedItems(db: Queryable, orderId: number): Promise<OrderItemRef[]> {
  const rows = await db.any(sql.type(
    z.object({ item_type: z.enum(['SKIN', 'BUNDLE']), item_id: z.number() }),
  )`
    select i.item_type, i.item_id from order_items i
    where i.order_id = ${orderId}
      and exists (
        select 1 from paid_download_claims c
        where c.order_id = i.order_id
          and ((i.item_type = 'SKIN' and c.skin_id = i.item_id)
               or (i.item_type = 'BUNDLE' and c.skin_id = any(i.skin_ids))))
    order by i.position`);
  return rows.map((row) => ({ itemType: row.item_type, itemId: row.item_id }));
}

/**
 * refundOrder (admin): within 7 days of the payment and only when the buyer downloaded none of the
 * order's skins since paying (the decider rules on both). The money goes back through the provider
 * that took it (Stripe's refunds API, PayPal's capture refund, the local stand-in) before the
 * refund is recorded with the provider's refund id; the ownership projection then revokes what the
 * order granted in the same transaction, which also stops the guest's mailed links.
 *
 * One transaction holds the order's lock from the download check to the append, across the
 * provider's call: a paid download of the order either claimed its skin before (and the refund is
 * refused) or waits and finds the order refunded. The provider gets the same idempotency key on
 * every attempt, so a retry after a timeout (the outcome unknown, nothing recorded) returns the
 * first attempt's refund instead of refunding twice. A refusal leaves the order paid and tells the
 * admin the provider's reason.
 */
export async function refundOrder(
  app: AppContext,
  command: { orderId: number; adminId: number; reason?: string | null; metadata: EventMetadata },
): Promise<{ providerRefundId: string | null }> {
  const order = await findOrder(app.pool, command.orderId);
  if (!order) throw new DomainError('NOT_FOUND', 'There is no such order.');
  const orderId = String(order.id);
  const streamId = orderStreamId(orderId);
  return app.pool.transaction(async (tx) => {
    // Takes no transaction id, so the append below is still the transaction's first write.
    await tx.query(sql.unsafe`select pg_advisory_xact_lock(${orderLockKey(orderId)})`);
    const downloaded = await itemsDownloadedSincePayment({ pool: tx, store: app.store }, [order.id]);
    const claimed = await claimedItems(tx, order.id);
    const downloadedItems = [
      ...new Map(
        [...(downloaded.get(order.id) ?? []), ...claimed].map((item) => [orderItemKey(item), item]),
      ).values(),
    ];
    const { state, version, events } = await loadStream(app.store, tx, streamId, orderStream, orderDecider);
    const refund: RefundOrder = {
      type: 'RefundOrder',
      by: command.adminId,
      reason: command.reason ?? null,
      downloadedItems,
      refundedAt: app.now(),
    };
    // The rules first (refusals reach the admin before any money moves); refunded already: nothing.
    if (decideOrder(refund, state).length === 0) return { providerRefundId: null };

    const payment = events.filter(isPayment).at(-1)!.data;
    const refunder = refunderFor(app.payments, payment.provider);
    const provider = providerNames[payment.provider];
    const context = { orderId, provider: payment.provider, reference: payment.providerReference };
    if (!refunder) {
      throw new DomainError(
        'CONFLICT',
        `This order was paid through ${provider}, which is not configured here: refund it in ${provider}'s dashboard (its notice then records the refund).`,
      );
    }
    let outcome;
    try {
      outcome = await refunder.refund({
        orderId,
        providerReference: payment.providerReference,
        captureId: payment.providerEventId,
        amountCents: state.totalCents,
        idempotencyKey: orderRefundKey(orderId),
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      app.log.error({ ...context, err: error }, 'refund: the provider did not answer');
      throw new DomainError(
        'CONFLICT',
        `${provider} did not answer, so the refund is not recorded. Try again: a retry never refunds twice.`,
      );
    }
    if (outcome.status === 'REFUSED') {
      app.log.warn({ ...context, reason: outcome.reason }, 'refund refused by the provider');
      throw new DomainError('CONFLICT', `${outcome.reason} The order stays paid.`);
    }
    const decided = decideOrder({ ...refund, providerRefundId: outcome.refundId }, state);
    await app.store.append(tx, {
      streamId,
      streamType: orderStream.streamType,
      expectedVersion: version,
      events: eventsToAppend(orderStream, decided, { metadata: command.metadata }),
    });
    app.log.info(
      { ...context, by: command.adminId, refundId: outcome.refundId, pending: outcome.pending },
      'order refunded',
    );
    return { providerRefundId: outcome.refundId };
  });
}
