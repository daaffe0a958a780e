import type { Cents } from '../money';

/**
 * Tax documents: one gapless series per calendar year for invoices and one for credit notes, each a
 * stream (`invoices-2026`, `credit-notes-2026`) whose n-th event carries number n, so an expected
 * version makes a number impossible to skip or reuse (docs/invoices.md).
 */
export const INVOICE_SERIES_STREAM_TYPE = 'invoice-series';
export const invoiceSeriesStreamId = (year: number) => `invoices-${year}`;
export const creditNoteSeriesStreamId = (year: number) => `credit-notes-${year}`;

/** The seller as the document names it, copied from the configuration when it was issued. */
export type DocumentSeller = {
  name: string;
  address: string;
  companyId: string | null;
  /** null when the operator is not registered for VAT. */
  vatId: string | null;
};

/** A paid order's invoice. Its lines and amounts are the order's (`OrderPlaced`); not copied. */
export type InvoiceIssued = {
  type: 'InvoiceIssued';
  data: {
    /** `2026-000123`: the year and the sequence, six digits. */
    number: string;
    year: number;
    /** 1, 2, 3… within the year, equal to the event's position in the series stream. */
    sequence: number;
    orderId: string;
    orderExternalId: string;
    seller: DocumentSeller;
    /** The order's gross total and VAT, for a reader of the series alone. */
    totalCents: Cents;
    vatCents: Cents;
    issuedAt: string;
  };
};

/** A refunded order's credit note, citing the invoice it corrects. */
export type CreditNoteIssued = {
  type: 'CreditNoteIssued';
  data: {
    /** `CN-2026-000007` */
    number: string;
    year: number;
    sequence: number;
    orderId: string;
    orderExternalId: string;
    invoiceNumber: string;
    seller: DocumentSeller;
    /** Positive amounts that the credit note takes back. */
    totalCents: Cents;
    vatCents: Cents;
    issuedAt: string;
  };
};

export type InvoiceSeriesEvent = InvoiceIssued | CreditNoteIssued;
export type InvoiceSeriesEventType = InvoiceSeriesEvent['type'];
export const invoiceSeriesEventSchemaVersions: Record<InvoiceSeriesEventType, number> = {
  InvoiceIssued: 1,
  CreditNoteIssued: 1,
};
