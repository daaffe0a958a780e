import { sql } from 'slonik';
import type { InvoiceSeriesEvent } from '../domain/invoices/invoice.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

export const INVOICE_SERIES_EVENT_TYPES: readonly InvoiceSeriesEvent['type'][] = [
  'InvoiceIssued',
  'CreditNoteIssued',
];
const isSeriesEvent = isEventOf<InvoiceSeriesEvent>(INVOICE_SERIES_EVENT_TYPES);

/**
 * The invoices and credit notes as their series events recorded them (docs/invoices.md). Inline:
 * the rows commit with the append, so the numbering reactor reads which orders have their
 * documents in the same snapshot as the series' versions, and the unique keys refuse a second
 * document for an order in the very transaction that tried it. Each event makes one row of its own,
 * so the feed's order does not matter and a rebuild gives the same rows.
 */
export const invoicesProjection: RebuildableProjection = {
  name: 'invoices',
  mode: 'inline',
  eventTypes: INVOICE_SERIES_EVENT_TYPES,
  tables: [{ name: 'invoices' }, { name: 'credit_notes' }],
  async apply(tx, events) {
    const invoices: object[] = [];
    const notes: object[] = [];
    for (const event of events.filter(isSeriesEvent)) {
      const { data } = event;
      const common = {
        number: data.number,
        year: data.year,
        sequence: data.sequence,
        order_id: Number(data.orderId),
        order_external_id: data.orderExternalId,
        seller: data.seller,
        total_cents: data.totalCents,
        vat_cents: data.vatCents,
        issued_at: data.issuedAt,
      };
      if (event.type === 'InvoiceIssued') invoices.push(common);
      else notes.push({ ...common, invoice_number: event.data.invoiceNumber });
    }
    if (invoices.length > 0) {
      await tx.query(sql.unsafe`
        insert into invoices (number, year, sequence, order_id, order_external_id, seller, total_cents,
                              vat_cents, issued_at)
        select x.number, x.year, x.sequence, x.order_id, x.order_external_id, x.seller, x.total_cents,
               x.vat_cents, x.issued_at
        from json_to_recordset(${jsonRows(invoices)}) as x(
          number text, year int, sequence int, order_id bigint, order_external_id text, seller jsonb,
          total_cents int, vat_cents int, issued_at timestamptz)`);
    }
    if (notes.length > 0) {
      await tx.query(sql.unsafe`
        insert into credit_notes (number, year, sequence, order_id, order_external_id, invoice_number,
                                  seller, total_cents, vat_cents, issued_at)
        select x.number, x.year, x.sequence, x.order_id, x.order_external_id, x.invoice_number,
               x.seller, x.total_cents, x.vat_cents, x.issued_at
        from json_to_recordset(${jsonRows(notes)}) as x(
          number text, year int, sequence int, order_id bigint, order_external_id text,
          invoice_number text, seller jsonb, total_cents int, vat_cents int, issued_at timestamptz)`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate invoices, credit_notes`);
  },
};
