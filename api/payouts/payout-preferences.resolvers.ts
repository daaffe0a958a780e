import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { centsToEuros, eurosToCents } from '../../domain/money';
import { MIN_PAYOUT_CENTS } from '../../domain/payouts/payout.decider';
import {
  MAX_PAYOUT_THRESHOLD_CENTS,
  payoutPreferencesInputSchema,
  type PayoutPreferences,
} from '../../domain/payouts/payout-preferences';
import { nextPlannedLock, payoutTiming } from '../../domain/payouts/payout-schedule';
import type { Queryable } from '../../infra/db/pool';
import { findUserById } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { changePayoutPreferences } from './payout-preferences.handler';
import { payoutPreferencesOf } from './payout-preferences.repository';

const preferencesView = (preferences: PayoutPreferences & { changedAt?: Date | null }) => ({
  threshold: centsToEuros(preferences.thresholdCents),
  schedule: preferences.schedule,
  held: preferences.held,
  minimumThreshold: centsToEuros(MIN_PAYOUT_CENTS),
  maximumThreshold: centsToEuros(MAX_PAYOUT_THRESHOLD_CENTS),
  changedAt: preferences.changedAt ? preferences.changedAt.toISOString() : null,
});

const openPayoutRow = z.object({ id: z.number(), amount_cents: z.number() });
const refundLineRow = z.object({
  order_external_id: z.string(),
  name: z.string(),
  author_share_cents: z.number(),
  from_payout_id: z.number().nullable(),
  occurred_at: z.number(),
});

/** The author's open payout and the refund adjustments it holds, newest first. */
async function openPayoutOf(db: Queryable, authorId: number) {
  const open = await db.maybeOne(sql.type(openPayoutRow)`
    select id, amount_cents from payouts where author_id = ${authorId} and status = 'PENDING'`);
  if (!open) return { open: null, refunds: [] };
  const refunds = await db.any(sql.type(refundLineRow)`
    select order_external_id, name, author_share_cents, from_payout_id, occurred_at
    from payout_lines where payout_id = ${open.id} and kind = 'ADJUSTMENT'
    order by line_no desc`);
  return { open, refunds: [...refunds] };
}

/** What My Payouts shows above the list: the preferences, the next planned lock and the balance. */
async function overviewOf(context: RequestContext, authorId: number) {
  const { pool, now } = context.services;
  const [preferences, user, { open, refunds }] = await Promise.all([
    payoutPreferencesOf(pool, authorId),
    findUserById(pool, authorId),
    openPayoutOf(pool, authorId),
  ]);
  const method = user?.payout_method ?? null;
  const balanceCents = open?.amount_cents ?? 0;
  const at = now();
  const timing = open
    ? payoutTiming(
        { status: 'PENDING', method, payoutDate: null, amountCents: balanceCents },
        at,
        preferences,
      )
    : { date: null, note: null };
  const planned = method === 'PAYPAL' ? null : nextPlannedLock(preferences, at);
  return {
    preferences: preferencesView(preferences),
    payoutMethod: method,
    nextLock: planned,
    openPayoutId: open?.id ?? null,
    balance: centsToEuros(balanceCents),
    owed: centsToEuros(Math.max(0, -balanceCents)),
    estimatedDateNote: timing.note,
    refundsTakenBack: refunds.map((line) => ({
      orderExternalId: line.order_external_id,
      name: line.name,
      amount: centsToEuros(line.author_share_cents),
      fromPayoutId: line.from_payout_id,
      at: new Date(line.occurred_at).toISOString(),
    })),
  };
}

export function payoutPreferencesResolvers(app: AppContext) {
  return {
    Query: {
      myPayoutOverview: (_root: unknown, _args: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        return overviewOf(context, viewer.id);
      },
    },
    Mutation: {
      updateMyPayoutPreferences: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const { input } = z.object({ input: payoutPreferencesInputSchema }).parse(rawArgs);
        let thresholdCents: number;
        try {
          thresholdCents = eurosToCents(input.threshold);
        } catch {
          throw new DomainError('BAD_USER_INPUT', 'The threshold is an amount in euros.', 'threshold');
        }
        const preferences = await changePayoutPreferences(app, {
          authorId: viewer.id,
          preferences: { thresholdCents, schedule: input.schedule, held: input.held },
          metadata: { actor: { userId: viewer.id }, correlationId: context.request.id },
        });
        const stored = await payoutPreferencesOf(app.pool, viewer.id);
        return preferencesView({ ...preferences, changedAt: stored.changedAt });
      },
    },
  };
}
