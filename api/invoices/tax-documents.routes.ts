import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FormattedTaxDocument } from '../../domain/invoices/tax-document';
import type { AppContext } from '../app-context';
import { findOrderByExternalId } from '../orders/orders.repository';
import { noSuchDocument, readableTaxDocument, requireDocumentReader } from './tax-document-access';
import { taxDocumentPdf } from './tax-document-pdf';
import { INVOICE_NUMBERING } from './invoice-numbering.reactor';
import { awaitsNumbering, taxDocumentsOfOrders } from './tax-documents.repository';

const keyQuery = z.object({ k: z.string().max(200).optional() });
const keyOf = (query: unknown) => {
  const parsed = keyQuery.safeParse(query);
  return parsed.success ? (parsed.data.k ?? null) : null;
};
const ORDER_NUMBER = /^TS-\d{4}-\d{6,15}$/;

/** The document's own address and its PDF's, with the key when the reader came with one. */
function withLinks(document: FormattedTaxDocument, key: string | null) {
  const query = key ? `?k=${encodeURIComponent(key)}` : '';
  const path = `/api/tax-documents/${encodeURIComponent(document.number)}`;
  return { ...document, links: { pdf: `${path}/pdf${query}` } };
}

/**
 * The tax documents (docs/invoices.md), for the order's buyer (Bearer, or the session cookie so
 * that a plain link works), an admin, or the holder of the order's confirmation key (`?k=`):
 * - GET /api/tax-documents/{number}: the invoice (`2026-000123`) or credit note (`CN-2026-000007`)
 *   as JSON, amounts in cents and formatted as the site writes them;
 * - GET /api/tax-documents/{number}/pdf: the same as a PDF;
 * - GET /api/orders/{externalId}/tax-documents: the numbers of an order's invoice and credit note
 *   (null while not issued) and whether each is on its way, for the links of the confirmation mail, the purchase history and the
 *   admin's orders.
 */
export async function taxDocumentsRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get<{ Params: { number: string } }>('/api/tax-documents/:number', async (request, reply) => {
    const key = keyOf(request.query);
    const { mayRead } = await requireDocumentReader(app, request, key);
    const document = await readableTaxDocument(app, request.params.number, mayRead);
    return reply.header('cache-control', 'private, no-store').send(withLinks(document, key));
  });

  fastify.get<{ Params: { number: string } }>('/api/tax-documents/:number/pdf', async (request, reply) => {
    const key = keyOf(request.query);
    const { mayRead } = await requireDocumentReader(app, request, key);
    const document = await readableTaxDocument(app, request.params.number, mayRead);
    const name = `${document.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${document.number}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(await taxDocumentPdf(document));
  });

  fastify.get<{ Params: { externalId: string } }>(
    '/api/orders/:externalId/tax-documents',
    async (request, reply) => {
      const key = keyOf(request.query);
      const { mayRead } = await requireDocumentReader(app, request, key);
      const externalId = request.params.externalId;
      const order = ORDER_NUMBER.test(externalId) ? await findOrderByExternalId(app.pool, externalId) : null;
      if (!order || !(await mayRead(String(order.id)))) throw noSuchDocument();
      const documents = (await taxDocumentsOfOrders(app.pool, [order.id])).get(order.id);
      const invoice = documents?.invoice ?? null;
      const creditNote = documents?.creditNote ?? null;
      return reply.header('cache-control', 'private, no-store').send({
        externalId: order.external_id,
        status: order.status,
        invoice,
        creditNote,
        // A document not there yet but on its way (the reactor has still to read the event).
        invoicePending:
          invoice === null &&
          (await awaitsNumbering(app.pool, order.id, 'PaymentReceived', INVOICE_NUMBERING)),
        creditNotePending:
          creditNote === null &&
          (await awaitsNumbering(app.pool, order.id, 'OrderRefunded', INVOICE_NUMBERING)),
      });
    },
  );
}
