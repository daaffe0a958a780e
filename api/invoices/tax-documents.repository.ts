import { sql } from 'slonik';
import { z } from 'zod';
import type { TaxDocumentKind } from '../../domain/invoices/document-numbers';
import type { DocumentSeller } from '../../domain/invoices/invoice.events';
import type { Queryable } from '../../infra/db/pool';

// Reads of the invoices read model (migration 045); the inline projection `invoices` writes it.

const sellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  companyId: z.string().nullable(),
  vatId: z.string().nullable(),
}) satisfies z.ZodType<DocumentSeller>;

const documentRow = z.object({
  kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
  number: z.string(),
  year: z.number(),
  sequence: z.number(),
  order_id: z.string(),
  order_external_id: z.string(),
  invoice_number: z.string().nullable(),
  seller: sellerSchema,
  total_cents: z.number(),
  vat_cents: z.number(),
  issued_at: z.string(),
});
export type TaxDocumentRow = z.infer<typeof documentRow>;

const columns = (kind: TaxDocumentKind) => sql.fragment`
  ${kind}::text as kind, number, year, sequence, order_id::text as order_id, order_external_id,
  seller, total_cents, vat_cents,
  to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at`;

export async function findTaxDocument(
  db: Queryable,
  kind: TaxDocumentKind,
  number: string,
): Promise<TaxDocumentRow | null> {
  return kind === 'INVOICE'
    ? db.maybeOne(sql.type(documentRow)`
        select ${columns(kind)}, null::text as invoice_number from invoices where number = ${number}`)
    : db.maybeOne(sql.type(documentRow)`
        select ${columns(kind)}, invoice_number from credit_notes where number = ${number}`);
}

/** The order's invoice and credit note numbers (null: not issued, or not yet). */
export async function taxDocumentsOfOrders(
  db: Queryable,
  orderIds: readonly number[],
): Promise<Map<number, { invoice: string | null; creditNote: string | null }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.any(sql.type(
    z.object({ order_id: z.number(), invoice: z.string().nullable(), credit_note: z.string().nullable() }),
  )`
    select o.id as order_id, i.number as invoice, c.number as credit_note
    from unnest(${sql.array(orderIds, 'int8')}) as o(id)
    left join invoices i on i.order_id = o.id
    left join credit_notes c on c.order_id = o.id`);
  return new Map(rows.map((row) => [row.order_id, { invoice: row.invoice, creditNote: row.credit_note }]));
}

/**
 * Whether the numbering reactor has still to read the order's payment (or refund): then its
 * document is on the way. When it has read it and there is no document, none will come (a
 * payment from before documents were issued, migration 045).
 */
export async function awaitsNumbering(
  db: Queryable,
  orderId: number,
  eventType: 'PaymentReceived' | 'OrderRefunded',
  reactorName: string,
): Promise<boolean> {
  return db.exists(sql.unsafe`
    select 1 from events e
    left join projection_checkpoints c on c.projection_name = ${reactorName}
    where e.stream_id = ${`order-${orderId}`} and e.event_type = ${eventType}
      and (c.projection_name is null
           or (e.transaction_id, e.global_position) > (c.last_transaction_id, c.last_position))`);
}
