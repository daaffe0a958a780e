import {
  decidePayout,
  evolvePayout,
  initialPayoutState,
  type PayoutCommand,
  type PayoutState,
} from '../../domain/payouts/payout.decider';
import {
  PAYOUT_STREAM_TYPE,
  payoutEventSchemaVersions,
  payoutStreamId,
  type PayoutEvent,
} from '../../domain/payouts/payout.events';
import type { DatabasePool, Queryable } from '../../infra/db/pool';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../infra/event-store/event-store';

/** A concurrent writer won this many times in a row: give up and report the conflict. */
const MAX_ATTEMPTS = 3;

export type LoadedPayout = { state: PayoutState; version: number; events: StoredEvent[] };

export async function loadPayout(
  deps: { store: EventStore },
  db: Queryable,
  payoutId: number,
): Promise<LoadedPayout> {
  const { version, events } = await deps.store.readStream(db, payoutStreamId(payoutId));
  const state = (events as unknown as PayoutEvent[]).reduce(evolvePayout, initialPayoutState);
  return { state, version, events };
}

/** Payout events as the store takes them, with their schema version and the metadata given. */
export function payoutEventsToAppend(
  events: readonly PayoutEvent[],
  metadata: EventMetadata,
  occurredAt?: Date,
): NewEvent[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    schemaVersion: payoutEventSchemaVersions[event.type],
    metadata,
    ...(occurredAt ? { occurredAt } : {}),
  }));
}

/**
 * Runs one command on a payout: load its stream, decide, append with the version read (the inline
 * payouts projection updates the read model in the same transaction). The command may be built from
 * the state loaded (a send takes the reference of the SEPA file the payout went out in). When
 * another writer appended in between, it is decided again on the new state.
 */
export async function runPayoutCommand(
  deps: { pool: DatabasePool; store: EventStore },
  payoutId: number,
  command: PayoutCommand | ((state: PayoutState) => PayoutCommand),
  metadata: EventMetadata,
  options: { occurredAt?: Date } = {},
): Promise<{ appended: StoredEvent[]; state: PayoutState }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.pool.transaction(async (tx) => {
        const { state, version } = await loadPayout(deps, tx, payoutId);
        const decided = decidePayout(typeof command === 'function' ? command(state) : command, state);
        const appended = await deps.store.append(tx, {
          streamId: payoutStreamId(payoutId),
          streamType: PAYOUT_STREAM_TYPE,
          expectedVersion: version === 0 ? 'no_stream' : version,
          events: payoutEventsToAppend(decided, metadata, options.occurredAt),
        });
        return { appended, state: decided.reduce(evolvePayout, state) };
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
