import type { DatabaseTransactionConnection } from '../db/pool';
import type { StoredEvent } from '../event-store/event-store';

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

export function handlesEvent(projection: Projection, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type);
}
