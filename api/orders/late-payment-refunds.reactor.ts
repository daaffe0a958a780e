import { decideOrder, orderDecider } from '../../domain/orders/order.decider';
import { orderStreamId, type LatePaymentReceived, type OrderEvent } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { eventsToAppend, ofKind } from '../../infra/event-store/command-handler';
import {
  isEventOf,
  type AppendRequest,
  type EventStore,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { PaymentProviders } from '../../infra/payments/payment-providers';
import type { Reactor } from '../../infra/projection-engine/projection';
import { orderStream } from './order-commands';
import { latePaymentRefundKey, refunderFor } from './provider-refunds';

export const LATE_PAYMENT_REFUNDS = 'late-payment-refunds';
const isLatePayment = isEventOf<LatePaymentReceived>(['LatePaymentReceived']);

/**
 * Returns every payment an order could not take (LatePaymentReceived: it arrived after the order
 * was cancelled, or paid an order already paid through another session) through the provider that
 * took it, and records LatePaymentRefunded with the provider's refund id, in the transaction that
 * moves its checkpoint. Idempotent twice over: the provider gets one key per late payment
 * (`order-{id}-late-{reference}`), so a batch retried after a crash or a timeout gets the first
 * refund back, and the decider writes nothing for a payment already refunded. A provider that
 * cannot be reached fails the batch, which the runner retries on its next pass (health shows the
 * lag and the error). A provider's refusal is logged as an error for a person, with the order.
 */
export type LatePaymentRefundsDeps = {
  store: EventStore;
  log: Logger;
  payments: PaymentProviders;
  /** The clock the refund times come from. */
  now?: () => Date;
};

export function latePaymentRefundsReactor(deps: LatePaymentRefundsDeps): Reactor {
  return {
    name: LATE_PAYMENT_REFUNDS,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: ['LatePaymentReceived'],
    apply: (tx, events) => refundLatePayments(deps, tx, events),
  };
}

async function refundLatePayments(
  deps: LatePaymentRefundsDeps,
  tx: DatabaseTransactionConnection,
  feed: readonly StoredEvent[],
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const late = feed.filter(isLatePayment);
  if (late.length === 0) return;
  const streamIds = [...new Set(late.map((event) => orderStreamId(event.data.orderId)))];
  const streams = await deps.store.readStreams(tx, streamIds);
  const requests: AppendRequest[] = [];
  for (const streamId of streamIds) {
    const stream = streams.get(streamId);
    if (!stream) continue;
    let state = ofKind(orderStream, streamId, stream.events).reduce(
      orderDecider.evolve,
      orderDecider.initialState,
    );
    const decided: OrderEvent[] = [];
    for (const event of late.filter((candidate) => orderStreamId(candidate.data.orderId) === streamId)) {
      const { orderId, provider, providerReference, providerEventId, amountCents } = event.data;
      const context = { orderId, provider, reference: providerReference, lateEvent: event.eventId };
      if (state.latePayments.find((payment) => payment.providerReference === providerReference)?.refunded) {
        continue;
      }
      const refunder = refunderFor(deps.payments, provider);
      if (!refunder) {
        deps.log.error(
          context,
          'a late payment cannot be refunded here (provider not configured): refund it by hand',
        );
        continue;
      }
      const outcome = await refunder.refund({
        orderId,
        providerReference,
        captureId: providerEventId,
        amountCents,
        idempotencyKey: latePaymentRefundKey(orderId, providerReference),
      });
      if (outcome.status === 'REFUSED') {
        deps.log.error(
          { ...context, reason: outcome.reason },
          'the provider refused to refund a late payment: check it',
        );
        continue;
      }
      const events = decideOrder(
        {
          type: 'RecordLatePaymentRefund',
          providerReference,
          providerRefundId: outcome.refundId,
          refundedAt: now(),
        },
        state,
      );
      state = events.reduce(orderDecider.evolve, state);
      decided.push(...events);
      deps.log.info({ ...context, refundId: outcome.refundId }, 'late payment refunded');
    }
    if (decided.length === 0) continue;
    const cause = late.find((event) => orderStreamId(event.data.orderId) === streamId)!;
    requests.push({
      streamId,
      streamType: orderStream.streamType,
      expectedVersion: stream.version,
      events: eventsToAppend(orderStream, decided, {
        metadata: {
          actor: { system: LATE_PAYMENT_REFUNDS },
          correlationId: cause.metadata.correlationId ?? cause.eventId,
          causationId: cause.eventId,
        },
      }),
    });
  }
  // One append for the batch: it must be the transaction's first write.
  if (requests.length > 0) await deps.store.append(tx, requests);
}
