// The consent to immediate delivery and the withdrawal: the confirmation page and the collection.
export { withdrawalMessages } from './withdrawal.messages';
export { ConsentRecord, PurchaseConsent, WithdrawalConsentPanel } from './withdrawal-panel';
