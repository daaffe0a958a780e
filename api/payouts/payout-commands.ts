import { payoutDecider, type PayoutCommand, type PayoutState } from '../../domain/payouts/payout.decider';
import {
  PAYOUT_STREAM_TYPE,
  payoutEventSchemaVersions,
  payoutStreamId,
  type PayoutEvent,
} from '../../domain/payouts/payout.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { Backdated } from '../../infra/event-store/backdating';
import {
  eventsToAppend,
  handleCommand,
  type CommandResult,
  type StreamKind,
} from '../../infra/event-store/command-handler';
import type { EventMetadata, EventStore, NewEvent } from '../../infra/event-store/event-store';

export const payoutStream: StreamKind<PayoutEvent> = {
  streamType: PAYOUT_STREAM_TYPE,
  schemaVersions: payoutEventSchemaVersions,
};

/** Payout events as the store takes them, with their schema version and the metadata given. */
export function payoutEventsToAppend(
  events: readonly PayoutEvent[],
  metadata: EventMetadata,
  occurredAt?: Backdated,
): NewEvent[] {
  return eventsToAppend(payoutStream, events, { metadata, ...(occurredAt ? { occurredAt } : {}) });
}

/**
 * Runs one command on a payout through the command handler (the inline payouts projection updates
 * the read model in the same transaction). The command may be built from the state loaded (a lock
 * of a failed payout is a relock). When another writer appended in between, it is decided again
 * on the new state.
 */
export async function runPayoutCommand(
  deps: { pool: DatabasePool; store: EventStore },
  payoutId: number,
  command: PayoutCommand | ((state: PayoutState) => PayoutCommand),
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<CommandResult<PayoutState, PayoutEvent>> {
  return handleCommand(
    deps,
    { streamId: payoutStreamId(payoutId), kind: payoutStream, decider: payoutDecider },
    command,
    { metadata, ...options },
  );
}
