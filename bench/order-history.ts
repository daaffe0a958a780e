import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { DEFAULT_FEE_POLICY, priceOrder, type OrderPaymentType } from '../domain/fees';
import {
  ORDER_STREAM_TYPE,
  orderEventSchemaVersions,
  orderStreamId,
  type OrderEvent,
  type OrderedItem,
  type OrderPlaced,
  type OrderVat,
} from '../domain/orders/order.events';
import type { DatabasePool } from '../infra/db/pool';
import { linkEventsWrittenByHand } from './event-chain-links';

/**
 * A generated order history for the benchmarks: paid orders over many authors, priced by the real
 * fee rules (`priceOrder`), written straight into `streams` and `events` (see `insertOrderEvents`).
 * Pseudo-random but repeatable: the same options give the same events.
 */
export type OrderHistoryOptions = {
  orders: number;
  authors: number;
  /** The first author's user id; authors are `firstAuthorId … firstAuthorId + authors − 1`. */
  firstAuthorId: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const COUNTRIES = ['cz', 'de', 'fr', 'pl', 'se', 'us', 'jp', 'br', null] as const;
/** The standard rates of the history's EU buyers: the operator is registered in cz (docs/vat.md). */
const VAT_RATES: Partial<Record<string, number>> = { cz: 2100, de: 1900, fr: 2000, pl: 2300, se: 2500 };

/** The order's VAT as checkout records it: domestic, OSS, or none outside the EU (or unknown). */
function benchOrderVat(country: string | null): OrderVat {
  const rate = country === null ? undefined : VAT_RATES[country];
  return {
    treatment: rate === undefined ? 'OUTSIDE_EU' : country === 'cz' ? 'DOMESTIC' : 'OSS',
    country,
    rateBasisPoints: rate ?? 0,
    rateSetVersion: 'bench',
    seller: { homeCountry: 'cz', vatId: 'CZ12345679' },
    buyerVatId: null,
    vatIdCheck: null,
    evidence: { billingCountry: country, ipCountry: country, rule: 'BILLING_AND_IP_AGREE' },
  };
}

/** A small repeatable generator (mulberry32). */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)) };
}

export type GeneratedEvent = {
  streamId: string;
  streamVersion: number;
  type: OrderEvent['type'];
  data: unknown;
  recordedAt: string;
};

export type GeneratedOrder = {
  orderId: string;
  totalCents: number;
  paidAt: number;
  events: GeneratedEvent[];
};

/**
 * Paid orders: each is `OrderPlaced`, `PaymentSessionOpened` and `PaymentReceived` (what a card or
 * PayPal checkout records), 1–3 items of distinct authors (one in ten a bundle, one in ten with a
 * tip), over the last 60 days in order-id order.
 */
export function* paidOrders(options: OrderHistoryOptions): Generator<GeneratedOrder> {
  const random = randomSource(42);
  const start = Date.now() - 60 * DAY_MS;
  const step = (60 * DAY_MS) / options.orders;
  for (let n = 1; n <= options.orders; n++) {
    const orderId = String(n);
    const placedAt = start + n * step;
    const paymentType: OrderPaymentType = random.next() < 0.7 ? 'STRIPE' : 'PAYPAL';
    const country = COUNTRIES[random.int(0, COUNTRIES.length - 1)] ?? null;
    const count = random.int(1, 3);
    const authors = new Set<number>();
    while (authors.size < count) authors.add(options.firstAuthorId + random.int(0, options.authors - 1));
    const lines = [...authors].map((authorId, index) => {
      const bundle = random.next() < 0.1;
      const itemId = (authorId - options.firstAuthorId) * 100 + random.int(0, 99) + 1;
      return {
        key: index,
        authorId,
        itemType: bundle ? ('BUNDLE' as const) : ('SKIN' as const),
        itemId,
        skinIds: bundle ? [itemId * 10 + 1, itemId * 10 + 2, itemId * 10 + 3] : undefined,
        priceCents: (bundle ? 1000 : 200) + 50 * random.int(0, 56),
        tipCents: random.next() < 0.1 ? 100 * random.int(1, 5) : 0,
      };
    });
    const vat = benchOrderVat(country);
    const priced = priceOrder({
      items: lines,
      paymentType,
      country,
      policy: DEFAULT_FEE_POLICY,
      vat: { rateBasisPoints: vat.rateBasisPoints },
    });
    const items: OrderedItem[] = priced.items.map((line) => {
      const source = lines[line.key]!;
      return {
        itemType: source.itemType,
        itemId: source.itemId,
        name: `${source.itemType === 'BUNDLE' ? 'Bundle' : 'Skin'} ${source.itemId}`,
        authorId: source.authorId,
        priceCents: line.priceCents,
        tipCents: line.tipCents,
        vatCents: line.vatCents,
        siteFeeCents: line.siteFeeCents,
        paymentFeeCents: line.paymentFeeCents,
        authorShareCents: line.authorShareCents,
        ...(source.skinIds ? { skinIds: source.skinIds } : {}),
      };
    });
    const buyerId = 1_000_000 + random.int(1, 20_000);
    const placed: OrderPlaced['data'] = {
      orderId,
      externalId: `TS-BENCH-${orderId.padStart(6, '0')}`,
      buyer: {
        userId: buyerId,
        guest: false,
        email: `buyer${buyerId}@example.com`,
        fullName: 'Bench Buyer',
        country,
      },
      paymentType,
      items,
      totals: {
        totalCents: priced.totalCents,
        vatCents: priced.vatCents,
        siteFeeCents: priced.siteFeeCents,
        paymentFeeCents: priced.paymentFeeCents,
        authorShareCents: priced.authorShareCents,
      },
      feePolicyVersion: priced.feePolicyVersion,
      vat,
      placedAt: new Date(placedAt).toISOString(),
    };
    const provider = paymentType === 'PAYPAL' ? 'PAYPAL' : 'STRIPE';
    const reference = `bench_${orderId}`;
    const openedAt = new Date(placedAt + 1_000).toISOString();
    const paidAt = placedAt + 60_000;
    const streamId = orderStreamId(orderId);
    yield {
      orderId,
      totalCents: priced.totalCents,
      paidAt,
      events: [
        { streamId, streamVersion: 1, type: 'OrderPlaced', data: placed, recordedAt: placed.placedAt },
        {
          streamId,
          streamVersion: 2,
          type: 'PaymentSessionOpened',
          data: { orderId, provider, providerReference: reference, url: null, openedAt },
          recordedAt: openedAt,
        },
        {
          streamId,
          streamVersion: 3,
          type: 'PaymentReceived',
          data: {
            orderId,
            provider,
            providerReference: reference,
            providerEventId: `evt_${orderId}`,
            amountCents: priced.totalCents,
            receivedAt: new Date(paidAt).toISOString(),
          },
          recordedAt: new Date(paidAt).toISOString(),
        },
      ],
    };
  }
}

/** A refund of a paid order (its stream's fourth event), a day after the payment. */
export function refundOf(order: { orderId: string; totalCents: number; paidAt: number }): GeneratedEvent {
  const refundedAt = new Date(order.paidAt + DAY_MS).toISOString();
  return {
    streamId: orderStreamId(order.orderId),
    streamVersion: 4,
    type: 'OrderRefunded',
    data: { orderId: order.orderId, by: 1, reason: 'bench', amountCents: order.totalCents, refundedAt },
    recordedAt: refundedAt,
  };
}

/**
 * Writes events the way `EventStore.append` stores them, without going through it: one
 * `INSERT … SELECT` into `streams` (new streams, or their version moved) and one into `events` per
 * call, in the given order (so positions follow it), all under the calling transaction's id. The
 * rows are what the store writes (same columns, schema versions, metadata shape and recorded
 * times), but the inline projections are not applied: rebuild them afterwards. Used to fill a
 * benchmark in seconds instead of one append statement per stream.
 */
export async function insertOrderEvents(
  pool: DatabasePool,
  events: readonly GeneratedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const versions = new Map<string, number>();
  for (const event of events)
    versions.set(event.streamId, Math.max(versions.get(event.streamId) ?? 0, event.streamVersion));
  const rows = events.map((event, i) => ({
    i,
    stream_id: event.streamId,
    stream_version: event.streamVersion,
    event_id: randomUUID(),
    event_type: event.type,
    schema_version: orderEventSchemaVersions[event.type],
    data: event.data,
    metadata: { actor: { system: 'bench' }, correlationId: 'bench-order-history' },
    recorded_at: event.recordedAt,
  }));
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      insert into streams (stream_id, stream_type, version)
      select x.stream_id, ${ORDER_STREAM_TYPE}, x.version
      from jsonb_to_recordset(${sql.jsonb([...versions].map(([stream_id, version]) => ({ stream_id, version })))})
        as x(stream_id text, version bigint)
      on conflict (stream_id) do update set version = excluded.version, updated_at = now()`);
    await tx.query(sql.unsafe`
      insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
      select x.stream_id, x.stream_version, x.event_id, x.event_type, x.schema_version, x.data, x.metadata, x.recorded_at
      from jsonb_to_recordset(${sql.jsonb(rows)}) as x(
        i int, stream_id text, stream_version bigint, event_id uuid, event_type text, schema_version int,
        data jsonb, metadata jsonb, recorded_at timestamptz)
      order by x.i`);
    // As append_events would have linked them (the benches reconcile, which verifies the chain).
    await linkEventsWrittenByHand(tx, [...versions.keys()]);
  });
}
