import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import type { WebhookEventType } from '../../domain/webhooks/webhook.schemas';
import type { Queryable } from '../../infra/db/pool';

/*
 * The webhook outbox (migration 049): what the webhooks reactor records, in the transaction of its
 * checkpoint, and the sender delivers. The body is kept as the exact text sent, so the signature of
 * every attempt and resend covers the same bytes.
 */

/** Committed deliveries wake the sender through this channel (NOTIFY is sent at commit). */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';

/** The JSON every delivery sends (docs/webhooks.md, "Envelope"). */
export type WebhookEnvelope = {
  /** The delivery's id: the same on every attempt and resend. */
  id: string;
  type: WebhookEventType;
  /** When the fact was recorded (ISO 8601, UTC). */
  created: string;
  data: Record<string, unknown>;
};

export type NewWebhookDelivery = {
  endpointId: number;
  eventId: string;
  type: WebhookEventType;
  created: Date;
  data: Record<string, unknown>;
};

/**
 * Records deliveries; one already recorded (same endpoint, event and type) is left as it is.
 * Returns how many were new, and wakes the senders at commit when there were any.
 */
export async function recordWebhookDeliveries(
  db: Queryable,
  deliveries: readonly NewWebhookDelivery[],
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const rows = deliveries.map((delivery) => {
    const webhookId = randomUUID();
    const envelope: WebhookEnvelope = {
      id: webhookId,
      type: delivery.type,
      created: delivery.created.toISOString(),
      data: delivery.data,
    };
    return {
      endpoint_id: delivery.endpointId,
      webhook_id: webhookId,
      event_id: delivery.eventId,
      event_type: delivery.type,
      body: JSON.stringify(envelope),
    };
  });
  const inserted = await db.query(sql.unsafe`
    insert into webhook_deliveries (endpoint_id, webhook_id, event_id, event_type, body)
    select endpoint_id, webhook_id, event_id, event_type, body
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      endpoint_id bigint, webhook_id uuid, event_id uuid, event_type text, body text)
    on conflict (endpoint_id, event_id, event_type) do nothing`);
  if (inserted.rowCount > 0) await notifyWebhookSender(db);
  return inserted.rowCount;
}

export async function notifyWebhookSender(db: Queryable): Promise<void> {
  await db.query(sql.unsafe`select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, '')`);
}

const matchRow = z.object({ id: z.number(), owner_id: z.number(), scope: z.enum(['AUTHOR', 'SITE']) });

/**
 * The endpoints that asked for `type` and may see a fact about `userIds` (their owners' own) or
 * site-wide ones, registered no later than the fact was recorded. Paused endpoints get their
 * deliveries too: they wait until the owner resumes the endpoint.
 */
export async function endpointsFor(
  db: Queryable,
  type: WebhookEventType,
  userIds: readonly number[],
  recordedAt: Date,
) {
  return db.any(sql.type(matchRow)`
    select id, owner_id, scope from webhook_endpoints
    where ${type} = any(event_types) and created_at <= ${recordedAt.toISOString()}::timestamptz
      and (scope = 'SITE' or (scope = 'AUTHOR' and owner_id = any(${sql.array([...userIds], 'int8')})))
    order by id`);
}

export async function anyEndpoint(db: Queryable): Promise<boolean> {
  return db.oneFirst(sql.type(z.object({ any: z.boolean() }))`
    select exists (select 1 from webhook_endpoints) as any`);
}

/**
 * Forgets finished deliveries (delivered or given up) recorded before `before`, with their attempts;
 * pending ones stay whatever their age (a paused endpoint's wait for it). Returns how many went.
 */
export async function forgetOldWebhookDeliveries(db: Queryable, before: Date): Promise<number> {
  const result = await db.query(sql.unsafe`
    delete from webhook_deliveries
    where status in ('SUCCEEDED', 'FAILED') and created_at < ${before.toISOString()}::timestamptz`);
  return result.rowCount;
}
