import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderPaymentType } from '../../domain/fees';
import { orderConfirmationPath } from '../../domain/orders/checkout-result-pages';
import {
  captureOrderRequestSchema,
  cardCheckoutRequestSchema,
  paypalOrderRequestSchema,
} from '../../domain/orders/checkout.schemas';
import { OrderRefused } from '../../domain/orders/order.decider';
import { bearerToken, cookieValue, type Session } from '../../infra/auth/session-tokens';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import { checkoutStep, providerStep } from './checkout-refusals';
import { findOrderBySession } from './orders.repository';
import {
  cancelOrderPayment,
  confirmOrderPayment,
  recordPendingPayment,
} from './payment-confirmation.handler';
import { openPaymentSession, placeOrder } from './place-order.handler';

/** Enough for a buyer retrying; each checkout makes an order (and maybe a guest row). */
const CHECKOUT_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** What the web app needs to show the right payment buttons. */
export type CheckoutConfig = {
  cardProvider: 'STRIPE' | 'LOCAL';
  paypal: { clientId: string } | null;
  paypalLocal: boolean;
};

/**
 * The checkout calls of the API contract: card checkout (Stripe or the local page), PayPal
 * create-order and capture-order (PayPal or the local stand-in), and what the web app should offer.
 */
export async function checkoutRoutes(fastify: FastifyInstance, app: AppContext) {
  const { payments } = app;

  // The checkout page may send the session as a Bearer token; links and forms carry the cookie.
  const viewerOf = (request: FastifyRequest) =>
    app.tokens.verify(
      bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token'),
    );
  // A guest buyer is named by the email the order records as its buyer's.
  const metadataOf = (
    request: FastifyRequest,
    viewer: Session | null,
    buyerEmail: string,
  ): EventMetadata => ({
    actor: viewer ? { userId: viewer.id } : { guestEmail: buyerEmail },
    correlationId: request.id,
  });

  async function placeFor(request: FastifyRequest, paymentType: OrderPaymentType, viewer: Session | null) {
    const input = await checkoutStep(async () =>
      (paymentType === 'STRIPE' ? cardCheckoutRequestSchema : paypalOrderRequestSchema).parse(request.body),
    );
    return checkoutStep(() =>
      placeOrder(app, {
        form: input,
        skins: input.skins,
        bundles: input.bundles,
        tips: input.tips,
        prices: input.prices,
        paymentType,
        viewer,
        metadata: metadataOf(request, viewer, input.email),
      }),
    );
  }

  fastify.get('/api/checkout/config', async (): Promise<CheckoutConfig> => {
    const clientId = payments.paypal.clientId;
    return {
      cardProvider: payments.card.name,
      paypal: clientId ? { clientId } : null,
      paypalLocal: payments.paypal.name === 'LOCAL',
    };
  });

  fastify.post('/api/stripe/checkout', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const order = await placeFor(request, 'STRIPE', viewer);
    const session = await providerStep(request, { orderId: order.orderId }, () =>
      openPaymentSession(
        app,
        order,
        async (toPay) => ({ provider: payments.card.name, ...(await payments.card.openCheckout(toPay)) }),
        metadataOf(request, viewer, order.email),
      ),
    );
    request.log.info({ orderId: order.orderId, provider: payments.card.name }, 'card checkout opened');
    return reply.type('text/plain').send(session.url);
  });

  fastify.post('/api/paypal/create-order', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const order = await placeFor(request, 'PAYPAL', viewer);
    const session = await providerStep(request, { orderId: order.orderId }, () =>
      openPaymentSession(
        app,
        order,
        async (toPay) => ({
          provider: payments.paypal.name,
          url: null,
          ...(await payments.paypal.createOrder(toPay)),
        }),
        metadataOf(request, viewer, order.email),
      ),
    );
    request.log.info({ orderId: order.orderId, provider: payments.paypal.name }, 'PayPal order created');
    return reply.type('text/plain').send(session.reference);
  });

  fastify.post('/api/paypal/capture-order', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const { orderId: reference } = await checkoutStep(async () =>
      captureOrderRequestSchema.parse(request.body),
    );
    const viewer = await viewerOf(request);
    const provider = payments.paypal;
    const order = await findOrderBySession(app.pool, [provider.name], reference);
    // The local stand-ins share a provider name: a card order is not captured here.
    if (!order || order.payment_type !== 'PAYPAL') {
      throw new HttpRefusal(404, 'There is no such order.', 'orderId');
    }
    // The web app goes to `redirect`: the order's confirmation page, with the key a guest needs.
    const confirmation = orderConfirmationPath(
      order.external_id,
      app.orderConfirmationKeys.sign(String(order.id)),
    );
    const answer = (status: string) => ({
      status,
      orderId: String(order.id),
      externalId: order.external_id,
      redirect: confirmation,
    });
    if (order.status === 'PAYMENT_RECEIVED' || order.status === 'REFUNDED') {
      // Captured already (a retry, or the other of two racing requests): the same answer, no second capture.
      if (order.provider_reference === reference) return answer(order.status);
      throw new HttpRefusal(409, 'This order was already paid.');
    }
    if (order.status === 'CANCELLED') {
      throw new HttpRefusal(409, 'This order was cancelled. Please place your order again.');
    }
    const context = { orderId: order.id, reference };
    const capture = await providerStep(request, context, () =>
      provider.captureOrder(reference, { totalCents: order.total_cents }),
    );
    const metadata = metadataOf(request, viewer, order.buyer_email);
    switch (capture.status) {
      case 'COMPLETED':
        try {
          await confirmOrderPayment(app, {
            orderId: String(order.id),
            provider: provider.name,
            providerReference: reference,
            providerEventId: capture.captureId,
            amountCents: capture.amountCents,
            metadata,
          });
        } catch (error) {
          if (!(error instanceof OrderRefused)) throw error;
          // PayPal took money the order cannot accept (cancelled meanwhile, another amount): a
          // person must refund it at PayPal.
          request.log.error(
            { ...context, reason: error.reason, captureId: capture.captureId },
            'PayPal captured a payment the order refused; refund it at PayPal',
          );
          throw new HttpRefusal(409, error.message);
        }
        return answer('PAYMENT_RECEIVED');
      case 'PENDING':
        // Recorded (PaymentPending): the unpaid-orders job leaves it, PayPal's webhook settles it.
        try {
          await recordPendingPayment(app, {
            orderId: String(order.id),
            provider: provider.name,
            providerReference: reference,
            providerEventId: capture.captureId,
            amountCents: order.total_cents,
            metadata,
          });
        } catch (error) {
          if (!(error instanceof OrderRefused)) throw error;
          request.log.error(
            { ...context, reason: error.reason },
            'pending PayPal capture refused by the order',
          );
        }
        request.log.warn({ ...context, captureId: capture.captureId }, 'PayPal holds the capture as pending');
        return reply.status(202).send(answer('PAYMENT_PENDING'));
      case 'DECLINED':
        await cancelOrderPayment(app, { orderId: String(order.id), reason: 'DECLINED', metadata });
        request.log.info({ ...context, reason: capture.reason }, 'PayPal payment declined');
        throw new HttpRefusal(402, 'The payment was declined. Please try another way to pay.');
      case 'NOT_APPROVED':
        request.log.info({ ...context, reason: capture.reason }, 'PayPal order not approved');
        throw new HttpRefusal(400, 'The payment was not approved at PayPal.');
    }
  });
}
