import type { FastifyRequest } from 'fastify';
import type { OrderPaymentType } from '../../domain/fees';
import { cardCheckoutRequestSchema, paypalOrderRequestSchema } from '../../domain/orders/checkout.schemas';
import { bearerToken, cookieValue, type Session } from '../../infra/auth/session-tokens';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { checkoutStep } from './checkout-refusals';
import { placeOrder } from './place-order.handler';

// What the checkout route groups share: who is buying, how their events name them, and placing
// the order a checkout pays for.

/** Enough for a buyer retrying; each checkout makes an order (and maybe a guest row). */
export const CHECKOUT_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The checkout page may send the session as a Bearer token; links and forms carry the cookie. */
export function checkoutViewer(app: Pick<AppContext, 'tokens'>, request: FastifyRequest) {
  return app.tokens.verify(
    bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token'),
  );
}

/** A guest buyer is named by the email the order records as its buyer's. */
export function checkoutMetadata(
  request: FastifyRequest,
  viewer: Session | null,
  buyerEmail: string,
): EventMetadata {
  return {
    actor: viewer ? { userId: viewer.id } : { guestEmail: buyerEmail },
    correlationId: request.id,
  };
}

/** Validates the checkout form and places its order (refusals answer 400 with the field). */
export async function placeCheckoutOrder(
  app: AppContext,
  request: FastifyRequest,
  paymentType: OrderPaymentType,
  viewer: Session | null,
) {
  const input = await checkoutStep(async () =>
    (paymentType === 'STRIPE' ? cardCheckoutRequestSchema : paypalOrderRequestSchema).parse(request.body),
  );
  return checkoutStep(() =>
    placeOrder(app, {
      form: input,
      ip: request.ip,
      skins: input.skins,
      bundles: input.bundles,
      tips: input.tips,
      prices: input.prices,
      code: input.code,
      gift: input.gift ?? null,
      withdrawalConsentGiven: input.deliveryNowConsent && input.withdrawalLossAcknowledged,
      paymentType,
      viewer,
      metadata: checkoutMetadata(request, viewer, input.email),
    }),
  );
}
