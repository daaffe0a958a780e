import type { PaymentsConfig } from '../config';
import { LocalCardProvider, LocalPaypalProvider } from './local-payment.providers';
import type { CardPaymentProvider, PaypalPaymentProvider } from './payment-provider';
import { PaypalProvider } from './paypal.provider';
import { StripeCardProvider } from './stripe-card.provider';

/** The payment providers the app runs with: the real ones where keys are configured, else the stand-ins. */
export type PaymentProviders = {
  card: CardPaymentProvider;
  /** Verifies Stripe's webhooks; null when card payments run locally. */
  stripe: StripeCardProvider | null;
  paypal: PaypalPaymentProvider;
};

export function createPaymentProviders(config: PaymentsConfig): PaymentProviders {
  const stripe = config.stripe ? new StripeCardProvider(config.stripe) : null;
  return {
    card: stripe ?? new LocalCardProvider(),
    stripe,
    paypal: config.paypal ? new PaypalProvider(config.paypal) : new LocalPaypalProvider(),
  };
}
