import { itemFigures } from '../../domain/catalog/item-performance';
import { centsToEuros } from '../../domain/money';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { itemPerformanceOf } from './item-performance.repository';

/**
 * myItemPerformance: the viewer's own and co-authored items only, with the viewer's own parts;
 * nobody sees another author's figures.
 */
export const itemPerformanceResolvers = {
  Query: {
    myItemPerformance: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const { items, sources, viewsSince } = await itemPerformanceOf(context.services.pool, viewer.id);
      const shown = items.map((item) => {
        const figures = itemFigures(
          item.views,
          sources
            .filter((row) => row.item_type === item.item_type && row.item_id === item.item_id)
            .map((row) => ({
              source: row.source,
              purchases: row.sold_count,
              revenueCents: row.sold_cents,
              authorShareCents: row.author_share_cents,
              authorPartCents: row.author_part_cents,
              refunds: row.refund_count,
              refundedCents: row.refunded_cents,
            })),
          item.purchases_since_views,
        );
        return {
          itemType: item.item_type,
          itemId: item.item_id,
          title: item.title,
          url: item.url,
          published: item.published,
          viewerIsOwner: item.owned,
          views: item.views,
          downloads: item.downloads,
          purchases: figures.purchases,
          conversion: figures.conversion,
          revenueCents: figures.revenueCents,
          revenue: centsToEuros(figures.revenueCents),
          authorShare: centsToEuros(figures.authorShareCents),
          authorPart: centsToEuros(figures.authorPartCents),
          bySource: figures.bySource.map((row) => ({
            source: row.source,
            purchases: row.purchases,
            revenue: centsToEuros(row.revenueCents),
            authorShare: centsToEuros(row.authorShareCents),
            authorPart: centsToEuros(row.authorPartCents),
            refunds: row.refunds,
            refunded: centsToEuros(row.refundedCents),
          })),
        };
      });
      // Most revenue first, then most views, then the newest id.
      shown.sort((a, b) => b.revenueCents - a.revenueCents || b.views - a.views || b.itemId - a.itemId);
      return { items: shown.map(({ revenueCents: _cents, ...item }) => item), viewsSince };
    },
  },
};
