import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

/** What the web app needs to show the right payment buttons. */
export type CheckoutConfig = {
  cardProvider: 'STRIPE' | 'LOCAL';
  paypal: { clientId: string } | null;
  paypalLocal: boolean;
};

/** GET /api/checkout/config: which card provider and which PayPal the checkout offers. */
export async function checkoutConfigRoutes(fastify: FastifyInstance, app: AppContext) {
  const { payments } = app;
  fastify.get('/api/checkout/config', async (): Promise<CheckoutConfig> => {
    const clientId = payments.paypal.clientId;
    return {
      cardProvider: payments.card.name,
      paypal: clientId ? { clientId } : null,
      paypalLocal: payments.paypal.name === 'LOCAL',
    };
  });
}
