import type { FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { DomainError } from '../../domain/errors';
import { parseDocumentNumber } from '../../domain/invoices/document-numbers';
import {
  buildTaxDocument,
  formatTaxDocument,
  type FormattedTaxDocument,
} from '../../domain/invoices/tax-document';
import { orderStreamId, type OrderPlaced, type PaymentReceived } from '../../domain/orders/order.events';
import { ERASED_PERSONAL_DATA } from '../../domain/personal-data/personal-fields';
import { isEventOf } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { isAdmin, viewerOf, type Viewer } from '../auth/viewer';
import { isBuyerOf } from '../orders/orders.repository';
import { findTaxDocument, type TaxDocumentRow } from './tax-documents.repository';

const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);
const isPaymentReceived = isEventOf<PaymentReceived>(['PaymentReceived']);
type OrderPlacedData = OrderPlaced['data'];

export const noSuchDocument = () => new DomainError('NOT_FOUND', 'There is no such document.');

/**
 * Who may read an order's tax documents: the buyer signed in (or the account that took over the
 * guest's orders), an admin, and whoever holds the key signed for the order that the confirmation
 * page uses (a guest has nothing else). Someone signed out without a key is asked to log in
 * before anything is looked up; anyone else is told there is no such document, so numbers cannot
 * be probed.
 */
export async function requireDocumentReader(
  app: AppContext,
  request: FastifyRequest,
  key: string | null,
): Promise<{ viewer: Viewer; mayRead: (orderId: string) => Promise<boolean> }> {
  const viewer = await viewerOf(app, request);
  if (!viewer && !key) throw new DomainError('UNAUTHENTICATED', 'Log in to see your invoices.');
  return {
    viewer,
    mayRead: async (orderId) => {
      if (app.orderConfirmationKeys.opens(orderId, key)) return true;
      if (!viewer) return false;
      if (isAdmin(viewer)) return true;
      return isBuyerOf(app.pool, Number(orderId), viewer.id);
    },
  };
}

/** The document of a number, built from the events, for a reader allowed to see it. */
export async function readableTaxDocument(
  app: AppContext,
  number: string,
  mayRead: (orderId: string) => Promise<boolean>,
): Promise<FormattedTaxDocument> {
  const parsed = parseDocumentNumber(number);
  const row = parsed ? await findTaxDocument(app.pool, parsed.kind, number) : null;
  if (!row || !(await mayRead(row.order_id))) throw noSuchDocument();
  return taxDocumentOf(app, row);
}

export async function taxDocumentOf(
  app: Pick<AppContext, 'store' | 'pool'>,
  row: TaxDocumentRow,
): Promise<FormattedTaxDocument> {
  const { events } = await app.store.readStream(app.pool, orderStreamId(row.order_id));
  const placed = events.find(isOrderPlaced)?.data;
  if (!placed) throw new Error(`Document ${row.number}: order ${row.order_id} has no OrderPlaced.`);
  const order = await withRetainedBuyer(app, row.order_id, placed);
  const payment = events.find(isPaymentReceived)?.data ?? null;
  const common = {
    number: row.number,
    year: row.year,
    sequence: row.sequence,
    orderId: row.order_id,
    orderExternalId: row.order_external_id,
    seller: row.seller,
    totalCents: row.total_cents,
    vatCents: row.vat_cents,
    issuedAt: row.issued_at,
  };
  return formatTaxDocument(
    buildTaxDocument({
      document:
        row.kind === 'INVOICE'
          ? { kind: 'INVOICE', issued: common }
          : { kind: 'CREDIT_NOTE', issued: { ...common, invoiceNumber: row.invoice_number ?? '' } },
      order,
      payment,
    }),
  );
}

/**
 * A deleted buyer's order reads "deleted user"; the name tax law keeps on their invoices and credit
 * notes comes from the tax records (docs/personal-data.md, "What tax law keeps").
 */
async function withRetainedBuyer(
  app: Pick<AppContext, 'pool'>,
  orderId: string,
  order: OrderPlacedData,
): Promise<OrderPlacedData> {
  if (order.buyer.fullName !== ERASED_PERSONAL_DATA) return order;
  const kept = (await app.pool.maybeOneFirst(
    sql.unsafe`select buyer_name from tax_record_buyers where order_id = ${Number(orderId)}`,
  )) as string | null;
  return kept === null ? order : { ...order, buyer: { ...order.buyer, fullName: kept } };
}
