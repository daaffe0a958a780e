import { sql } from 'slonik';
import {
  webhookEndpointDecider,
  webhookEndpointStreamId,
  type WebhookEndpointCommand,
  type WebhookEndpointEvent,
} from '../../domain/webhooks/webhook-endpoint.decider';
import type { DatabasePool } from '../../infra/db/pool';
import { eventsToAppend, loadStream, type StreamKind } from '../../infra/event-store/command-handler';
import { ConcurrencyError, type EventMetadata, type EventStore } from '../../infra/event-store/event-store';
import { notifyWebhookSender } from './webhook-deliveries';

const endpointStream: StreamKind<WebhookEndpointEvent> = {
  streamType: 'webhook-endpoint',
  schemaVersions: { WebhookEndpointPaused: 1, WebhookEndpointResumed: 1 },
};

type Deps = { pool: DatabasePool; store: EventStore };

/**
 * Decides a pause or resumption on the endpoint's stream and, in the same transaction (the append
 * first, as the store asks), sets the endpoint's row to match. Returns whether anything changed.
 */
async function changeStatus(deps: Deps, command: WebhookEndpointCommand, metadata: EventMetadata) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.pool.transaction(async (tx) => {
        const streamId = webhookEndpointStreamId(command.endpointId);
        const { state, version } = await loadStream(
          deps.store,
          tx,
          streamId,
          endpointStream,
          webhookEndpointDecider,
        );
        const decided = webhookEndpointDecider.decide(command, state);
        if (decided.length === 0) return false;
        await deps.store.append(tx, {
          streamId,
          streamType: endpointStream.streamType,
          expectedVersion: version,
          events: eventsToAppend(endpointStream, decided, { metadata }),
        });
        if (command.kind === 'pause') {
          await tx.query(sql.unsafe`
            update webhook_endpoints set status = 'PAUSED', paused_at = ${command.at}, pause_reason = ${command.reason}
            where id = ${command.endpointId}`);
        } else {
          // A fresh start: the run of failures is forgotten and what waited is due now.
          await tx.query(sql.unsafe`
            update webhook_endpoints
            set status = 'ACTIVE', paused_at = null, pause_reason = null, consecutive_failures = 0, failing_since = null
            where id = ${command.endpointId}`);
          await tx.query(sql.unsafe`
            update webhook_deliveries set next_attempt_at = now()
            where endpoint_id = ${command.endpointId} and status = 'PENDING'`);
          await notifyWebhookSender(tx);
        }
        return true;
      });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
  }
}

/** The sender pauses an endpoint that keeps failing; its owner is told (notification and mail). */
export async function pauseEndpoint(
  deps: Deps,
  endpoint: { endpointId: number; ownerId: number; url: string; consecutiveFailures: number },
): Promise<boolean> {
  return changeStatus(
    deps,
    {
      kind: 'pause',
      ...endpoint,
      reason: `${endpoint.consecutiveFailures} failed attempts in a row`,
      at: new Date().toISOString(),
    },
    { actor: { system: 'webhook-sender' }, correlationId: `webhook-endpoint-${endpoint.endpointId}` },
  );
}

export async function resumeEndpoint(
  deps: Deps,
  endpoint: { endpointId: number; ownerId: number },
  by: { userId: number; admin: boolean },
  correlationId: string,
): Promise<boolean> {
  return changeStatus(
    deps,
    { kind: 'resume', ...endpoint, by: by.userId, at: new Date().toISOString() },
    { actor: { userId: by.userId, role: by.admin ? 'admin' : 'regular' }, correlationId },
  );
}
