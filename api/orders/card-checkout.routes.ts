import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { providerStep } from './checkout-refusals';
import { CHECKOUT_LIMIT, checkoutMetadata, checkoutViewer, placeCheckoutOrder } from './checkout-request';
import { openPaymentSession } from './open-payment-session.handler';

/** POST /api/stripe/checkout: places the order and answers the hosted card page's URL (Stripe or the local page). */
export async function cardCheckoutRoutes(fastify: FastifyInstance, app: AppContext) {
  const { payments } = app;
  fastify.post('/api/stripe/checkout', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const viewer = await checkoutViewer(app, request);
    const order = await placeCheckoutOrder(app, request, 'STRIPE', viewer);
    const session = await providerStep(request, { orderId: order.orderId }, () =>
      openPaymentSession(
        app,
        order,
        async (toPay) => ({ provider: payments.card.name, ...(await payments.card.openCheckout(toPay)) }),
        checkoutMetadata(request, viewer, order.email),
      ),
    );
    request.log.info({ orderId: order.orderId, provider: payments.card.name }, 'card checkout opened');
    return reply.type('text/plain').send(session.url);
  });
}
