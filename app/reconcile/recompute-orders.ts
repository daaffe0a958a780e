import { splitAuthorShare } from '../../domain/co-authors/author-share-split';
import { sql } from 'slonik';
import { z } from 'zod';
import { priceOrder, type FeePolicy } from '../../domain/fees';
import { formatEuros, type Cents } from '../../domain/money';
import { orderEventSchemaVersions, type OrderEventType } from '../../domain/orders/order.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { EventUpcasters } from '../../infra/event-store/event-upcasters';
import { createUpcasters } from '../../infra/event-store/upcaster-registry';
import { feePolicyCache } from './fee-policy-version';
import type { ReconcileCheck } from './scratch-replay';

/** What a finding is about. */
export type RecomputeCheckName = 'fees' | 'payment' | 'refund' | 'ownership' | 'events';

/** One thing the recomputation found that differs from what the events or the live tables hold. */
export type OrderFinding = {
  check: RecomputeCheckName;
  /** The order's id (as its events name it) and number (null when no OrderPlaced gave one). */
  orderId: string;
  externalId: string | null;
  /** What was compared: `item 0 (SKIN 12) author share`, `paid amount`, `skin 7 of bundle 3`. */
  what: string;
  /** What recomputing from the events gives, and what was found instead. */
  expected: string;
  found: string;
};

export type OrdersRecomputation = {
  /** Orders placed (order streams with an OrderPlaced). */
  orders: number;
  /** Order events read, in stream order. */
  eventsRead: number;
  /** Orders by the fee-policy version they recorded. */
  feePolicies: Record<string, number>;
  /** Every finding counted; `findings` keeps the first `MAX_FINDINGS` of them. */
  findingCount: number;
  findings: OrderFinding[];
  /** Where the time went, in milliseconds. */
  timings: { readAndRecompute: number; ownership: number };
  seconds: number;
};

/** Findings kept for the report; beyond them only the count grows (a broken rule misprices all). */
export const MAX_FINDINGS = 1_000;
const EVENTS_PER_READ = 20_000;
const OWNED_ROWS_PER_INSERT = 50_000;

const ORDER_EVENT_TYPES = Object.keys(orderEventSchemaVersions) as OrderEventType[];
const ORDER_STREAM = /^order-(\d+)$/;

// The fields the recomputation reads, validated: a malformed event is a finding, not a crash.
const cents = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const id = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const placedData = z.object({
  orderId: z.string(),
  externalId: z.string().optional(),
  buyer: z.object({ userId: id.nullable(), country: z.string().nullable() }),
  paymentType: z.enum(['STRIPE', 'PAYPAL']),
  items: z
    .array(
      z.object({
        itemType: z.enum(['SKIN', 'BUNDLE']),
        itemId: id,
        priceCents: cents,
        tipCents: cents,
        // Absent in orders placed before VAT (no VAT).
        vatCents: cents.optional(),
        listPriceCents: cents.optional(),
        minimumPriceCents: cents.optional(),
        // Only when a reduction applied (a sale, a code): checked against the asked price.
        regularPriceCents: cents.optional(),
        reductions: z.array(z.object({ cents: z.number() }).loose()).optional(),
        siteFeeCents: cents,
        paymentFeeCents: cents,
        authorShareCents: cents,
        skinIds: z.array(id).optional(),
        // A co-authored item's split (docs/co-authors.md).
        authorShares: z
          .array(
            z.object({
              authorId: id,
              weight: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
              cents,
            }),
          )
          .min(1)
          .optional(),
      }),
    )
    .min(1),
  totals: z.object({
    totalCents: cents,
    vatCents: cents.optional(),
    siteFeeCents: cents,
    paymentFeeCents: cents,
    authorShareCents: cents,
  }),
  feePolicyVersion: z.string(),
  vat: z.object({ rateBasisPoints: z.number().int().min(0).max(10_000) }).optional(),
});
type PlacedData = z.infer<typeof placedData>;
const moneyData = z.object({ orderId: z.string(), amountCents: cents });
const orderData = z.object({ orderId: z.string() });
const dataSchemas: Record<OrderEventType, z.ZodType<{ orderId: string }>> = {
  OrderPlaced: placedData,
  PaymentSessionOpened: orderData,
  PaymentReceived: moneyData,
  OrderCancelled: orderData,
  OrderRefunded: moneyData,
  // A pending payment moves no money yet; a late payment and its refund balance each other.
  PaymentPending: moneyData,
  LatePaymentReceived: moneyData,
  LatePaymentRefunded: moneyData,
  // A consent moves no money and changes no ownership (it only releases the downloads).
  WithdrawalConsentGiven: orderData,
  // A gift (docs/gifts.md) moves ownership: from nobody to the account that claimed it.
  GiftGiven: orderData,
  GiftClaimed: z.object({ orderId: z.string(), userId: id }),
};

type EventRow = {
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  data: unknown;
};

/** Where an order ends up once its events are folded, for the ownership check. */
type OrderOutcome = 'unpaid' | 'paid' | 'refunded' | 'cancelled';
type OrderSummary = { externalId: string | null; outcome: OrderOutcome; buyerId: number | null };

const eur = (value: Cents) => `${formatEuros(value)} EUR`;

/**
 * The recomputing part of `npm run reconcile`. It reads the order events itself, stream by stream in
 * version order (SQL over the events table, keyset pages of 20,000 on its primary key), without the
 * projections' code, and recomputes what the events and the live tables must hold:
 * - fees: every OrderPlaced's site fee, payment fee and author share per item, and its totals, are
 *   priced again by `priceOrder` with the fee policy its `feePolicyVersion` names (an unknown
 *   version is a finding) from its recorded prices, tips, payment type and country, and from
 *   generation 3 its VAT rate (and a reverse charge's list prices): the VAT too is compared;
 * - payment: a PaymentReceived takes the order total, once, for a placed and uncancelled order;
 * - refund: an OrderRefunded gives back what was paid, once, after a payment;
 * - ownership: every item of a paid, unrefunded order with a buyer account is owned by that buyer
 *   (`owned_skins`/`owned_bundles` with `acquired_at`, a bundle with the skins it recorded), and
 *   nothing else is owned through orders; compared set-based with the live tables. A gift's order
 *   (GiftGiven) owns nothing for its buyer: once claimed (GiftClaimed, once, only of a paid order)
 *   its items are the claiming account's, until a refund.
 * - events: an order stream that does not read as one order (events before OrderPlaced, an event
 *   naming another order, a shape this code cannot read).
 * The payouts' sums (per payout and per author up to the allocation checkpoint) are checked in one
 * place, `payoutsCheck` (reconcile-payouts.ts).
 */
export function recomputeCheck(
  options: { upcasters?: EventUpcasters } = {},
): ReconcileCheck<OrdersRecomputation> {
  return {
    tables: [],
    projections: [],
    alongside: (tx) => recomputeOrders(tx, options),
  };
}

/** Runs the recomputation in the caller's transaction (a repeatable-read snapshot in reconcile). */
export async function recomputeOrders(
  tx: DatabaseTransactionConnection,
  options: { upcasters?: EventUpcasters } = {},
): Promise<OrdersRecomputation> {
  const started = performance.now();
  const upcasters = options.upcasters ?? createUpcasters();
  const policyOf = feePolicyCache();
  const findings: OrderFinding[] = [];
  let findingCount = 0;
  const report = (finding: OrderFinding) => {
    findingCount++;
    if (findings.length < MAX_FINDINGS) findings.push(finding);
  };
  const feePolicies: Record<string, number> = {};
  const summaries = new Map<number, OrderSummary>();
  const owned = new OwnedRows(tx);

  // One order stream at a time: its events arrive together, in version order.
  let stream = null as StreamFold | null;
  const finishStream = async (fold: StreamFold) => {
    const { placed } = fold;
    if (!placed) {
      if (fold.orphans.length > 0) {
        report({
          ...fold.at(),
          check: 'events',
          what: 'order stream',
          expected: 'OrderPlaced first',
          found: `${fold.orphans.join(', ')} without an OrderPlaced`,
        });
      }
      return;
    }
    const outcome: OrderOutcome = fold.cancelled
      ? 'cancelled'
      : fold.refundedCents !== null
        ? 'refunded'
        : fold.paidCents !== null
          ? 'paid'
          : 'unpaid';
    const orderId = Number(placed.orderId);
    // A gift's items are owned by the account that claimed it, and by nobody before.
    const buyerId = fold.gift ? fold.giftClaimedBy : placed.buyer.userId;
    summaries.set(orderId, { externalId: placed.externalId ?? null, outcome, buyerId });
    if (outcome === 'paid' && buyerId !== null) await owned.add(orderId, buyerId, placed.items);
  };

  let eventsRead = 0;
  let after: { streamId: string; version: number } | null = null;
  const storedTypes = upcasters.storedTypesFor(ORDER_EVENT_TYPES);
  for (;;) {
    const page = sql.fragment`event_type = any(${sql.array(storedTypes, 'text')})`;
    const from = after
      ? sql.fragment`and (stream_id, stream_version) > (${after.streamId}, ${after.version})`
      : sql.fragment``;
    const result = await tx.query(sql.unsafe`
      select stream_id, stream_version, event_type, schema_version, data from events
      where ${page} ${from}
      order by stream_id, stream_version limit ${EVENTS_PER_READ}`);
    const rows = result.rows as unknown as EventRow[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const upcast = upcasters.upcast(row.event_type, row.schema_version, row.data);
      const type = upcast.type as OrderEventType;
      if (!(type in orderEventSchemaVersions)) continue;
      eventsRead++;
      if (stream?.streamId !== row.stream_id) {
        if (stream) await finishStream(stream);
        stream = new StreamFold(row.stream_id);
      }
      const at = `${type} (version ${row.stream_version})`;
      if (upcast.schemaVersion !== orderEventSchemaVersions[type]) {
        report({
          ...stream.at(),
          check: 'events',
          what: at,
          expected: `shape version ${orderEventSchemaVersions[type]}`,
          found: `shape version ${upcast.schemaVersion}, which no upcaster reads`,
        });
        continue;
      }
      const parsed = dataSchemas[type].safeParse(upcast.data);
      if (!parsed.success) {
        report({
          ...stream.at(),
          check: 'events',
          what: at,
          expected: 'data this code reads',
          found: parsed.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`)
            .join('; '),
        });
        continue;
      }
      stream.apply(type, at, parsed.data, { report, policyOf, feePolicies });
    }
    const last = rows.at(-1)!;
    after = { streamId: last.stream_id, version: last.stream_version };
    if (rows.length < EVENTS_PER_READ) break;
  }
  if (stream) await finishStream(stream);
  await owned.flush();
  const recomputed = performance.now();

  const ownership = await owned.compareWithLive(summaries);
  for (const finding of ownership.findings) report(finding);
  findingCount += ownership.count - ownership.findings.length;
  const done = performance.now();
  return {
    orders: summaries.size,
    eventsRead,
    feePolicies,
    findingCount,
    findings,
    timings: { readAndRecompute: Math.round(recomputed - started), ownership: Math.round(done - recomputed) },
    seconds: Math.round((done - started) / 10) / 100,
  };
}

type FoldContext = {
  report: (finding: OrderFinding) => void;
  policyOf: (version: string) => FeePolicy | null;
  feePolicies: Record<string, number>;
};

/** One order stream folded by the recomputation's own rules (not the decider's, not a projection's). */
class StreamFold {
  /** The order id the stream name gives (`order-{id}`), or the name itself for a stream of another kind. */
  readonly orderId: string;
  placed: PlacedData | null = null;
  paidCents: Cents | null = null;
  refundedCents: Cents | null = null;
  cancelled = false;
  /** The order is a gift (GiftGiven), and the account that claimed it. */
  gift = false;
  giftClaimedBy: number | null = null;
  /** Events seen before any OrderPlaced. */
  orphans: string[] = [];

  constructor(readonly streamId: string) {
    this.orderId = ORDER_STREAM.exec(streamId)?.[1] ?? streamId;
  }

  at() {
    return { orderId: this.orderId, externalId: this.placed?.externalId ?? null };
  }

  apply(type: OrderEventType, at: string, data: { orderId: string }, context: FoldContext) {
    const finding = (check: RecomputeCheckName, what: string, expected: string, found: string) =>
      context.report({ ...this.at(), check, what, expected, found });
    if (data.orderId !== this.orderId) {
      finding(
        'events',
        at,
        `an event of order ${this.orderId} (stream ${this.streamId})`,
        `order ${data.orderId}`,
      );
    }
    if (type === 'OrderPlaced') {
      if (this.placed) {
        finding('events', at, 'one OrderPlaced', 'a second OrderPlaced');
        return;
      }
      if (this.orphans.length > 0) {
        finding('events', at, 'OrderPlaced first', `${this.orphans.join(', ')} before it`);
      }
      this.placed = data as PlacedData;
      this.checkFees(this.placed, context, finding);
      return;
    }
    const placed = this.placed;
    if (!placed) {
      this.orphans.push(at);
      return;
    }
    const total = placed.totals.totalCents;
    switch (type) {
      case 'PaymentSessionOpened':
        break;
      case 'GiftGiven':
        if (this.gift) finding('events', at, 'one GiftGiven', 'a second GiftGiven');
        if (this.paidCents !== null || this.cancelled) {
          finding('events', at, 'a gift given with the order', 'GiftGiven after a payment or cancellation');
        }
        this.gift = true;
        break;
      case 'GiftClaimed': {
        const { userId } = data as { orderId: string; userId: number };
        if (!this.gift) {
          finding('events', at, 'a claim of a gift', 'GiftClaimed of an order given as no gift');
        } else if (this.giftClaimedBy !== null) {
          finding('events', at, 'one claim', `a second claim (by user ${userId})`);
          break;
        } else if (this.paidCents === null || this.refundedCents !== null || this.cancelled) {
          finding(
            'events',
            at,
            'a claim of a paid gift',
            'GiftClaimed of an unpaid, cancelled or refunded order',
          );
        }
        this.giftClaimedBy = userId;
        break;
      }
      case 'PaymentReceived': {
        const { amountCents } = data as z.infer<typeof moneyData>;
        if (this.paidCents !== null) {
          finding(
            'payment',
            at,
            `one payment (${eur(this.paidCents)} already received)`,
            `another of ${eur(amountCents)}`,
          );
          break;
        }
        if (this.cancelled)
          finding('payment', at, 'no payment of a cancelled order', `${eur(amountCents)} received`);
        if (amountCents !== total)
          finding('payment', 'paid amount', `the order total ${eur(total)}`, eur(amountCents));
        this.paidCents = amountCents;
        break;
      }
      case 'OrderCancelled':
        if (this.paidCents !== null) {
          finding(
            'payment',
            at,
            'no cancellation of a paid order',
            `cancelled after ${eur(this.paidCents)} was paid`,
          );
        }
        this.cancelled = true;
        break;
      case 'OrderRefunded': {
        const { amountCents } = data as z.infer<typeof moneyData>;
        if (this.refundedCents !== null) {
          finding(
            'refund',
            at,
            `one refund (${eur(this.refundedCents)} already refunded)`,
            `another of ${eur(amountCents)}`,
          );
          break;
        }
        if (this.paidCents === null) {
          finding('refund', at, 'a refund of a paid order', `${eur(amountCents)} refunded, nothing paid`);
        } else if (amountCents !== this.paidCents) {
          finding('refund', 'refunded amount', `what was paid, ${eur(this.paidCents)}`, eur(amountCents));
        }
        this.refundedCents = amountCents;
        break;
      }
    }
  }

  /** Prices the order again by the recorded policy and compares every recorded figure. */
  private checkFees(
    placed: PlacedData,
    context: FoldContext,
    finding: (check: RecomputeCheckName, what: string, expected: string, found: string) => void,
  ) {
    const version = placed.feePolicyVersion;
    context.feePolicies[version] = (context.feePolicies[version] ?? 0) + 1;
    const policy = context.policyOf(version);
    if (!policy) {
      finding('fees', 'fee policy', 'a version this code can price', `unknown version "${version}"`);
      return;
    }
    let priced;
    try {
      priced = priceOrder({
        items: placed.items.map((item, position) => ({
          key: position,
          priceCents: item.priceCents,
          tipCents: item.tipCents,
          // A reverse charge: what was charged, and the catalogue price it came from.
          ...(item.listPriceCents === undefined ? {} : { listPriceCents: item.listPriceCents }),
        })),
        paymentType: placed.paymentType,
        country: placed.buyer.country,
        policy,
        // The rate recorded (generation 3); orders before VAT priced with none.
        ...(placed.vat ? { vat: { rateBasisPoints: placed.vat.rateBasisPoints } } : {}),
      });
    } catch (error) {
      finding(
        'fees',
        'pricing',
        'an order the fee rules can price',
        error instanceof Error ? error.message : String(error),
      );
      return;
    }
    placed.items.forEach((item, position) => {
      const line = priced.items[position]!;
      const name = `item ${position} (${item.itemType} ${item.itemId})`;
      const compare = (what: string, expected: Cents, recorded: Cents) => {
        if (expected !== recorded) finding('fees', `${name} ${what}`, eur(expected), eur(recorded));
      };
      compare('VAT', line.vatCents, item.vatCents ?? 0);
      compare('site fee', line.siteFeeCents, item.siteFeeCents);
      compare('payment fee', line.paymentFeeCents, item.paymentFeeCents);
      compare('author share', line.authorShareCents, item.authorShareCents);
      // A reduction (a sale, a code): the regular price less the reductions is what was asked.
      if (item.regularPriceCents !== undefined || item.reductions !== undefined) {
        const reductions = item.reductions ?? [];
        const asked = (item.regularPriceCents ?? 0) - reductions.reduce((sum, r) => sum + r.cents, 0);
        const recordedAsked = item.minimumPriceCents ?? item.listPriceCents ?? item.priceCents;
        compare('regular price less reductions', asked, recordedAsked);
        if (
          reductions.length === 0 ||
          reductions.some((r) => !Number.isSafeInteger(r.cents) || r.cents <= 0)
        ) {
          finding(
            'fees',
            `${name} reductions`,
            'one or more, each a positive amount',
            JSON.stringify(reductions),
          );
        }
      }
      // The split again from the recorded weights: the parts must be the largest remainder's.
      if (item.authorShares) {
        const parts = splitAuthorShare(item.authorShareCents, item.authorShares);
        parts.forEach((part, index) =>
          compare(`author ${part.authorId}'s part`, part.cents, item.authorShares?.[index]?.cents ?? 0),
        );
      }
    });
    const compareTotal = (what: string, expected: Cents, recorded: Cents) => {
      if (expected !== recorded) finding('fees', `order ${what}`, eur(expected), eur(recorded));
    };
    compareTotal('total', priced.totalCents, placed.totals.totalCents);
    compareTotal('VAT', priced.vatCents, placed.totals.vatCents ?? 0);
    compareTotal('site fee', priced.siteFeeCents, placed.totals.siteFeeCents);
    compareTotal('payment fee', priced.paymentFeeCents, placed.totals.paymentFeeCents);
    compareTotal('author share', priced.authorShareCents, placed.totals.authorShareCents);
  }
}

const ownedSkinRow = z.object({
  order_id: z.number(),
  skin_id: z.number(),
  bundle_id: z.number(),
  user_id: z.number(),
  missing: z.boolean(),
});
const ownedBundleRow = ownedSkinRow.omit({ skin_id: true });
const countRow = z.object({ count: z.number() });

/**
 * What the orders must own, gathered into temporary tables in large inserts, then compared with
 * the live ownership tables by two set differences each (expected but not owned, owned but not
 * expected).
 */
class OwnedRows {
  private skins = {
    order: [] as number[],
    skin: [] as number[],
    bundle: [] as number[],
    user: [] as number[],
  };
  private bundles = { order: [] as number[], bundle: [] as number[], user: [] as number[] };
  private created = false;

  constructor(private readonly tx: DatabaseTransactionConnection) {}

  async add(orderId: number, userId: number, items: PlacedData['items']) {
    for (const item of items) {
      if (item.itemType === 'SKIN') {
        this.pushSkin(orderId, item.itemId, 0, userId);
      } else {
        this.bundles.order.push(orderId);
        this.bundles.bundle.push(item.itemId);
        this.bundles.user.push(userId);
        for (const skinId of item.skinIds ?? []) this.pushSkin(orderId, skinId, item.itemId, userId);
      }
    }
    if (this.skins.order.length + this.bundles.order.length >= OWNED_ROWS_PER_INSERT) await this.flush();
  }

  private pushSkin(orderId: number, skinId: number, bundleId: number, userId: number) {
    this.skins.order.push(orderId);
    this.skins.skin.push(skinId);
    this.skins.bundle.push(bundleId);
    this.skins.user.push(userId);
  }

  private async create() {
    if (this.created) return;
    this.created = true;
    await this.tx.query(sql.unsafe`
      create temporary table reconcile_expected_skins
        (order_id int8 not null, skin_id int8 not null, bundle_id int8 not null, user_id int8 not null)
      on commit drop`);
    await this.tx.query(sql.unsafe`
      create temporary table reconcile_expected_bundles
        (order_id int8 not null, bundle_id int8 not null, user_id int8 not null)
      on commit drop`);
  }

  async flush() {
    await this.create();
    const { skins, bundles } = this;
    if (skins.order.length > 0) {
      await this.tx.query(sql.unsafe`
        insert into reconcile_expected_skins
        select * from unnest(${sql.array(skins.order, 'int8')}, ${sql.array(skins.skin, 'int8')},
                             ${sql.array(skins.bundle, 'int8')}, ${sql.array(skins.user, 'int8')})`);
    }
    if (bundles.order.length > 0) {
      await this.tx.query(sql.unsafe`
        insert into reconcile_expected_bundles
        select * from unnest(${sql.array(bundles.order, 'int8')}, ${sql.array(bundles.bundle, 'int8')},
                             ${sql.array(bundles.user, 'int8')})`);
    }
    this.skins = { order: [], skin: [], bundle: [], user: [] };
    this.bundles = { order: [], bundle: [], user: [] };
  }

  /** Ownership findings: what a paid order should own and does not, and what is owned without one. */
  async compareWithLive(
    summaries: ReadonlyMap<number, OrderSummary>,
  ): Promise<{ findings: OrderFinding[]; count: number }> {
    await this.flush();
    const { tx } = this;
    // public.*: the reconciliation's scratch copies shadow the live tables' names in this session.
    const skins = await tx.query(sql.type(ownedSkinRow)`
      with live as (
        select order_id, skin_id, bundle_id, user_id from public.owned_skins where acquired_at is not null
      ), differing as (
        (select *, true as missing from (select * from reconcile_expected_skins except select * from live) m)
        union all
        (select *, false as missing from (select * from live except select * from reconcile_expected_skins) u)
      )
      select * from differing order by order_id, missing desc, bundle_id, skin_id limit ${MAX_FINDINGS + 1}`);
    const bundles = await tx.query(sql.type(ownedBundleRow)`
      with live as (
        select order_id, bundle_id, user_id from public.owned_bundles where acquired_at is not null
      ), differing as (
        (select *, true as missing from (select * from reconcile_expected_bundles except select * from live) m)
        union all
        (select *, false as missing from (select * from live except select * from reconcile_expected_bundles) u)
      )
      select * from differing order by order_id, missing desc, bundle_id limit ${MAX_FINDINGS + 1}`);
    const findings: OrderFinding[] = [];
    const describe = (row: { order_id: number; user_id: number; missing: boolean }, what: string) => {
      const summary = summaries.get(row.order_id);
      const order = { orderId: String(row.order_id), externalId: summary?.externalId ?? null };
      if (row.missing) {
        findings.push({
          ...order,
          check: 'ownership',
          what,
          expected: `owned by user ${row.user_id} (the order is paid)`,
          found: `not owned by user ${row.user_id}`,
        });
        return;
      }
      const why = !summary
        ? 'no order was placed with this id'
        : summary.outcome !== 'paid'
          ? `the order is ${summary.outcome}`
          : summary.buyerId !== row.user_id
            ? `the buyer is ${summary.buyerId === null ? 'without an account' : `user ${summary.buyerId}`}`
            : 'the order does not hold it';
      findings.push({
        ...order,
        check: 'ownership',
        what,
        expected: `not owned: ${why}`,
        found: `owned by user ${row.user_id}`,
      });
    };
    for (const row of skins.rows) {
      describe(
        row,
        row.bundle_id === 0 ? `skin ${row.skin_id}` : `skin ${row.skin_id} of bundle ${row.bundle_id}`,
      );
    }
    for (const row of bundles.rows) describe(row, `bundle ${row.bundle_id}`);
    findings.sort((a, b) => Number(a.orderId) - Number(b.orderId));
    if (skins.rows.length > MAX_FINDINGS || bundles.rows.length > MAX_FINDINGS) {
      // More than the report keeps: count them all so the total is right.
      const total = await tx.oneFirst(sql.type(countRow)`
        select (
          (select count(*) from (select * from reconcile_expected_skins except
             select order_id, skin_id, bundle_id, user_id from public.owned_skins where acquired_at is not null) a)
        + (select count(*) from (select order_id, skin_id, bundle_id, user_id from public.owned_skins
             where acquired_at is not null except select * from reconcile_expected_skins) b)
        + (select count(*) from (select * from reconcile_expected_bundles except
             select order_id, bundle_id, user_id from public.owned_bundles where acquired_at is not null) c)
        + (select count(*) from (select order_id, bundle_id, user_id from public.owned_bundles
             where acquired_at is not null except select * from reconcile_expected_bundles) d))::int as count`);
      return { findings, count: total };
    }
    return { findings, count: findings.length };
  }
}
