import { WITHDRAWAL_DAYS, withdrawalConsentTexts } from '../../../../domain/orders/withdrawal-consent';

// The consent to immediate delivery and the right of withdrawal (docs/withdrawal.md): the two
// sentences come from the domain, as recorded in WithdrawalConsentGiven.
export const withdrawalMessages = {
  deliveryNow: withdrawalConsentTexts.deliveryNow,
  acknowledgement: withdrawalConsentTexts.acknowledgement,
  checkoutHint: withdrawalConsentTexts.optional,
  checkoutLegend: 'Delivery now, and your right of withdrawal',
  waitingBadge: 'Waiting for your consent',
  waitingTitle: 'Your downloads wait for your consent',
  waitingText:
    'You did not ask for immediate delivery at checkout, so the files of this order are not delivered yet.',
  withdrawUntil: (date: string) =>
    `Until you consent, you may withdraw from this purchase for a full refund until ${date} (${WITHDRAWAL_DAYS} days after the payment).`,
  periodOver: `The ${WITHDRAWAL_DAYS}-day withdrawal period is over; consent to get the files.`,
  consentButton: 'Start the delivery',
  withdrawButton: 'Withdraw from the purchase',
  consentModalTitle: 'Start the delivery now?',
  consentModalIntro: 'By confirming you agree to both of these statements:',
  consentConfirm: 'I agree: start the delivery',
  withdrawModalTitle: 'Withdraw from this purchase?',
  withdrawModalText: (amount: string) =>
    `The order is refunded in full: ${amount} go back to the card or PayPal account you paid with. Its skins will not be delivered.`,
  withdrawConfirm: 'Withdraw and refund',
  cancel: 'Cancel',
  consented: 'Delivery started: your downloads are ready.',
  withdrawn: 'You withdrew from the purchase: the refund is on its way.',
  failed: 'That did not work. Please try again.',
  consentRecord: (date: string) =>
    `On ${date} you agreed to immediate delivery and acknowledged losing the right of withdrawal.`,
  collectionTitle: 'Waiting for your consent',
  collectionIntro: 'These orders are paid, but their files wait until you consent to immediate delivery.',
  orderLabel: (number: string) => `Order ${number}`,
  giveItInCollection: 'Consent in your collection',
  consentedOn: (date: string) => `Immediate delivery agreed on ${date}`,
} as const;
