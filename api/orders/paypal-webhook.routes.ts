import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OrderRefused } from '../../domain/orders/order.decider';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { PaymentProviderUnavailable } from '../../infra/payments/payment-provider';
import { parsePaypalNotification, type PaypalNotification } from '../../infra/payments/paypal-webhooks';
import { WebhookSignatureInvalid } from '../../infra/payments/stripe-card.provider';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import { findOrder, findOrderBySession, type OrderRow } from './orders.repository';
import { cancelOrderPayment } from './cancel-order-payment.handler';
import { confirmOrderPayment } from './confirm-order-payment.handler';
import { recordPendingPayment } from './record-pending-payment.handler';
import { recordProviderRefund } from './record-provider-refund.handler';
import { markWebhookHandled, orderOfPaypalCapture, webhookSeen } from './provider-refunds';

const ORDER_ID = /^\d{1,15}$/;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * POST /api/paypal/webhook: PayPal's notifications about captures, each verified through PayPal's
 * verify-webhook-signature API against `PAYPAL_WEBHOOK_ID` (404 while PayPal runs locally or no
 * webhook id is set; 400 for a forged or unsigned call; 503 when PayPal cannot verify, so PayPal
 * delivers again). Each event id is handled once (`payment_webhook_events`), so a redelivery or a
 * replayed delivery changes nothing.
 * - `PAYMENT.CAPTURE.COMPLETED` → the payment is recorded (also settling a pending one);
 * - `PAYMENT.CAPTURE.PENDING` → PaymentPending; `PAYMENT.CAPTURE.DENIED` → cancelled (DECLINED);
 * - `PAYMENT.CAPTURE.REFUNDED` → OrderRefunded once (a refund from PayPal's dashboard, or ours).
 */
export async function paypalWebhookRoutes(fastify: FastifyInstance, app: AppContext) {
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post('/api/paypal/webhook', async (request, reply) => {
      const verifier = app.payments.paypalWebhooks;
      if (!verifier) throw new HttpRefusal(404, 'PayPal webhooks are not configured here.');
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      try {
        await verifier.verify(raw, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureInvalid) {
          request.log.warn({ reason: error.message }, 'PayPal webhook with a bad signature refused');
          throw new HttpRefusal(400, 'Invalid signature.');
        }
        if (error instanceof PaymentProviderUnavailable) {
          request.log.error(
            { err: error },
            'PayPal webhook could not be verified; PayPal will deliver it again',
          );
          throw new HttpRefusal(503, 'The notification could not be verified now.');
        }
        throw error;
      }
      let notification: PaypalNotification;
      try {
        notification = parsePaypalNotification(JSON.parse(raw));
      } catch {
        throw new HttpRefusal(400, 'Not a PayPal webhook event.');
      }
      const { eventId, type } = notification;
      if (await webhookSeen(app.pool, 'PAYPAL', eventId)) {
        request.log.info({ paypalEvent: eventId, type }, 'PayPal notification seen before; ignored');
        return reply.send({ received: true });
      }
      const metadata = { actor: { system: 'paypal' }, correlationId: request.id, causationId: eventId };
      if (notification.refund) await captureRefunded(app, request.log, notification, metadata);
      else await captureNotice(app, request.log, notification, metadata);
      await markWebhookHandled(app.pool, 'PAYPAL', eventId, type);
      return reply.send({ received: true });
    });
  });
}

/** The order a capture belongs to: its custom id (our order id), else its PayPal order. */
async function orderOfCapture(
  app: AppContext,
  capture: NonNullable<PaypalNotification['capture']>,
): Promise<OrderRow | null> {
  if (capture.orderId && ORDER_ID.test(capture.orderId)) {
    const order = await findOrder(app.pool, Number(capture.orderId));
    if (order) return order;
  }
  if (capture.paypalOrderId) return findOrderBySession(app.pool, ['PAYPAL'], capture.paypalOrderId);
  return null;
}

async function captureNotice(
  app: AppContext,
  log: Log,
  { capture, eventId, type }: PaypalNotification,
  metadata: EventMetadata,
): Promise<void> {
  const order = capture ? await orderOfCapture(app, capture) : null;
  const context = { paypalEvent: eventId, type, capture: capture?.captureId, orderId: order?.id };
  if (!capture || !order || order.payment_type !== 'PAYPAL') {
    log.info(context, 'PayPal notification without an order of ours ignored');
    return;
  }
  const reference = capture.paypalOrderId ?? order.provider_reference;
  if (!reference) {
    log.error(context, 'PayPal capture without its PayPal order; check it at PayPal');
    return;
  }
  const payment = {
    orderId: String(order.id),
    provider: 'PAYPAL' as const,
    providerReference: reference,
    providerEventId: capture.captureId,
    amountCents: capture.amountCents ?? -1,
    // PayPal does not report the issuing country of a card behind a PayPal payment.
    cardCountry: null,
    metadata,
  };
  try {
    if (type === 'PAYMENT.CAPTURE.COMPLETED' || type === 'PAYMENT.CAPTURE.PENDING') {
      if (capture.currency !== 'EUR') {
        log.error(context, 'PayPal reports a payment in another currency; check it at PayPal');
        return;
      }
      if (type === 'PAYMENT.CAPTURE.COMPLETED') await confirmOrderPayment(app, payment);
      else await recordPendingPayment(app, payment);
    } else if (type === 'PAYMENT.CAPTURE.DENIED') {
      await cancelOrderPayment(app, { orderId: String(order.id), reason: 'DECLINED', metadata });
    } else {
      log.info(context, 'PayPal notification needs nothing of the order');
    }
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    log.info(
      { ...context, reason: error.reason, message: error.message },
      'PayPal notification refused by the order',
    );
  }
}

async function captureRefunded(
  app: AppContext,
  log: Log,
  { refund, eventId, type }: PaypalNotification,
  metadata: EventMetadata,
): Promise<void> {
  if (!refund) return;
  const orderId =
    refund.orderId && ORDER_ID.test(refund.orderId)
      ? refund.orderId
      : refund.captureId
        ? await orderOfPaypalCapture(app.pool, refund.captureId)
        : null;
  const context = { paypalEvent: eventId, type, refund: refund.refundId, capture: refund.captureId, orderId };
  if (!orderId) {
    log.info(context, 'PayPal refund without an order of ours ignored');
    return;
  }
  try {
    await recordProviderRefund(app, {
      orderId,
      provider: 'PAYPAL',
      providerRefundId: refund.refundId,
      amountCents: refund.currency === 'EUR' ? (refund.refundedCents ?? -1) : -1,
      metadata,
    });
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    log[error.reason === 'PARTIAL_REFUND' ? 'error' : 'info'](
      { ...context, reason: error.reason, message: error.message },
      error.reason === 'PARTIAL_REFUND'
        ? 'a partial refund was made at PayPal; the order records only whole refunds: check it'
        : 'PayPal refund needs nothing of the order',
    );
  }
}
