import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { BuyerProof } from '../../domain/orders/order.decider';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../auth/viewer';
import { isAdmin, requireViewer } from '../auth/viewer';
import { orderConfirmation, orderConfirmationArgs } from './order-confirmation.query';
import { findOrderByExternalId, isBuyerOf, ordersAwaitingConsent, type OrderRow } from './orders.repository';
import { purchaseOf } from './orders.resolvers';
import { skinsWaitingForConsent } from './paid-download-access';
import { withdrawFromPurchase } from './refund-order.handler';
import { giveWithdrawalConsent } from './withdrawal-consent.handler';
import { withdrawalStatusOf } from './withdrawal-status';

const consentArgs = orderConfirmationArgs.extend({ where: z.enum(['CONFIRMATION_PAGE', 'COLLECTION']) });

/**
 * Who asks, as the decider weighs it: the key signed for the order, and the viewer's account when
 * it is the order's buyer's (their own, or the guest row whose email they proved). Anyone who is
 * neither the buyer, nor holds the key, nor is an admin is told there is no such order, as the
 * confirmation page does; an admin is refused by the decider (only the buyer consents or withdraws).
 */
async function buyerProof(context: RequestContext, order: OrderRow, key: string | null | undefined) {
  const { pool, orderConfirmationKeys } = context.services;
  const orderKey = orderConfirmationKeys.opens(String(order.id), key);
  const viewer = context.viewer;
  const buyer =
    viewer !== null && order.buyer_user_id !== null && (await isBuyerOf(pool, order.id, viewer.id));
  if (!orderKey && !buyer && !isAdmin(viewer)) {
    throw new DomainError('NOT_FOUND', 'There is no such order.');
  }
  const proof: BuyerProof = { accountIds: buyer ? [order.buyer_user_id!] : [], orderKey };
  const actor = viewer ? { userId: viewer.id } : { guestEmail: order.buyer_email };
  return { proof, actor };
}

async function orderOf(context: RequestContext, externalId: string) {
  const order = await findOrderByExternalId(context.services.pool, externalId);
  if (!order) throw new DomainError('NOT_FOUND', 'There is no such order.');
  return order;
}

export function withdrawalResolvers(app: AppContext) {
  return {
    Query: {
      myOrdersAwaitingConsent: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const rows = await ordersAwaitingConsent(context.services.pool, viewer.id);
        return rows.map((row) => purchaseOf(row, false));
      },
      myWaitingSkinIds: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        return (await skinsWaitingForConsent(context.services.pool, viewer.id)).map(String);
      },
    },
    Mutation: {
      giveWithdrawalConsent: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const args = consentArgs.safeParse(rawArgs);
        if (!args.success) throw new DomainError('NOT_FOUND', 'There is no such order.');
        const order = await orderOf(context, args.data.externalId);
        const { proof, actor } = await buyerProof(context, order, args.data.key);
        await giveWithdrawalConsent(app, {
          orderId: order.id,
          proof,
          where: args.data.where,
          metadata: { actor, correlationId: context.request.id },
        });
        context.services.log.info({ orderId: order.id, where: args.data.where }, 'withdrawal consent given');
        return orderConfirmation(null, { externalId: order.external_id, key: args.data.key }, context);
      },
      withdrawFromPurchase: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const args = orderConfirmationArgs.safeParse(rawArgs);
        if (!args.success) throw new DomainError('NOT_FOUND', 'There is no such order.');
        const order = await orderOf(context, args.data.externalId);
        const { proof, actor } = await buyerProof(context, order, args.data.key);
        await withdrawFromPurchase(app, {
          orderId: order.id,
          proof,
          metadata: { actor, correlationId: context.request.id },
        });
        return orderConfirmation(null, { externalId: order.external_id, key: args.data.key }, context);
      },
    },
    Purchase: {
      withdrawal: (purchase: { row: OrderRow }) => withdrawalStatusOf(purchase.row, app.now()),
    },
  };
}
