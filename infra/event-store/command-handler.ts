import type { DatabasePool, Queryable } from '../db/pool';
import type { Backdated } from './backdating';
import {
  ConcurrencyError,
  EventStoreUsageError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from './event-store';

/**
 * The rules of one stream as pure functions (domain/): `decide` turns a command and the current
 * state into new events (or throws a refusal); `evolve` folds an event into the state.
 */
export type Decider<Command, State, Event extends DomainEvent> = {
  initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
};

/** A kind of stream: its type, and the schema version of each event type it may hold. */
export type StreamKind<Event extends DomainEvent> = {
  streamType: string;
  schemaVersions: Record<Event['type'], number>;
};

/** A stream's events as the decider knows them, its state and its version (0 when it is new). */
export type LoadedStream<State, Event extends DomainEvent> = {
  state: State;
  version: number;
  events: StoredEvent<Event>[];
};

export type CommandResult<State, Event extends DomainEvent> = {
  /** The events written, as stored (none when the decider decided nothing). */
  appended: StoredEvent<Event>[];
  /** The events the decider decided, as it decided them. */
  decided: Event[];
  /** The state after them. */
  state: State;
};

export type CommandOptions = {
  metadata: EventMetadata;
  /** Attempts when another writer appended to the stream in between; 3 unless given. */
  maxAttempts?: number;
  /** Records the events at this time instead of now: demo seeding and importers only. */
  occurredAt?: Backdated;
};

const DEFAULT_ATTEMPTS = 3;

/**
 * Reads a stream and folds it into the decider's state. Every event must be one of the stream's
 * types as read (after upcasting): anything else means a missing upcaster, and deciding on a
 * state that skipped an event could let a refused command through.
 */
export async function loadStream<State, Event extends DomainEvent>(
  store: EventStore,
  db: Queryable,
  streamId: string,
  kind: StreamKind<Event>,
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
): Promise<LoadedStream<State, Event>> {
  const { version, events } = await store.readStream(db, streamId);
  const typed = ofKind(kind, streamId, events);
  return { state: typed.reduce(decider.evolve, decider.initialState), version, events: typed };
}

/**
 * Runs one command on one stream in one transaction: load the stream, decide, append the events
 * with the version read (the inline projections update their read models in the same
 * transaction). When another writer appended in between, the append fails on the expected version
 * and the command is decided again on the new state, a bounded number of times; after that the
 * ConcurrencyError (CONFLICT) reaches the caller. The command may be a function of the state
 * (a lock of a failed payout is a relock). A command that needs an outside service before its
 * events can be written takes handleCommandWithOutsideStep (outside-step-command.ts) instead.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  deps: { pool: DatabasePool; store: EventStore },
  target: { streamId: string; kind: StreamKind<Event>; decider: Decider<Command, State, Event> },
  command: Command | ((state: State) => Command),
  options: CommandOptions,
): Promise<CommandResult<State, Event>> {
  const { streamId, kind, decider } = target;
  return retryOnConflict(options.maxAttempts ?? DEFAULT_ATTEMPTS, () =>
    deps.pool.transaction(async (tx) => {
      const { state, version } = await loadStream(deps.store, tx, streamId, kind, decider);
      const decided = decider.decide(
        typeof command === 'function' ? (command as (state: State) => Command)(state) : command,
        state,
      );
      const appended = await deps.store.append(tx, {
        streamId,
        streamType: kind.streamType,
        expectedVersion: version,
        events: eventsToAppend(kind, decided, options),
      });
      return {
        appended: ofKind(kind, streamId, appended),
        decided,
        state: decided.reduce(decider.evolve, state),
      };
    }),
  );
}

/**
 * Runs `work` (one transaction that loads, decides and appends) again when its append failed on an
 * expected version because another writer appended in between, up to `attempts` runs in all; then
 * the ConcurrencyError (CONFLICT) reaches the caller.
 */
async function retryOnConflict<T>(attempts: number, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < attempts) continue;
      throw error;
    }
  }
}

/** Decided events as the store takes them: with their schema version and the metadata given. */
export function eventsToAppend<Event extends DomainEvent>(
  kind: StreamKind<Event>,
  events: readonly Event[],
  options: Pick<CommandOptions, 'metadata' | 'occurredAt'>,
): NewEvent[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    schemaVersion: kind.schemaVersions[event.type as Event['type']],
    metadata: options.metadata,
    ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
  }));
}

/** The events, typed as the stream's; an event of another type is refused (see loadStream). */
export function ofKind<Event extends DomainEvent>(
  kind: StreamKind<Event>,
  streamId: string,
  events: readonly StoredEvent[],
): StoredEvent<Event>[] {
  const isOfKind = (event: StoredEvent): event is StoredEvent<Event> =>
    Object.hasOwn(kind.schemaVersions, event.type);
  const unknown = events.find((event) => !isOfKind(event));
  if (unknown) {
    throw new EventStoreUsageError(
      `Stream ${streamId} holds a ${unknown.type} event, not a ${kind.streamType} event: is an upcaster missing?`,
    );
  }
  return events.filter(isOfKind);
}
