import { sql } from 'slonik';
import { z } from 'zod';
import { PAYOUT_ALLOCATION } from '../../api/payouts/payout-allocation.reactor';
import { authorPartsOf } from '../../domain/co-authors/author-share-split';
import { formatEuros, type Cents } from '../../domain/money';
import { itemLocationKey } from '../../domain/payouts/payout-allocation';
import type { OrderPlaced, OrderRefunded, PaymentReceived } from '../../domain/orders/order.events';
import {
  PAYOUT_EVENT_TYPES,
  payoutItemKey,
  type PayoutEvent,
  type PayoutStatus,
} from '../../domain/payouts/payout.events';
import { payoutsProjection } from '../../projections/payouts.projection';
import type { DatabasePool, DatabaseTransactionConnection } from '../../infra/db/pool';
import type { EventStore, FeedCheckpoint, StoredEvent } from '../../infra/event-store/event-store';
import {
  differingTables,
  reconcileInSnapshot,
  type ReconcileCheck,
  type TableDifference,
} from './scratch-replay';

const PAYOUT_TABLES = ['payouts', 'payout_lines'];
const PAYOUT_EVENTS = new Set<string>(PAYOUT_EVENT_TYPES);
const LINE_EVENTS = new Set(['PayoutItemAdded', 'PayoutItemRemoved', 'PayoutAdjustmentAdded']);
const SAMPLE_ITEMS = 5;

/** A broken payout invariant: which payout (or author, or order) and the figures. */
export type PayoutProblem = {
  payoutId: number | null;
  authorId: number | null;
  /** Where it was seen: the payout events themselves, the scratch copy they give, the live tables. */
  source: 'events' | 'scratch' | 'live';
  problem: string;
};

/**
 * One author's money equation: the author shares of their paid order items minus those of refunded
 * orders (counting the order events the allocation has processed) against their payout lines.
 */
export type AuthorBalance = {
  authorId: number;
  paidCents: Cents;
  refundedCents: Cents;
  /** paid − refunded: what their payout lines must add up to. */
  expectedCents: Cents;
  /** Their payout lines as the payout events give them (items − removed items + adjustments). */
  eventLinesCents: Cents;
  /** Their lines in the live `payout_lines`. */
  liveLinesCents: Cents;
  /** Order items whose share and payout lines disagree (up to five). */
  items: string[];
};

export type PayoutsReconciliation = {
  /** Payout events replayed into the scratch tables. */
  eventsReplayed: number;
  payouts: number;
  authors: number;
  differences: TableDifference[];
  problems: PayoutProblem[];
  unbalancedAuthors: AuthorBalance[];
  /** Payments and refunds after the allocation's checkpoint: not allocated yet, not a difference. */
  notYetAllocated: { payments: number; refunds: number; authorShareCents: Cents };
  /** The 'payout-allocation' checkpoint the money equation counted up to (null: it never ran). */
  allocationCheckpoint: FeedCheckpoint | null;
  /** Set when the payout events could not be replayed into the scratch tables. */
  replayError: string | null;
};

/** What the payout events say of one payout, folded independently of the projection. */
type PayoutFacts = {
  payoutId: number;
  authorId: number | null;
  status: PayoutStatus | null;
  /** The payout's lines: items by order item key, plus the adjustments. */
  items: Map<string, Cents>;
  linesCents: Cents;
  lockedAmountCents: Cents | null;
  problems: string[];
};

/**
 * An order item's author, share and VAT (0 when the order recorded none: placed before VAT), and the
 * share's parts by author (a co-authored item's split, else the whole share its author's).
 */
type OrderItemShare = {
  authorId: number;
  shareCents: Cents;
  vatCents: Cents;
  parts: readonly { authorId: number; cents: Cents }[];
};

/** The money of one order item: what the allocated order events owe its author, what payouts hold. */
type ItemMoney = {
  authorId: number;
  paidCents: Cents;
  refundedCents: Cents;
  heldCents: Cents;
  payouts: Set<number>;
};
const owedCents = (money: ItemMoney) => money.paidCents - money.refundedCents;

const compareCheckpoints = (a: FeedCheckpoint, b: FeedCheckpoint) => {
  const byTransaction = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (byTransaction !== 0n) return byTransaction < 0n ? -1 : 1;
  return Math.sign(a.position - b.position);
};

const eur = (cents: Cents) => `${formatEuros(cents)} EUR`;

/**
 * The payout part of `npm run reconcile`. The payout events are replayed with the projection's own
 * code into scratch copies of `payouts` and `payout_lines`, compared row by row with the live ones;
 * and the payout invariants are checked on the events, folded here without the projection:
 * - every payout's amount is the sum of its lines (items and adjustments), in the scratch and live
 *   tables, and its counts are its lines';
 * - a locked, sent or failed payout's `PayoutLocked.amountCents` is the sum of its lines, which
 *   never change after the lock (no item added or removed, no adjustment); a send pays that amount;
 * - an author has at most one PENDING payout;
 * - the money equation, per author: the author shares of their paid order items minus those of
 *   refunded orders, counting the order events the 'payout-allocation' reactor has processed (at or
 *   before its checkpoint), equal the sum of all their payout lines. Later payments and refunds
 *   are reported as not allocated yet.
 */
export function payoutsCheck(): ReconcileCheck<PayoutsReconciliation> {
  const fold = new PayoutEventsFold();
  return {
    tables: PAYOUT_TABLES,
    projections: [payoutsProjection],
    observes: [...PAYOUT_EVENT_TYPES, 'OrderPlaced', 'PaymentReceived', 'OrderRefunded'],
    async start(tx) {
      fold.checkpoint = await allocationCheckpoint(tx);
    },
    observe(events) {
      for (const event of events) fold.observe(event);
    },
    async finish(tx, replay) {
      const failure = replay.failures.get(payoutsProjection.name);
      const replayError = failure ? `${payoutsProjection.name}: ${failure}` : null;
      const problems = [...fold.orderProblems, ...payoutEventProblems(fold.payouts)];
      // The scratch and live tables: amounts and counts against their lines, one pending per author.
      for (const schema of replayError ? (['public'] as const) : (['pg_temp', 'public'] as const)) {
        problems.push(...(await tableProblems(tx, schema)));
      }
      const unbalancedAuthors = unbalancedAuthorsOf(fold, await liveLinesByAuthor(tx));
      const differences = replayError ? [] : await differingTables(tx, PAYOUT_TABLES);
      const count = await tx.oneFirst(
        sql.type(z.object({ count: z.number() }))`select count(*)::int as count from public.payouts`,
      );
      return {
        eventsReplayed: replay.applied.get(payoutsProjection.name) ?? 0,
        payouts: count,
        authors: new Set([...fold.payouts.values()].map((payout) => payout.authorId)).size,
        differences,
        problems,
        unbalancedAuthors,
        notYetAllocated: fold.notYetAllocated,
        allocationCheckpoint: fold.checkpoint,
        replayError,
      };
    },
  };
}

/** How far the 'payout-allocation' reactor has read the feed (null: it never ran). */
async function allocationCheckpoint(tx: DatabaseTransactionConnection): Promise<FeedCheckpoint | null> {
  const row = await tx.maybeOne(sql.type(z.object({ transaction_id: z.string(), position: z.number() }))`
    select last_transaction_id::text as transaction_id, last_position as position
    from projection_checkpoints where projection_name = ${PAYOUT_ALLOCATION}`);
  return row ? { transactionId: row.transaction_id, position: row.position } : null;
}

type PayoutEventOf<Type extends PayoutEvent['type']> = Extract<PayoutEvent, { type: Type }>;

/**
 * The order and payout events folded in feed order, independently of the projection: each order's
 * item shares, each order item's money (owed by the allocated order events, held by payout lines),
 * each payout's facts, and what the events themselves get wrong.
 */
class PayoutEventsFold {
  checkpoint: FeedCheckpoint | null = null;
  readonly orderItems = new Map<string, OrderItemShare[]>();
  readonly items = new Map<string, ItemMoney>();
  readonly payouts = new Map<number, PayoutFacts>();
  /** Problems of the order events (a payout's own are in its facts). */
  readonly orderProblems: PayoutProblem[] = [];
  readonly notYetAllocated = { payments: 0, refunds: 0, authorShareCents: 0 };

  observe(event: StoredEvent): void {
    if (PAYOUT_EVENTS.has(event.type)) this.payoutEvent(event);
    else this.orderEvent(event);
  }

  private itemMoney(key: string, authorId: number): ItemMoney {
    let money = this.items.get(key);
    if (!money) {
      money = { authorId, paidCents: 0, refundedCents: 0, heldCents: 0, payouts: new Set() };
      this.items.set(key, money);
    }
    return money;
  }

  private payoutOf(payoutId: number): PayoutFacts {
    let payout = this.payouts.get(payoutId);
    if (!payout) {
      payout = {
        payoutId,
        authorId: null,
        status: null,
        items: new Map(),
        linesCents: 0,
        lockedAmountCents: null,
        problems: [],
      };
      this.payouts.set(payoutId, payout);
    }
    return payout;
  }

  /** At or before the allocation's checkpoint: the reactor has applied it to the payouts. */
  private allocated(event: StoredEvent): boolean {
    return (
      this.checkpoint !== null &&
      compareCheckpoints(
        { transactionId: event.transactionId, position: event.globalPosition },
        this.checkpoint,
      ) <= 0
    );
  }

  /** OrderPlaced records the item shares; a payment owes them to the authors, a refund takes them back. */
  private orderEvent(event: StoredEvent): void {
    if (event.type === 'OrderPlaced') {
      const data = event.data as OrderPlaced['data'];
      this.orderItems.set(
        data.orderId,
        data.items.map((item) => ({
          authorId: item.authorId,
          shareCents: item.authorShareCents,
          vatCents: item.vatCents ?? 0,
          parts: authorPartsOf(item),
        })),
      );
      // A co-authored item's parts add up to its author share: no cent lost or created by the split.
      data.items.forEach((item, position) => {
        if (!item.authorShares) return;
        const parts = item.authorShares.reduce((sum, part) => sum + part.cents, 0);
        if (parts !== item.authorShareCents) {
          this.orderProblems.push({
            payoutId: null,
            authorId: item.authorId,
            source: 'events',
            problem:
              `order ${data.orderId} item ${position}: the authors' parts add up to ${eur(parts)}, ` +
              `but its author share is ${eur(item.authorShareCents)}`,
          });
        }
      });
      return;
    }
    if (event.type !== 'PaymentReceived' && event.type !== 'OrderRefunded') return;
    const { orderId } = event.data as (PaymentReceived | OrderRefunded)['data'];
    const shares = this.orderItems.get(orderId) ?? [];
    const sign = event.type === 'PaymentReceived' ? 1 : -1;
    if (!this.allocated(event)) {
      if (sign > 0) this.notYetAllocated.payments++;
      else this.notYetAllocated.refunds++;
      this.notYetAllocated.authorShareCents += sign * shares.reduce((sum, item) => sum + item.shareCents, 0);
      return;
    }
    if (!this.orderItems.has(orderId)) {
      this.orderProblems.push({
        payoutId: null,
        authorId: null,
        source: 'events',
        problem: `order ${orderId}: ${event.type} without an OrderPlaced, so none of it could be allocated`,
      });
    }
    // Each author's part is owed to that author (one part, the whole share, for an item sold alone).
    shares.forEach((item, position) => {
      for (const part of item.parts) {
        const money = this.itemMoney(itemLocationKey({ orderId, position }, part.authorId), part.authorId);
        if (sign > 0) money.paidCents += part.cents;
        else money.refundedCents += part.cents;
      }
    });
  }

  private payoutEvent(event: StoredEvent): void {
    const payoutEvent = event as unknown as PayoutEvent;
    const payout = this.payoutOf(payoutEvent.data.payoutId);
    if (payout.status === null && payoutEvent.type !== 'PayoutOpened') {
      payout.problems.push(`${payoutEvent.type} (version ${event.streamVersion}) before PayoutOpened`);
    }
    if (LINE_EVENTS.has(payoutEvent.type) && payout.status !== 'PENDING' && payout.status !== null) {
      payout.problems.push(
        `${payoutEvent.type} (version ${event.streamVersion}) changed its lines while ${payout.status}`,
      );
    }
    switch (payoutEvent.type) {
      case 'PayoutOpened':
        if (payout.status !== null) payout.problems.push('opened twice');
        payout.status = 'PENDING';
        payout.authorId = payoutEvent.data.authorId;
        break;
      case 'PayoutItemAdded':
        this.itemAdded(payout, payoutEvent);
        break;
      case 'PayoutItemRemoved':
        this.itemRemoved(payout, payoutEvent);
        break;
      case 'PayoutAdjustmentAdded': {
        const data = payoutEvent.data;
        payout.linesCents += data.amountCents;
        const authorId = payout.authorId ?? data.authorId;
        const money = this.itemMoney(itemLocationKey(data, authorId), authorId);
        money.heldCents += data.amountCents;
        money.payouts.add(payout.payoutId);
        break;
      }
      case 'PayoutLocked':
        payoutLocked(payout, payoutEvent);
        break;
      case 'PayoutSent':
        if (payout.lockedAmountCents !== null && payoutEvent.data.amountCents !== payout.lockedAmountCents) {
          payout.problems.push(
            `sent ${eur(payoutEvent.data.amountCents)}, but it was locked for ${eur(payout.lockedAmountCents)}`,
          );
        }
        payout.status = 'SENT';
        break;
      case 'PayoutFailed':
        payout.status = 'ERROR';
        break;
      case 'PayoutRelocked':
        payout.status = 'LOCKED';
        break;
      case 'PayoutExported':
      case 'PayoutExportWithdrawn':
        break;
    }
  }

  /** An item goes into the payout: its author and share must be the order's. */
  private itemAdded(payout: PayoutFacts, event: PayoutEventOf<'PayoutItemAdded'>): void {
    const { item } = event.data;
    const key = payoutItemKey(item);
    if (payout.items.has(key))
      payout.problems.push(`order ${item.orderId} item ${item.position} added twice`);
    const ordered = this.orderItems.get(item.orderId)?.[item.position];
    if (!ordered) {
      payout.problems.push(
        `holds order ${item.orderId} item ${item.position}, which no OrderPlaced recorded`,
      );
    } else {
      // The payout's author must be one of the item's authors, and hold exactly their part.
      const part = ordered.parts.find((p) => p.authorId === payout.authorId);
      if (payout.authorId !== null && !part) {
        payout.problems.push(
          `holds order ${item.orderId} item ${item.position} of author ${ordered.parts.map((p) => p.authorId).join(', ')}, ` +
            `but the payout is author ${payout.authorId}'s`,
        );
      }
      const partCents = part?.cents ?? ordered.shareCents;
      if (partCents !== item.authorShareCents) {
        payout.problems.push(
          `holds order ${item.orderId} item ${item.position} for ${eur(item.authorShareCents)}, ` +
            `but the order recorded ${ordered.parts.length > 1 ? 'this author’s part as' : 'an author share of'} ${eur(partCents)}`,
        );
      }
      // A co-authored item's line names the item's whole share: it must be the order's.
      if (item.split && item.split.itemAuthorShareCents !== ordered.shareCents) {
        payout.problems.push(
          `holds order ${item.orderId} item ${item.position} as part of an author share of ` +
            `${eur(item.split.itemAuthorShareCents)}, but the order recorded ${eur(ordered.shareCents)}`,
        );
      }
      // The statement shows the item's VAT as the payout copied it: it must be the order's.
      if (ordered.vatCents !== (item.vatCents ?? 0)) {
        payout.problems.push(
          `holds order ${item.orderId} item ${item.position} with VAT ${eur(item.vatCents ?? 0)}, ` +
            `but the order recorded VAT ${eur(ordered.vatCents)}`,
        );
      }
    }
    payout.items.set(key, item.authorShareCents);
    payout.linesCents += item.authorShareCents;
    const authorId = payout.authorId ?? event.data.authorId;
    const money = this.itemMoney(itemLocationKey(item, authorId), authorId);
    money.heldCents += item.authorShareCents;
    money.payouts.add(payout.payoutId);
  }

  /** An item leaves the payout: it must hold it, for the amount it was added with. */
  private itemRemoved(payout: PayoutFacts, event: PayoutEventOf<'PayoutItemRemoved'>): void {
    const { data } = event;
    const key = payoutItemKey(data);
    const held = payout.items.get(key);
    if (held === undefined) {
      payout.problems.push(`removes order ${data.orderId} item ${data.position}, which it does not hold`);
    } else if (held !== data.authorShareCents) {
      payout.problems.push(
        `removes order ${data.orderId} item ${data.position} for ` +
          `${eur(data.authorShareCents)}, added for ${eur(held)}`,
      );
    }
    payout.items.delete(key);
    payout.linesCents -= data.authorShareCents;
    const money = this.itemMoney(itemLocationKey(data, payout.authorId ?? 0), payout.authorId ?? 0);
    money.heldCents -= data.authorShareCents;
    money.payouts.add(payout.payoutId);
  }
}

/** The lock: only from PENDING, for the sum and the number of its lines at that moment. */
function payoutLocked(payout: PayoutFacts, event: PayoutEventOf<'PayoutLocked'>): void {
  const { data } = event;
  if (payout.status !== 'PENDING') payout.problems.push(`locked while ${payout.status ?? 'not opened'}`);
  if (data.amountCents !== payout.linesCents) {
    payout.problems.push(
      `PayoutLocked.amountCents ${eur(data.amountCents)}, but its lines add up to ` +
        `${eur(payout.linesCents)} at the lock`,
    );
  }
  if (data.itemCount !== payout.items.size) {
    payout.problems.push(`PayoutLocked.itemCount ${data.itemCount}, but it holds ${payout.items.size} items`);
  }
  payout.status = 'LOCKED';
  payout.lockedAmountCents = data.amountCents;
}

/**
 * The payouts as their events give them: each one's own problems, a locked amount that is not its
 * lines', and authors with more than one PENDING payout.
 */
function payoutEventProblems(payouts: ReadonlyMap<number, PayoutFacts>): PayoutProblem[] {
  const problems: PayoutProblem[] = [];
  const pendingByAuthor = new Map<number, number[]>();
  for (const payout of payouts.values()) {
    const at = { payoutId: payout.payoutId, authorId: payout.authorId, source: 'events' as const };
    for (const problem of payout.problems) problems.push({ ...at, problem });
    if (payout.status === 'PENDING' && payout.authorId !== null) {
      pendingByAuthor.set(payout.authorId, [
        ...(pendingByAuthor.get(payout.authorId) ?? []),
        payout.payoutId,
      ]);
    }
    if (
      payout.lockedAmountCents !== null &&
      payout.status !== 'PENDING' &&
      payout.lockedAmountCents !== payout.linesCents
    ) {
      problems.push({
        ...at,
        problem: `${payout.status}: locked for ${eur(payout.lockedAmountCents)}, but its lines add up to ${eur(payout.linesCents)}`,
      });
    }
  }
  for (const [authorId, pending] of pendingByAuthor) {
    if (pending.length > 1) {
      problems.push({
        payoutId: null,
        authorId,
        source: 'events',
        problem: `${pending.length} PENDING payouts (${pending.join(', ')}); an author has at most one`,
      });
    }
  }
  return problems;
}

/** The sum of each author's lines in the live `payout_lines`. */
async function liveLinesByAuthor(tx: DatabaseTransactionConnection): Promise<Map<number, Cents>> {
  const rows = await tx.any(sql.type(z.object({ author_id: z.number(), cents: z.number() }))`
    select p.author_id, sum(l.author_share_cents)::int8 as cents
    from public.payout_lines l join public.payouts p on p.id = l.payout_id group by p.author_id`);
  return new Map(rows.map((row) => [row.author_id, row.cents]));
}

/**
 * The money equation, per author: what the allocated order events owe them against their lines in
 * the events and in the live tables. The authors whose figures differ, each with the order items
 * that make the difference.
 */
function unbalancedAuthorsOf(fold: PayoutEventsFold, liveLines: ReadonlyMap<number, Cents>): AuthorBalance[] {
  const byAuthor = new Map<number, AuthorBalance>();
  const balanceOf = (authorId: number) => {
    let balance = byAuthor.get(authorId);
    if (!balance) {
      balance = {
        authorId,
        paidCents: 0,
        refundedCents: 0,
        expectedCents: 0,
        eventLinesCents: 0,
        liveLinesCents: 0,
        items: [],
      };
      byAuthor.set(authorId, balance);
    }
    return balance;
  };
  for (const money of fold.items.values()) {
    const balance = balanceOf(money.authorId);
    balance.paidCents += money.paidCents;
    balance.refundedCents += money.refundedCents;
    balance.expectedCents += owedCents(money);
  }
  // The lines belong to the payout's author, whoever the order says the item's author is.
  for (const payout of fold.payouts.values()) {
    if (payout.authorId !== null) balanceOf(payout.authorId).eventLinesCents += payout.linesCents;
  }
  for (const [authorId, cents] of liveLines) balanceOf(authorId).liveLinesCents = cents;

  const unbalancedAuthors = [...byAuthor.values()]
    .filter((b) => b.expectedCents !== b.eventLinesCents || b.expectedCents !== b.liveLinesCents)
    .sort((a, b) => a.authorId - b.authorId);
  sampleDifferingItems(fold, new Map(unbalancedAuthors.map((balance) => [balance.authorId, balance])));
  return unbalancedAuthors;
}

/**
 * Which order items make the difference: owed and held differ, listed under the order's author and
 * under the authors of the payouts that hold them (up to five each).
 */
function sampleDifferingItems(fold: PayoutEventsFold, unbalanced: ReadonlyMap<number, AuthorBalance>): void {
  for (const [key, money] of fold.items) {
    if (owedCents(money) === money.heldCents) continue;
    const holders = [...money.payouts];
    const authors = new Set([money.authorId, ...holders.map((id) => fold.payouts.get(id)?.authorId)]);
    const [orderId, position] = key.split('@')[0]!.split(':');
    const line =
      `order ${orderId} item ${position}: paid ${eur(money.paidCents)} − refunded ` +
      `${eur(money.refundedCents)} by the allocated order events, payout lines hold ` +
      `${eur(money.heldCents)}${holders.length > 0 ? ` (payout ${holders.join(', ')})` : ' (in no payout)'}`;
    for (const authorId of authors) {
      const balance = authorId === null || authorId === undefined ? undefined : unbalanced.get(authorId);
      if (balance && balance.items.length < SAMPLE_ITEMS) balance.items.push(line);
    }
  }
}

/**
 * Payouts of one schema's tables whose amount or counts are not their lines', lines without a
 * payout, and authors with more than one PENDING payout.
 */
async function tableProblems(
  tx: DatabaseTransactionConnection,
  schema: 'pg_temp' | 'public',
): Promise<PayoutProblem[]> {
  const source: PayoutProblem['source'] = schema === 'pg_temp' ? 'scratch' : 'live';
  const payouts = sql.identifier([schema, 'payouts']);
  const lines = sql.identifier([schema, 'payout_lines']);
  const rows = await tx.any(sql.type(
    z.object({ payout_id: z.number(), author_id: z.number().nullable(), problem: z.string() }),
  )`
    with sums as (
      select payout_id, sum(author_share_cents)::int8 as amount,
             count(*) filter (where kind = 'ITEM' and item_type = 'SKIN')::int as skins,
             count(*) filter (where kind = 'ITEM' and item_type = 'BUNDLE')::int as bundles,
             count(*) filter (where kind = 'ADJUSTMENT')::int as adjustments
      from ${lines} group by payout_id
    )
    select coalesce(p.id, s.payout_id) as payout_id, p.author_id, case
      when p.id is null then format('%s lines (%s) belong to no payout', s.skins + s.bundles + s.adjustments,
                                    to_char(s.amount / 100.0, 'FM999999990.00') || ' EUR')
      else concat_ws('; ',
        case when p.amount_cents <> coalesce(s.amount, 0) then format('amount %s, but its lines add up to %s',
          to_char(p.amount_cents / 100.0, 'FM999999990.00') || ' EUR',
          to_char(coalesce(s.amount, 0) / 100.0, 'FM999999990.00') || ' EUR') end,
        case when (p.skin_count, p.bundle_count, p.adjustment_count)
                  is distinct from (coalesce(s.skins, 0), coalesce(s.bundles, 0), coalesce(s.adjustments, 0))
          then format('counts %s skins, %s bundles, %s adjustments, but its lines are %s, %s, %s',
            p.skin_count, p.bundle_count, p.adjustment_count,
            coalesce(s.skins, 0), coalesce(s.bundles, 0), coalesce(s.adjustments, 0)) end)
    end as problem
    from ${payouts} p full join sums s on s.payout_id = p.id
    where p.id is null or p.amount_cents <> coalesce(s.amount, 0)
       or (p.skin_count, p.bundle_count, p.adjustment_count)
          is distinct from (coalesce(s.skins, 0), coalesce(s.bundles, 0), coalesce(s.adjustments, 0))
    order by 1`);
  const pending = await tx.any(sql.type(z.object({ author_id: z.number(), ids: z.array(z.number()) }))`
    select author_id, array_agg(id order by id) as ids from ${payouts}
    where status = 'PENDING' group by author_id having count(*) > 1 order by author_id`);
  return [
    ...rows.map((row) => ({
      payoutId: row.payout_id,
      authorId: row.author_id,
      source,
      problem: row.problem,
    })),
    ...pending.map((row) => ({
      payoutId: null,
      authorId: row.author_id,
      source,
      problem: `${row.ids.length} PENDING payouts (${row.ids.join(', ')}); an author has at most one`,
    })),
  ];
}

/**
 * Reconciles the payout read models and invariants alone, in one repeatable-read snapshot (see
 * `reconcileInSnapshot`; `npm run reconcile` runs it together with the orders).
 */
export async function reconcilePayouts(
  deps: { pool: DatabasePool; store: EventStore },
  options: { batchSize?: number } = {},
): Promise<PayoutsReconciliation> {
  const { results } = await reconcileInSnapshot(deps, { payouts: payoutsCheck() }, options);
  return results.payouts;
}
