import type { PaymentStatus, PaymentType } from '../graphql/generated/graphql';

// Texts about orders shared by the purchase history and the admin orders (spec 4, decisions.md).
export const ordersMessages = {
  /** Spec 4's labels; REFUNDED comes from decisions.md. */
  status: {
    BEFORE_CHECKOUT: 'Before checkout',
    PAYMENT_ON_THE_WAY: 'Awaiting payment',
    PAYMENT_RECEIVED: 'Completed',
    CANCELLED: 'Cancelled',
    REFUNDED: 'Refunded',
  } satisfies Record<PaymentStatus, string>,
  paymentType: {
    STRIPE: 'Card',
    PAYPAL: 'PayPal',
    BANK_TRANSFER: 'Bank transfer',
  } satisfies Record<PaymentType, string>,
  skin: 'Skin',
  bundle: 'Bundle',
  removedItem: 'no longer available',
  tip: (amount: string) => `+ ${amount} tip`,
} as const;
