import type { DatabaseTransactionConnection } from '../db/pool';
import type { StoredEvent } from '../event-store/stored-event';

/**
 * A read model built from events. `apply` receives the handled events of one batch, in feed order,
 * inside the transaction that also records the projection's progress; it must not recompute
 * amounts that the events record. Inline projections should not depend on the order of events of
 * different streams: a rebuild replays in feed order, which may differ from commit order.
 */
export type Projection = {
  name: string;
  mode: 'inline' | 'catch-up';
  /** The event types it handles, or every type. */
  eventTypes: readonly string[] | 'all';
  apply(tx: DatabaseTransactionConnection, events: readonly StoredEvent[]): Promise<void>;
  /** Empties the read model before a rebuild. */
  reset(tx: DatabaseTransactionConnection): Promise<void>;
};

/**
 * Acts on events of the feed (decides and appends events of its own, sends mail) with a checkpoint
 * like a catch-up projection's, moved in the same transaction as its effects. It is never rebuilt:
 * what it did is recorded in the events it wrote.
 */
export type Reactor = {
  name: string;
  mode: 'catch-up';
  kind: 'reactor';
  eventTypes: readonly string[] | 'all';
  apply(tx: DatabaseTransactionConnection, events: readonly StoredEvent[]): Promise<void>;
};

/** What the catch-up runner feeds: projections and reactors. */
export type FeedConsumer = Projection | Reactor;

export function handlesEvent(projection: Pick<FeedConsumer, 'eventTypes'>, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type);
}
