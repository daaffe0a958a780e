import { orderDecider, type OrderCommand, type OrderState } from '../../domain/orders/order.decider';
import {
  ORDER_STREAM_TYPE,
  orderEventSchemaVersions,
  orderStreamId,
  type OrderEvent,
} from '../../domain/orders/order.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type CommandResult, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';

export const orderStream: StreamKind<OrderEvent> = {
  streamType: ORDER_STREAM_TYPE,
  schemaVersions: orderEventSchemaVersions,
};

export type OrderCommandResult = CommandResult<OrderState, OrderEvent>;

/**
 * Runs one command on an order through the command handler (the inline projections update the
 * orders and ownership in the same transaction). When another writer appended in between (two
 * webhook deliveries, two captures racing), the command is decided again on the new state: the
 * decider's idempotence then writes nothing, so a payment is recorded once however many
 * confirmations arrive. `occurredAt` back-dates the events (the demo's sales only).
 */
export async function runOrderCommand(
  deps: { pool: DatabasePool; store: EventStore },
  orderId: string,
  command: OrderCommand,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<OrderCommandResult> {
  return handleCommand(
    deps,
    { streamId: orderStreamId(orderId), kind: orderStream, decider: orderDecider },
    command,
    { metadata, ...options },
  );
}
