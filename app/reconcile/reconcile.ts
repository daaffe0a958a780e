import { formatEuros } from '../../domain/money';
import type { DatabasePool } from '../../infra/db/pool';
import {
  formatChainVerification,
  verifyEventChain,
  type ChainVerification,
} from '../../infra/event-store/event-chain';
import type { EventStore } from '../../infra/event-store/event-store';
import { discountCodesCheck, type DiscountCodesReconciliation } from './reconcile-discount-codes';
import { financeChecks, financeFindingLine, type FinanceReconciliation } from './reconcile-finance';
import { itemSalesCheck, type ItemSalesReconciliation } from './reconcile-item-sales';
import { ordersCheck, type OrdersReconciliation } from './reconcile-orders';
import { payoutsCheck, type PayoutsReconciliation } from './reconcile-payouts';
import { salesCheck, salesDifferenceLine, type SalesReconciliation } from './reconcile-sales';
import { recomputeCheck, type OrderFinding, type OrdersRecomputation } from './recompute-orders';
import { reconcileInSnapshot, type TableDifference } from './scratch-replay';

export type Reconciliation = {
  orders: OrdersReconciliation;
  payouts: PayoutsReconciliation;
  /** The orders' money and ownership recomputed from their events, stream by stream. */
  recomputed: OrdersRecomputation;
  /** The sales statistics tables recomputed in SQL from the order events. */
  sales: SalesReconciliation;
  /** The per-item sales by price source (the Creativity Dashboard's) recomputed in SQL from the order events. */
  itemSales: ItemSalesReconciliation;
  /** The event chain: every link, no gap, every stream row at its last event. */
  chain: ChainVerification;
  /** Each month of the finance journal against the money events booked again (docs/finance.md). */
  finance: FinanceReconciliation;
  /** Discount codes' redemptions against the orders that recorded CODE reductions. */
  discountCodes: DiscountCodesReconciliation;
  /** Every event read (of any type), once for both parts. */
  eventsReplayed: number;
  seconds: number;
  /** Where the time went, in milliseconds (reading the events, each projection, each check). */
  timings: Record<string, number>;
  /** How many differences and broken invariants were found: 0 when everything reconciles. */
  differences: number;
};

/**
 * `npm run reconcile`: in one repeatable-read snapshot, the orders and the payouts replayed into
 * scratch tables from one read of the events and compared with the live ones, the payout
 * invariants, the orders' fees, payments, refunds and ownership recomputed from their events
 * (docs/buying.md, docs/payouts.md), the sales statistics recomputed from the order events, and the
 * event chain verified (docs/architecture.md, "The event chain").
 */
export async function reconcileAll(
  deps: { pool: DatabasePool; store: EventStore },
  options: { batchSize?: number } = {},
): Promise<Reconciliation> {
  const finance = financeChecks();
  const { results, replay, seconds } = await reconcileInSnapshot(
    deps,
    {
      orders: ordersCheck(),
      payouts: payoutsCheck(),
      recomputed: recomputeCheck(),
      sales: salesCheck(),
      itemSales: itemSalesCheck(),
      discountCodes: discountCodesCheck(),
      finance: finance.booked,
      // The journal's rows added up on a connection of their own, alongside the replay.
      financeJournal: finance.journal,
      // On a connection of its own in the same snapshot, overlapping with the replay.
      chain: { tables: [], projections: [], alongside: (tx) => verifyEventChain(tx) },
    },
    // The replay's events read ahead on a connection of their own: six in all.
    { readAhead: true, ...options },
  );
  const { orders, payouts, recomputed, sales, itemSales, chain } = results;
  const differences =
    orders.differences.length +
    orders.unbalanced.length +
    (orders.replayError ? 1 : 0) +
    payouts.differences.length +
    payouts.problems.length +
    payouts.unbalancedAuthors.length +
    (payouts.replayError ? 1 : 0) +
    recomputed.findingCount +
    sales.differences.length +
    itemSales.differences.length +
    chain.brokenCount +
    results.finance.findings.length +
    results.discountCodes.findings.length;
  return {
    orders,
    payouts,
    recomputed,
    sales,
    itemSales,
    chain,
    finance: results.finance,
    discountCodes: results.discountCodes,
    eventsReplayed: replay.eventsRead,
    seconds,
    timings: replay.timings,
    differences,
  };
}

const eur = (cents: number) => `${formatEuros(cents)} EUR`;
const plural = (count: number, word: string) =>
  `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

function differenceLines(difference: TableDifference): string[] {
  return [
    `DIFFERENCE ${difference.table}: ${difference.missingFromLive} rows of the events missing from the live table, ` +
      `${difference.unexpectedInLive} live rows the events do not give`,
    ...difference.samples.missingFromLive.map((row) => `  expected ${JSON.stringify(row)}`),
    ...difference.samples.unexpectedInLive.map((row) => `  live     ${JSON.stringify(row)}`),
  ];
}

function findingLine(finding: OrderFinding): string {
  const order = finding.externalId ? `${finding.externalId} (${finding.orderId})` : finding.orderId;
  return (
    `${finding.check.toUpperCase()} order ${order}: ${finding.what}: expected ${finding.expected}, ` +
    `found ${finding.found}`
  );
}

/** The report `npm run reconcile` prints, one line per string. */
export function formatReconciliation(report: Reconciliation): string[] {
  const { orders, payouts, recomputed, sales, itemSales, chain, finance } = report;
  const checkpoint = payouts.allocationCheckpoint;
  const lines: string[] = [
    `orders:  ${plural(orders.orders, 'order')} from ${plural(orders.eventsReplayed, 'order event')} replayed`,
    `payouts: ${plural(payouts.payouts, 'payout')} of ${plural(payouts.authors, 'author')} from ` +
      `${plural(payouts.eventsReplayed, 'payout event')} replayed; payments allocated up to ` +
      (checkpoint
        ? `transaction ${checkpoint.transactionId}, position ${checkpoint.position}`
        : 'nothing (payout-allocation has no checkpoint)'),
    `recomputed: ${plural(recomputed.orders, 'order')} from ${plural(recomputed.eventsRead, 'order event')} ` +
      `read by stream (fees, payments, refunds, ownership) in ${recomputed.seconds.toFixed(2)} s; fee policies ` +
      (Object.entries(recomputed.feePolicies)
        .map(([version, count]) => `${version} (${plural(count, 'order')})`)
        .join(', ') || 'none'),
    `sales:   ${plural(sales.eventsRead, 'order event')} up to the sales-statistics checkpoint recomputed in SQL ` +
      `(sales_orders, sales_monthly, sales_daily, sales_item_monthly, sales_item_totals, sales_author_monthly, ` +
      `sales_item_author_monthly)`,
    `items:   ${plural(itemSales.eventsRead, 'order event')} up to the item-sales-by-source checkpoint recomputed ` +
      `in SQL (item_sales_orders, item_sales_by_source, item_sales_daily)`,
    `finance: ${plural(finance.eventsRead, 'money event')} up to the finance-journal checkpoint booked again; ` +
      `${plural(finance.months.length, 'month')} compared and checked to tie out` +
      (finance.months.length > 0 ? ` (${finance.months[0]} to ${finance.months.at(-1)})` : ''),
    `codes:   ${plural(report.discountCodes.ordersWithCodes, 'order')} with a code's reduction, ` +
      `${plural(report.discountCodes.redemptions, 'redemption')} on the codes' streams`,
    ...formatChainVerification(chain),
  ];
  if (orders.replayError) lines.push(`REPLAY FAILED orders: ${orders.replayError}`);
  for (const difference of orders.differences) lines.push(...differenceLines(difference));
  for (const order of orders.unbalanced) {
    lines.push(`UNBALANCED order ${order.externalId} (${order.orderId}, ${order.source}): ${order.problem}`);
  }
  if (payouts.replayError) lines.push(`REPLAY FAILED payouts: ${payouts.replayError}`);
  for (const difference of payouts.differences) lines.push(...differenceLines(difference));
  for (const problem of payouts.problems) {
    const who =
      problem.payoutId !== null
        ? `PAYOUT ${problem.payoutId}${problem.authorId !== null ? ` (author ${problem.authorId})` : ''}`
        : problem.authorId !== null
          ? `AUTHOR ${problem.authorId}`
          : 'PAYOUTS';
    lines.push(`${who} [${problem.source}]: ${problem.problem}`);
  }
  for (const author of payouts.unbalancedAuthors) {
    lines.push(
      `MONEY author ${author.authorId}: paid ${eur(author.paidCents)} − refunded ${eur(author.refundedCents)} = ` +
        `${eur(author.expectedCents)} owed, but their payout lines hold ${eur(author.eventLinesCents)} in the ` +
        `events and ${eur(author.liveLinesCents)} live`,
      ...author.items.map((item) => `  ${item}`),
    );
  }
  for (const finding of recomputed.findings) lines.push(findingLine(finding));
  for (const difference of sales.differences) lines.push(salesDifferenceLine(difference));
  for (const difference of itemSales.differences) lines.push(salesDifferenceLine(difference));
  for (const finding of finance.findings) lines.push(financeFindingLine(finding));
  lines.push(...report.discountCodes.findings);
  if (recomputed.findingCount > recomputed.findings.length) {
    lines.push(`… and ${plural(recomputed.findingCount - recomputed.findings.length, 'more finding')}`);
  }
  const waiting = payouts.notYetAllocated;
  if (waiting.payments + waiting.refunds > 0) {
    lines.push(
      `info: ${plural(waiting.payments, 'payment')} and ${plural(waiting.refunds, 'refund')} after the ` +
        `payout-allocation checkpoint are not allocated yet (author shares ${eur(waiting.authorShareCents)})`,
    );
  }
  lines.push(
    `totals: ${plural(orders.orders, 'order')}, ${plural(payouts.payouts, 'payout')}, ` +
      `${plural(report.eventsReplayed, 'event')} replayed, ${report.seconds.toFixed(2)} s`,
    report.differences === 0
      ? 'Everything reconciles.'
      : `Reconciliation found ${plural(report.differences, 'difference')}.`,
  );
  return lines;
}
