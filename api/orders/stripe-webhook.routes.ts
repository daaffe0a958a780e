import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { OrderRefused } from '../../domain/orders/order.decider';
import {
  WebhookSignatureInvalid,
  type StripeCheckoutNotification,
} from '../../infra/payments/stripe-card.provider';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { HttpRefusal } from '../errors';
import { cancelOrderPayment } from './cancel-order-payment.handler';
import { confirmOrderPayment } from './confirm-order-payment.handler';
import { recordPendingPayment } from './record-pending-payment.handler';
import { recordProviderRefund } from './record-provider-refund.handler';
import { paypalWebhookRoutes } from './paypal-webhook.routes';
import { markWebhookHandled, webhookSeen } from './provider-refunds';

const ORDER_ID = /^\d{1,15}$/;

/**
 * POST /api/stripe/webhook: Stripe's notifications, verified against the webhook secret over the
 * exact bytes received (so this route reads its body raw); a signature older than five minutes (a
 * replay) is refused like a forged one. Each event id is handled once (`payment_webhook_events`).
 * - `checkout.session.completed` paid, and `checkout.session.async_payment_succeeded` → the payment
 *   is recorded (ConfirmPayment), once however many times Stripe delivers it;
 * - `checkout.session.completed` unpaid (a delayed payment method) → PaymentPending, settled later;
 * - `checkout.session.expired` → cancelled (EXPIRED); `async_payment_failed` → cancelled (DECLINED);
 * - `charge.refunded` (a refund from Stripe's dashboard, or ours coming back) → OrderRefunded once.
 * A bad signature answers 400. A payment the order cannot take is recorded (LatePaymentReceived)
 * and refunded by a reactor; other refusals are logged and answered 200, so Stripe does not retry
 * them forever; a failure of ours answers 500 and Stripe retries later.
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
      let notification: StripeCheckoutNotification;
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
      const { eventId, type } = notification;
      if (await webhookSeen(app.pool, 'STRIPE', eventId)) {
        request.log.info({ stripeEvent: eventId, type }, 'Stripe notification seen before; ignored');
        return reply.send({ received: true });
      }
      const metadata = { actor: { system: 'stripe' }, correlationId: request.id, causationId: eventId };
      if (notification.charge) {
        await chargeRefunded(app, request.log, notification, metadata);
      } else {
        await checkoutSessionNotice(app, request.log, notification, metadata);
      }
      await markWebhookHandled(app.pool, 'STRIPE', eventId, type);
      return reply.send({ received: true });
    });
  });
  await paypalWebhookRoutes(fastify, app);
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * The paying card's issuing country (VAT location evidence, docs/vat.md). Stripe not answering must
 * not hold up the payment: it is recorded without the country (null) and the failure logged.
 */
async function cardCountry(app: AppContext, log: Log, sessionId: string): Promise<string | null> {
  try {
    return (await app.payments.stripe?.cardCountryOf(sessionId)) ?? null;
  } catch (error) {
    log.warn(
      { session: sessionId, reason: error instanceof Error ? error.message : String(error) },
      'card country unknown',
    );
    return null;
  }
}

async function checkoutSessionNotice(
  app: AppContext,
  log: Log,
  { session, eventId, type }: StripeCheckoutNotification,
  metadata: EventMetadata,
): Promise<void> {
  const context = { stripeEvent: eventId, type, session: session?.id, orderId: session?.orderId };
  if (!session?.orderId || !ORDER_ID.test(session.orderId)) {
    log.info(context, 'Stripe notification without an order of ours ignored');
    return;
  }
  const payment = {
    orderId: session.orderId,
    provider: 'STRIPE' as const,
    providerReference: session.id,
    providerEventId: eventId,
    amountCents: session.amountTotal ?? -1,
    metadata,
  };
  const paid =
    (type === 'checkout.session.completed' &&
      (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')) ||
    type === 'checkout.session.async_payment_succeeded';
  const pending = type === 'checkout.session.completed' && session.paymentStatus === 'unpaid';
  try {
    if (paid || pending) {
      if (session.currency && session.currency.toLowerCase() !== 'eur') {
        log.error(context, 'Stripe reports a payment in another currency; check it at Stripe');
        return;
      }
      if (paid)
        await confirmOrderPayment(app, { ...payment, cardCountry: await cardCountry(app, log, session.id) });
      else await recordPendingPayment(app, payment);
    } else if (type === 'checkout.session.expired') {
      await cancelOrderPayment(app, { orderId: session.orderId, reason: 'EXPIRED', metadata });
    } else if (type === 'checkout.session.async_payment_failed') {
      await cancelOrderPayment(app, { orderId: session.orderId, reason: 'DECLINED', metadata });
    } else {
      log.info(context, 'Stripe notification needs nothing of the order');
    }
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    const late = error.reason === 'ORDER_CANCELLED' || error.reason === 'PAID_WITH_ANOTHER_REFERENCE';
    log[paid && !late ? 'error' : 'info'](
      { ...context, reason: error.reason, message: error.message },
      paid && late
        ? 'Stripe took a payment the order cannot take; recorded and refunded automatically'
        : paid
          ? 'Stripe took a payment the order refused; check it at Stripe'
          : 'Stripe notification refused by the order',
    );
  }
}

async function chargeRefunded(
  app: AppContext,
  log: Log,
  { charge, eventId, type }: StripeCheckoutNotification,
  metadata: EventMetadata,
): Promise<void> {
  const stripe = app.payments.stripe!;
  if (type !== 'charge.refunded' || !charge) {
    log.info({ stripeEvent: eventId, type }, 'Stripe notification needs nothing of an order');
    return;
  }
  const orderId = await stripe.orderOfCharge(charge);
  const context = { stripeEvent: eventId, type, charge: charge.id, orderId };
  if (!orderId || !ORDER_ID.test(orderId)) {
    log.info(context, 'Stripe refund without an order of ours ignored');
    return;
  }
  if (charge.amountRefundedCents !== charge.amountCents || charge.currency.toLowerCase() !== 'eur') {
    log.error(
      { ...context, refunded: charge.amountRefundedCents, amount: charge.amountCents },
      'a partial refund was made at Stripe; the order records only whole refunds: check it',
    );
    return;
  }
  const refundId = (await stripe.latestRefundOf(charge)) ?? `charge:${charge.id}`;
  try {
    await recordProviderRefund(app, {
      orderId,
      provider: 'STRIPE',
      providerRefundId: refundId,
      amountCents: charge.amountRefundedCents,
      metadata,
    });
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    // A late payment's refund comes back here too: its order was never paid.
    log.info({ ...context, reason: error.reason }, 'Stripe refund needs nothing of the order');
  }
}
