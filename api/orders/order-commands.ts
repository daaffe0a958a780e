import {
  decideOrder,
  evolveOrder,
  initialOrderState,
  type OrderCommand,
  type OrderState,
} from '../../domain/orders/order.decider';
import {
  ORDER_STREAM_TYPE,
  orderEventSchemaVersions,
  orderStreamId,
  type OrderEvent,
} from '../../domain/orders/order.events';
import type { DatabasePool } from '../../infra/db/pool';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '../../infra/event-store/event-store';

/** A concurrent writer won this many times in a row: give up and report the conflict. */
const MAX_ATTEMPTS = 3;

export type OrderCommandResult = { appended: StoredEvent[]; state: OrderState };

/**
 * Runs one command on an order: load its stream, decide, append with the version read (the
 * inline projections update the orders and ownership in the same transaction). When another writer
 * appended in between (two webhook deliveries, two captures racing), the append fails on the
 * expected version and the command is decided again on the new state: the decider's idempotence
 * then writes nothing, so a payment is recorded once however many confirmations arrive.
 * `occurredAt` back-dates the events' recorded time, for history loaded after the fact (the demo's
 * sales); without it they are recorded now.
 */
export async function runOrderCommand(
  deps: { pool: DatabasePool; store: EventStore },
  orderId: string,
  command: OrderCommand,
  metadata: EventMetadata = {},
  options: { occurredAt?: Date } = {},
): Promise<OrderCommandResult> {
  const streamId = orderStreamId(orderId);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.pool.transaction(async (tx) => {
        const { version, events } = await deps.store.readStream(tx, streamId);
        const state = (events as unknown as OrderEvent[]).reduce(evolveOrder, initialOrderState);
        const decided = decideOrder(command, state);
        const appended = await deps.store.append(tx, {
          streamId,
          streamType: ORDER_STREAM_TYPE,
          expectedVersion: version === 0 ? 'no_stream' : version,
          events: decided.map((event) => ({
            type: event.type,
            data: event.data,
            schemaVersion: orderEventSchemaVersions[event.type],
            metadata,
            ...(options.occurredAt ? { occurredAt: options.occurredAt } : {}),
          })),
        });
        return { appended, state: decided.reduce(evolveOrder, state) };
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
