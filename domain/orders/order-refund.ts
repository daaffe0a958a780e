import type { Cents } from '../money';
import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  type OrderState,
  type RefundOrder,
  type WithdrawFromPurchase,
} from './order.decider';
import type { OrderEvent, PaymentProvider } from './order.events';

// An admin's refund, and a buyer's withdrawal, need the provider that took the payment to return it
// before OrderRefunded is written: `plan` says what to ask it, as data, after the rules; `decide`
// records its answer. Both are the same whole refund under the same key, so only one ever happens.

/** The commands that give the whole payment back. */
export type WholeRefundCommand = RefundOrder | WithdrawFromPurchase;

/** The whole payment back through the provider that took it. */
export type ProviderRefundCall = {
  orderId: string;
  provider: PaymentProvider;
  /** The paid session or provider order. */
  providerReference: string;
  /** The PayPal capture recorded with the payment. */
  captureId: string | null;
  amountCents: Cents;
};

/** The provider's refund (a refusal or no answer ends the command before anything is recorded). */
export type ProviderRefundAnswer = { refundId: string };

export const refundOrderRules = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  /** The rules first (a refusal reaches the admin before any money moves); refunded already: no call. */
  plan(command: WholeRefundCommand, [state]: readonly OrderState[]): ProviderRefundCall | null {
    if (decideOrder(command, state!).length === 0) return null;
    const payment = state!.payment!;
    return {
      orderId: state!.orderId!,
      provider: payment.provider,
      providerReference: payment.providerReference,
      captureId: payment.providerEventId,
      amountCents: state!.totalCents,
    };
  },
  /** OrderRefunded with the provider's refund id. */
  decide(
    command: WholeRefundCommand,
    [state]: readonly OrderState[],
    answer: ProviderRefundAnswer | null,
  ): OrderEvent[][] {
    if (!answer) return [decideOrder(command, state!)];
    return [decideOrder({ ...command, providerRefundId: answer.refundId }, state!)];
  },
};
