import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { z } from 'zod';
import {
  WEBHOOK_SCOPES,
  type WebhookEventType,
  type WebhookScope,
} from '../../domain/webhooks/webhook.schemas';
import type { Queryable } from '../../infra/db/pool';

/** A new signing secret: 32 random bytes, prefixed so people recognise it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export const endpointRow = z.object({
  id: z.number(),
  owner_id: z.number(),
  scope: z.enum(WEBHOOK_SCOPES),
  url: z.string(),
  event_types: z.array(z.string()),
  status: z.enum(['ACTIVE', 'PAUSED']),
  pause_reason: z.string().nullable(),
  paused_at: z.number().nullable(),
  consecutive_failures: z.number(),
  created_at: z.number(),
  secret_rotated_at: z.number().nullable(),
});
export type EndpointRow = z.infer<typeof endpointRow>;

// The secret is never selected here: it leaves the server once, when created or rotated.
const endpointColumns = sql.fragment`
  id, owner_id, scope, url, event_types, status, pause_reason, paused_at, consecutive_failures,
  created_at, secret_rotated_at`;

export async function insertEndpoint(
  db: Queryable,
  endpoint: {
    ownerId: number;
    scope: WebhookScope;
    url: string;
    eventTypes: readonly WebhookEventType[];
    secret: string;
  },
): Promise<EndpointRow> {
  return db.one(sql.type(endpointRow)`
    insert into webhook_endpoints (owner_id, scope, url, event_types, secret)
    values (${endpoint.ownerId}, ${endpoint.scope}, ${endpoint.url},
      ${sql.array([...endpoint.eventTypes], 'text')}, ${endpoint.secret})
    returning ${endpointColumns}`);
}

export async function countEndpointsOf(db: Queryable, ownerId: number): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    select count(*)::int as n from webhook_endpoints where owner_id = ${ownerId}`);
}

export async function endpointById(db: Queryable, id: number): Promise<EndpointRow | null> {
  return db.maybeOne(
    sql.type(endpointRow)`select ${endpointColumns} from webhook_endpoints where id = ${id}`,
  );
}

/** A person's own endpoints (AUTHOR scope), oldest first. */
export async function endpointsOfOwner(db: Queryable, ownerId: number): Promise<readonly EndpointRow[]> {
  return db.any(sql.type(endpointRow)`
    select ${endpointColumns} from webhook_endpoints where owner_id = ${ownerId} and scope = 'AUTHOR' order by id`);
}

/** The site-wide endpoints (whoever of the admins registered them), oldest first. */
export async function siteEndpoints(db: Queryable): Promise<readonly EndpointRow[]> {
  return db.any(sql.type(endpointRow)`
    select ${endpointColumns} from webhook_endpoints where scope = 'SITE' order by id`);
}

export async function rotateSecret(db: Queryable, id: number, secret: string): Promise<EndpointRow> {
  return db.one(sql.type(endpointRow)`
    update webhook_endpoints set secret = ${secret}, secret_rotated_at = now() where id = ${id}
    returning ${endpointColumns}`);
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<void> {
  await db.query(sql.unsafe`delete from webhook_endpoints where id = ${id}`);
}

export const deliveryRow = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  attempts: z.number(),
  next_attempt_at: z.number(),
  created_at: z.number(),
  succeeded_at: z.number().nullable(),
  body: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

const deliveryColumns = sql.fragment`
  id, endpoint_id, webhook_id::text as webhook_id, event_type, status, attempts, next_attempt_at,
  created_at, succeeded_at, body`;

/** One page of an endpoint's deliveries, newest first, and how many there are. */
export async function deliveriesOf(db: Queryable, endpointId: number, page: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    db.any(sql.type(deliveryRow)`
      select ${deliveryColumns} from webhook_deliveries where endpoint_id = ${endpointId}
      order by id desc limit ${page.size} offset ${page.page * page.size}`),
    db.oneFirst(sql.type(z.object({ n: z.number() }))`
      select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId}`),
  ]);
  return { rows, total };
}

export async function deliveryById(db: Queryable, id: number): Promise<DeliveryRow | null> {
  return db.maybeOne(
    sql.type(deliveryRow)`select ${deliveryColumns} from webhook_deliveries where id = ${id}`,
  );
}

/** A new round of attempts from now, whatever the delivery's state (the log keeps the old ones). */
export async function resendDelivery(db: Queryable, id: number): Promise<DeliveryRow> {
  return db.one(sql.type(deliveryRow)`
    update webhook_deliveries set status = 'PENDING', attempts = 0, next_attempt_at = now(), succeeded_at = null
    where id = ${id} returning ${deliveryColumns}`);
}

export const attemptRow = z.object({
  id: z.number(),
  delivery_id: z.number(),
  attempted_at: z.number(),
  duration_ms: z.number(),
  outcome: z.enum(['SUCCESS', 'HTTP_ERROR', 'NETWORK_ERROR', 'TIMEOUT', 'REFUSED_ADDRESS']),
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  response_body: z.string().nullable(),
});
export type AttemptRow = z.infer<typeof attemptRow>;

/** Every attempt of some deliveries, oldest first. */
export async function attemptsOf(
  db: Queryable,
  deliveryIds: readonly number[],
): Promise<readonly AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.any(sql.type(attemptRow)`
    select id, delivery_id, attempted_at, duration_ms, outcome, status_code, error, response_body
    from webhook_attempts where delivery_id = any(${sql.array([...deliveryIds], 'int8')})
    order by delivery_id, id`);
}
