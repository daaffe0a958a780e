import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderPlaced, VatTreatment } from '../orders/order.events';
import { FinanceLedger, type FinanceEvent } from './finance-ledger';
import { lineBalance } from './journal-rules';
import {
  monthOf,
  monthSummaries,
  monthSummaryOfGroups,
  ossReturn,
  owedMovement,
  type EntryGroup,
} from './month-summary';

const START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(START + hours * HOUR).toISOString();

// An order's recorded amounts: the VAT-era identity total = VAT + site fee + payment fee + share,
// or (when `adds` is false) amounts that do not add up, which must still book balanced entries.
const order = fc.record({
  vatCents: fc.integer({ min: 0, max: 5_000 }),
  siteFeeCents: fc.integer({ min: 0, max: 2_000 }),
  paymentFeeCents: fc.integer({ min: 0, max: 1_000 }),
  authorShareCents: fc.integer({ min: 0, max: 50_000 }),
  skew: fc.oneof(fc.constant(0), fc.integer({ min: -300, max: 300 })),
  treatment: fc.constantFrom<VatTreatment | null>('OSS', 'DOMESTIC', 'REVERSE_CHARGE', 'OUTSIDE_EU', null),
  country: fc.constantFrom('de', 'fr', 'cz', 'at', null),
  rate: fc.constantFrom(1900, 2000, 2100, 0),
  paidAt: fc.option(fc.integer({ min: 1, max: 24 * 200 }), { nil: null }),
  refundAfter: fc.option(fc.integer({ min: 0, max: 24 * 60 }), { nil: null }),
  invoice: fc.boolean(),
  lateAt: fc.option(fc.integer({ min: 1, max: 24 * 200 }), { nil: null }),
});
const payout = fc.record({
  amountCents: fc.integer({ min: 5_000, max: 80_000 }),
  sentAt: fc.integer({ min: 1, max: 24 * 200 }),
  /** Failed: before sending (no money moved) or after, then maybe sent again. */
  failure: fc.constantFrom('NONE', 'BEFORE', 'AFTER', 'AFTER_AND_RESENT'),
});

type Order = typeof order extends fc.Arbitrary<infer O> ? O : never;
type Payout = typeof payout extends fc.Arbitrary<infer P> ? P : never;

function placed(n: number, o: Order): OrderPlaced {
  const total = o.vatCents + o.siteFeeCents + o.paymentFeeCents + o.authorShareCents + o.skew;
  return {
    type: 'OrderPlaced',
    data: {
      orderId: String(n),
      externalId: `TS-2026-${String(n).padStart(6, '0')}`,
      buyer: { userId: null, email: 'b@example.com', fullName: 'B', country: o.country },
      paymentType: 'STRIPE',
      items: [],
      totals: {
        totalCents: Math.max(0, total),
        ...(o.treatment ? { vatCents: o.vatCents } : {}),
        siteFeeCents: o.siteFeeCents,
        paymentFeeCents: o.paymentFeeCents,
        authorShareCents: o.authorShareCents,
      },
      feePolicyVersion: 'test',
      ...(o.treatment
        ? {
            vat: {
              treatment: o.treatment,
              country: o.country,
              rateBasisPoints: o.rate,
              rateSetVersion: 'test',
              seller: { homeCountry: 'cz', vatId: 'CZ1' },
              buyerVatId: null,
              vatIdCheck: null,
              evidence: {
                billingCountry: o.country,
                ipCountry: o.country,
                rule: 'BILLING_AND_IP_AGREE' as const,
              },
            },
          }
        : {}),
      placedAt: at(0),
    },
  };
}

/** Events with their times, put in feed order by time (an order's and a payout's stay in order). */
function historyOf(orders: Order[], payouts: Payout[]): FinanceEvent[] {
  const timed: { hours: number; seq: number; event: FinanceEvent }[] = [];
  let seq = 0;
  const push = (hours: number, event: FinanceEvent) => timed.push({ hours, seq: seq++, event });
  orders.forEach((o, index) => {
    const n = index + 1;
    const event = placed(n, o);
    const total = event.data.totals.totalCents;
    push(0, event);
    const base = {
      orderId: String(n),
      provider: 'LOCAL' as const,
      providerReference: `p${n}`,
      providerEventId: null,
    };
    if (o.paidAt !== null) {
      push(o.paidAt, {
        type: 'PaymentReceived',
        data: { ...base, amountCents: total, receivedAt: at(o.paidAt) },
      });
      if (o.invoice) {
        push(o.paidAt + 0.5, {
          type: 'InvoiceIssued',
          data: {
            number: `2026-${String(n).padStart(6, '0')}`,
            year: 2026,
            sequence: n,
            orderId: String(n),
            orderExternalId: event.data.externalId!,
            seller: { name: 'S', address: 'A', companyId: null, vatId: null },
            totalCents: total,
            vatCents: o.vatCents,
            issuedAt: at(o.paidAt + 0.5),
          },
        });
      }
      if (o.refundAfter !== null) {
        const refundAt = o.paidAt + 1 + o.refundAfter;
        push(refundAt, {
          type: 'OrderRefunded',
          data: { orderId: String(n), by: 1, reason: null, amountCents: total, refundedAt: at(refundAt) },
        });
      }
    }
    if (o.lateAt !== null) {
      push(o.lateAt, {
        type: 'LatePaymentReceived',
        data: { ...base, amountCents: total, receivedAt: at(o.lateAt) },
      });
      push(o.lateAt + 2, {
        type: 'LatePaymentRefunded',
        data: { ...base, providerRefundId: `r${n}`, amountCents: total, refundedAt: at(o.lateAt + 2) },
      });
    }
  });
  payouts.forEach((p, index) => {
    const payoutId = index + 1;
    const destination = { method: 'PAYPAL' as const, name: 'A', paypalAccount: 'a@example.com' };
    const sent = (hours: number) =>
      push(hours, {
        type: 'PayoutSent',
        data: {
          payoutId,
          amountCents: p.amountCents,
          destination,
          transferReference: `b${payoutId}`,
          sentAt: at(hours),
        },
      });
    const failed = (hours: number) =>
      push(hours, { type: 'PayoutFailed', data: { payoutId, reason: 'returned', failedAt: at(hours) } });
    if (p.failure === 'BEFORE') {
      failed(p.sentAt);
      sent(p.sentAt + 30);
    } else {
      sent(p.sentAt);
      if (p.failure !== 'NONE') failed(p.sentAt + 48);
      if (p.failure === 'AFTER_AND_RESENT') sent(p.sentAt + 100);
    }
  });
  return timed.sort((a, b) => a.hours - b.hours || a.seq - b.seq).map((t) => t.event);
}

const histories = fc
  .tuple(fc.array(order, { maxLength: 25 }), fc.array(payout, { maxLength: 6 }))
  .map(([orders, payouts]) => historyOf(orders, payouts));

function book(events: FinanceEvent[]) {
  const ledger = new FinanceLedger();
  events.forEach((event, index) => ledger.book(event, index + 1));
  return ledger;
}

describe('the finance journal', () => {
  it('books every event as an entry that balances to the cent, and any sequence balances', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { entries } = book(events);
        for (const entry of entries) expect(lineBalance(entry.lines)).toBe(0);
        expect(lineBalance(entries.flatMap((entry) => entry.lines))).toBe(0);
        for (const entry of entries) {
          for (const l of entry.lines) {
            expect(
              l.debitCents >= 0 && l.creditCents >= 0 && (l.debitCents === 0) !== (l.creditCents === 0),
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ties out every month: opening + shares − refund adjustments − paid out = closing, month after month', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { entries } = book(events);
        const summaries = [...monthSummaries(entries).values()];
        let owed = 0;
        for (const summary of summaries) {
          expect(summary.owedToAuthors.openingCents).toBe(owed);
          expect(summary.owedToAuthors.tiesOut).toBe(true);
          expect(summary.journal.balanced).toBe(true);
          expect(summary.sales.grossCents).toBe(summary.sales.vatCents + summary.sales.netCents);
          owed = summary.owedToAuthors.closingCents;
        }
        // What is still owed: every share paid, less the refunded ones, less what is out.
        const shares = entries.filter((e) => e.kind === 'SALE').reduce((s, e) => s + e.authorShareCents, 0);
        const refunded = entries
          .filter((e) => e.kind === 'REFUND')
          .reduce((s, e) => s + e.authorShareCents, 0);
        const out =
          entries.filter((e) => e.kind === 'PAYOUT_SENT').reduce((s, e) => s + e.amountCents, 0) -
          entries.filter((e) => e.kind === 'PAYOUT_RETURNED').reduce((s, e) => s + e.amountCents, 0);
        expect(owed).toBe(shares - refunded - out);
      }),
      { numRuns: 300 },
    );
  });

  it('makes the OSS return of exactly the OSS sales’ VAT less their refunds’, per member state and rate', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { entries } = book(events);
        const rows = ossReturn(entries);
        const oss = entries.filter((e) => e.vatTreatment === 'OSS');
        const vat = (kind: string) => oss.filter((e) => e.kind === kind).reduce((s, e) => s + e.vatCents, 0);
        expect(rows.reduce((s, r) => s + r.vatCents, 0)).toBe(vat('SALE') - vat('REFUND'));
        expect(new Set(rows.map((r) => `${r.country}|${r.rateBasisPoints}`)).size).toBe(rows.length);
        for (const row of rows) expect(row.taxableCents).toBe(row.salesNetCents - row.refundedNetCents);
      }),
      { numRuns: 200 },
    );
  });

  it('adds up a month the same from its entries and from their sums grouped as the database groups them', () => {
    fc.assert(
      fc.property(histories, (events) => {
        const { entries } = book(events);
        const summaries = monthSummaries(entries);
        for (const [month, expected] of summaries) {
          const ofMonth = entries.filter((e) => monthOf(e.bookedAt) === month);
          const groups = new Map<string, EntryGroup>();
          for (const e of ofMonth) {
            const key = `${e.kind}|${e.vatTreatment}|${e.vatCountry}|${e.vatRateBasisPoints}`;
            const g = groups.get(key) ?? {
              kind: e.kind,
              vatTreatment: e.vatTreatment,
              vatCountry: e.vatCountry,
              vatRateBasisPoints: e.vatRateBasisPoints,
              count: 0,
              amountCents: 0,
              vatCents: 0,
              siteFeeCents: 0,
              paymentFeeCents: 0,
              authorShareCents: 0,
              documented: 0,
              documents: [],
            };
            g.count += 1;
            g.amountCents += e.amountCents;
            g.vatCents += e.vatCents;
            g.siteFeeCents += e.siteFeeCents;
            g.paymentFeeCents += e.paymentFeeCents;
            g.authorShareCents += e.authorShareCents;
            if (e.documentNumber) {
              g.documented += 1;
              if (e.kind === 'REFUND') g.documents.push({ entryId: e.entryId, number: e.documentNumber });
            }
            groups.set(key, g);
          }
          const lines = ofMonth.flatMap((e) => e.lines);
          const totals = {
            lines: lines.length,
            debitCents: lines.reduce((s, l) => s + l.debitCents, 0),
            creditCents: lines.reduce((s, l) => s + l.creditCents, 0),
            owedMovementCents: owedMovement(lines),
          };
          expect(
            monthSummaryOfGroups(month, [...groups.values()], totals, expected.owedToAuthors.openingCents),
          ).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });
});
