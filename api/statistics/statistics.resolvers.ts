import { z } from 'zod';
import { centsToEuros } from '../../domain/money';
import { requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import {
  downloadCounts,
  downloadHistory,
  mostDownloadedSince,
  WINDOWS,
  type StatisticsScope,
} from './statistics.repository';
import {
  earningsHistory,
  moneySpent,
  purchaseHistory,
  skinPurchasePopularity,
  type MoneyFigures,
} from './sales.repository';

const DAY_MS = 86_400_000;
const siteArgs = z.object({ site: z.boolean().nullish() });
const popularityArgs = siteArgs.extend({ length: z.number().int().min(1).max(50).nullish() });

/** An author's own figures, or (site: true) the whole site's, which only admins may see. */
function scopeOf(site: boolean | null | undefined, context: RequestContext): StatisticsScope {
  if (site) {
    requireRoles(context.viewer, 'admin');
    return { authorId: null };
  }
  return { authorId: requireViewer(context.viewer).id };
}

const moneyFiguresOf = (row: MoneyFigures) => ({
  totalSpent: centsToEuros(row.paid_cents),
  externalFeesTotal: centsToEuros(row.payment_fee_cents),
  internalFeesTotal: centsToEuros(row.site_fee_cents),
  paymentCount: row.paid_count,
  refundedTotal: centsToEuros(row.refunded_cents),
  refundCount: row.refund_count,
});

export const statisticsResolvers = {
  Query: {
    downloadCount: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      return downloadCounts(context.services.pool, scopeOf(args.site, context), context.services.now());
    },
    downloadHistory: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      return downloadHistory(context.services.pool, scopeOf(args.site, context), context.services.now());
    },
    skinDownloadPopularity: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = popularityArgs.parse(rawArgs);
      const scope = scopeOf(args.site, context);
      const now = context.services.now().getTime();
      const length = args.length ?? 10;
      const [last30Days, lastYear] = await Promise.all([
        mostDownloadedSince(
          context.services.pool,
          scope,
          new Date(now - WINDOWS.last30Days * DAY_MS),
          length,
        ),
        mostDownloadedSince(context.services.pool, scope, new Date(now - WINDOWS.lastYear * DAY_MS), length),
      ]);
      const viewer = context.viewer!;
      const skins = await skinsByIds(
        context.services.pool,
        [...new Set([...last30Days, ...lastYear].map((row) => row.skin_id))],
        { viewerId: viewer.id, admin: scope.authorId === null },
      );
      const byId = new Map(skins.map((skin) => [skin.id, skinOf(skin)]));
      const withSkins = (rows: typeof last30Days) =>
        rows.flatMap((row) => {
          const skin = byId.get(row.skin_id);
          return skin ? [{ skin, total: row.total, unique: row.unique }] : [];
        });
      return { last30Days: withSkins(last30Days), lastYear: withSkins(lastYear) };
    },
    purchaseHistory: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      const rows = await purchaseHistory(context.services.pool, scopeOf(args.site, context));
      return rows.map((row) => ({
        year: row.year,
        month: row.month,
        paymentStatus: row.payment_status,
        paymentType: row.payment_type,
        totalCount: row.order_count,
        totalPrice: centsToEuros(row.total_cents),
      }));
    },
    moneySpent: async (_root: unknown, _args: unknown, context: RequestContext) => {
      requireRoles(context.viewer, 'admin');
      const figures = await moneySpent(context.services.pool, context.services.now());
      return {
        allTime: moneyFiguresOf(figures.allTime),
        last30Days: moneyFiguresOf(figures.last30Days),
        lastYear: moneyFiguresOf(figures.lastYear),
      };
    },
    skinPurchasePopularity: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = popularityArgs.parse(rawArgs);
      const scope = scopeOf(args.site, context);
      const rows = await skinPurchasePopularity(context.services.pool, scope, args.length ?? 10);
      const skins = await skinsByIds(
        context.services.pool,
        rows.map((row) => row.skin_id),
        { viewerId: context.viewer!.id, admin: scope.authorId === null },
      );
      const byId = new Map(skins.map((skin) => [skin.id, skinOf(skin)]));
      return rows.flatMap((row) => {
        const skin = byId.get(row.skin_id);
        return skin
          ? [
              {
                skin,
                totalPrice: centsToEuros(row.sold_cents),
                totalCount: row.sold_count,
                refundedPrice: centsToEuros(row.refunded_cents),
                refundCount: row.refund_count,
              },
            ]
          : [];
      });
    },
    earningsHistory: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      const rows = await earningsHistory(context.services.pool, scopeOf(args.site, context));
      return rows.map((row) => ({
        year: row.year,
        month: row.month,
        itemsSold: row.items_sold,
        totalPrice: centsToEuros(row.sales_cents),
        earnings: centsToEuros(row.author_share_cents),
        itemsRefunded: row.items_refunded,
        refundedPrice: centsToEuros(row.refunded_cents),
        refundedEarnings: centsToEuros(row.refunded_share_cents),
      }));
    },
  },
};
