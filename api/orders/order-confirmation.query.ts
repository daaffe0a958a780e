import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { centsToEuros } from '../../domain/money';
import type { RequestContext } from '../auth/viewer';
import { isAdmin } from '../auth/viewer';
import {
  findOrderByExternalId,
  isBuyerOf,
  itemsOfOrders,
  skinLinksOf,
  type OrderRow,
} from './orders.repository';
import { ordersLoaders } from './orders.resolvers';
import { withdrawalStatusOf } from './withdrawal-status';
import { isGiftOrder } from '../gifts/gifts.repository';
import { purchaseVatOf } from './vat.resolvers';
import { placedItemsOf, recordedReductionsOf } from './recorded-reductions';

/** Order lines have no id of their own: as in Purchase.items, the order id and the line's position. */
const LINES_PER_ORDER_ID = 100;

export const orderConfirmationArgs = z.object({
  externalId: z
    .string()
    .trim()
    .regex(/^TS-\d{4}-\d{6,15}$/),
  key: z.string().max(200).nullish(),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Who may read an order's confirmation page: whoever holds the key signed for the order (the
 * address checkout sent the buyer to; a guest has nothing else), the signed-in buyer (or the
 * account that joined the guest's orders), and admins. Anyone else is told there is no such order,
 * so order numbers cannot be probed.
 */
async function mayRead(context: RequestContext, order: OrderRow, key: string | null | undefined) {
  if (context.services.orderConfirmationKeys.opens(String(order.id), key)) return true;
  if (!context.viewer) return false;
  if (isAdmin(context.viewer)) return true;
  return isBuyerOf(context.services.pool, order.id, context.viewer.id);
}

/**
 * The confirmation page's order: number, status, items with their amounts and, once the payment
 * is received and the buyer consented to immediate delivery (never before), a download per skin: links signed for the order when a guest bought
 * it (as in the confirmation mail), the plain download address (it needs the buyer's session)
 * otherwise.
 */
export async function orderConfirmation(_root: unknown, rawArgs: unknown, context: RequestContext) {
  const parsed = orderConfirmationArgs.safeParse(rawArgs);
  const notFound = new DomainError('NOT_FOUND', 'There is no such order.');
  if (!parsed.success) throw notFound;
  const { pool, downloadGrants } = context.services;
  const order = await findOrderByExternalId(pool, parsed.data.externalId);
  if (!order || !(await mayRead(context, order, parsed.data.key))) throw notFound;

  const items = await itemsOfOrders(pool, [order.id]);
  const placedItem = await placedItemsOf(context.services, [order.id]);
  const withdrawal = withdrawalStatusOf(order, context.services.now());
  // Downloads wait for the buyer's consent to immediate delivery (docs/withdrawal.md).
  // A gift's files are its recipient's (docs/gifts.md): the giver's page lists no downloads.
  const paid =
    order.status === 'PAYMENT_RECEIVED' &&
    !withdrawal.awaitingConsent &&
    !(await isGiftOrder(pool, order.id));
  const skinIds = items.flatMap((item) => (item.item_type === 'SKIN' ? [item.item_id] : item.skin_ids));
  const skins = new Map((paid ? await skinLinksOf(pool, [...new Set(skinIds)]) : []).map((s) => [s.id, s]));
  const orderId = String(order.id);
  const downloadsOf = (ids: readonly number[]) =>
    ids.flatMap((skinId) => {
      const skin = skins.get(skinId);
      if (!skin) return [];
      const base = `/assets/skin/${encodeURIComponent(skin.url)}`;
      return [
        {
          skinId: skin.id,
          title: skin.title,
          url: skin.url,
          downloadUrl: order.guest ? `${base}?grant=${downloadGrants.sign({ orderId, skinId })}` : base,
        },
      ];
    });

  return {
    externalId: order.external_id,
    paymentStatus: order.status,
    paymentType: order.payment_type,
    totalPrice: centsToEuros(order.total_cents),
    createdAt: iso(order.placed_at),
    paymentReceivedAt: iso(order.payment_received_at),
    buyerEmail: order.buyer_email,
    guest: order.guest,
    withdrawal,
    vat: purchaseVatOf(order),
    items: items.map((item) => ({
      id: item.order_id * LINES_PER_ORDER_ID + item.position,
      itemType: item.item_type,
      name: item.name,
      price: centsToEuros(item.price_cents),
      tip: centsToEuros(item.tip_cents),
      total: centsToEuros(item.price_cents + item.tip_cents),
      vat: centsToEuros(item.vat_cents),
      ...recordedReductionsOf(placedItem(order.id, item.position)),
      skinId: item.item_type === 'SKIN' ? item.item_id : null,
      bundleId: item.item_type === 'BUNDLE' ? item.item_id : null,
      downloads: downloadsOf(item.item_type === 'SKIN' ? [item.item_id] : item.skin_ids),
    })),
  };
}

export const orderConfirmationResolvers = { Query: { orderConfirmation } };

/** The items' skin and bundle, with the loaders Purchase.items uses: one query per field. */
export const orderConfirmationLoaders = {
  OrderConfirmationItem: {
    skin: ordersLoaders.PurchaseItem.skin,
    bundle: ordersLoaders.PurchaseItem.bundle,
  },
};
