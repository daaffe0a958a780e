import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { cardCheckoutRoutes } from './card-checkout.routes';
import { checkoutConfigRoutes } from './checkout-config.routes';
import { paypalCheckoutRoutes } from './paypal-checkout.routes';

/**
 * The checkout calls of the API contract, one module per route group: what the web app should
 * offer, card checkout (Stripe or the local page), and PayPal's create-order and capture-order
 * (PayPal or the local stand-in).
 */
export async function checkoutRoutes(fastify: FastifyInstance, app: AppContext) {
  await checkoutConfigRoutes(fastify, app);
  await cardCheckoutRoutes(fastify, app);
  await paypalCheckoutRoutes(fastify, app);
}
