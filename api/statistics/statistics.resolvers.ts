import { z } from 'zod';
import { salesStatisticsProjection } from '../../projections/sales-statistics.projection';
import { centsToEuros } from '../../domain/money';
import { requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import type { Queryable } from '../../infra/db/pool';
import {
  earningsHistory,
  moneySpent,
  purchaseHistory,
  skinPurchasePopularity,
  type MoneyFigures,
} from './sales.repository';
import { eventsPerDay, newAccountsAndSkins } from './site-activity.repository';
import { resolvePeriod, statisticsPeriodInput, type StatisticsPeriod } from './statistics-period';
import {
  downloadFigures,
  downloadHistory,
  mostDownloaded,
  type StatisticsScope,
} from './statistics.repository';

const siteArgs = z.object({ site: z.boolean().nullish(), period: statisticsPeriodInput.nullish() });
const popularityArgs = siteArgs.extend({ length: z.number().int().min(1).max(50).nullish() });
const periodArgs = z.object({ period: statisticsPeriodInput });

/** An author's own figures, or (site: true) the whole site's, which only admins may see. */
function scopeOf(site: boolean | null | undefined, context: RequestContext): StatisticsScope {
  if (site) {
    requireRoles(context.viewer, 'admin');
    return { authorId: null };
  }
  return { authorId: requireViewer(context.viewer).id };
}

const periodOf = (args: z.infer<typeof siteArgs>, context: RequestContext): StatisticsPeriod | null =>
  args.period ? resolvePeriod(args.period, context.services.now()) : null;

/** The skins of popularity rows, as the caller may see them, in the rows' order. */
async function withSkins<Row extends { skin_id: number }>(
  db: Queryable,
  rows: readonly Row[],
  scope: StatisticsScope,
  viewerId: number,
) {
  const skins = await skinsByIds(db, [...new Set(rows.map((row) => row.skin_id))], {
    viewerId,
    admin: scope.authorId === null,
  });
  const byId = new Map(skins.map((skin) => [skin.id, skinOf(skin)]));
  return rows.flatMap((row) => {
    const skin = byId.get(row.skin_id);
    return skin ? [{ ...row, skin }] : [];
  });
}

const moneyFiguresOf = (row: MoneyFigures) => ({
  totalSpent: centsToEuros(row.paid_cents),
  vatTotal: centsToEuros(row.vat_cents),
  netTotal: centsToEuros(row.paid_cents - row.vat_cents),
  externalFeesTotal: centsToEuros(row.payment_fee_cents),
  internalFeesTotal: centsToEuros(row.site_fee_cents),
  paymentCount: row.paid_count,
  refundedTotal: centsToEuros(row.refunded_cents),
  refundedVatTotal: centsToEuros(row.refunded_vat_cents),
  refundCount: row.refund_count,
});

const windowFigures = (
  scope: StatisticsScope,
  window: 'ALL_TIME' | 'LAST_30_DAYS' | 'LAST_YEAR',
  context: RequestContext,
) => downloadFigures(context.services.pool, scope, resolvePeriod({ window }, context.services.now()));

export const statisticsResolvers = {
  Query: {
    downloadCount: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      const scope = scopeOf(args.site, context);
      // Each window is counted when asked for (the dashboards ask for two of them).
      return { scope };
    },
    downloadHistory: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      return downloadHistory(
        context.services.pool,
        scopeOf(args.site, context),
        context.services.now(),
        periodOf(args, context),
      );
    },
    skinDownloadPopularity: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = popularityArgs.parse(rawArgs);
      const scope = scopeOf(args.site, context);
      const now = context.services.now();
      const top = (window: 'LAST_30_DAYS' | 'LAST_YEAR') =>
        mostDownloaded(context.services.pool, scope, resolvePeriod({ window }, now), args.length ?? 10);
      const [last30Days, lastYear] = await Promise.all([top('LAST_30_DAYS'), top('LAST_YEAR')]);
      const shown = await withSkins(
        context.services.pool,
        [...last30Days, ...lastYear],
        scope,
        context.viewer!.id,
      );
      const skinById = new Map(shown.map((row) => [row.skin_id, row.skin]));
      const rowsWithSkins = (rows: typeof last30Days) =>
        rows.flatMap((row) => {
          const skin = skinById.get(row.skin_id);
          return skin ? [{ skin, total: row.total, unique: row.unique }] : [];
        });
      return { last30Days: rowsWithSkins(last30Days), lastYear: rowsWithSkins(lastYear) };
    },
    topDownloadedSkins: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = popularityArgs.extend(periodArgs.shape).parse(rawArgs);
      const scope = scopeOf(args.site, context);
      const rows = await mostDownloaded(
        context.services.pool,
        scope,
        resolvePeriod(args.period, context.services.now()),
        args.length ?? 10,
      );
      return withSkins(context.services.pool, rows, scope, context.viewer!.id);
    },
    purchaseHistory: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      const rows = await purchaseHistory(
        context.services.pool,
        scopeOf(args.site, context),
        periodOf(args, context) ?? undefined,
      );
      return rows.map((row) => ({
        year: row.year,
        month: row.month,
        paymentStatus: row.payment_status,
        paymentType: row.payment_type,
        totalCount: row.order_count,
        totalPrice: centsToEuros(row.total_cents),
        vat: centsToEuros(row.vat_cents),
        net: centsToEuros(row.total_cents - row.vat_cents),
      }));
    },
    moneySpent: async (_root: unknown, _args: unknown, context: RequestContext) => {
      requireRoles(context.viewer, 'admin');
      const now = context.services.now();
      const figures = await moneySpent(context.services.pool, {
        allTime: resolvePeriod({ window: 'ALL_TIME' }, now),
        last30Days: resolvePeriod({ window: 'LAST_30_DAYS' }, now),
        lastYear: resolvePeriod({ window: 'LAST_YEAR' }, now),
      });
      return {
        allTime: moneyFiguresOf(figures.allTime),
        last30Days: moneyFiguresOf(figures.last30Days),
        lastYear: moneyFiguresOf(figures.lastYear),
      };
    },
    skinPurchasePopularity: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = popularityArgs.parse(rawArgs);
      const scope = scopeOf(args.site, context);
      const length = args.length ?? 10;
      const period = periodOf(args, context) ?? undefined;
      const best = () => skinPurchasePopularity(context.services.pool, scope, length, period);
      // The whole site's best sellers of a span of months sum every item's months: kept per read model state.
      const rows =
        scope.authorId === null && period
          ? await context.services.statistics.get(
              context.services.pool,
              salesStatisticsProjection.name,
              // The months are all the query reads of a period.
              JSON.stringify(['skinPurchasePopularity', length, period.fromMonth, period.toMonth]),
              best,
            )
          : await best();
      const shown = await withSkins(context.services.pool, rows, scope, context.viewer!.id);
      return shown.map((row) => ({
        skin: row.skin,
        totalPrice: centsToEuros(row.sold_cents),
        totalVat: centsToEuros(row.sold_vat_cents),
        totalNet: centsToEuros(row.sold_cents - row.sold_vat_cents),
        totalCount: row.sold_count,
        refundedPrice: centsToEuros(row.refunded_cents),
        refundedVat: centsToEuros(row.refunded_vat_cents),
        refundCount: row.refund_count,
        authorShare: row.share_cents === null ? null : centsToEuros(row.share_cents),
        authorPart: row.part_cents === null ? null : centsToEuros(row.part_cents),
      }));
    },
    earningsHistory: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = siteArgs.parse(rawArgs);
      const rows = await earningsHistory(
        context.services.pool,
        scopeOf(args.site, context),
        periodOf(args, context) ?? undefined,
      );
      return rows.map((row) => ({
        year: row.year,
        month: row.month,
        itemsSold: row.items_sold,
        totalPrice: centsToEuros(row.sales_cents),
        vat: centsToEuros(row.vat_cents),
        net: centsToEuros(row.sales_cents - row.vat_cents),
        earnings: centsToEuros(row.author_share_cents),
        itemsRefunded: row.items_refunded,
        refundedPrice: centsToEuros(row.refunded_cents),
        refundedVat: centsToEuros(row.refunded_vat_cents),
        refundedEarnings: centsToEuros(row.refunded_share_cents),
      }));
    },
    siteActivity: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      requireRoles(context.viewer, 'admin');
      const period = resolvePeriod(periodArgs.parse(rawArgs).period, context.services.now());
      const [created, events] = await Promise.all([
        newAccountsAndSkins(context.services.pool, period),
        eventsPerDay(context.services.pool, period),
      ]);
      return {
        newUsers: created.users,
        newSkins: created.skins,
        eventsPerDay: events.map((row) => ({ day: row.day, count: row.events })),
      };
    },
  },
  DownloadCountStats: {
    allTime: (parent: { scope: StatisticsScope }, _args: unknown, context: RequestContext) =>
      windowFigures(parent.scope, 'ALL_TIME', context),
    last30Days: (parent: { scope: StatisticsScope }, _args: unknown, context: RequestContext) =>
      windowFigures(parent.scope, 'LAST_30_DAYS', context),
    lastYear: (parent: { scope: StatisticsScope }, _args: unknown, context: RequestContext) =>
      windowFigures(parent.scope, 'LAST_YEAR', context),
    inPeriod: (parent: { scope: StatisticsScope }, rawArgs: unknown, context: RequestContext) =>
      downloadFigures(
        context.services.pool,
        parent.scope,
        resolvePeriod(periodArgs.parse(rawArgs).period, context.services.now()),
      ),
  },
  MoneySpentStats: {
    // Only reachable through moneySpent, which has already required the admin role.
    inPeriod: async (_parent: unknown, rawArgs: unknown, context: RequestContext) => {
      const period = resolvePeriod(periodArgs.parse(rawArgs).period, context.services.now());
      const { inPeriod } = await moneySpent(context.services.pool, { inPeriod: period });
      return moneyFiguresOf(inPeriod);
    },
  },
};
