import type { FastifyInstance } from 'fastify';
import { OrderRefused } from '../../domain/orders/order.decider';
import { WebhookSignatureInvalid } from '../../infra/payments/stripe-card.provider';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import { cancelOrderPayment, confirmOrderPayment } from './payment-confirmation.handler';

/**
 * POST /api/stripe/webhook: Stripe's notifications about checkout sessions, verified against the
 * webhook secret over the exact bytes received (so this route reads its body raw).
 * - `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` → the payment
 *   is recorded (ConfirmPayment), once however many times Stripe delivers it;
 * - `checkout.session.expired` → the order is cancelled (EXPIRED); `async_payment_failed` → DECLINED.
 * A bad signature answers 400. A notification the order refuses (paid twice, cancelled, another
 * amount) is logged for a person and answered 200, so Stripe does not retry it forever; a failure
 * of ours answers 500 and Stripe retries later.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance, app: AppContext) {
  await fastify.register(async (scope) => {
    // Only inside this plugin: every other route keeps parsing JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', async (request, reply) => {
      const stripe = app.payments.stripe;
      if (!stripe) throw new HttpRefusal(404, 'Card payments run locally: there are no Stripe webhooks.');
      const signature = request.headers['stripe-signature'];
      let notification;
      try {
        notification = stripe.parseWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (!(error instanceof WebhookSignatureInvalid)) throw error;
        request.log.warn({ reason: error.message }, 'Stripe webhook with a bad signature refused');
        throw new HttpRefusal(400, 'Invalid signature.');
      }
      const { session, eventId, type } = notification;
      const context = { stripeEvent: eventId, type, session: session?.id, orderId: session?.orderId };
      if (!session?.orderId || !/^\d{1,15}$/.test(session.orderId)) {
        request.log.info(context, 'Stripe notification without an order of ours ignored');
        return reply.send({ received: true });
      }
      const metadata = { actor: { system: 'stripe' }, correlationId: request.id, causationId: eventId };
      try {
        if (
          (type === 'checkout.session.completed' &&
            (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')) ||
          type === 'checkout.session.async_payment_succeeded'
        ) {
          if (session.currency && session.currency.toLowerCase() !== 'eur') {
            request.log.error(context, 'Stripe reports a payment in another currency; check it at Stripe');
            return reply.send({ received: true });
          }
          await confirmOrderPayment(app, {
            orderId: session.orderId,
            provider: 'STRIPE',
            providerReference: session.id,
            providerEventId: eventId,
            amountCents: session.amountTotal ?? -1,
            metadata,
          });
        } else if (type === 'checkout.session.expired') {
          await cancelOrderPayment(app, { orderId: session.orderId, reason: 'EXPIRED', metadata });
        } else if (type === 'checkout.session.async_payment_failed') {
          await cancelOrderPayment(app, { orderId: session.orderId, reason: 'DECLINED', metadata });
        } else {
          request.log.info(context, 'Stripe notification needs nothing of the order');
        }
      } catch (error) {
        if (!(error instanceof OrderRefused)) throw error;
        const paidAnyway =
          type !== 'checkout.session.expired' && type !== 'checkout.session.async_payment_failed';
        request.log[paidAnyway ? 'error' : 'info'](
          { ...context, reason: error.reason, message: error.message },
          paidAnyway
            ? 'Stripe took a payment the order refused; check it and refund it at Stripe'
            : 'Stripe notification refused by the order',
        );
      }
      return reply.send({ received: true });
    });
  });
}
