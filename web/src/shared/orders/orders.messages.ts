import type { PaymentType } from '../graphql/generated/graphql';

// Texts about orders shared by the purchase history and the admin orders (spec 4, decisions.md).
export const ordersMessages = {
  paymentType: {
    STRIPE: 'Card',
    PAYPAL: 'PayPal',
    BANK_TRANSFER: 'Bank transfer',
  } satisfies Record<PaymentType, string>,
  skin: 'Skin',
  bundle: 'Bundle',
  removedItem: 'no longer available',
  tip: (amount: string) => `+ ${amount} tip`,
  /** A reduction the order recorded on a line (a sale or a discount code). */
  reduction: (source: 'SALE' | 'CODE', label: string, amount: string) =>
    `${source === 'SALE' ? `Sale: ${label}` : `Code ${label}`} −${amount}`,
} as const;
