import { formatAmount, formatDate } from '../../../shared/format';
import type { PayoutDateNote, PayoutMethod, PayoutStatus } from '../../../shared/graphql/generated/graphql';
import { payoutsMessages as messages } from '../../../shared/payouts/payouts.messages';

export interface PayoutDateSource {
  payoutStatus: PayoutStatus;
  payoutMethod?: PayoutMethod | null;
  estimatedPayoutDate?: string | null;
  /** Why a pending payout has no date (the server's rule). */
  estimatedDateNote?: PayoutDateNote | null;
  minimumAmount?: number;
  sentOn?: string | null;
}

/** What the "when" of a payout says, and whether it is a missing payout method. */
export interface PayoutDateFact {
  label: string;
  value: string;
  missingMethod?: boolean;
}

/**
 * The payout's date ahead or behind: the day it was sent; the bank payout date it is meant for; "On
 * request" for PayPal, which is sent when the author asks. A failed payout has none; a pending one
 * under the minimum (or the author's threshold) waits until its balance reaches it, a negative one
 * is carried over, and a held one waits until the author releases their payouts.
 */
export function payoutDateFact(payout: PayoutDateSource): PayoutDateFact | null {
  if (payout.payoutStatus === 'SENT') {
    return payout.sentOn ? { label: messages.sent, value: formatDate(payout.sentOn) } : null;
  }
  if (payout.payoutStatus === 'ERROR') return null;
  if (payout.estimatedDateNote === 'CARRIED_OVER') {
    return { label: messages.estimatedDate, value: messages.carriedOver };
  }
  if (payout.estimatedDateNote === 'HELD') return { label: messages.estimatedDate, value: messages.held };
  if (payout.estimatedDateNote === 'UNDER_THRESHOLD') {
    return { label: messages.estimatedDate, value: messages.untilThreshold };
  }
  if (payout.estimatedDateNote === 'UNDER_MINIMUM') {
    return {
      label: messages.estimatedDate,
      value: messages.untilMinimum(formatAmount(payout.minimumAmount ?? 50)),
    };
  }
  if (payout.estimatedPayoutDate) {
    return { label: messages.estimatedDate, value: formatDate(payout.estimatedPayoutDate) };
  }
  if (payout.payoutMethod === 'PAYPAL') return { label: messages.estimatedDate, value: messages.onRequest };
  if (!payout.payoutMethod) {
    return { label: messages.estimatedDate, value: messages.chooseMethod, missingMethod: true };
  }
  return null;
}

/** "Estimated payout" while the amount can still grow, "Total" once it is locked. */
export function amountLabel(status: PayoutStatus): string {
  return status === 'PENDING' ? messages.estimatedAmount : messages.amount;
}

/** "3 skins · 1 bundle" (and adjustments when there are any). */
export function payoutContents(payout: { skinCount: number; bundleCount: number; adjustmentCount?: number }) {
  return [
    messages.skins(payout.skinCount),
    messages.bundles(payout.bundleCount),
    ...(payout.adjustmentCount ? [messages.adjustments(payout.adjustmentCount)] : []),
  ].join(' · ');
}
