// The right of withdrawal for digital content (Consumer Rights Directive 2011/83/EU): a consumer
// may withdraw within 14 days (Art. 9) unless delivery began with their prior express consent and
// their acknowledgement that they lose the right (Art. 16(m)), confirmed on a durable medium
// (Art. 8(7)). The texts the buyer agrees to live here, once, for the checkout form, the later
// consent button, the recorded event and the mails.

/** The withdrawal period, counted from the payment (Art. 9(1), 9(2)(c)). */
export const WITHDRAWAL_DAYS = 14;
export const WITHDRAWAL_PERIOD_MS = WITHDRAWAL_DAYS * 24 * 60 * 60 * 1000;

export const withdrawalConsentTexts = {
  /** The first box: the express consent to immediate delivery. */
  deliveryNow: 'I want the files now: start the delivery immediately.',
  /** The second box: the acknowledgement of losing the right of withdrawal. */
  acknowledgement: 'I acknowledge that I lose my right of withdrawal once delivery starts.',
  /** Shown under the two boxes at checkout. */
  optional: `Both optional. Without them you can still buy: the downloads then wait until you consent, and until then you may withdraw within ${WITHDRAWAL_DAYS} days for a full refund.`,
  /** One box ticked without the other. */
  pairIncomplete:
    'To get the files now, tick both boxes. To buy without immediate delivery, leave both unticked.',
} as const;

/** The exact text recorded in WithdrawalConsentGiven: both sentences, as the buyer read them. */
export const WITHDRAWAL_CONSENT_STATEMENT = `${withdrawalConsentTexts.deliveryNow} ${withdrawalConsentTexts.acknowledgement}`;

/** The last moment the buyer may withdraw from an order paid at `paidAt` (ISO). */
export function withdrawalDeadline(paidAt: string): Date {
  return new Date(Date.parse(paidAt) + WITHDRAWAL_PERIOD_MS);
}

/**
 * The two checkout boxes count together: both ticked is the consent, neither is none; one alone is
 * neither a consent nor a clear refusal, so the form asks again (null: the pair is fine).
 */
export function consentPairProblem(values: {
  deliveryNowConsent?: boolean;
  withdrawalLossAcknowledged?: boolean;
}): string | null {
  return Boolean(values.deliveryNowConsent) === Boolean(values.withdrawalLossAcknowledged)
    ? null
    : withdrawalConsentTexts.pairIncomplete;
}
