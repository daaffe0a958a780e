import {
  sendPayoutRules,
  type PaypalPayoutAnswer,
  type PaypalPayoutCall,
} from '../../domain/payouts/payout-outside-steps';
import { payoutStreamId } from '../../domain/payouts/payout.events';
import type { Backdated } from '../../infra/event-store/backdating';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { handleCommandWithOutsideStep } from '../../infra/event-store/outside-step-command';
import type { AppContext } from '../app-context';
import { payoutStream } from './payout-commands';

/** The outside step: one PayPal batch of one item; the command's key is its sender batch id. */
async function sendThroughPaypal(
  app: AppContext,
  call: PaypalPayoutCall,
  senderBatchId: string,
): Promise<PaypalPayoutAnswer> {
  const result = await app.payments.paypalPayouts.send({
    senderBatchId,
    senderItemId: `payout-${call.payoutId}`,
    receiverEmail: call.receiverEmail,
    amountCents: call.amountCents,
    note: `TrackSkins author payout ${call.payoutId}`,
    emailSubject: 'Your TrackSkins payout',
  });
  return result.status === 'refused'
    ? { status: 'refused', reason: result.reason }
    : { status: 'sent', batchId: result.batchId };
}

/**
 * sendPayout: a PayPal payout goes through PayPal's Payouts API (or the local stand-in) and is SENT
 * with PayPal's batch id, or ERROR with PayPal's reason when PayPal refuses it; when PayPal cannot
 * be reached it stays LOCKED and the error is reported. A bank payout is SENT once it went out in a
 * SEPA file, with that file's message id as its reference.
 *
 * Through the command path with an outside step (handleCommandWithOutsideStep): PayPal is called
 * outside any transaction with the sender batch id `payout-{id}-{version of its lock}`, the same
 * for every attempt at one lock, so a retry after a lost answer or a failed append gets PayPal's
 * first batch back and never pays twice; a payout locked again after a failure gets a new one.
 */
export async function sendPayout(
  app: AppContext,
  payoutId: number,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<{ status: 'SENT' | 'ERROR'; reason?: string }> {
  const { outcome } = await handleCommandWithOutsideStep(
    app,
    {
      streamIds: [payoutStreamId(payoutId)],
      kind: payoutStream,
      decider: sendPayoutRules,
      commandKind: 'paypal-payout',
      keyAnchors: ['PayoutLocked', 'PayoutRelocked'],
      idempotencyKey: ([lock]) => `${lock!.streamId}-${lock!.version}`,
    },
    { sentAt: options.occurredAt ?? app.now() },
    (call, key) => sendThroughPaypal(app, call, key),
    { metadata, ...options },
  );
  if (outcome?.status === 'refused') {
    app.log.warn({ payoutId, reason: outcome.reason }, 'PayPal refused a payout');
    return { status: 'ERROR', reason: outcome.reason };
  }
  return { status: 'SENT' };
}
