import { percentOf, type Cents } from '../../domain/money';
import {
  ORDER_STREAM_TYPE,
  orderStreamId,
  type OrderedItem,
  type OrderEvent,
  type OrderItemType,
  type PriceReduction,
} from '../../domain/orders/order.events';
import { nextOrderId } from '../../api/orders/orders.repository';
import { fallbackExternalId } from '../../projections/orders.projection';
import type { TestApp } from './test-app';

type VatOrderItem = {
  itemType: OrderItemType;
  itemId: number;
  name: string;
  authorId: number;
  priceCents: Cents;
  tipCents?: Cents;
  /** The reductions the order recorded (a sale's, a code's); the regular price is the price plus them. */
  reductions?: PriceReduction[];
};

/**
 * An order item priced as orders placed with VAT record it (the VAT contract of OrderPlaced):
 * VAT carved out of price + tip at the rate, a site fee of 10 % of the net, a payment fee of
 * 3.49 % of the gross, and the author's share the rest, so that
 * price + tip = VAT + site fee + payment fee + author share. The percentages are the tests' own:
 * statements and statistics copy what an order recorded and never price anything.
 */
function vatOrderedItem(item: VatOrderItem, rateBasisPoints: number): OrderedItem {
  const tipCents = item.tipCents ?? 0;
  const gross = item.priceCents + tipCents;
  const vatCents = gross - Math.round((gross * 10_000) / (10_000 + rateBasisPoints));
  const net = gross - vatCents;
  const siteFeeCents = percentOf(net, 1000);
  const paymentFeeCents = percentOf(gross, 349);
  return {
    itemType: item.itemType,
    itemId: item.itemId,
    name: item.name,
    authorId: item.authorId,
    priceCents: item.priceCents,
    tipCents,
    vatCents,
    siteFeeCents,
    paymentFeeCents,
    authorShareCents: net - siteFeeCents - paymentFeeCents,
    ...(item.reductions && item.reductions.length > 0
      ? {
          regularPriceCents: item.priceCents + item.reductions.reduce((sum, r) => sum + r.cents, 0),
          reductions: item.reductions,
        }
      : {}),
  };
}

/**
 * Appends a paid order placed with VAT, as the checkout records one since VAT (OrderPlaced with
 * `vat`, per-item `vatCents` and `totals.vatCents`, then a local payment session and its payment).
 * Appended straight to the store in the contract's exact shape, so statements and statistics are
 * tested on VAT-era orders whatever rates and fee rules a checkout applies.
 */
export async function appendPaidVatOrder(
  app: TestApp,
  options: {
    buyerId: number;
    items: VatOrderItem[];
    /** Lowercase country and its rate (1900 = 19 %, Germany). */
    country?: string;
    rateBasisPoints?: number;
    paidAt?: Date;
    /** Placed only: no payment session, no payment. */
    unpaid?: boolean;
  },
): Promise<{ orderId: string; externalId: string; items: OrderedItem[] }> {
  const country = options.country ?? 'de';
  const rate = options.rateBasisPoints ?? 1900;
  const orderId = String(await nextOrderId(app.context.pool));
  const externalId = fallbackExternalId(orderId);
  const items = options.items.map((item) => vatOrderedItem(item, rate));
  const sum = (pick: (item: OrderedItem) => Cents) => items.reduce((total, item) => total + pick(item), 0);
  const paidAt = options.paidAt ?? new Date();
  const reference = `LOCAL-VAT-${orderId}`;
  const paymentEvents: OrderEvent[] = [
    {
      type: 'PaymentSessionOpened',
      data: {
        orderId,
        provider: 'LOCAL',
        providerReference: reference,
        url: null,
        openedAt: new Date(paidAt.getTime() - 30_000).toISOString(),
      },
    },
    {
      type: 'PaymentReceived',
      data: {
        orderId,
        provider: 'LOCAL',
        providerReference: reference,
        providerEventId: null,
        amountCents: sum((item) => item.priceCents + item.tipCents),
        cardCountry: country,
        receivedAt: paidAt.toISOString(),
      },
    },
  ];
  const events: OrderEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        externalId,
        buyer: {
          userId: options.buyerId,
          email: `vat-buyer-${orderId}@example.com`,
          fullName: 'Vera Buyer',
          country,
        },
        paymentType: 'STRIPE',
        items,
        totals: {
          totalCents: sum((item) => item.priceCents + item.tipCents),
          vatCents: sum((item) => item.vatCents ?? 0),
          siteFeeCents: sum((item) => item.siteFeeCents),
          paymentFeeCents: sum((item) => item.paymentFeeCents),
          authorShareCents: sum((item) => item.authorShareCents),
        },
        feePolicyVersion: 'test-vat',
        vat: {
          treatment: 'OSS',
          country,
          rateBasisPoints: rate,
          rateSetVersion: 'rates@test',
          seller: { homeCountry: 'cz', vatId: 'CZ12345678' },
          buyerVatId: null,
          vatIdCheck: null,
          evidence: { billingCountry: country, ipCountry: country, rule: 'BILLING_AND_IP_AGREE' },
        },
        placedAt: new Date(paidAt.getTime() - 60_000).toISOString(),
      },
    },
    ...(options.unpaid ? [] : paymentEvents),
  ];
  await app.context.pool.transaction((tx) =>
    app.context.store.append(tx, {
      streamId: orderStreamId(orderId),
      streamType: ORDER_STREAM_TYPE,
      expectedVersion: 'no_stream',
      events: events.map((event) => ({
        ...event,
        metadata: { actor: { userId: options.buyerId }, correlationId: `vat-order-${orderId}` },
      })),
    }),
  );
  return { orderId, externalId, items };
}

/** The order's refund as the admin's refund records it (the whole total goes back). */
export async function appendOrderRefund(
  app: TestApp,
  order: { orderId: string; items: readonly OrderedItem[] },
  refundedAt = new Date(),
): Promise<void> {
  const event: OrderEvent = {
    type: 'OrderRefunded',
    data: {
      orderId: order.orderId,
      by: null,
      reason: 'A test refund',
      amountCents: order.items.reduce((total, item) => total + item.priceCents + item.tipCents, 0),
      refundedAt: refundedAt.toISOString(),
      providerRefundId: `LOCAL-REFUND-${order.orderId}`,
    },
  };
  await app.context.pool.transaction((tx) =>
    app.context.store.append(tx, {
      streamId: orderStreamId(order.orderId),
      streamType: ORDER_STREAM_TYPE,
      expectedVersion: 'any',
      events: [
        { ...event, metadata: { actor: { system: 'test' }, correlationId: `vat-refund-${order.orderId}` } },
      ],
    }),
  );
}
