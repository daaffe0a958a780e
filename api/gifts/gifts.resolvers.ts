import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { GiftRefused } from '../../domain/gifts/gift.decider';
import { giftClaimTokenSchema, giftMessages } from '../../domain/gifts/gift.schemas';
import type { OrderRow } from '../orders/orders.repository';
import type { AppContext } from '../app-context';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { bundleOf } from '../catalogue/bundles-authors.resolvers';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import { claimGift } from './claim-gift.handler';
import { findGiftLink } from './gift-claim-links';
import { giftOrderDetails, giftsOfOrders, type GiftRow } from './gifts.repository';
import { GIFT_RESEND_INTERVAL_MINUTES, GIFT_RESENDS_MAX, resendGiftMail } from './resend-gift-mail.handler';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const tokenArgs = z.object({ token: giftClaimTokenSchema });
const orderIdArgs = z.object({ orderId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const VISIBLE_TO_BUYERS = { viewerId: null, admin: false };

const notFound = () => new GiftRefused('GIFT_NOT_FOUND', 'NOT_FOUND', giftMessages.notFound);

function purchaseGiftOf(gift: GiftRow, now: Date) {
  const mailedRecently =
    gift.last_mailed_at !== null &&
    now.getTime() - gift.last_mailed_at < GIFT_RESEND_INTERVAL_MINUTES * 60_000;
  return {
    recipientEmail: gift.recipient_email,
    note: gift.note,
    status: gift.status,
    claimedAt: iso(gift.claimed_at),
    mailedAt: iso(gift.last_mailed_at),
    endReason: gift.end_reason,
    canResend:
      gift.status === 'OPEN' &&
      gift.payment_status === 'PAYMENT_RECEIVED' &&
      gift.last_mailed_at !== null &&
      !mailedRecently &&
      gift.resends < GIFT_RESENDS_MAX,
  };
}

/** The claim page's view of the gift a token names; NOT_FOUND for a token that names no link. */
async function giftClaimView(context: RequestContext, rawToken: string) {
  const { pool, giftClaimTokens, now } = context.services;
  const grant = giftClaimTokens.verify(rawToken);
  if (!grant) throw notFound();
  const orderId = Number(grant.orderId);
  const link = await findGiftLink(pool, orderId, grant.linkId);
  const gift = (await giftsOfOrders(pool, [orderId])).get(orderId);
  if (!link || !gift) throw notFound();
  const { giverName, items } = await giftOrderDetails(pool, orderId);
  const skins = new Map(
    (
      await skinsByIds(
        pool,
        items.filter((item) => item.item_type === 'SKIN').map((item) => item.item_id),
        VISIBLE_TO_BUYERS,
      )
    ).map((row) => [row.id, row]),
  );
  const bundles = new Map(
    (
      await bundlesByIds(
        pool,
        items.filter((item) => item.item_type === 'BUNDLE').map((item) => item.item_id),
        VISIBLE_TO_BUYERS,
      )
    ).map((row) => [row.id, row]),
  );
  const linkStatus =
    link.used_at !== null ? 'USED' : link.expires_at <= now().getTime() ? 'EXPIRED' : 'VALID';
  return {
    giverName,
    note: gift.note,
    items: items.map((item) => {
      const skin = item.item_type === 'SKIN' ? skins.get(item.item_id) : undefined;
      const bundle = item.item_type === 'BUNDLE' ? bundles.get(item.item_id) : undefined;
      return {
        itemType: item.item_type,
        name: item.name,
        skin: skin ? skinOf(skin) : null,
        bundle: bundle ? bundleOf(bundle) : null,
      };
    }),
    status: gift.status,
    claimable: gift.status === 'OPEN' && gift.payment_status === 'PAYMENT_RECEIVED' && linkStatus === 'VALID',
    link: linkStatus,
    expiresAt: new Date(link.expires_at).toISOString(),
    claimedByYou: context.viewer !== null && gift.claimed_by === context.viewer.id,
  };
}

type Query<T> = { obj: T; params: unknown };

export function giftsResolvers(app: AppContext) {
  return {
    Query: {
      giftClaim: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const args = tokenArgs.safeParse(rawArgs);
        if (!args.success) throw notFound();
        return giftClaimView(context, args.data.token);
      },
    },
    Mutation: {
      claimGift: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const args = tokenArgs.safeParse(rawArgs);
        if (!args.success) throw notFound();
        if (!context.viewer) throw new DomainError('UNAUTHENTICATED', giftMessages.signIn);
        const { orderId } = await claimGift(app, {
          token: args.data.token,
          viewer: context.viewer,
          metadata: { actor: { userId: context.viewer.id }, correlationId: context.request.id },
        });
        context.services.log.info({ orderId, by: context.viewer.id }, 'gift claimed');
        return giftClaimView(context, args.data.token);
      },
      resendGiftMail: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = orderIdArgs.safeParse(rawArgs);
        if (!args.success) throw new GiftRefused('NOT_THE_GIVER', 'NOT_FOUND', giftMessages.notTheGiver);
        await resendGiftMail(app, { orderId: args.data.orderId, viewer });
        context.services.log.info({ orderId: args.data.orderId }, 'gift mail sent again');
        return { id: args.data.orderId, success: true };
      },
    },
  };
}

/** The gift of each Purchase in one query; Purchases reach only their buyer and admins. */
export const giftsLoaders = {
  Purchase: {
    gift: async (queries: Query<{ id: number; row: OrderRow }>[], context: RequestContext) => {
      if (!context.viewer) return queries.map(() => null);
      const gifts = await giftsOfOrders(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      const now = context.services.now();
      return queries.map((q) => {
        const gift = gifts.get(q.obj.id);
        return gift ? purchaseGiftOf(gift, now) : null;
      });
    },
  },
};
