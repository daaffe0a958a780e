import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import { eventsToAppend, ofKind, type CommandOptions, type StreamKind } from './command-handler';
import { ConcurrencyError, type DomainEvent, type EventStore, type StoredEvent } from './event-store';

/**
 * The rules of a command that needs something done outside the database (a payment provider's
 * refund, a PayPal payout, a stored file) before its events can be written. Pure (domain/), over
 * the states of the streams it writes, in the order the target names them.
 */
export type OutsideStepDecider<Command, State, Event extends DomainEvent, Call, Outcome> = {
  initialState: State;
  evolve(state: State, event: Event): State;
  /**
   * The outside call the command needs on these states, as data, or null when it needs none (the
   * command was carried out already). Throws the command's refusals, so nothing moves outside when
   * the rules say no.
   */
  plan(command: Command, states: readonly State[]): Call | null;
  /**
   * The events that record the call's outcome, per stream (in the target's order); with no call
   * (`outcome` null) what the command decides alone, usually nothing.
   */
  decide(command: Command, states: readonly State[], outcome: Outcome | null): Event[][];
};

/**
 * Makes the outside call. The key is the same for every attempt at one command on the same stream
 * versions: the service answers a repeated key with its first result (Stripe's idempotency key,
 * PayPal's request id and sender batch id, a stored file's key) and does nothing a second time.
 */
export type OutsideService<Call, Outcome> = (call: Call, idempotencyKey: string) => Promise<Outcome>;

/** A stream's place in a key: its id and the version of its latest anchoring event (0: none). */
export type KeyAnchor = { streamId: string; version: number };

export type OutsideStepTarget<Command, State, Event extends DomainEvent, Call, Outcome> = {
  /** The streams the command reads and writes (one for most commands). */
  streamIds: readonly string[];
  kind: StreamKind<Event>;
  decider: OutsideStepDecider<Command, State, Event, Call, Outcome>;
  /** Names the command in its key ("refund", "paypal-payout", "sepa-export"). */
  commandKind: string;
  /**
   * The event types that make the outside step due: the key takes each stream's version at its
   * latest such event, so events written after it (a retry's own conflict, an unrelated change)
   * leave the key as it was, and a new due step (a payout locked again) gets a new key.
   */
  keyAnchors: readonly Event['type'][];
  /** Builds the key from the anchors; `<commandKind>-<streamId>-<version>` (one stream) unless given. */
  idempotencyKey?: (anchors: readonly KeyAnchor[]) => string;
};

export type OutsideStepOptions = CommandOptions & {
  /**
   * Writes made in the append's transaction after the append (an append must be a transaction's
   * first write): they commit with the events or not at all.
   */
  afterAppend?: (tx: DatabaseTransactionConnection, appended: readonly StoredEvent[]) => Promise<void>;
};

export type OutsideStepResult<State, Event extends DomainEvent, Outcome> = {
  /** The outside service's answer (null when the command needed no call). */
  outcome: Outcome | null;
  /** The events written, all streams together, as stored. */
  appended: StoredEvent<Event>[];
  /** The events the decider decided, per stream. */
  decided: Event[][];
  /** The states after them, per stream. */
  states: State[];
};

const DEFAULT_ATTEMPTS = 3;

function defaultKey(commandKind: string, anchors: readonly KeyAnchor[]): string {
  if (anchors.length === 1) return `${commandKind}-${anchors[0]!.streamId}-${anchors[0]!.version}`;
  const digest = createHash('sha256')
    .update(anchors.map((anchor) => `${anchor.streamId}@${anchor.version}`).join('\n'))
    .digest('hex')
    .slice(0, 32);
  return `${commandKind}-${digest}`;
}

function anchorVersion<Event extends DomainEvent>(
  events: readonly StoredEvent<Event>[],
  types: readonly Event['type'][],
): number {
  return events.findLast((event) => types.includes(event.type as Event['type']))?.streamVersion ?? 0;
}

/**
 * Runs a command with an outside step: load the streams, decide what to ask outside (as data), make
 * the call outside any database transaction with a key derived from the command, then append the
 * events that record the outcome with the versions read (optimistic concurrency) in one
 * transaction.
 *
 * When another writer appended in between, the command is planned again on the new states, a
 * bounded number of times: the same call under the same key reuses the answer already in hand (no
 * second call); a command carried out meanwhile (the provider's own notice recorded the refund)
 * plans no call and writes nothing. When the append fails otherwise after the call succeeded (the
 * database went away, the process died), nothing is recorded and the error reaches the caller; the
 * same command sent again reads the same versions, so it derives the same key and the service
 * answers with its first result: the money moves, or the file is stored, once.
 */
export async function handleCommandWithOutsideStep<Command, State, Event extends DomainEvent, Call, Outcome>(
  deps: { pool: DatabasePool; store: EventStore },
  target: OutsideStepTarget<Command, State, Event, Call, Outcome>,
  command: Command,
  outside: OutsideService<Call, Outcome>,
  options: OutsideStepOptions,
): Promise<OutsideStepResult<State, Event, Outcome>> {
  const { streamIds, kind, decider } = target;
  const attempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  let answered: { key: string; call: Call; outcome: Outcome } | null = null;
  for (let attempt = 1; ; attempt++) {
    // Read outside any transaction (the call below may take seconds, and holds nothing), every
    // stream in one statement, so the states are of one moment.
    const read = await deps.store.readStreams(deps.pool, streamIds);
    const loaded = streamIds.map((streamId) => {
      const { version, events } = read.get(streamId)!;
      const typed = ofKind(kind, streamId, events);
      return { version, events: typed, state: typed.reduce(decider.evolve, decider.initialState) };
    });
    const states = loaded.map((stream) => stream.state);
    const call = decider.plan(command, states);
    let outcome: Outcome | null = null;
    if (call !== null) {
      const anchors = loaded.map((stream, i) => ({
        streamId: streamIds[i]!,
        version: anchorVersion(stream.events, target.keyAnchors),
      }));
      const key = (target.idempotencyKey ?? ((a) => defaultKey(target.commandKind, a)))(anchors);
      if (answered && answered.key === key && isDeepStrictEqual(answered.call, call)) {
        outcome = answered.outcome;
      } else {
        outcome = await outside(call, key);
        answered = { key, call, outcome };
      }
    }
    const decided = decider.decide(command, states, outcome);
    try {
      const appended = await deps.pool.transaction(async (tx) => {
        const stored = await deps.store.append(
          tx,
          loaded.map((stream, i) => ({
            streamId: streamIds[i]!,
            streamType: kind.streamType,
            expectedVersion: stream.version,
            events: eventsToAppend(kind, decided[i] ?? [], options),
          })),
        );
        await options.afterAppend?.(tx, stored);
        return stored;
      });
      return {
        outcome,
        appended: streamIds.flatMap((streamId) =>
          ofKind(
            kind,
            streamId,
            appended.filter((event) => event.streamId === streamId),
          ),
        ),
        decided,
        states: states.map((state, i) => (decided[i] ?? []).reduce(decider.evolve, state)),
      };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < attempts) continue;
      throw error;
    }
  }
}
