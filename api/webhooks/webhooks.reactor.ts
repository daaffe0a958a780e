import { isEventOf, type EventStore, type StoredEvent } from '../../infra/event-store/event-store';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import {
  anyEndpoint,
  endpointsFor,
  recordWebhookDeliveries,
  type NewWebhookDelivery,
} from './webhook-deliveries';
import { WEBHOOK_SOURCE_EVENT_TYPES, webhookFactsOf, type WebhookSourceEvent } from './webhook-facts';

export const WEBHOOKS_REACTOR = 'webhooks';

const isSourceEvent = isEventOf<WebhookSourceEvent>(WEBHOOK_SOURCE_EVENT_TYPES);

/**
 * Turns facts of the feed into webhook deliveries for the endpoints that asked for them
 * (docs/webhooks.md). Like the mail reactors it only records them, in the transaction that moves
 * its checkpoint: a crash before that commit leaves the checkpoint where it was and the events are
 * read again (the unique key of a delivery keeps a second reading from doubling it); after it, the
 * deliveries are in the outbox and the sender takes them. At least once, never lost.
 */
export function webhooksReactor(deps: { store: EventStore; log: Logger }): Reactor {
  return {
    name: WEBHOOKS_REACTOR,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: WEBHOOK_SOURCE_EVENT_TYPES,
    apply: (tx, events) => recordWebhooks(deps, tx, events),
  };
}

async function recordWebhooks(
  deps: { store: EventStore; log: Logger },
  tx: DatabaseTransactionConnection,
  events: readonly StoredEvent[],
): Promise<void> {
  // Most sites have few endpoints: without any, nothing is looked up (the demo seed, a replay).
  if (!(await anyEndpoint(tx))) return;
  const deliveries: NewWebhookDelivery[] = [];
  for (const event of events.filter(isSourceEvent)) {
    for (const fact of await webhookFactsOf(deps, tx, event)) {
      const endpoints = await endpointsFor(tx, fact.type, [...fact.forUsers.keys()], event.recordedAt);
      for (const endpoint of endpoints) {
        const data = endpoint.scope === 'SITE' ? fact.forSite : fact.forUsers.get(endpoint.owner_id);
        if (!data) continue;
        deliveries.push({
          endpointId: endpoint.id,
          eventId: event.eventId,
          type: fact.type,
          created: event.recordedAt,
          data,
        });
      }
    }
  }
  const recorded = await recordWebhookDeliveries(tx, deliveries);
  if (recorded > 0) deps.log.info({ recorded }, 'webhook deliveries recorded');
}
