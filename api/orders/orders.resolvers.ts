import { z } from 'zod';
import { placedItemsOf, recordedReductionsOf } from './recorded-reductions';
import { GAME_TYPES } from '../../domain/catalog/item-editor.schemas';
import { centsToEuros } from '../../domain/money';
import { REFUND_WINDOW_DAYS } from '../../domain/orders/order.decider';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/orders/order.events';
import type { AppContext } from '../app-context';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { DomainError } from '../../domain/errors';
import { deliveriesOfOrders, mailDeliveryOf, retryFailedDelivery } from '../mail/mail-deliveries';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { bundleOf } from '../catalogue/bundles-authors.resolvers';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import { pageOf, pageRequest } from '../graphql/paging';
import {
  itemsDownloadedSincePayment,
  itemsOfOrders,
  listOrders,
  listOwnedSkinIds,
  ownedBundleIds,
  ownedSkinIds,
  type OrderRow,
} from './orders.repository';
import { refundOrder } from './refund-order.handler';

// Page sizes of spec 7.2: the account area's lists 10, the admin's 20.
const MY_LIST_SIZE = 10;
const ADMIN_LIST_SIZE = 20;
const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Order lines have no id of their own: this one is the order id and the line's position (< 100). */
const LINES_PER_ORDER_ID = 100;
/** Paid items stay listed and downloadable after the author hides them; only deletion removes them. */
const ANY_UNDELETED = { viewerId: null, admin: true };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const orderId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const paymentStatus = z.enum(PAYMENT_STATUSES as [PaymentStatus, ...PaymentStatus[]]);

/** A Purchase as GraphQL shows it; the buyer's details only in the admin's list. */
export function purchaseOf(row: OrderRow, forAdmin: boolean) {
  return {
    id: row.id,
    externalId: row.external_id,
    totalPrice: centsToEuros(row.total_cents),
    paymentType: row.payment_type,
    paymentReceivedAt: iso(row.payment_received_at),
    paymentStatus: row.status,
    createdAt: iso(row.placed_at),
    buyerEmail: forAdmin ? row.buyer_email : null,
    buyerName: forAdmin ? row.buyer_name : null,
    buyerCountry: forAdmin ? row.buyer_country : null,
    siteFee: forAdmin ? centsToEuros(row.site_fee_cents) : null,
    paymentFee: forAdmin ? centsToEuros(row.payment_fee_cents) : null,
    refundedAt: iso(row.refunded_at),
    row,
  };
}
type PurchaseObject = ReturnType<typeof purchaseOf>;
type PurchaseItemObject = {
  id: number;
  name: string;
  price: number;
  tip: number;
  vat: number;
  listPrice: number | null;
  skinId: number | null;
  bundleId: number | null;
};

async function purchasePage(
  context: RequestContext,
  rawArgs: unknown,
  options: { buyerUserId: number | null; size: number },
) {
  const args = z
    .object({
      search: z.string().max(100).nullish(),
      status: paymentStatus.nullish(),
      page: z.unknown().optional(),
    })
    .parse(rawArgs);
  const page = pageRequest(args.page, options.size);
  const { rows, total } = await listOrders(context.services.pool, {
    buyerUserId: options.buyerUserId,
    search: args.search?.trim() ? args.search.trim() : null,
    status: args.status ?? null,
    page: page.page,
    size: page.size,
  });
  return pageOf(
    rows.map((row) => purchaseOf(row, options.buyerUserId === null)),
    total,
    page,
  );
}

export function ordersResolvers(app: AppContext) {
  return {
    Query: {
      myOwnedSkinIds: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        return (await ownedSkinIds(context.services.pool, viewer.id)).map(String);
      },
      myOwnedBundleIds: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        return (await ownedBundleIds(context.services.pool, viewer.id)).map(String);
      },
      myOwnedSkins: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = z
          .object({ type: z.enum(GAME_TYPES).nullish(), page: z.unknown().optional() })
          .parse(rawArgs);
        const page = pageRequest(args.page, MY_LIST_SIZE);
        const { ids, total } = await listOwnedSkinIds(context.services.pool, {
          userId: viewer.id,
          game: args.type ?? null,
          page: page.page,
          size: page.size,
        });
        const rows = new Map(
          (await skinsByIds(context.services.pool, ids, ANY_UNDELETED)).map((row) => [row.id, row]),
        );
        return pageOf(
          ids.flatMap((id) => {
            const row = rows.get(id);
            return row ? [skinOf(row)] : [];
          }),
          total,
          page,
        );
      },
      myPurchaseList: (_root: unknown, args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        // Only the page argument applies here.
        const { page } = z.object({ page: z.unknown().optional() }).parse(args);
        return purchasePage(context, { page }, { buyerUserId: viewer.id, size: MY_LIST_SIZE });
      },
      purchaseList: (_root: unknown, args: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        return purchasePage(context, args, { buyerUserId: null, size: ADMIN_LIST_SIZE });
      },
    },
    Mutation: {
      refundOrder: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const { id } = z.object({ id: orderId }).parse(rawArgs);
        await refundOrder(app, {
          orderId: id,
          adminId: admin.id,
          metadata: { actor: { userId: admin.id, role: 'admin' }, correlationId: context.request.id },
        });
        return { id, success: true };
      },
      retryMailDelivery: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const { id } = z.object({ id: orderId }).parse(rawArgs);
        const retried = await retryFailedDelivery(context.services.pool, id);
        if (retried === null) throw new DomainError('NOT_FOUND', 'There is no such mail.');
        if (retried === false) throw new DomainError('CONFLICT', 'Only a failed mail can be retried.');
        context.services.log.info({ deliveryId: id, by: admin.id }, 'mail delivery retried by an admin');
        return mailDeliveryOf(retried);
      },
    },
  };
}

type Query<T> = { obj: T; params: unknown };

/** A line's recorded reduction of one source (a line has at most one sale and one code), or null. */
function recordedReductionLoader(source: 'SALE' | 'CODE') {
  return async (queries: Query<PurchaseItemObject>[], context: RequestContext) => {
    const lineOf = (id: number) => ({
      orderId: Math.floor(id / LINES_PER_ORDER_ID),
      position: id % LINES_PER_ORDER_ID,
    });
    const placedItem = await placedItemsOf(
      context.services,
      queries.map((q) => lineOf(q.obj.id).orderId),
    );
    return queries.map((q) => {
      const { orderId, position } = lineOf(q.obj.id);
      const { reductions } = recordedReductionsOf(placedItem(orderId, position));
      return reductions.find((reduction) => reduction.source === source) ?? null;
    });
  };
}

/** Mercurius loaders: the items, refundability and each item's skin or bundle, one query per field. */
export const ordersLoaders = {
  Purchase: {
    items: async (queries: Query<PurchaseObject>[], context: RequestContext) => {
      const items = await itemsOfOrders(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        items
          .filter((item) => item.order_id === q.obj.id)
          .map((item): PurchaseItemObject => ({
            id: item.order_id * LINES_PER_ORDER_ID + item.position,
            name: item.name,
            price: centsToEuros(item.price_cents),
            tip: centsToEuros(item.tip_cents),
            vat: centsToEuros(item.vat_cents),
            listPrice: item.list_price_cents === null ? null : centsToEuros(item.list_price_cents),
            skinId: item.item_type === 'SKIN' ? item.item_id : null,
            bundleId: item.item_type === 'BUNDLE' ? item.item_id : null,
          })),
      );
    },
    refundable: async (queries: Query<PurchaseObject>[], context: RequestContext) => {
      const now = context.services.now().getTime();
      const inWindow = (row: OrderRow) =>
        row.status === 'PAYMENT_RECEIVED' &&
        row.payment_received_at !== null &&
        now - row.payment_received_at <= REFUND_WINDOW_MS;
      const candidates = queries.map((q) => q.obj.row).filter(inWindow);
      const downloaded = await itemsDownloadedSincePayment(
        context.services,
        candidates.map((row) => row.id),
      );
      return queries.map((q) => inWindow(q.obj.row) && !downloaded.has(q.obj.id));
    },
    mails: async (queries: Query<PurchaseObject>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const rows = await deliveriesOfOrders(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => rows.filter((row) => row.order_id === q.obj.id).map(mailDeliveryOf));
    },
  },
  PurchaseItem: {
    // The reductions the orders recorded: one read of the page's order streams per field.
    saleReduction: recordedReductionLoader('SALE'),
    codeReduction: recordedReductionLoader('CODE'),
    skin: async (queries: Query<PurchaseItemObject>[], context: RequestContext) => {
      const ids = queries.flatMap((q) => (q.obj.skinId === null ? [] : [q.obj.skinId]));
      const rows = new Map(
        (await skinsByIds(context.services.pool, [...new Set(ids)], ANY_UNDELETED)).map((r) => [r.id, r]),
      );
      return queries.map((q) => {
        const row = q.obj.skinId === null ? undefined : rows.get(q.obj.skinId);
        return row ? skinOf(row) : null;
      });
    },
    bundle: async (queries: Query<PurchaseItemObject>[], context: RequestContext) => {
      const ids = queries.flatMap((q) => (q.obj.bundleId === null ? [] : [q.obj.bundleId]));
      const rows = new Map(
        (await bundlesByIds(context.services.pool, [...new Set(ids)], ANY_UNDELETED)).map((r) => [r.id, r]),
      );
      return queries.map((q) => {
        const row = q.obj.bundleId === null ? undefined : rows.get(q.obj.bundleId);
        return row ? bundleOf(row) : null;
      });
    },
  },
};
