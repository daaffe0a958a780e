import { z } from 'zod';
import { centsToEuros } from '../../domain/money';
import { estimatedPayoutDate } from '../../domain/payouts/payout-schedule';
import {
  PAYOUT_EVENT_TYPES,
  PAYOUT_STATUSES,
  payoutStreamId,
  type PayoutEvent,
  type PayoutStatus,
} from '../../domain/payouts/payout.events';
import { isEventOf, type StoredEvent } from '../../infra/event-store/event-store';
import { userViewLoader, userViewOf } from '../accounts/accounts.resolvers';
import { usersByIds } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { DomainError } from '../../domain/errors';
import { pageOf, pageRequest } from '../graphql/paging';
import { lockPayout, markPayoutFailed, sendPayout } from './payout-admin.handlers';
import { findPayout, linesOfPayouts, listPayouts, type PayoutRow } from './payouts.repository';

// Page sizes of spec 7.2: My Payouts 10, admin lists 20.
const MY_LIST_SIZE = 10;
const ADMIN_LIST_SIZE = 20;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const payoutId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const payoutStatus = z.enum(PAYOUT_STATUSES as [PayoutStatus, ...PayoutStatus[]]);

/** A Payout as GraphQL shows it. */
export function payoutOf(row: PayoutRow, now: Date) {
  const destination = row.destination;
  return {
    id: row.id,
    amount: centsToEuros(row.amount_cents),
    estimatedPayoutDate: estimatedPayoutDate(
      { status: row.status, method: row.payout_method ?? row.author_method, payoutDate: row.payout_date },
      now,
    ),
    externalId: row.transfer_reference,
    payoutStatus: row.status,
    sentOn: iso(row.sent_at),
    lockedOn: iso(row.locked_at),
    // While pending, the method the author has chosen; from the lock on, the one it was locked with.
    payoutMethod: row.payout_method ?? row.author_method,
    sendToIban: destination?.iban ?? null,
    sendToBic: destination?.bic ?? null,
    sendToPaypalAccount: destination?.paypalAccount ?? null,
    sendToName: destination?.name ?? null,
    createdAt: iso(row.opened_at),
    skinCount: row.skin_count,
    bundleCount: row.bundle_count,
    adjustmentCount: row.adjustment_count,
    failureReason: row.status === 'ERROR' ? row.failure_reason : null,
    exportBatchId: row.export_batch_id,
    authorId: row.author_id,
  };
}
type PayoutObject = ReturnType<typeof payoutOf>;

/** When the step happened, as its event states it (an item: when the buyer paid). */
function timeOf(event: PayoutEvent): string | null {
  switch (event.type) {
    case 'PayoutOpened':
      return event.data.openedAt;
    case 'PayoutItemAdded':
      return event.data.item.paidAt;
    case 'PayoutItemRemoved':
      return event.data.removedAt;
    case 'PayoutAdjustmentAdded':
      return event.data.addedAt;
    case 'PayoutLocked':
      return event.data.lockedAt;
    case 'PayoutExported':
      return event.data.exportedAt;
    case 'PayoutSent':
      return event.data.sentAt;
    case 'PayoutFailed':
      return event.data.failedAt;
    case 'PayoutRelocked':
      return event.data.relockedAt;
  }
}

/** The amount a step moves, if any (an item removed takes its share back). */
function amountOf(event: PayoutEvent): number | null {
  switch (event.type) {
    case 'PayoutItemAdded':
      return event.data.item.authorShareCents;
    case 'PayoutItemRemoved':
      return -event.data.authorShareCents;
    case 'PayoutAdjustmentAdded':
    case 'PayoutLocked':
    case 'PayoutSent':
      return event.data.amountCents;
    default:
      return null;
  }
}

/** Why the step happened, as a history line says it. */
function reasonOf(event: PayoutEvent): string | null {
  switch (event.type) {
    case 'PayoutItemAdded':
      return `${event.data.item.name} (order ${event.data.item.orderExternalId})`;
    case 'PayoutItemRemoved':
      return `Order refunded (order ${event.data.orderId}, item ${event.data.position + 1})`;
    case 'PayoutAdjustmentAdded':
      return `${event.data.name} (order ${event.data.orderExternalId}, from payout ${event.data.fromPayoutId})`;
    case 'PayoutExported':
      return `SEPA file ${event.data.batchId}`;
    case 'PayoutSent':
      return `Reference ${event.data.transferReference}`;
    case 'PayoutFailed':
      return event.data.reason;
    default:
      return null;
  }
}

const isPayoutEvent = isEventOf<PayoutEvent>(PAYOUT_EVENT_TYPES);

/** What a history entry says about one event (one of another type shows only its type and time). */
function historyEntryOf(event: StoredEvent) {
  const payoutEvent = isPayoutEvent(event) ? event : null;
  const amountCents = payoutEvent ? amountOf(payoutEvent) : null;
  const actor = event.metadata.actor;
  return {
    type: event.type,
    at: (payoutEvent ? timeOf(payoutEvent) : null) ?? event.recordedAt.toISOString(),
    actorId: actor?.userId ?? null,
    system: actor?.userId ? null : (actor?.system ?? null),
    reason: payoutEvent ? reasonOf(payoutEvent) : null,
    amount: amountCents === null ? null : centsToEuros(amountCents),
  };
}
type HistoryEntry = ReturnType<typeof historyEntryOf>;

/** The payout for its author or an admin; anyone else is told it does not exist. */
async function visiblePayout(context: RequestContext, id: number): Promise<PayoutRow> {
  const viewer = requireViewer(context.viewer);
  const row = await findPayout(context.services.pool, id);
  if (!row || (row.author_id !== viewer.id && !isAdmin(context.viewer))) {
    throw new DomainError('NOT_FOUND', 'There is no such payout.');
  }
  return row;
}

async function payoutPage(
  context: RequestContext,
  rawArgs: unknown,
  options: { authorId: number | null; size: number },
) {
  const args = z.object({ status: payoutStatus.nullish(), page: z.unknown().optional() }).parse(rawArgs);
  const page = pageRequest(args.page, options.size);
  const { rows, total } = await listPayouts(context.services.pool, {
    authorId: options.authorId,
    status: args.status ?? null,
    page: page.page,
    size: page.size,
  });
  const now = context.services.now();
  return pageOf(
    rows.map((row) => payoutOf(row, now)),
    total,
    page,
  );
}

export { visiblePayout };

export function payoutsResolvers(app: AppContext) {
  const adminMetadata = (context: RequestContext) => {
    const admin = requireRoles(context.viewer, 'admin');
    return { actor: { userId: admin.id, role: 'admin' }, correlationId: context.request.id };
  };
  return {
    Query: {
      myPayouts: (_root: unknown, args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        return payoutPage(context, args, { authorId: viewer.id, size: MY_LIST_SIZE });
      },
      allPayouts: (_root: unknown, args: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        return payoutPage(context, args, { authorId: null, size: ADMIN_LIST_SIZE });
      },
      payout: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const { id } = z.object({ id: payoutId }).parse(rawArgs);
        return payoutOf(await visiblePayout(context, id), context.services.now());
      },
    },
    Mutation: {
      lockPayout: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const metadata = adminMetadata(context);
        const { id } = z.object({ id: payoutId }).parse(rawArgs);
        await lockPayout(app, id, metadata);
        return { id, success: true };
      },
      sendPayout: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const metadata = adminMetadata(context);
        const { id } = z.object({ id: payoutId }).parse(rawArgs);
        const result = await sendPayout(app, id, metadata);
        if (result.status === 'ERROR') {
          throw new DomainError('BAD_USER_INPUT', `PayPal refused the payout: ${result.reason}`, 'id');
        }
        return { id, success: true };
      },
      markPayoutFailed: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const metadata = adminMetadata(context);
        const { id, reason } = z.object({ id: payoutId, reason: z.string().max(2000) }).parse(rawArgs);
        await markPayoutFailed(app, id, reason, metadata);
        return { id, success: true };
      },
    },
  };
}

type Query<T> = { obj: T; params: unknown };

/** Mercurius loaders: a page's lines, authors and histories, one query per field. */
export const payoutsLoaders = {
  Payout: {
    items: async (queries: Query<PayoutObject>[], context: RequestContext) => {
      const lines = await linesOfPayouts(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        lines
          .filter((line) => line.payout_id === q.obj.id)
          .map((line) => ({
            id: `${line.payout_id}-${line.line_no}`,
            name: line.name,
            price: centsToEuros(line.price_cents),
            authorReward: centsToEuros(line.author_share_cents),
            tip: centsToEuros(line.tip_cents),
            internalFee: centsToEuros(line.site_fee_cents),
            externalFee: centsToEuros(line.payment_fee_cents),
            inBundle: line.item_type === 'BUNDLE',
            purchaseItemType: line.item_type,
            adjustment: line.kind === 'ADJUSTMENT',
            orderExternalId: line.order_external_id,
            occurredAt: new Date(line.occurred_at).toISOString(),
            fromPayoutId: line.from_payout_id,
          })),
      );
    },
    author: userViewLoader<PayoutObject>((payout) => payout.authorId),
    history: async (queries: Query<PayoutObject>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const streams = await context.services.store.readStreams(
        context.services.pool,
        queries.map((q) => payoutStreamId(q.obj.id)),
      );
      return queries.map((q) => (streams.get(payoutStreamId(q.obj.id))?.events ?? []).map(historyEntryOf));
    },
  },
  PayoutHistoryEntry: {
    actor: async (queries: Query<HistoryEntry>[], context: RequestContext) => {
      const users = await usersByIds(
        context.services.pool,
        queries.flatMap((q) => (q.obj.actorId === null ? [] : [q.obj.actorId])),
      );
      return queries.map((q) => {
        const user = q.obj.actorId === null ? undefined : users.get(q.obj.actorId);
        return user ? userViewOf(user, context) : null;
      });
    },
  },
};
