import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { orderConfirmationPath } from '../../domain/orders/checkout-result-pages';
import { captureOrderRequestSchema } from '../../domain/orders/checkout.schemas';
import { OrderRefused } from '../../domain/orders/order.decider';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { PaypalCapture } from '../../infra/payments/payment-provider';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import { checkoutStep, providerStep } from './checkout-refusals';
import { CHECKOUT_LIMIT, checkoutMetadata, checkoutViewer, placeCheckoutOrder } from './checkout-request';
import { findOrderBySession } from './orders.repository';
import { cancelOrderPayment } from './cancel-order-payment.handler';
import { confirmOrderPayment } from './confirm-order-payment.handler';
import { recordPendingPayment } from './record-pending-payment.handler';
import { openPaymentSession } from './open-payment-session.handler';

type CapturedOrder = NonNullable<Awaited<ReturnType<typeof findOrderBySession>>>;
type CaptureAnswer = { status: string; orderId: string; externalId: string; redirect: string };

/**
 * Records what PayPal's capture ended as: paid, pending (202), declined (the order is cancelled,
 * 402) or not approved (400).
 */
async function recordCapture(
  app: AppContext,
  http: { request: FastifyRequest; reply: FastifyReply },
  captured: {
    order: CapturedOrder;
    reference: string;
    capture: PaypalCapture;
    answer: (status: string) => CaptureAnswer;
    metadata: EventMetadata;
  },
) {
  const { request, reply } = http;
  const { order, reference, capture, answer, metadata } = captured;
  const provider = app.payments.paypal;
  const context = { orderId: order.id, reference };
  switch (capture.status) {
    case 'COMPLETED':
      try {
        await confirmOrderPayment(app, {
          orderId: String(order.id),
          provider: provider.name,
          providerReference: reference,
          providerEventId: capture.captureId,
          amountCents: capture.amountCents,
          // PayPal does not report the issuing country of a card behind a PayPal payment.
          cardCountry: null,
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
}

/**
 * PayPal's two checkout calls (PayPal or the local stand-in): create-order places the order and
 * answers PayPal's order id for the buttons; capture-order takes the payment the buyer approved.
 */
export async function paypalCheckoutRoutes(fastify: FastifyInstance, app: AppContext) {
  const { payments } = app;

  fastify.post('/api/paypal/create-order', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const viewer = await checkoutViewer(app, request);
    const order = await placeCheckoutOrder(app, request, 'PAYPAL', viewer);
    const session = await providerStep(request, { orderId: order.orderId }, () =>
      openPaymentSession(
        app,
        order,
        async (toPay) => ({
          provider: payments.paypal.name,
          url: null,
          ...(await payments.paypal.createOrder(toPay)),
        }),
        checkoutMetadata(request, viewer, order.email),
      ),
    );
    request.log.info({ orderId: order.orderId, provider: payments.paypal.name }, 'PayPal order created');
    return reply.type('text/plain').send(session.reference);
  });

  fastify.post('/api/paypal/capture-order', { config: CHECKOUT_LIMIT }, async (request, reply) => {
    const { orderId: reference } = await checkoutStep(async () =>
      captureOrderRequestSchema.parse(request.body),
    );
    const viewer = await checkoutViewer(app, request);
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
    const answer = (status: string): CaptureAnswer => ({
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
    const capture = await providerStep(request, { orderId: order.id, reference }, () =>
      provider.captureOrder(reference, { totalCents: order.total_cents }),
    );
    const metadata = checkoutMetadata(request, viewer, order.buyer_email);
    return recordCapture(app, { request, reply }, { order, reference, capture, answer, metadata });
  });
}
