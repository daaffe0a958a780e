import { z } from 'zod';
import { sql } from 'slonik';
import { centsToEuros } from '../../domain/money';
import { MIN_PAYOUT_CENTS } from '../../domain/payouts/payout.decider';
import { payoutTiming } from '../../domain/payouts/payout-schedule';
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
import { lockPayout } from './lock-payout.handler';
import { markPayoutFailed } from './mark-payout-failed.handler';
import { sendPayout } from './send-payout.handler';
import { lineMoneyView, statementTotalsOf, totalsView } from './payout-statement';
import { registerQuery } from './payouts.routes';
import {
  findPayout,
  linesOfPayouts,
  listPayouts,
  payoutRegister,
  type PayoutRow,
} from './payouts.repository';
import { withdrawPayoutFromFile } from './withdraw-payout-from-file.handler';

// Page sizes of spec 7.2: My Payouts 10, admin lists 20.
const MY_LIST_SIZE = 10;
const ADMIN_LIST_SIZE = 20;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const payoutId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const payoutStatus = z.enum(PAYOUT_STATUSES as [PayoutStatus, ...PayoutStatus[]]);

/** A Payout as GraphQL shows it. */
export function payoutOf(row: PayoutRow, now: Date) {
  const destination = row.destination;
  const timing = payoutTiming(
    {
      status: row.status,
      method: row.payout_method ?? row.author_method,
      payoutDate: row.payout_date,
      amountCents: row.amount_cents,
    },
    now,
    row.author_preferences
      ? {
          thresholdCents: row.author_preferences.threshold_cents,
          schedule: row.author_preferences.schedule,
          held: row.author_preferences.held,
        }
      : undefined,
  );
  return {
    id: row.id,
    amount: centsToEuros(row.amount_cents),
    estimatedPayoutDate: timing.date,
    estimatedDateNote: timing.note,
    minimumAmount: centsToEuros(MIN_PAYOUT_CENTS),
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
    exportFileId: row.export_file_id,
    exportedAt: iso(row.exported_at),
    endToEndId: row.end_to_end_id,
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
    case 'PayoutExportWithdrawn':
      return event.data.withdrawnAt;
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
      return `SEPA file ${event.data.batchId}, end-to-end id ${event.data.endToEndId}`;
    case 'PayoutExportWithdrawn':
      return `Withdrawn from SEPA file ${event.data.batchId}: ${event.data.reason}`;
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
  const refundStep = event.type === 'PayoutItemRemoved' || event.type === 'PayoutAdjustmentAdded';
  return {
    type: event.type,
    at: (payoutEvent ? timeOf(payoutEvent) : null) ?? event.recordedAt.toISOString(),
    actorId: actor?.userId ?? null,
    /** A refund's step was written by the allocation, caused by the refund: its actor is who refunded. */
    causedBy: refundStep ? (event.metadata.causationId ?? null) : null,
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
      payoutRegister: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = registerQuery.extend({ page: z.unknown().optional() }).parse(rawArgs);
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, totals } = await payoutRegister(
          context.services.pool,
          { from: args.from ?? null, to: args.to ?? null, status: args.status ?? null },
          { page: page.page, size: page.size },
        );
        const now = context.services.now();
        return {
          ...pageOf(
            rows.map((row) => payoutOf(row, now)),
            totals.count,
            page,
          ),
          totals: {
            count: totals.count,
            amount: centsToEuros(totals.amount_cents),
            sent: centsToEuros(totals.sent_cents),
            locked: centsToEuros(totals.locked_cents),
            failed: centsToEuros(totals.failed_cents),
          },
        };
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
      withdrawPayoutFromFile: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const metadata = adminMetadata(context);
        const { id, reason } = z.object({ id: payoutId, reason: z.string().max(2000) }).parse(rawArgs);
        await withdrawPayoutFromFile(app, id, reason, metadata);
        return { id, success: true };
      },
    },
  };
}

type Query<T> = { obj: T; params: unknown };

const causingActorRow = z.object({
  event_id: z.string(),
  user_id: z.number().nullable(),
  system: z.string().nullable(),
});

/** The actors of the events that caused others (a refund's OrderRefunded), by event id. */
async function causingActors(
  context: RequestContext,
  eventIds: readonly string[],
): Promise<Map<string, { userId: number | null; system: string | null }>> {
  const ids = [...new Set(eventIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await context.services.pool.any(sql.type(causingActorRow)`
    select event_id::text as event_id, (metadata->'actor'->>'userId')::int8 as user_id,
           metadata->'actor'->>'system' as system
    from events where event_id = any(${sql.array(ids, 'uuid')})`);
  return new Map(rows.map((row) => [row.event_id, { userId: row.user_id, system: row.system }]));
}

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
            itemAuthorShare:
              line.item_author_share_cents === null ? null : centsToEuros(line.item_author_share_cents),
            shareWeight: line.share_weight,
            shareTotalWeight: line.share_total_weight,
            tip: centsToEuros(line.tip_cents),
            ...lineMoneyView(line),
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
    totals: async (queries: Query<PayoutObject>[], context: RequestContext) => {
      const lines = await linesOfPayouts(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        totalsView(statementTotalsOf(lines.filter((line) => line.payout_id === q.obj.id))),
      );
    },
    author: userViewLoader<PayoutObject>((payout) => payout.authorId),
    history: async (queries: Query<PayoutObject>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const streams = await context.services.store.readStreams(
        context.services.pool,
        queries.map((q) => payoutStreamId(q.obj.id)),
      );
      const entries = queries.map((q) =>
        (streams.get(payoutStreamId(q.obj.id))?.events ?? []).map(historyEntryOf),
      );
      const actors = await causingActors(
        context,
        entries.flat().flatMap((entry) => (entry.causedBy ? [entry.causedBy] : [])),
      );
      return entries.map((list) =>
        list.map((entry) => {
          const cause = entry.causedBy ? actors.get(entry.causedBy) : undefined;
          return cause ? { ...entry, actorId: cause.userId ?? null, system: cause.system ?? null } : entry;
        }),
      );
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
