import { sql } from 'slonik';
import { z } from 'zod';
import { planDocuments, type DocumentCause } from '../../domain/invoices/document-issuing';
import { seriesYearOf } from '../../domain/invoices/document-numbers';
import {
  creditNoteSeriesStreamId,
  INVOICE_SERIES_STREAM_TYPE,
  invoiceSeriesEventSchemaVersions,
  invoiceSeriesStreamId,
  type DocumentSeller,
  type InvoiceSeriesEvent,
} from '../../domain/invoices/invoice.events';
import type { OrderPlaced, OrderRefunded, PaymentReceived } from '../../domain/orders/order.events';
import { orderStreamId } from '../../domain/orders/order.events';
import type { VatConfig } from '../../infra/config';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { eventsToAppend, type StreamKind } from '../../infra/event-store/command-handler';
import {
  ConcurrencyError,
  isEventOf,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { fallbackExternalId } from '../../projections/orders.projection';

export const INVOICE_NUMBERING = 'invoice-numbering';

export const invoiceSeriesStream: StreamKind<InvoiceSeriesEvent> = {
  streamType: INVOICE_SERIES_STREAM_TYPE,
  schemaVersions: invoiceSeriesEventSchemaVersions,
};

type DocumentedEvent = PaymentReceived | OrderRefunded;
const DOCUMENTED_EVENT_TYPES: readonly DocumentedEvent['type'][] = ['PaymentReceived', 'OrderRefunded'];
const isDocumentedEvent = isEventOf<DocumentedEvent>(DOCUMENTED_EVENT_TYPES);
const isOrderPlaced = isEventOf<OrderPlaced>(['OrderPlaced']);

/** How often a batch is decided again when another writer appended to a series in between. */
const ATTEMPTS = 5;

export type InvoiceNumberingDeps = { store: EventStore; log: Logger; vat: VatConfig };

/** The seller as the documents name it: the configuration when the document is issued. */
export function documentSellerOf(vat: VatConfig): DocumentSeller {
  return {
    name: vat.seller.name,
    address: vat.seller.address,
    companyId: vat.seller.companyId,
    vatId: vat.registered ? vat.vatId : null,
  };
}

/**
 * Issues the tax documents (docs/invoices.md): an invoice for every received payment, a credit
 * note citing it for every refund of an invoiced order, each numbered in its yearly series stream.
 * It reads the payments and refunds from the feed with a checkpoint moved in the same transaction
 * as the series events it appends, so each is documented exactly once; the series' expected
 * versions make a number impossible to skip or repeat, and the inline `invoices` read model (same
 * transaction) tells which orders have their documents already.
 */
export function invoiceNumberingReactor(deps: InvoiceNumberingDeps): Reactor {
  return {
    name: INVOICE_NUMBERING,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: DOCUMENTED_EVENT_TYPES,
    apply: (tx, events) => issueTaxDocuments(deps, tx, events),
  };
}

const documentedRow = z.object({ order_id: z.string(), number: z.string() });
const versionRow = z.object({ stream_id: z.string(), version: z.number() });

export async function issueTaxDocuments(
  deps: InvoiceNumberingDeps,
  tx: DatabaseTransactionConnection,
  feed: readonly StoredEvent[],
): Promise<void> {
  const events = feed.filter(isDocumentedEvent);
  if (events.length === 0) return;
  const orderIds = [...new Set(events.map((event) => event.data.orderId))];
  const orderStreams = await deps.store.readStreams(tx, orderIds.map(orderStreamId));
  const placed = new Map<string, OrderPlaced['data']>();
  for (const stream of orderStreams.values()) {
    const event = stream.events.find(isOrderPlaced);
    if (event) placed.set(event.data.orderId, event.data);
  }

  const causes: { cause: DocumentCause; event: DocumentedEvent & StoredEvent }[] = [];
  for (const event of events) {
    const order = placed.get(event.data.orderId);
    if (!order) {
      deps.log.error(
        { orderId: event.data.orderId, eventId: event.eventId },
        'invoices: the order has no OrderPlaced',
      );
      continue;
    }
    const common = {
      orderId: order.orderId,
      orderExternalId: order.externalId ?? fallbackExternalId(order.orderId),
      vatCents: order.totals.vatCents ?? 0,
    };
    causes.push({
      event,
      cause:
        event.type === 'PaymentReceived'
          ? { ...common, kind: 'PAID', at: event.data.receivedAt, totalCents: order.totals.totalCents }
          : { ...common, kind: 'REFUNDED', at: event.data.refundedAt, totalCents: event.data.amountCents },
    });
  }
  if (causes.length === 0) return;
  const metadataOf = new Map(
    causes.map(({ cause, event }): [string, EventMetadata] => [
      `${cause.kind}:${cause.orderId}`,
      {
        actor: { system: INVOICE_NUMBERING },
        causationId: event.eventId,
        correlationId: event.metadata.correlationId ?? event.eventId,
      },
    ]),
  );
  const seriesIds = [
    ...new Set(
      causes.flatMap(({ cause }) => {
        const year = seriesYearOf(cause.at);
        return [invoiceSeriesStreamId(year), creditNoteSeriesStreamId(year)];
      }),
    ),
  ];
  const seller = documentSellerOf(deps.vat);
  const orderNumbers = sql.array(
    orderIds.map((id) => Number(id)),
    'int8',
  );

  for (let attempt = 1; ; attempt++) {
    // Read afresh on every attempt: after a conflict another writer's documents and versions are
    // committed, and each statement of the transaction sees them.
    const invoiced = await tx.any(sql.type(documentedRow)`
      select order_id::text as order_id, number from invoices where order_id = any(${orderNumbers})`);
    const credited = await tx.any(sql.type(documentedRow)`
      select order_id::text as order_id, number from credit_notes where order_id = any(${orderNumbers})`);
    const versions = await tx.any(sql.type(versionRow)`
      select stream_id, version from streams where stream_id = any(${sql.array(seriesIds, 'text')})`);
    const { appends, skipped } = planDocuments(
      causes.map(({ cause }) => cause),
      {
        invoices: new Map(invoiced.map((row) => [row.order_id, row.number])),
        creditNotes: new Set(credited.map((row) => row.order_id)),
        seriesVersions: new Map(versions.map((row) => [row.stream_id, row.version])),
      },
      seller,
    );
    for (const { cause, reason } of skipped) {
      if (reason === 'NOT_INVOICED') {
        deps.log.warn(
          { orderId: cause.orderId },
          'invoices: a refunded order has no invoice; no credit note',
        );
      }
    }
    if (appends.length === 0) return;
    try {
      await deps.store.append(
        tx,
        appends.map((append) => ({
          streamId: append.streamId,
          streamType: INVOICE_SERIES_STREAM_TYPE,
          expectedVersion: append.expectedVersion === 0 ? 'no_stream' : append.expectedVersion,
          // Each event carries the metadata of the payment or refund it documents.
          events: append.events.flatMap((event) =>
            eventsToAppend(invoiceSeriesStream, [event], {
              metadata: metadataOf.get(
                `${event.type === 'InvoiceIssued' ? 'PAID' : 'REFUNDED'}:${event.data.orderId}`,
              )!,
            }),
          ),
        })),
      );
      const issued = appends.flatMap((append) => append.events.map((event) => event.data.number));
      deps.log.info({ count: issued.length, first: issued[0], last: issued.at(-1) }, 'tax documents issued');
      return;
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < ATTEMPTS) {
        deps.log.info(
          { streamId: error.streamId, attempt },
          'invoices: a series moved meanwhile; deciding again',
        );
        continue;
      }
      throw error;
    }
  }
}
