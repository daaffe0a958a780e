import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool, DatabaseTransactionConnection, Queryable } from '../db/pool';
import { handlesEvent, type Projection } from '../projection-engine/projection';
import type { Backdated } from './backdating';
import { recordedMetadata, type EventMetadata, type RecordedMetadata } from './event-metadata';
import type { Erasure, PendingKey, PersonalDataVault } from '../personal-data/personal-data-vault';
import type { EventUpcasters } from './event-upcasters';
import { feedCopyColumns, type FeedCopyReader } from './feed-copy-reader';
import type { StoredEvent } from './stored-event';
import { createUpcasters } from './upcaster-registry';

/** What an append expects of the stream: its exact current version, or one of the three states. */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export type { EventMetadata } from './event-metadata';
export { isEventOf, type DomainEvent, type StoredEvent } from './stored-event';

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
/**
 * An append sends NOTIFY on FEED_CHANNEL only when the store has sent none for this long: PostgreSQL
 * makes notifying transactions commit one at a time (a lock held until the commit is flushed), which
 * would undo the sharing of flushes between concurrent appends. Catch-up runners wake on a
 * notification and again a little later (catch-up-runner.ts), and poll besides.
 */
export const FEED_NOTIFY_INTERVAL_MS = 50;

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

/** What append_events returns: the events written, the refused streams' versions, or a misuse. */
const appendEventsRow = z.discriminatedUnion('outcome', [
  storedEventRow.extend({ outcome: z.literal('appended') }),
  z.object({ outcome: z.literal('conflict'), stream_id: z.string(), stream_version: z.number().nullable() }),
  z.object({ outcome: z.literal('not_first_write') }),
]);

const eventColumns = sql.fragment`
  event_id, stream_id, stream_version, global_position, transaction_id::text as transaction_id,
  event_type, schema_version, data, metadata, recorded_at`;

export type EventStoreOptions = {
  /** The application's registry (upcaster-registry.ts) unless given; build stores with createEventStore. */
  upcasters?: EventUpcasters;
  /** Read models updated in the append's own transaction (read-your-writes). */
  inlineProjections?: readonly Projection[];
  /**
   * Encrypts the personal fields of events at append and decrypts them at read (docs/personal-data.md);
   * without one, events are stored as given (only a test of the store itself goes without).
   */
  vault?: PersonalDataVault;
};

export class EventStore {
  private readonly upcasters: EventUpcasters;
  readonly inlineProjections: readonly Projection[];
  readonly vault: PersonalDataVault | null;
  private lastNotifiedAt = Number.NEGATIVE_INFINITY;

  constructor(options: EventStoreOptions = {}) {
    this.upcasters = options.upcasters ?? createUpcasters();
    this.inlineProjections = options.inlineProjections ?? [];
    this.vault = options.vault ?? null;
  }

  /**
   * Appends events to one or more streams inside the caller's transaction, applies the inline
   * projections, and returns the events as stored. It must be the transaction's first write: the streams are locked (in a fixed order)
   * before the transaction takes its id, so that appends to one stream get increasing transaction
   * ids and reach catch-up readers in stream order. The requests are written together or not at
   * all: when one's expected version does not hold, nothing is written and a ConcurrencyError
   * names the first such stream.
   */
  async append(
    tx: DatabaseTransactionConnection,
    requests: AppendRequest | readonly AppendRequest[],
  ): Promise<StoredEvent[]> {
    const unit = prepareUnit(Array.isArray(requests) ? requests : [requests as AppendRequest]);
    if (unit.length === 0) return [];
    const sealed = await this.sealUnits(tx, [unit]);
    const [outcome] = await this.appendUnits(tx, sealed);
    if (outcome instanceof ConcurrencyError) throw outcome;
    return outcome!;
  }

  /**
   * Like `append`, in a transaction of its own. When no inline projection handles the events, that
   * transaction is the one statement (one round trip, committed when it returns); otherwise the
   * projections run in a transaction with it.
   */
  async appendAlone(
    pool: DatabasePool,
    requests: AppendRequest | readonly AppendRequest[],
  ): Promise<StoredEvent[]> {
    const [outcome] = await this.appendEachAlone(pool, [
      Array.isArray(requests) ? requests : [requests as AppendRequest],
    ]);
    if (outcome instanceof ConcurrencyError) throw outcome;
    return outcome!;
  }

  /**
   * Appends several independent units (each one caller's requests, written together or not at all)
   * in one statement, for group commit (group-appender.ts): a unit whose expected version does not
   * hold gets its ConcurrencyError and writes nothing, the others are written, in a transaction of
   * their own (as `appendAlone`). The inline projections apply every written event at once. A stream
   * may appear in one unit only.
   */
  async appendEachAlone(
    pool: DatabasePool,
    units: readonly (readonly AppendRequest[])[],
  ): Promise<(StoredEvent[] | ConcurrencyError)[]> {
    const prepared = units.map(prepareUnit);
    const streamIds = prepared.flatMap((unit) => unit.map((request) => request.streamId));
    if (new Set(streamIds).size !== streamIds.length) {
      throw new EventStoreUsageError('Append each stream once per call.');
    }
    const written = prepared.filter((unit) => unit.length > 0);
    const sealed = await this.sealUnits(pool, written);
    const projected = written.some((unit) =>
      unit.some((request) =>
        request.events.some((event) =>
          this.inlineProjections.some((projection) => handlesEvent(projection, event.type)),
        ),
      ),
    );
    // A person's new key is stored after the events, so that append must have a transaction too.
    const outcomes =
      written.length === 0
        ? []
        : projected || sealed.newKeys.length > 0 || sealed.erasures.length > 0
          ? await pool.transaction((tx) => this.appendUnits(tx, sealed))
          : await this.appendUnits(pool, sealed);
    return prepared.map((unit) => (unit.length === 0 ? [] : outcomes[written.indexOf(unit)]!));
  }

  /**
   * One round trip: append_events (migration 028) locks the streams, checks each expectation on
   * their current versions, moves the streams of the units that hold and inserts their events.
   */
  private async appendUnits(
    tx: DatabaseTransactionConnection | DatabasePool,
    sealed: SealedUnits,
  ): Promise<(StoredEvent[] | ConcurrencyError)[]> {
    const { units, asRead } = sealed;
    const requests: AppendFunctionRequest[] = [];
    const events: AppendFunctionEvent[] = [];
    for (const [u, unit] of units.entries()) {
      for (const request of unit) {
        const r = requests.length;
        requests.push({
          r,
          u,
          stream_id: request.streamId,
          stream_type: request.streamType,
          expected: typeof request.expectedVersion === 'number' ? 'exact' : request.expectedVersion,
          version: typeof request.expectedVersion === 'number' ? request.expectedVersion : null,
          n: request.events.length,
        });
        for (const [i, event] of request.events.entries()) {
          events.push({
            r,
            i,
            event_id: event.eventId!,
            event_type: event.type,
            schema_version: event.schemaVersion ?? 1,
            data: event.data,
            metadata: request.metadata[i]!,
            recorded_at: event.occurredAt?.toISOString() ?? null,
          });
        }
      }
    }
    const notifiedBefore = this.lastNotifiedAt;
    const now = performance.now();
    const notify = now - notifiedBefore >= FEED_NOTIFY_INTERVAL_MS;
    if (notify) this.lastNotifiedAt = now;
    const rows = await tx.any(
      sql.prepared('append_events', appendEventsRow)`
        select * from append_events(${sql.jsonb(requests)}, ${sql.jsonb(events as never)}, ${notify})`,
    );
    // A refused append is rolled back with its notification (a command handler's retry follows at
    // once): the next append must send one.
    if (notify && !rows.some((row) => row.outcome === 'appended')) this.lastNotifiedAt = notifiedBefore;
    if (rows.some((row) => row.outcome === 'not_first_write')) {
      throw new EventStoreUsageError(
        'Events must be appended before any other write of the transaction (it already has a transaction id).',
      );
    }

    if (rows.some((row) => row.outcome === 'appended')) {
      // Only ever in a transaction (appendEachAlone opens one when a key is new or destroyed).
      if (sealed.newKeys.length > 0) {
        await this.vault!.storeNewKeys(tx as DatabaseTransactionConnection, sealed.newKeys);
      }
      // A deleted account's keys are destroyed with the event that records the deletion.
      for (const erasure of sealed.erasures) {
        await this.vault!.erase(tx as DatabaseTransactionConnection, erasure.subjects, erasure.at);
      }
    }

    const actualVersions = new Map<string, number | null>();
    const stored: StoredEvent[] = [];
    for (const row of rows) {
      if (row.outcome === 'conflict') actualVersions.set(row.stream_id, row.stream_version);
      else if (row.outcome === 'appended') {
        // What readers will see: the personal fields as given (or the placeholder of an erased person).
        const read = asRead.get(row.event_id);
        stored.push(
          this.toStoredEvent(
            read ? { ...row, data: read.data, metadata: read.metadata as Record<string, unknown> } : row,
          ),
        );
      }
    }
    stored.sort((a, b) => a.globalPosition - b.globalPosition);
    for (const projection of this.inlineProjections) {
      const handled = stored.filter((event) => handlesEvent(projection, event.type));
      // Never on the pool: appendEachAlone opens a transaction whenever a projection handles an event.
      if (handled.length > 0) await projection.apply(tx as DatabaseTransactionConnection, handled);
    }

    const byStream = new Map<string, StoredEvent[]>();
    for (const event of stored)
      byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    return units.map((unit) => {
      const conflicting = unit.find((request) => actualVersions.has(request.streamId));
      if (conflicting) {
        return new ConcurrencyError(
          conflicting.streamId,
          conflicting.expectedVersion,
          actualVersions.get(conflicting.streamId) ?? null,
        );
      }
      return unit.flatMap((request) => byStream.get(request.streamId) ?? []);
    });
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
    const events = (await this.revealRows(db, rows)).map((row) => this.toStoredEvent(row));
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
    for (const row of await this.revealRows(db, rows)) {
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
      events: (
        await this.revealRows(
          db,
          rows.filter((row) => row.wanted),
        )
      )
        .map((row) => this.toStoredEvent(row))
        .filter((event) => wantedTypes === null || wantedTypes.has(event.type)),
      scannedTo: last ? { transactionId: last.transaction_id, position: last.global_position } : null,
    };
  }

  /**
   * The feed after a checkpoint for a replay, read through a `FeedCopyReader`: pages of `pageSize`
   * events scanned, each as `readFeed` returns it (`events` only of `eventTypes`, `scannedTo` the
   * last event scanned). With `inFlightGuard`, only events of transactions older than every one
   * still running (`readFeed`'s rule); without, every committed event (`readCommitted`'s). One copy
   * serves many pages; the pages end when a copy finds nothing more.
   */
  async *readFeedPages(
    reader: FeedCopyReader,
    after: FeedCheckpoint,
    options: {
      pageSize: number;
      eventTypes?: readonly string[];
      inFlightGuard: boolean;
      /** Where the persons' keys are read (the copy's own connection is busy with the copy). */
      keys: Queryable;
    },
  ): AsyncGenerator<{ events: StoredEvent[]; scannedTo: FeedCheckpoint }> {
    const wantedTypes = options.eventTypes ? new Set(options.eventTypes) : null;
    const wanted = options.eventTypes
      ? `event_type = any(array[${this.upcasters
          .storedTypesFor(options.eventTypes)
          .map((type) => reader.literal(type))
          .join(', ')}]::text[])`
      : 'true';
    if (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1) {
      throw new EventStoreUsageError(`Not a page size: ${options.pageSize}.`);
    }
    let position = after;
    for (;;) {
      let scanned = 0;
      for await (const page of reader.pages(
        `select ${feedCopyColumns(wanted, `case when ${wanted} then data end`)}
        from events
        where (transaction_id, global_position) > (${feedPositionLiterals(position)})
          ${options.inFlightGuard ? 'and transaction_id < pg_snapshot_xmin(pg_current_snapshot())' : ''}
        order by events.transaction_id, events.global_position
        limit ${options.pageSize * PAGES_PER_COPY}`,
        options.pageSize,
      )) {
        scanned += page.events.length;
        position = checkpointOf(page.events.at(-1)!);
        const wanted: StoredEvent[] = [];
        for (let i = 0; i < page.events.length; i++) if (page.wanted[i]) wanted.push(page.events[i]!);
        const events: StoredEvent[] = [];
        for (const stored of this.vault ? await this.vault.reveal(options.keys, wanted) : wanted) {
          const event = this.upcastStored(stored);
          if (wantedTypes === null || wantedTypes.has(event.type)) events.push(event);
        }
        yield { events, scannedTo: position };
      }
      if (scanned === 0) return;
    }
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
      events: (await this.revealRows(db, rows))
        .map((row) => this.toStoredEvent(row))
        .filter((event) => wantedTypes.has(event.type)),
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
    return (await this.revealRows(db, rows)).map((row) => this.toStoredEvent(row));
  }

  /**
   * Personal fields sealed with their persons' keys, before anything is locked or written (key
   * reads only, so the append stays the transaction's first write). Every event gets its id here:
   * a sealed value is bound to it.
   */
  private async sealUnits(db: Queryable, units: readonly PreparedUnit[]): Promise<SealedUnits> {
    const withIds = units.map((unit) =>
      unit.map((request) => ({
        ...request,
        events: request.events.map((event) => ({ ...event, eventId: event.eventId ?? randomUUID() })),
      })),
    );
    if (!this.vault) return { units: withIds, asRead: new Map(), newKeys: [], erasures: [] };
    const contents = withIds.flatMap((unit) =>
      unit.flatMap((request) =>
        request.events.map((event, i) => ({
          eventId: event.eventId,
          type: event.type,
          data: event.data,
          metadata: request.metadata[i] as unknown,
        })),
      ),
    );
    const { stored, asRead, newKeys, erasures } = await this.vault.seal(db, contents);
    const byId = new Map(stored.map((content) => [content.eventId, content]));
    return {
      units: withIds.map((unit) =>
        unit.map((request) => ({
          ...request,
          events: request.events.map((event) => ({ ...event, data: byId.get(event.eventId)!.data })),
          metadata: request.events.map((event) => byId.get(event.eventId)!.metadata as RecordedMetadata),
        })),
      ),
      asRead: new Map(asRead.map((content) => [content.eventId, content])),
      newKeys,
      erasures,
    };
  }

  /** Rows with their personal fields opened (or the placeholder where a person's key is gone). */
  private async revealRows<Row extends StoredEventRow>(db: Queryable, rows: readonly Row[]): Promise<Row[]> {
    if (!this.vault || rows.length === 0) return [...rows];
    const revealed = await this.vault.reveal(
      db,
      rows.map((row) => ({
        eventId: row.event_id,
        type: row.event_type,
        data: row.data,
        metadata: row.metadata,
      })),
    );
    return rows.map((row, i) => {
      const content = revealed[i]!;
      return content.data === row.data && content.metadata === row.metadata
        ? row
        : { ...row, data: content.data, metadata: content.metadata as Record<string, unknown> };
    });
  }

  /** An event as stored in its newest shape: itself when no upcaster handles its type. */
  private upcastStored(stored: StoredEvent): StoredEvent {
    if (!this.upcasters.hasStepsFor(stored.type)) return stored;
    const upcast = this.upcasters.upcast(stored.type, stored.schemaVersion, stored.data);
    return { ...stored, type: upcast.type, schemaVersion: upcast.schemaVersion, data: upcast.data };
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

type PreparedUnit = (AppendRequest & { metadata: readonly RecordedMetadata[] })[];

/** Units as they are written (every event with its id, personal fields sealed), what readers see of them, and the new keys. */
type SealedUnits = {
  units: readonly PreparedUnit[];
  asRead: ReadonlyMap<string, { data: unknown; metadata: unknown }>;
  newKeys: readonly PendingKey[];
  /** Persons whose keys the append destroys (an account deleted), in its transaction. */
  erasures: readonly Erasure[];
};

/**
 * A unit's non-empty requests with their recorded metadata, checked before anything is locked or
 * written: a repeated stream, an invalid expected version or metadata that breaks the rules is a
 * caller's bug.
 */
function prepareUnit(requests: readonly AppendRequest[]): PreparedUnit {
  const nonEmpty = requests.filter((request) => request.events.length > 0);
  const streamIds = nonEmpty.map((request) => request.streamId);
  if (new Set(streamIds).size !== streamIds.length) {
    throw new EventStoreUsageError('Append each stream once per call.');
  }
  return nonEmpty.map((request) => {
    const expected = request.expectedVersion;
    if (typeof expected === 'number' && (!Number.isInteger(expected) || expected < 0)) {
      throw new EventStoreUsageError(`Invalid expected version ${expected}.`);
    }
    return {
      ...request,
      metadata: request.events.map((event) => recordedMetadata(event.type, event.metadata)),
    };
  });
}

type AppendFunctionRequest = {
  r: number;
  u: number;
  stream_id: string;
  stream_type: string;
  expected: 'exact' | 'no_stream' | 'stream_exists' | 'any';
  version: number | null;
  n: number;
};

type AppendFunctionEvent = {
  r: number;
  i: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedMetadata;
  recorded_at: string | null;
};

/** How many pages one copy of `readFeedPages` reads at most (a statement must end in time). */
const PAGES_PER_COPY = 20;

/** A feed position as the SQL literals of a row comparison with (transaction_id, global_position). */
function feedPositionLiterals(after: FeedCheckpoint): string {
  if (!/^\d{1,20}$/.test(after.transactionId) || !Number.isSafeInteger(after.position)) {
    throw new EventStoreUsageError(`Not a feed position: ${JSON.stringify(after)}.`);
  }
  return `'${after.transactionId}'::xid8, ${after.position}`;
}

export function checkpointOf(event: StoredEvent): FeedCheckpoint {
  return { transactionId: event.transactionId, position: event.globalPosition };
}
