import type { CreditNoteIssued, InvoiceIssued } from '../invoices/invoice.events';
import { formatBasisPoints, type Cents } from '../money';
import type {
  LatePaymentReceived,
  LatePaymentRefunded,
  OrderPlaced,
  OrderRefunded,
  PaymentReceived,
} from '../orders/order.events';
import type { PayoutFailed, PayoutSent } from '../payouts/payout.events';
import {
  latePaymentLines,
  latePaymentReturnedLines,
  payoutReturnedLines,
  payoutSentLines,
  refundLines,
  saleLines,
  type EntryKind,
  type JournalEntry,
  type JournalLine,
  type LedgerOrder,
} from './journal-rules';

/** The events the finance journal reads. */
export type FinanceEvent =
  | OrderPlaced
  | PaymentReceived
  | OrderRefunded
  | LatePaymentReceived
  | LatePaymentRefunded
  | PayoutSent
  | PayoutFailed
  | InvoiceIssued
  | CreditNoteIssued;

export const FINANCE_EVENT_TYPES: readonly FinanceEvent['type'][] = [
  'OrderPlaced',
  'PaymentReceived',
  'OrderRefunded',
  'LatePaymentReceived',
  'LatePaymentRefunded',
  'PayoutSent',
  'PayoutFailed',
  'InvoiceIssued',
  'CreditNoteIssued',
];

/**
 * What booking needs to remember between events: each order placed (its recorded amounts and its
 * documents) and the amount of each payout that is out (sent and not failed since). A projection
 * loads the part a batch needs from its tables.
 */
export type LedgerState = {
  orders: Map<string, LedgerOrder>;
  sentPayouts: Map<number, Cents>;
};

export const emptyLedgerState = (): LedgerState => ({ orders: new Map(), sentPayouts: new Map() });

/** What booking one event changed: the caller writes it (a table, or a list in memory). */
export type LedgerChange =
  | { kind: 'ORDER'; order: LedgerOrder }
  | { kind: 'ENTRY'; entry: JournalEntry }
  /** A document issued after its entry was booked: the entries of that kind of the order get its number. */
  | { kind: 'DOCUMENT'; orderId: string; entryKind: 'SALE' | 'REFUND'; number: string }
  | { kind: 'PAYOUT'; payoutId: number; sentCents: Cents | null };

/** The order's amounts as `OrderPlaced` recorded them; VAT absent (orders before VAT) reads as 0. */
export function ledgerOrderOf(data: OrderPlaced['data']): LedgerOrder {
  const itemsVat = data.items.reduce((sum, item) => sum + (item.vatCents ?? 0), 0);
  return {
    orderId: data.orderId,
    externalId: data.externalId ?? null,
    totalCents: data.totals.totalCents,
    vatCents: data.totals.vatCents ?? itemsVat,
    siteFeeCents: data.totals.siteFeeCents,
    paymentFeeCents: data.totals.paymentFeeCents,
    authorShareCents: data.totals.authorShareCents,
    vat: data.vat
      ? {
          treatment: data.vat.treatment,
          country: data.vat.country,
          rateBasisPoints: data.vat.rateBasisPoints,
        }
      : { treatment: 'BEFORE_VAT', country: null, rateBasisPoints: 0 },
    invoiceNumber: null,
    creditNoteNumber: null,
  };
}

const orderName = (order: LedgerOrder) => order.externalId ?? `order ${order.orderId}`;

function vatNote(order: LedgerOrder): string {
  const { treatment, country, rateBasisPoints } = order.vat;
  if (treatment === 'BEFORE_VAT') return 'no VAT recorded';
  if (rateBasisPoints === 0) return `${treatment}${country ? ` ${country.toUpperCase()}` : ''}, no VAT`;
  return `${treatment} ${(country ?? '??').toUpperCase()} ${formatBasisPoints(rateBasisPoints)} %`;
}

function orderEntry(
  kind: 'SALE' | 'REFUND',
  position: number,
  bookedAt: string,
  order: LedgerOrder,
  amountCents: Cents,
  lines: JournalLine[],
): JournalEntry {
  return {
    entryId: position,
    kind,
    bookedAt,
    orderId: order.orderId,
    orderExternalId: order.externalId,
    payoutId: null,
    documentNumber: kind === 'SALE' ? order.invoiceNumber : order.creditNoteNumber,
    description: `${kind === 'SALE' ? 'Sale' : 'Refund'} ${orderName(order)} (${vatNote(order)})`,
    amountCents,
    vatCents: order.vatCents,
    siteFeeCents: order.siteFeeCents,
    paymentFeeCents: order.paymentFeeCents,
    authorShareCents: order.authorShareCents,
    vatTreatment: order.vat.treatment,
    vatCountry: order.vat.country,
    vatRateBasisPoints: order.vat.rateBasisPoints,
    lines,
  };
}

function plainEntry(
  kind: EntryKind,
  position: number,
  bookedAt: string,
  what: { orderId?: string; orderExternalId?: string | null; payoutId?: number },
  description: string,
  amountCents: Cents,
  lines: JournalLine[],
): JournalEntry {
  return {
    entryId: position,
    kind,
    bookedAt,
    orderId: what.orderId ?? null,
    orderExternalId: what.orderExternalId ?? null,
    payoutId: what.payoutId ?? null,
    documentNumber: null,
    description,
    amountCents,
    vatCents: 0,
    siteFeeCents: 0,
    paymentFeeCents: 0,
    authorShareCents: 0,
    vatTreatment: null,
    vatCountry: null,
    vatRateBasisPoints: null,
    lines,
  };
}

/**
 * Books one event (`position`: its global position, the entry's id) into the state and says what
 * changed. Events of one order or one payout come in their stream's order; a document may come
 * before or after the entry it belongs to (another stream), and ends up on it either way.
 */
export function bookEvent(state: LedgerState, event: FinanceEvent, position: number): LedgerChange[] {
  switch (event.type) {
    case 'OrderPlaced': {
      const order = ledgerOrderOf(event.data);
      state.orders.set(order.orderId, order);
      return [{ kind: 'ORDER', order }];
    }
    case 'PaymentReceived': {
      const order = state.orders.get(event.data.orderId);
      // The decider takes payments only for orders placed: nothing to book without one.
      if (!order) return [];
      const { amountCents, receivedAt } = event.data;
      const lines = saleLines(order, amountCents);
      return [{ kind: 'ENTRY', entry: orderEntry('SALE', position, receivedAt, order, amountCents, lines) }];
    }
    case 'OrderRefunded': {
      const order = state.orders.get(event.data.orderId);
      if (!order) return [];
      const { amountCents, refundedAt } = event.data;
      const lines = refundLines(order, amountCents);
      return [
        { kind: 'ENTRY', entry: orderEntry('REFUND', position, refundedAt, order, amountCents, lines) },
      ];
    }
    case 'LatePaymentReceived':
    case 'LatePaymentRefunded': {
      const order = state.orders.get(event.data.orderId);
      const received = event.type === 'LatePaymentReceived';
      const at = event.type === 'LatePaymentReceived' ? event.data.receivedAt : event.data.refundedAt;
      const name = order ? orderName(order) : `order ${event.data.orderId}`;
      return [
        {
          kind: 'ENTRY',
          entry: plainEntry(
            received ? 'LATE_PAYMENT' : 'LATE_PAYMENT_RETURNED',
            position,
            at,
            { orderId: event.data.orderId, orderExternalId: order?.externalId ?? null },
            received ? `Late payment for ${name}` : `Late payment for ${name} returned`,
            event.data.amountCents,
            received
              ? latePaymentLines(event.data.amountCents)
              : latePaymentReturnedLines(event.data.amountCents),
          ),
        },
      ];
    }
    case 'PayoutSent': {
      const { payoutId, amountCents, sentAt, transferReference } = event.data;
      state.sentPayouts.set(payoutId, amountCents);
      return [
        { kind: 'PAYOUT', payoutId, sentCents: amountCents },
        {
          kind: 'ENTRY',
          entry: plainEntry(
            'PAYOUT_SENT',
            position,
            sentAt,
            { payoutId },
            `Payout ${payoutId} sent (${transferReference})`,
            amountCents,
            payoutSentLines(amountCents),
          ),
        },
      ];
    }
    case 'PayoutFailed': {
      const { payoutId, failedAt } = event.data;
      const sent = state.sentPayouts.get(payoutId);
      // A locked payout that failed before it was sent moved no money: nothing to book.
      if (sent === undefined) return [];
      state.sentPayouts.delete(payoutId);
      return [
        { kind: 'PAYOUT', payoutId, sentCents: null },
        {
          kind: 'ENTRY',
          entry: plainEntry(
            'PAYOUT_RETURNED',
            position,
            failedAt,
            { payoutId },
            `Payout ${payoutId} returned: ${event.data.reason}`,
            sent,
            payoutReturnedLines(sent),
          ),
        },
      ];
    }
    case 'InvoiceIssued':
    case 'CreditNoteIssued': {
      const order = state.orders.get(event.data.orderId);
      const invoice = event.type === 'InvoiceIssued';
      const changes: LedgerChange[] = [];
      if (order) {
        const updated = invoice
          ? { ...order, invoiceNumber: event.data.number }
          : { ...order, creditNoteNumber: event.data.number };
        state.orders.set(order.orderId, updated);
        changes.push({ kind: 'ORDER', order: updated });
      }
      changes.push({
        kind: 'DOCUMENT',
        orderId: event.data.orderId,
        entryKind: invoice ? 'SALE' : 'REFUND',
        number: event.data.number,
      });
      return changes;
    }
  }
}

/** The whole journal of some events in memory (reconcile, tests): entries in booking order. */
export class FinanceLedger {
  readonly state = emptyLedgerState();
  readonly entries: JournalEntry[] = [];
  private readonly byOrder = new Map<string, JournalEntry[]>();

  book(event: FinanceEvent, position: number): void {
    for (const change of bookEvent(this.state, event, position)) {
      if (change.kind === 'ENTRY') {
        this.entries.push(change.entry);
        if (change.entry.orderId !== null) {
          const list = this.byOrder.get(change.entry.orderId) ?? [];
          list.push(change.entry);
          this.byOrder.set(change.entry.orderId, list);
        }
      } else if (change.kind === 'DOCUMENT') {
        for (const entry of this.byOrder.get(change.orderId) ?? []) {
          if (entry.kind === change.entryKind) entry.documentNumber = change.number;
        }
      }
    }
  }
}
