import { DomainError } from '../../domain/errors';
import { feePolicy, type OrderPaymentType } from '../../domain/fees';
import { basisPointsOfPercent, type Cents } from '../../domain/money';
import type { CheckoutForm } from '../../domain/orders/checkout.schemas';
import type { GiftRequest } from '../../domain/gifts/gift.schemas';
import type { OrderItemRef, OrderItemType, OrderPlaced } from '../../domain/orders/order.events';
import type { Session } from '../../infra/auth/session-tokens';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { findUserById } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { catalogueItemsToOrder } from './checkout-items';
import { checkVatIdWithRegister, placeOrderVatInputs } from './checkout-vat';
import { guestAccountFor } from './guest-buyer';
import { placeOrderRedeemingCode } from './place-order-redeeming-code';
import { nextOrderId } from './orders.repository';

export type PlacedOrder = {
  orderId: string;
  externalId: string;
  email: string;
  guest: boolean;
  items: OrderPlaced['data']['items'];
  totalCents: number;
};

/** The order number people see: the year it was placed and the order id, `TS-2026-000042`. */
export function orderNumberOf(orderId: number, placedAt: Date): string {
  return `TS-${placedAt.getUTCFullYear()}-${String(orderId).padStart(6, '0')}`;
}

/** The fee policy with the configured PayPal fee (recorded in every order it prices). */
export function configuredFeePolicy(app: Pick<AppContext, 'config'>) {
  const { percent, fixedCents } = app.config.payments.paypalFee;
  return feePolicy({ paypal: { rateBasisPoints: basisPointsOfPercent(percent), fixedCents } });
}

/**
 * Places an order for a cart at the catalogue's prices. A signed-in buyer orders for their account
 * (with the account's email); a guest for the account of the email they typed, anonymous when new
 * (guest-buyer.ts). Refusals are BAD_USER_INPUT naming the field: the checkout calls answer 400.
 */
export async function placeOrder(
  app: AppContext,
  input: {
    form: Pick<CheckoutForm, 'email' | 'fullname' | 'country' | 'vatId' | 'countryConfirmed'>;
    /** The buyer's address (Fastify's `request.ip`): its country is location evidence. */
    ip: string | null;
    skins: readonly number[];
    bundles: readonly number[];
    /** The buyer's tips and chosen prices, in cents (checkout.schemas.ts checked their form). */
    tips?: readonly { itemType: OrderItemType; itemId: number; tip: Cents }[];
    prices?: readonly { itemType: OrderItemType; itemId: number; price: Cents }[];
    /** The buyer's discount code (normalised); the server decides what it takes off. */
    code?: string;
    /** "This is a gift": the items go to whoever claims the link mailed to this address (docs/gifts.md). */
    gift?: GiftRequest | null;
    /** Both consent boxes ticked (checkout.schemas.ts); checkout always asks (withdrawal-consent.ts). */
    withdrawalConsentGiven: boolean;
    paymentType: OrderPaymentType;
    viewer: Session | null;
    metadata: EventMetadata;
  },
): Promise<PlacedOrder> {
  let buyer: { userId: number; email: string; guest: boolean };
  if (input.viewer) {
    const account = await findUserById(app.pool, input.viewer.id);
    if (!account || account.anonymous) {
      throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
    }
    buyer = { userId: account.id, email: account.email, guest: false };
  } else {
    const account = await guestAccountFor(app.pool, input.form);
    buyer = { userId: account.userId, email: input.form.email, guest: true };
  }

  const catalogueItems = await catalogueItemsToOrder(
    app.pool,
    { skins: input.skins, bundles: input.bundles },
    { userId: buyer.userId, signedIn: !buyer.guest, gift: Boolean(input.gift) },
    app.now(),
    input.code,
  );
  // The catalogue decides which items and their prices; the buyer only adds amounts, which the
  // order decider checks (tip range, a chosen price only for pay what you want, at least the price).
  const keyOf = (item: OrderItemRef) => `${item.itemType}:${item.itemId}`;
  const tips = new Map((input.tips ?? []).map((choice) => [keyOf(choice), choice.tip]));
  const prices = new Map((input.prices ?? []).map((choice) => [keyOf(choice), choice.price]));
  const items = catalogueItems.map((item) => {
    const tipCents = tips.get(keyOf(item));
    const chosenPriceCents = prices.get(keyOf(item));
    return {
      ...item,
      ...(tipCents === undefined ? {} : { tipCents }),
      ...(chosenPriceCents === undefined ? {} : { chosenPriceCents }),
    };
  });
  const vat = await placeOrderVatInputs(app, {
    country: input.form.country,
    vatId: input.form.vatId,
    countryConfirmed: input.form.countryConfirmed,
    ip: input.ip,
  });
  const id = await nextOrderId(app.pool);
  const placedAt = app.now();
  const orderId = String(id);
  // A buyer's VAT ID is checked with VIES outside any transaction, then OrderPlaced records the
  // answer (or the checkout is refused); a code is redeemed with it.
  const { appended } = await placeOrderRedeemingCode(
    app,
    orderId,
    {
      type: 'PlaceOrder',
      orderId,
      externalId: orderNumberOf(id, placedAt),
      buyer: {
        userId: buyer.userId,
        email: buyer.email,
        fullName: input.form.fullname,
        country: input.form.country,
        guest: buyer.guest,
      },
      paymentType: input.paymentType,
      items,
      feePolicy: configuredFeePolicy(app),
      vat,
      placedAt,
      withdrawalConsent: { given: input.withdrawalConsentGiven },
      ...(input.gift ? { gift: input.gift } : {}),
    },
    (vatId) => checkVatIdWithRegister(app, vatId),
    input.metadata,
  );
  const [event] = appended;
  // The decider places the order or refuses: anything else is a bug, not a request to answer.
  if (event?.type !== 'OrderPlaced') {
    throw new Error(`PlaceOrder on order ${orderId} recorded no OrderPlaced`);
  }
  const placed = event.data;
  return {
    orderId,
    externalId: placed.externalId ?? orderNumberOf(id, placedAt),
    email: buyer.email,
    guest: buyer.guest,
    items: placed.items,
    totalCents: placed.totals.totalCents,
  };
}
