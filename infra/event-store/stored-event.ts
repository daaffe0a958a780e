import type { RecordedMetadata } from './event-metadata';

// The shape of an event as the store hands it out, in a file apart from the store: the store uses
// the feed's copy reader (feed-copy-reader.ts) and the projections (projection-engine/projection.ts),
// and both of them need this shape. event-store.ts re-exports it for everyone else.

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
