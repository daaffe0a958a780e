import {
  discountCodeDecider,
  type DiscountCodeCommand,
  type DiscountCodeState,
} from '../../domain/discount-codes/discount-code.decider';
import {
  DISCOUNT_CODE_STREAM_TYPE,
  discountCodeEventSchemaVersions,
  discountCodeStreamId,
  type DiscountCodeEvent,
} from '../../domain/discount-codes/discount-code.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type CommandResult, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';

export const discountCodeStream: StreamKind<DiscountCodeEvent> = {
  streamType: DISCOUNT_CODE_STREAM_TYPE,
  schemaVersions: discountCodeEventSchemaVersions,
};

/** Runs one command on a code's stream (the read model follows in the same transaction). */
export async function runDiscountCodeCommand(
  deps: { pool: DatabasePool; store: EventStore },
  code: string,
  command: DiscountCodeCommand,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<CommandResult<DiscountCodeState, DiscountCodeEvent>> {
  return handleCommand(
    deps,
    { streamId: discountCodeStreamId(code), kind: discountCodeStream, decider: discountCodeDecider },
    command,
    { metadata, ...options },
  );
}
