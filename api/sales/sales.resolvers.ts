import { z } from 'zod';
import { centsToEuros } from '../../domain/money';
import { saleInputSchema } from '../../domain/sales/sale.schemas';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import type { AppContext } from '../app-context';
import { cancelSale, changeSale, scheduleSale } from './author-sales.handler';
import { listSales, runningSales, type RunningSale, type SaleRow } from './sales.repository';

type Query<T> = { obj: T; params: unknown };
type PricedItem = { id: number; price: number };

const iso = (ms: number) => new Date(ms).toISOString();
const idArg = z.object({ id: z.string().min(1).max(100) });
const authorArg = z.object({ authorId: z.coerce.number().int().positive() });
const inputArg = z.object({ input: saleInputSchema });

function statusOf(row: SaleRow, now: number) {
  if (row.cancelled_at !== null && row.cancelled_at <= Math.min(now, row.ends_at)) return 'CANCELLED';
  if (row.ends_at <= now) return 'ENDED';
  return row.starts_at <= now ? 'RUNNING' : 'SCHEDULED';
}

function authorSaleOf(row: SaleRow, now: number) {
  return {
    id: row.sale_id,
    authorId: row.author_id,
    name: row.name,
    kind: row.kind,
    percentOff: row.percent_off,
    salePrice: row.sale_price_cents === null ? null : centsToEuros(row.sale_price_cents),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    cancelledAt: row.cancelled_at === null ? null : iso(row.cancelled_at),
    status: statusOf(row, now),
    items: row.items.map((item) => ({ ...item, price: centsToEuros(item.priceCents) })),
  };
}

export function runningSaleOf(sale: RunningSale) {
  return {
    id: sale.saleId,
    name: sale.name,
    salePrice: centsToEuros(sale.salePriceCents),
    regularPrice: centsToEuros(sale.regularCents),
    referencePrice: centsToEuros(sale.referenceCents),
    percentOff: sale.percentOff,
    startsAt: iso(sale.startsAt),
    endsAt: iso(sale.endsAt),
  };
}

async function oneSale(app: AppContext, saleId: string) {
  const [row] = await listSales(app.pool, { saleId });
  if (!row) throw new Error(`The sale ${saleId} was written but cannot be read`);
  return authorSaleOf(row, app.now().getTime());
}

const metadataOf = (context: RequestContext, userId: number, admin = false) => ({
  actor: admin ? { userId, role: 'admin' as const } : { userId },
  correlationId: context.request.id,
});

export function salesResolvers(app: AppContext) {
  return {
    Query: {
      mySales: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const rows = await listSales(app.pool, { authorId: viewer.id });
        const now = app.now().getTime();
        return rows.map((row) => authorSaleOf(row, now));
      },
      authorSales: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const { authorId } = authorArg.parse(rawArgs);
        const rows = await listSales(app.pool, { authorId });
        const now = app.now().getTime();
        return rows.map((row) => authorSaleOf(row, now));
      },
    },
    Mutation: {
      scheduleSale: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const { input } = inputArg.parse(rawArgs);
        const saleId = await scheduleSale(app, {
          authorId: viewer.id,
          input,
          metadata: metadataOf(context, viewer.id),
        });
        return oneSale(app, saleId);
      },
      changeSale: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const { id } = idArg.parse(rawArgs);
        const { input } = inputArg.parse(rawArgs);
        await changeSale(app, {
          userId: viewer.id,
          saleId: id,
          input,
          metadata: metadataOf(context, viewer.id),
        });
        return oneSale(app, id);
      },
      cancelSale: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const { id } = idArg.parse(rawArgs);
        const admin = isAdmin(context.viewer);
        await cancelSale(app, {
          userId: viewer.id,
          admin,
          saleId: id,
          metadata: metadataOf(context, viewer.id, admin),
        });
        return oneSale(app, id);
      },
    },
  };
}

/** One loader per type: every skin (or bundle) of the answer in one read of the running sales. */
function runningSaleLoader(itemType: 'SKIN' | 'BUNDLE') {
  return async (queries: Query<PricedItem>[], context: RequestContext) => {
    const items = queries.map((q) => ({
      itemType,
      itemId: q.obj.id,
      regularCents: Math.round(q.obj.price * 100),
    }));
    const sales = await runningSales(context.services.pool, items, context.services.now());
    return queries.map((q) => {
      const sale = sales.get(`${itemType}:${q.obj.id}`);
      return sale ? runningSaleOf(sale) : null;
    });
  };
}

export const salesLoaders = {
  Skin: { sale: runningSaleLoader('SKIN') },
  Bundle: { sale: runningSaleLoader('BUNDLE') },
};
