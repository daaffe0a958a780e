import type { Cents } from '../money';
import { creditNoteNumber, invoiceNumber, seriesYearOf } from './document-numbers';
import {
  creditNoteSeriesStreamId,
  invoiceSeriesStreamId,
  type CreditNoteIssued,
  type DocumentSeller,
  type InvoiceIssued,
  type InvoiceSeriesEvent,
} from './invoice.events';

/** A fact of an order that calls for a tax document, in feed order. */
export type DocumentCause = {
  kind: 'PAID' | 'REFUNDED';
  orderId: string;
  orderExternalId: string;
  /** The payment's or the refund's time: the document's issue date, and so its series year. */
  at: string;
  /** The order's gross total (a refund: the amount returned) and its VAT (0 before VAT). */
  totalCents: Cents;
  vatCents: Cents;
};

/** What the series already hold for the orders of the batch, and where each series stands. */
export type IssuedSoFar = {
  /** Order id → its invoice number. */
  invoices: ReadonlyMap<string, string>;
  /** Orders that have a credit note. */
  creditNotes: ReadonlySet<string>;
  /** Series stream id → its version (the number of documents in it; absent: none). */
  seriesVersions: ReadonlyMap<string, number>;
};

export type SeriesAppend = { streamId: string; expectedVersion: number; events: InvoiceSeriesEvent[] };

export type SkippedCause = {
  cause: DocumentCause;
  reason: 'ALREADY_INVOICED' | 'ALREADY_CREDITED' | 'NOT_INVOICED';
};

/**
 * The documents a batch of payments and refunds calls for, numbered on from where each yearly
 * series stands: the n-th event of a series is its number n, so appending with the version read
 * (`expectedVersion`) can neither skip a number nor give one twice. One invoice per order, one credit
 * note per invoiced order: a cause whose document exists already (a replayed or repeated event)
 * is skipped, as is the refund of an order that never had an invoice.
 */
export function planDocuments(
  causes: readonly DocumentCause[],
  sofar: IssuedSoFar,
  seller: DocumentSeller,
): { appends: SeriesAppend[]; skipped: SkippedCause[] } {
  const invoices = new Map(sofar.invoices);
  const credited = new Set(sofar.creditNotes);
  const appends = new Map<string, SeriesAppend>();
  const skipped: SkippedCause[] = [];
  const next = (streamId: string) => {
    let append = appends.get(streamId);
    if (!append) {
      append = { streamId, expectedVersion: sofar.seriesVersions.get(streamId) ?? 0, events: [] };
      appends.set(streamId, append);
    }
    return { append, sequence: append.expectedVersion + append.events.length + 1 };
  };

  for (const cause of causes) {
    const year = seriesYearOf(cause.at);
    const common = {
      year,
      orderId: cause.orderId,
      orderExternalId: cause.orderExternalId,
      seller,
      totalCents: cause.totalCents,
      vatCents: cause.vatCents,
      issuedAt: cause.at,
    };
    if (cause.kind === 'PAID') {
      if (invoices.has(cause.orderId)) {
        skipped.push({ cause, reason: 'ALREADY_INVOICED' });
        continue;
      }
      const { append, sequence } = next(invoiceSeriesStreamId(year));
      const event: InvoiceIssued = {
        type: 'InvoiceIssued',
        data: { number: invoiceNumber(year, sequence), sequence, ...common },
      };
      append.events.push(event);
      invoices.set(cause.orderId, event.data.number);
    } else {
      const invoice = invoices.get(cause.orderId);
      if (!invoice) {
        skipped.push({ cause, reason: 'NOT_INVOICED' });
        continue;
      }
      if (credited.has(cause.orderId)) {
        skipped.push({ cause, reason: 'ALREADY_CREDITED' });
        continue;
      }
      const { append, sequence } = next(creditNoteSeriesStreamId(year));
      const event: CreditNoteIssued = {
        type: 'CreditNoteIssued',
        data: { number: creditNoteNumber(year, sequence), sequence, invoiceNumber: invoice, ...common },
      };
      append.events.push(event);
      credited.add(cause.orderId);
    }
  }
  return { appends: [...appends.values()], skipped };
}
