import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { BuyerProof } from '../../domain/orders/order.decider';
import {
  refundOrderRules,
  type ProviderRefundAnswer,
  type ProviderRefundCall,
  type WholeRefundCommand,
} from '../../domain/orders/order-refund';
import { orderItemKey, orderStreamId, type OrderItemRef } from '../../domain/orders/order.events';
import type { Queryable } from '../../infra/db/pool';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { handleCommandWithOutsideStep } from '../../infra/event-store/outside-step-command';
import { PaymentProviderUnavailable } from '../../infra/payments/payment-provider';
import type { AppContext } from '../app-context';
import { orderStream } from './order-commands';
import { findOrder, itemsDownloadedSincePayment } from './orders.repository';
import { orderRefundKey, REFUND_FENCE_MINUTES, refunderFor } from './provider-refunds';

const providerNames = { STRIPE: 'Stripe', PAYPAL: 'PayPal', LOCAL: 'the local payment stand-in' } as const;

/**
 * The order's advisory lock: the same key the event store locks a stream with before appending to
 * it. The refund's download check and fence take it exclusively, a paid download's claim shared
 * (paid-download-access.ts), so one of them sees the other's mark.
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

/** What the buyer downloaded of the order since paying: the download events and the claims. */
async function downloadedItems(app: Pick<AppContext, 'store'>, db: Queryable, orderId: number) {
  const downloaded = await itemsDownloadedSincePayment({ pool: db, store: app.store }, [orderId]);
  const claimed = await claimedItems(db, orderId);
  return [
    ...new Map(
      [...(downloaded.get(orderId) ?? []), ...claimed].map((item) => [orderItemKey(item), item]),
    ).values(),
  ];
}

/**
 * Checks what the buyer downloaded of the order, under the order's lock, and when nothing was,
 * marks the order as being refunded: from that commit on, a first paid download of the order is
 * refused until the refund is recorded or given up. Marking again (a retry) renews the mark.
 */
async function fenceRefund(
  app: Pick<AppContext, 'pool' | 'store'>,
  orderId: number,
): Promise<OrderItemRef[]> {
  return app.pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`select pg_advisory_xact_lock(${orderLockKey(String(orderId))})`);
    const downloaded = await downloadedItems(app, tx, orderId);
    if (downloaded.length === 0) {
      await tx.query(sql.unsafe`
        insert into order_refund_fences (order_id) values (${orderId})
        on conflict (order_id) do update set fenced_at = now()`);
    }
    return downloaded;
  });
}

/** Whether a refund of the order is under way (fenced within REFUND_FENCE_MINUTES). */
export async function refundUnderWay(db: Queryable, orderId: number): Promise<boolean> {
  const found = await db.maybeOneFirst(sql.type(z.object({ fenced: z.boolean() }))`
    select true as fenced from order_refund_fences
    where order_id = ${orderId} and fenced_at > now() - make_interval(mins => ${REFUND_FENCE_MINUTES})`);
  return found === true;
}

async function liftRefundFence(db: Queryable, orderId: number): Promise<void> {
  await db.query(sql.unsafe`delete from order_refund_fences where order_id = ${orderId}`);
}

/**
 * The outside step: the provider that took the payment returns it, with the command's key. A
 * refusal tells the admin the provider's reason; no answer asks for a retry, which sends the same
 * key.
 */
async function refundThroughProvider(
  app: AppContext,
  call: ProviderRefundCall,
  idempotencyKey: string,
): Promise<ProviderRefundAnswer> {
  const provider = providerNames[call.provider];
  const refunder = refunderFor(app.payments, call.provider);
  if (!refunder) {
    throw new RefundNotMade(
      `This order was paid through ${provider}, which is not configured here: refund it in ${provider}'s dashboard (its notice then records the refund).`,
    );
  }
  const context = { orderId: call.orderId, provider: call.provider, reference: call.providerReference };
  let outcome;
  try {
    outcome = await refunder.refund({
      orderId: call.orderId,
      providerReference: call.providerReference,
      captureId: call.captureId,
      amountCents: call.amountCents,
      idempotencyKey,
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
    throw new RefundNotMade(`${outcome.reason} The order stays paid.`);
  }
  app.log.info({ ...context, refundId: outcome.refundId, pending: outcome.pending }, 'provider refunded');
  return { refundId: outcome.refundId };
}

/** The provider did not (and will not) return the money: the order stays paid, and its fence goes. */
class RefundNotMade extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/**
 * refundOrder (admin): within 7 days of the payment and only when the buyer downloaded none of the
 * order's skins since paying (the decider rules on both), through refundWholeOrder below. The
 * download check and the fence are made under the order's lock first (fenceRefund).
 */
export async function refundOrder(
  app: AppContext,
  command: { orderId: number; adminId: number; reason?: string | null; metadata: EventMetadata },
): Promise<{ providerRefundId: string | null }> {
  const order = await findOrder(app.pool, command.orderId);
  if (!order) throw new DomainError('NOT_FOUND', 'There is no such order.');
  return refundWholeOrder(app, order.id, command.metadata, async () => ({
    type: 'RefundOrder',
    by: command.adminId,
    reason: command.reason ?? null,
    downloadedItems: await fenceRefund(app, order.id),
    refundedAt: app.now(),
  }));
}

/**
 * withdrawFromPurchase (the buyer): the same whole refund through the provider as an admin's, with
 * the withdrawal's rules (the buyer, no consent given, within 14 days of the payment; the decider
 * rules). The order is fenced first, so a consent given meanwhile (withdrawal-consent.handler.ts)
 * is refused until the refund is recorded or given up; the refund key is the order's one refund
 * key, so an admin's refund and a withdrawal never both return the money.
 */
export async function withdrawFromPurchase(
  app: AppContext,
  command: { orderId: number; proof: BuyerProof; metadata: EventMetadata },
): Promise<{ providerRefundId: string | null }> {
  return refundWholeOrder(app, command.orderId, command.metadata, async () => {
    await fenceRefund(app, command.orderId);
    return { type: 'WithdrawFromPurchase', proof: command.proof, withdrawnAt: app.now() };
  });
}

/**
 * A whole refund (an admin's, or the buyer's withdrawal) through the command path with an outside
 * step (handleCommandWithOutsideStep): the rules, then the provider that took the money returns it
 * (Stripe's refunds API, PayPal's capture refund, the local stand-in) outside any transaction with
 * the key `order-{id}-refund`, then OrderRefunded is appended with the provider's refund id and the
 * version read; the ownership projection revokes what the order granted in that transaction, which
 * also stops the guest's mailed links. A retry after a failure at any point sends the same key, so
 * the provider answers with its first refund: the money goes back once. `fencedCommand` fences the
 * order and builds the command.
 */
async function refundWholeOrder(
  app: AppContext,
  orderNumber: number,
  metadata: EventMetadata,
  fencedCommand: () => Promise<WholeRefundCommand>,
): Promise<{ providerRefundId: string | null }> {
  const orderId = String(orderNumber);
  const refund = await fencedCommand();
  // The fence stays when the money may have moved (no answer, or a failure after the provider's
  // refund): a retry settles it. Anything decided before the call, or a refusal, lifts it.
  let called = false;
  try {
    const result = await handleCommandWithOutsideStep(
      app,
      {
        streamIds: [orderStreamId(orderId)],
        kind: orderStream,
        decider: refundOrderRules,
        commandKind: 'refund',
        keyAnchors: ['PaymentReceived'],
        // One refund per order: the key its refunds always had, so a retry across an upgrade matches.
        idempotencyKey: () => orderRefundKey(orderId),
      },
      refund,
      (call, key) => {
        called = true;
        return refundThroughProvider(app, call, key);
      },
      { metadata, afterAppend: (tx) => liftRefundFence(tx, orderNumber) },
    );
    if (result.outcome) {
      app.log.info({ orderId, command: refund.type, refundId: result.outcome.refundId }, 'order refunded');
    }
    return { providerRefundId: result.outcome?.refundId ?? null };
  } catch (error) {
    if (!called || error instanceof RefundNotMade) await liftRefundFence(app.pool, orderNumber);
    throw error;
  }
}
