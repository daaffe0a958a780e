import { checkoutResultPages, orderConfirmationPath } from '../../domain/orders/checkout-result-pages';
import type { PaymentProvider } from '../../domain/orders/order.events';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { OrderToPay } from '../../infra/payments/payment-provider';
import type { AppContext } from '../app-context';
import { runOrderCommand } from './order-commands';
import type { PlacedOrder } from './place-order.handler';

/** Stripe accepts 30 minutes to 24 hours; an hour is plenty to type a card number. */
const SESSION_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Opens the provider's session for a placed order and records it (PaymentSessionOpened). When the
 * provider fails, the order stays BEFORE_CHECKOUT and the unpaid-orders job cancels it later.
 */
export async function openPaymentSession(
  app: AppContext,
  order: PlacedOrder,
  open: (toPay: OrderToPay) => Promise<{ provider: PaymentProvider; reference: string; url: string | null }>,
  metadata: EventMetadata,
): Promise<{ reference: string; url: string | null }> {
  const pages = checkoutResultPages({ guest: order.guest, itemTypes: order.items.map((i) => i.itemType) });
  const session = await open({
    orderId: order.orderId,
    externalId: order.externalId,
    email: order.email,
    items: order.items.map((item) => ({ name: item.name, amountCents: item.priceCents + item.tipCents })),
    totalCents: order.totalCents,
    // Paid: the order's confirmation page (the spec's /success paths stay for older links).
    successUrl: `${app.config.publicUrl}${orderConfirmationPath(order.externalId, app.orderConfirmationKeys.sign(order.orderId))}`,
    cancelUrl: `${app.config.publicUrl}${pages.failed}`,
    expiresAt: new Date(app.now().getTime() + SESSION_LIFETIME_MS),
  });
  await runOrderCommand(
    app,
    order.orderId,
    {
      type: 'OpenPaymentSession',
      provider: session.provider,
      providerReference: session.reference,
      url: session.url,
      openedAt: app.now(),
    },
    metadata,
  );
  return { reference: session.reference, url: session.url };
}
