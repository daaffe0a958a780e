import type { PaymentsConfig } from '../config';
import { LocalCardProvider, LocalPaypalProvider } from './local-payment.providers';
import type { CardPaymentProvider, PaypalPaymentProvider } from './payment-provider';
import { PaypalProvider } from './paypal.provider';
import { PaypalWebhookVerifier } from './paypal-webhooks';
import { LocalPaypalPayouts, PaypalPayoutsApi, type PaypalPayouts } from './paypal-payouts';
import { StripeCardProvider } from './stripe-card.provider';

/** The payment providers the app runs with: the real ones where keys are configured, else the stand-ins. */
export type PaymentProviders = {
  card: CardPaymentProvider;
  /** Verifies Stripe's webhooks; null when card payments run locally. */
  stripe: StripeCardProvider | null;
  paypal: PaypalPaymentProvider;
  /**
   * Verifies PayPal's webhooks through PayPal's API; null when PayPal runs locally or no webhook id
   * is configured (the webhook route then refuses every call).
   */
  paypalWebhooks: PaypalWebhookVerifier | null;
  /** Author payouts to PayPal accounts: PayPal's Payouts API, or a stand-in that moves no money. */
  paypalPayouts: PaypalPayouts;
};

export function createPaymentProviders(config: PaymentsConfig): PaymentProviders {
  const stripe = config.stripe ? new StripeCardProvider(config.stripe) : null;
  const paypal = config.paypal ? new PaypalProvider(config.paypal) : null;
  return {
    card: stripe ?? new LocalCardProvider(),
    stripe,
    paypal: paypal ?? new LocalPaypalProvider(),
    paypalWebhooks:
      paypal && config.paypal?.webhookId ? new PaypalWebhookVerifier(paypal, config.paypal.webhookId) : null,
    paypalPayouts: config.paypal ? new PaypalPayoutsApi(config.paypal) : new LocalPaypalPayouts(),
  };
}
