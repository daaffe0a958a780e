import type { AppContext } from '../../api/app-context';
import { catalogueItemsToOrder } from '../../api/orders/checkout-items';
import { vatRates } from '../../api/orders/checkout-vat';
import { guestAccountFor } from '../../api/orders/guest-buyer';
import { runOrderCommand } from '../../api/orders/order-commands';
import { nextOrderId } from '../../api/orders/orders.repository';
import { configuredFeePolicy, orderNumberOf } from '../../api/orders/place-order.handler';
import { placeOrderRedeemingCode } from '../../api/orders/place-order-redeeming-code';
import type { OrderPaymentType } from '../../domain/fees';
import type { OrderEvent } from '../../domain/orders/order.events';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventMetadata, StoredEvent } from '../../infra/event-store/event-store';

/** How a demo order is paid through the local payment stand-in, and when. */
export type DemoPayment = {
  paymentType: OrderPaymentType;
  /** The provider's reference of the payment session. */
  reference: string;
  /** The billing country, which the local card stand-in reports as the card's (PayPal reports none). */
  country: string;
  openedAt: Date;
  receivedAt: Date;
};

/**
 * The payment of a placed demo order, as the checkout's calls run it: the payment session (the
 * local card page, or PayPal's) and the payment confirmed, each recorded at its time; a card
 * payment is confirmed by the local checkout, a PayPal capture on the buyer's return.
 */
export async function payDemoOrder(
  app: AppContext,
  orderId: string,
  appended: readonly StoredEvent<OrderEvent>[],
  payment: DemoPayment,
  metadata: EventMetadata,
): Promise<void> {
  const placed = appended.find((event) => event.type === 'OrderPlaced');
  if (placed?.type !== 'OrderPlaced')
    throw new Error(`Demo order ${orderId}: PlaceOrder recorded no OrderPlaced`);
  const { reference, openedAt, receivedAt } = payment;
  const card = payment.paymentType === 'STRIPE';
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'OpenPaymentSession',
      provider: 'LOCAL',
      providerReference: reference,
      url: card ? `/local-checkout/${reference}` : null,
      openedAt,
    },
    metadata,
    { occurredAt: backdated(openedAt) },
  );
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'ConfirmPayment',
      provider: 'LOCAL',
      providerReference: reference,
      providerEventId: card ? null : `${reference}-CAPTURE`,
      amountCents: placed.data.totals.totalCents,
      cardCountry: card ? payment.country : null,
      receivedAt,
    },
    card ? { actor: { system: 'local-checkout' }, correlationId: metadata.correlationId } : metadata,
    { occurredAt: backdated(receivedAt) },
  );
}

/**
 * A guest's paid order of one skin through the checkout's own steps (the guest row of the email, the
 * catalogue's prices with the sales running then and the code if any, the order placed as the
 * checkout places it, redeeming the code), paid `openedAfterMs` and `paidAfterMs` after `placedAt`.
 * The guest gives no VAT ID, so none is checked. Answers the order's id.
 */
export async function guestBuysDemoSkin(
  app: AppContext,
  sale: {
    guest: { email: string; fullname: string; country: string };
    skinId: number;
    paymentType: OrderPaymentType;
    code?: string;
    placedAt: Date;
    /** The payment reference, made from the order's id. */
    reference: (orderId: string) => string;
    openedAfterMs: number;
    paidAfterMs: number;
  },
): Promise<string> {
  const { guest, placedAt } = sale;
  const { userId: buyerId } = await guestAccountFor(app.pool, guest);
  const items = await catalogueItemsToOrder(
    app.pool,
    { skins: [sale.skinId], bundles: [] },
    { userId: buyerId, signedIn: false },
    placedAt,
    sale.code,
  );
  const id = await nextOrderId(app.pool);
  const orderId = String(id);
  const metadata: EventMetadata = {
    actor: { guestEmail: guest.email },
    correlationId: DEMO_SEED_CORRELATION_ID,
  };
  const { vat } = app.config;
  const { appended } = await placeOrderRedeemingCode(
    app,
    orderId,
    {
      type: 'PlaceOrder',
      orderId,
      externalId: orderNumberOf(id, placedAt),
      buyer: {
        userId: buyerId,
        email: guest.email,
        fullName: guest.fullname,
        country: guest.country,
        guest: true,
      },
      paymentType: sale.paymentType,
      items,
      feePolicy: configuredFeePolicy(app),
      vat: {
        seller: { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId },
        rates: vatRates(),
        ipCountry: guest.country,
        countryConfirmed: false,
        vatIdToCheck: null,
      },
      placedAt,
      withdrawalConsent: { given: true },
    },
    () => Promise.reject(new Error('A demo guest gives no VAT ID to check')),
    metadata,
    { occurredAt: backdated(placedAt) },
  );
  await payDemoOrder(
    app,
    orderId,
    appended,
    {
      paymentType: sale.paymentType,
      reference: sale.reference(orderId),
      country: guest.country,
      openedAt: new Date(placedAt.getTime() + sale.openedAfterMs),
      receivedAt: new Date(placedAt.getTime() + sale.paidAfterMs),
    },
    metadata,
  );
  return orderId;
}
