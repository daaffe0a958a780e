import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabaseTransactionConnection, Queryable } from '../db/pool';
import { handlesEvent, type Projection } from '../projection-engine/projection';
import type { Backdated } from './backdating';
import { recordedMetadata, type EventMetadata, type RecordedMetadata } from './event-metadata';
import type { EventUpcasters } from './event-upcasters';
import { createUpcasters } from './upcaster-registry';

/** What an append expects of the stream: its exact current version, or one of the three states. */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export type { EventActor, EventMetadata, RecordedMetadata } from './event-metadata';

export type NewEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
  /** Increase when the shape of `data` changes; older shapes are upcast on read. */
  schemaVersion?: number;
  /** Validated on append (event-metadata.ts): an actor, a correlation id, a causation id. */
  metadata: EventMetadata;
  eventId?: string;
  /** When it happened, for history loaded after the fact (demo seeding, importers); now by default. */
  occurredAt?: Backdated;
};

/** What a decider decides and a projection reads: a type name and its data. */
export type DomainEvent = { type: string; data: unknown };

/** What the store records around an event. */
export type EventEnvelope = {
  eventId: string;
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  /** The writing transaction's id (xid8), as a decimal string. */
  transactionId: string;
  schemaVersion: number;
  metadata: RecordedMetadata;
  recordedAt: Date;
};

/**
 * An event as read (upcast to its newest shape). `StoredEvent<OrderEvent>` is a discriminated
 * union: switching on `type` narrows `data`. Narrow a plain `StoredEvent` with `isEventOf`.
 */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? EventEnvelope & E
  : never;

/**
 * A guard for the events of one union, by type name: the store reads every event in its newest
 * shape (upcasting), so the type name tells the shape of the data.
 */
export function isEventOf<E extends DomainEvent>(
  types: readonly E['type'][],
): (event: StoredEvent) => event is StoredEvent<E> {
  const known = new Set<string>(types);
  return (event): event is StoredEvent<E> => known.has(event.type);
}

export type AppendRequest = {
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: readonly NewEvent[];
};

/** A position in the global feed: catch-up readers continue strictly after it. */
export type FeedCheckpoint = { transactionId: string; position: number };
export const FEED_START: FeedCheckpoint = { transactionId: '0', position: 0 };

/** Another writer changed the stream since the caller read it (or it does/doesn't exist). */
export class ConcurrencyError extends Error {
  readonly code = 'CONFLICT';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: number | null,
  ) {
    super(
      `Stream ${streamId}: expected version ${String(expectedVersion)}, found ${actualVersion ?? 'no stream'}.`,
    );
    this.name = 'ConcurrencyError';
  }
}

/** The store was used in a way that would break its guarantees: a programming error. */
export class EventStoreUsageError extends Error {
  override name = 'EventStoreUsageError';
}

export const FEED_CHANNEL = 'events_appended';

const storedEventRow = z.object({
  event_id: z.string(),
  stream_id: z.string(),
  stream_version: z.number(),
  global_position: z.number(),
  transaction_id: z.string(),
  event_type: z.string(),
  schema_version: z.number(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recorded_at: z.number(),
});

type StoredEventRow = z.infer<typeof storedEventRow>;
type FeedRow = StoredEventRow & { wanted: boolean };

/**
 * The feed's rows, checked by hand instead of by a zod schema per row: a replay reads hundreds of
 * thousands of them, and parsing each with zod was a fifth of its time. The check is the same
 * (column types; `data` is any JSON).
 */
function feedRowsOf<Row extends StoredEventRow>(rows: readonly unknown[], wanted: boolean): Row[] {
  for (const row of rows as readonly Record<string, unknown>[]) {
    if (
      typeof row.event_id !== 'string' ||
      typeof row.stream_id !== 'string' ||
      typeof row.stream_version !== 'number' ||
      typeof row.global_position !== 'number' ||
      typeof row.transaction_id !== 'string' ||
      typeof row.event_type !== 'string' ||
      typeof row.schema_version !== 'number' ||
      typeof row.metadata !== 'object' ||
      row.metadata === null ||
      typeof row.recorded_at !== 'number' ||
      (wanted && typeof row.wanted !== 'boolean')
    ) {
      throw new TypeError(`An events row of unexpected shape: ${JSON.stringify(row).slice(0, 300)}`);
    }
  }
  return rows as Row[];
}

const eventColumns = sql.fragment`
  event_id, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
  event_type, schema_version, data, metadata, recorded_at`;

export type EventStoreOptions = {
  /** The application's registry (upcaster-registry.ts) unless given; build stores with createEventStore. */
  upcasters?: EventUpcasters;
  /** Read models updated in the append's own transaction (read-your-writes). */
  inlineProjections?: readonly Projection[];
};

export class EventStore {
  private readonly upcasters: EventUpcasters;
  readonly inlineProjections: readonly Projection[];

  constructor(options: EventStoreOptions = {}) {
    this.upcasters = options.upcasters ?? createUpcasters();
    this.inlineProjections = options.inlineProjections ?? [];
  }

  /**
   * Appends events to one or more streams inside the caller's transaction, applies the inline
   * projections, and returns the events as stored. It must be the transaction's first write: the streams are locked (in a fixed order)
   * before the transaction takes its id, so that appends to one stream get increasing transaction
   * ids and reach catch-up readers in stream order.
   */
  async append(
    tx: DatabaseTransactionConnection,
    requests: AppendRequest | readonly AppendRequest[],
  ): Promise<StoredEvent[]> {
    const all = (Array.isArray(requests) ? requests : [requests]) as readonly AppendRequest[];
    const nonEmpty = all.filter((request) => request.events.length > 0);
    if (nonEmpty.length === 0) return [];
    const streamIds = nonEmpty.map((request) => request.streamId);
    if (new Set(streamIds).size !== streamIds.length) {
      throw new EventStoreUsageError('Append each stream once per call.');
    }
    // Checked before anything is locked or written: metadata that breaks the rules is a caller's bug.
    const metadata = nonEmpty.map((request) =>
      request.events.map((event) => recordedMetadata(event.type, event.metadata)),
    );

    const xidBefore = await tx.oneFirst(sql.type(z.object({ xid: z.string().nullable() }))`
      select pg_current_xact_id_if_assigned()::text as xid,
             (select count(*) from (
                select pg_advisory_xact_lock(key)
                from (select distinct hashtextextended(id, 0) as key
                      from unnest(${sql.array(streamIds, 'text')}) as id order by 1) as keys
              ) as locked) as locked`);
    if (xidBefore !== null) {
      throw new EventStoreUsageError(
        'Events must be appended before any other write of the transaction (it already has a transaction id).',
      );
    }

    const inserted: z.infer<typeof storedEventRow>[] = [];
    if (nonEmpty.length > 1 && nonEmpty.every((request) => request.expectedVersion === 'any')) {
      inserted.push(...(await this.appendToAnyStreams(tx, nonEmpty, metadata)));
    } else {
      for (const [index, request] of nonEmpty.entries()) {
        inserted.push(...(await this.appendToStream(tx, request, metadata[index]!)));
      }
    }
    const stored = inserted.map((row) => this.toStoredEvent(row));
    for (const projection of this.inlineProjections) {
      const handled = stored.filter((event) => handlesEvent(projection, event.type));
      if (handled.length > 0) await projection.apply(tx, handled);
    }
    return stored;
  }

  /**
   * Moves the stream to its new version and inserts the events in one statement: the insert reads
   * the version the stream write returned, so when the expected version does not hold, nothing is
   * written and the conflict is reported.
   */
  private async appendToStream(
    tx: DatabaseTransactionConnection,
    request: AppendRequest,
    metadata: readonly RecordedMetadata[],
  ) {
    const { streamId, streamType, expectedVersion } = request;
    const count = request.events.length;
    let advance;
    if (expectedVersion === 'no_stream' || expectedVersion === 0) {
      advance = sql.fragment`
        insert into streams (stream_id, stream_type, version) values (${streamId}, ${streamType}, ${count})
        on conflict (stream_id) do nothing returning version`;
    } else if (expectedVersion === 'any') {
      advance = sql.fragment`
        insert into streams (stream_id, stream_type, version) values (${streamId}, ${streamType}, ${count})
        on conflict (stream_id) do update set version = streams.version + ${count}, updated_at = now()
        returning version`;
    } else if (expectedVersion === 'stream_exists') {
      advance = sql.fragment`
        update streams set version = version + ${count}, updated_at = now()
        where stream_id = ${streamId} returning version`;
    } else {
      if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
        throw new EventStoreUsageError(`Invalid expected version ${expectedVersion}.`);
      }
      advance = sql.fragment`
        update streams set version = version + ${count}, updated_at = now()
        where stream_id = ${streamId} and version = ${expectedVersion} returning version`;
    }
    const rows = request.events.map((event, index) => ({
      i: index,
      event_id: event.eventId ?? randomUUID(),
      event_type: event.type,
      schema_version: event.schemaVersion ?? 1,
      data: event.data,
      metadata: metadata[index],
      recorded_at: event.occurredAt?.toISOString() ?? null,
    }));
    const inserted = await tx.any(sql.type(storedEventRow)`
      with advanced as (${advance}),
      inserted as (
        insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
        select ${streamId}, advanced.version - ${count} + 1 + x.i, x.event_id, x.event_type, x.schema_version,
               x.data, x.metadata, coalesce(x.recorded_at, now())
        from advanced, jsonb_to_recordset(${sql.jsonb(rows as never)}) as x(
          i integer, event_id uuid, event_type text, schema_version integer, data jsonb, metadata jsonb,
          recorded_at timestamptz)
        order by x.i
        returning ${eventColumns}
      ), notified as (select pg_notify(${FEED_CHANNEL}, '') as done)
      select inserted.* from inserted, notified
      order by global_position`);
    if (inserted.length === 0) {
      const actual = await tx.maybeOneFirst(
        sql.type(
          z.object({ version: z.number() }),
        )`select version from streams where stream_id = ${streamId}`,
      );
      throw new ConcurrencyError(streamId, expectedVersion, actual);
    }
    return inserted;
  }

  /**
   * Several streams appended with any expected version (grouped downloads, the demo history) in one
   * statement: nothing can conflict, so the streams move and every event is inserted at once, each
   * stream's events in order.
   */
  private async appendToAnyStreams(
    tx: DatabaseTransactionConnection,
    requests: readonly AppendRequest[],
    metadata: readonly (readonly RecordedMetadata[])[],
  ) {
    const streams = requests.map((request) => ({
      stream_id: request.streamId,
      stream_type: request.streamType,
      n: request.events.length,
    }));
    let k = 0;
    const rows = requests.flatMap((request, r) =>
      request.events.map((event, index) => ({
        k: k++,
        stream_id: request.streamId,
        i: index,
        event_id: event.eventId ?? randomUUID(),
        event_type: event.type,
        schema_version: event.schemaVersion ?? 1,
        data: event.data,
        metadata: metadata[r]![index],
        recorded_at: event.occurredAt?.toISOString() ?? null,
      })),
    );
    return tx.any(sql.type(storedEventRow)`
      with wanted as (
        select * from jsonb_to_recordset(${sql.jsonb(streams)}) as s(stream_id text, stream_type text, n integer)
      ), advanced as (
        insert into streams (stream_id, stream_type, version)
        select stream_id, stream_type, n from wanted
        on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = now()
        returning stream_id, version
      ), inserted as (
        insert into events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, recorded_at)
        select x.stream_id, advanced.version - wanted.n + 1 + x.i, x.event_id, x.event_type, x.schema_version,
               x.data, x.metadata, coalesce(x.recorded_at, now())
        from jsonb_to_recordset(${sql.jsonb(rows as never)}) as x(
          k integer, stream_id text, i integer, event_id uuid, event_type text, schema_version integer,
          data jsonb, metadata jsonb, recorded_at timestamptz)
        join wanted using (stream_id) join advanced using (stream_id)
        order by x.k
        returning ${eventColumns}
      ), notified as (select pg_notify(${FEED_CHANNEL}, '') as done)
      select inserted.* from inserted, notified
      order by global_position`);
  }

  /** The stream's events in order and its current version (0 when it does not exist). */
  async readStream(
    db: Queryable,
    streamId: string,
    options: { fromVersion?: number } = {},
  ): Promise<{ version: number; events: StoredEvent[] }> {
    const rows = await db.any(sql.type(storedEventRow)`
      select ${eventColumns} from events
      where stream_id = ${streamId} and stream_version >= ${options.fromVersion ?? 1}
      order by stream_version`);
    const events = rows.map((row) => this.toStoredEvent(row));
    const version =
      events.at(-1)?.streamVersion ?? (options.fromVersion ? await this.streamVersion(db, streamId) : 0);
    return { version, events };
  }

  /** Several streams at once, each with its events in order and its version (0 when it does not exist). */
  async readStreams(
    db: Queryable,
    streamIds: readonly string[],
  ): Promise<Map<string, { version: number; events: StoredEvent[] }>> {
    const streams = new Map(streamIds.map((id) => [id, { version: 0, events: [] as StoredEvent[] }]));
    if (streamIds.length === 0) return streams;
    const rows = await db.any(sql.type(storedEventRow)`
      select ${eventColumns} from events
      where stream_id = any(${sql.array([...new Set(streamIds)], 'text')})
      order by stream_id, stream_version`);
    for (const row of rows) {
      const stream = streams.get(row.stream_id);
      if (!stream) continue;
      stream.events.push(this.toStoredEvent(row));
      stream.version = row.stream_version;
    }
    return streams;
  }

  async streamVersion(db: Queryable, streamId: string): Promise<number> {
    const version = await db.maybeOneFirst(
      sql.type(z.object({ version: z.number() }))`select version from streams where stream_id = ${streamId}`,
    );
    return version ?? 0;
  }

  /**
   * The global feed after a checkpoint, in (transaction id, position) order. Only events written by
   * transactions older than every transaction still running are returned, so an event whose
   * transaction took an earlier position but commits later is never skipped: the reader simply
   * sees it on a later call. With `eventTypes` (the types as read, after upcasting), other events
   * are scanned but not returned: rows are pre-selected on every stored type that upcasts into a
   * wanted one, and kept when their upcast type is wanted. `scannedTo` is the last event scanned,
   * where the reader continues next time.
   */
  async readFeed(
    db: Queryable,
    after: FeedCheckpoint,
    options: { limit: number; eventTypes?: readonly string[] },
  ): Promise<{ events: StoredEvent[]; scannedTo: FeedCheckpoint | null }> {
    const wantedTypes = options.eventTypes ? new Set(options.eventTypes) : null;
    const wanted = options.eventTypes
      ? sql.fragment`event_type = any(${sql.array(this.upcasters.storedTypesFor(options.eventTypes), 'text')})`
      : sql.fragment`true`;
    const rows = feedRowsOf<FeedRow>(
      await db.any(sql.unsafe`
      select ${wanted} as wanted,
             case when ${wanted} then data end as data,
             event_id, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
             event_type, schema_version, metadata,
             -- Epoch milliseconds (what a Date holds): cheaper to decode than a timestamp's text.
             floor(extract(epoch from recorded_at) * 1000)::int8 as recorded_at
      from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.position})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by events.transaction_id, events.global_position
      limit ${options.limit}`),
      true,
    );
    const last = rows.at(-1);
    return {
      events: rows
        .filter((row) => row.wanted)
        .map((row) => this.toStoredEvent(row))
        .filter((event) => wantedTypes === null || wantedTypes.has(event.type)),
      scannedTo: last ? { transactionId: last.transaction_id, position: last.global_position } : null,
    };
  }

  /**
   * Committed events of some types (as read, after upcasting) after a position, in feed order,
   * without the in-flight guard: what a catch-up projection has not applied yet, for a reader that
   * must count it too. At most `limit` events; `scannedTo` is where to continue (null at the end).
   */
  async readCommittedOfTypes(
    db: Queryable,
    after: FeedCheckpoint,
    options: { limit: number; eventTypes: readonly string[] },
  ): Promise<{ events: StoredEvent[]; scannedTo: FeedCheckpoint | null }> {
    const wantedTypes = new Set(options.eventTypes);
    const rows = await db.any(sql.type(storedEventRow)`
      select ${eventColumns} from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.position})
        and event_type = any(${sql.array(this.upcasters.storedTypesFor(options.eventTypes), 'text')})
      order by events.transaction_id, events.global_position limit ${options.limit}`);
    const last = rows.at(-1);
    return {
      events: rows.map((row) => this.toStoredEvent(row)).filter((event) => wantedTypes.has(event.type)),
      scannedTo:
        last && rows.length === options.limit
          ? { transactionId: last.transaction_id, position: last.global_position }
          : null,
    };
  }

  /**
   * Every committed event after a position, in position order, without the in-flight guard: for
   * rebuilding an inline projection inside a transaction that has locked its read model, where a
   * writer still in flight will apply its own events after the rebuild commits.
   */
  async readCommitted(db: Queryable, after: FeedCheckpoint, limit: number): Promise<StoredEvent[]> {
    const rows = feedRowsOf(
      await db.any(sql.unsafe`
      select ${eventColumns} from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.position})
      order by events.transaction_id, events.global_position limit ${limit}`),
      false,
    );
    return rows.map((row) => this.toStoredEvent(row));
  }

  private toStoredEvent(row: StoredEventRow): StoredEvent {
    const upcast = this.upcasters.upcast(row.event_type, row.schema_version, row.data);
    return {
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      globalPosition: row.global_position,
      transactionId: row.transaction_id,
      type: upcast.type,
      schemaVersion: upcast.schemaVersion,
      data: upcast.data,
      metadata: row.metadata as RecordedMetadata,
      recordedAt: new Date(row.recorded_at),
    };
  }
}

export function checkpointOf(event: StoredEvent): FeedCheckpoint {
  return { transactionId: event.transactionId, position: event.globalPosition };
}
