import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { webhookEndpointInputSchema } from '../../domain/webhooks/webhook.schemas';
import { RefusedAddressError, resolvePublicAddresses } from '../../infra/webhooks/public-address';
import type { AppContext } from '../app-context';
import { UserRateLimiter } from '../auth/user-rate-limiter';
import { isAdmin, requireRoles, type RequestContext, type Viewer } from '../auth/viewer';
import { resumeEndpoint } from './webhook-endpoint-status';
import {
  attemptsOf,
  countEndpointsOf,
  deleteEndpoint,
  deliveriesOf,
  deliveryById,
  endpointById,
  endpointsOfOwner,
  insertEndpoint,
  newWebhookSecret,
  resendDelivery,
  rotateSecret,
  siteEndpoints,
  type DeliveryRow,
  type EndpointRow,
} from './webhook-endpoints.repository';
import { notifyWebhookSender } from './webhook-deliveries';

/** Endpoints one person may have. */
export const MAX_ENDPOINTS_PER_OWNER = 10;
/**
 * Registrations, rotations and resends per person an hour: each may resolve a host or send a
 * request, so a script cannot make the server look up or call addresses without end.
 */
export const WEBHOOK_ACTIONS_PER_HOUR = 30;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const idArgs = z.object({ id: z.coerce.number().int().positive() });
const pageArgs = z.object({
  page: z.number().int().min(0).max(10_000).default(0),
  size: z.number().int().min(1).max(100).default(20),
});

const endpointOf = (row: EndpointRow) => ({
  id: row.id,
  scope: row.scope,
  url: row.url,
  eventTypes: row.event_types,
  status: row.status,
  pauseReason: row.pause_reason,
  pausedAt: iso(row.paused_at),
  consecutiveFailures: row.consecutive_failures,
  createdAt: iso(row.created_at),
  secretRotatedAt: iso(row.secret_rotated_at),
});

const deliveryOf = (row: DeliveryRow) => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  createdAt: iso(row.created_at),
  succeededAt: iso(row.succeeded_at),
  nextAttemptAt: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
  body: row.body,
});

/**
 * Who may see and manage an endpoint: an author's endpoint, its owner only (admins included: an
 * address may carry its owner's own token); a site-wide one, any admin. Anyone else is told there
 * is no such endpoint, so that ids reveal nothing.
 */
async function manageableEndpoint(app: AppContext, viewer: Viewer, id: number): Promise<EndpointRow> {
  const session = requireRoles(viewer, 'regular');
  const endpoint = await endpointById(app.pool, id);
  const allowed =
    endpoint && (endpoint.scope === 'SITE' ? isAdmin(viewer) : endpoint.owner_id === session.id);
  if (!endpoint || !allowed) throw new DomainError('NOT_FOUND', 'There is no such webhook endpoint.');
  return endpoint;
}

/** The address is refused unless it resolves to public addresses only (docs/webhooks.md, "Addresses"). */
async function checkAddress(app: AppContext, value: string): Promise<void> {
  const url = new URL(value);
  const { allowLoopback } = app.config.webhooks;
  if (url.protocol !== 'https:' && !allowLoopback)
    throw new DomainError('BAD_USER_INPUT', 'The address must start with https://.', 'url');
  try {
    await resolvePublicAddresses(url.hostname, { allowLoopback });
  } catch (error) {
    if (error instanceof RefusedAddressError) throw new DomainError('BAD_USER_INPUT', error.message, 'url');
    throw error;
  }
}

const withSecret = (row: EndpointRow, secret: string) => ({ endpoint: endpointOf(row), secret });

export function webhooksResolvers(app: AppContext) {
  const actions = new UserRateLimiter(app.pool, {
    name: 'webhook-actions',
    max: WEBHOOK_ACTIONS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now: () => app.now(),
    message: 'You changed or resent webhooks many times in the last hour. Please wait a while and try again.',
  });
  return {
    WebhookEndpoint: {
      deliveries: async (endpoint: { id: number }, rawArgs: unknown) => {
        const page = pageArgs.parse(rawArgs);
        const { rows, total } = await deliveriesOf(app.pool, endpoint.id, page);
        const attempts = await attemptsOf(
          app.pool,
          rows.map((row) => row.id),
        );
        return {
          totalElements: total,
          content: rows.map((row) => ({
            ...deliveryOf(row),
            attemptLog: attempts
              .filter((attempt) => attempt.delivery_id === row.id)
              .map((attempt) => ({
                id: attempt.id,
                attemptedAt: iso(attempt.attempted_at),
                durationMs: attempt.duration_ms,
                outcome: attempt.outcome,
                statusCode: attempt.status_code,
                error: attempt.error,
                responseBody: attempt.response_body,
              })),
          })),
        };
      },
    },
    WebhookDelivery: {
      attemptLog: async (delivery: { id: number; attemptLog?: unknown }) => {
        if (delivery.attemptLog) return delivery.attemptLog;
        return (await attemptsOf(app.pool, [delivery.id])).map((attempt) => ({
          id: attempt.id,
          attemptedAt: iso(attempt.attempted_at),
          durationMs: attempt.duration_ms,
          outcome: attempt.outcome,
          statusCode: attempt.status_code,
          error: attempt.error,
          responseBody: attempt.response_body,
        }));
      },
    },
    Query: {
      myWebhookEndpoints: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const session = requireRoles(context.viewer, 'regular');
        return (await endpointsOfOwner(app.pool, session.id)).map(endpointOf);
      },
      siteWebhookEndpoints: async (_root: unknown, _args: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        return (await siteEndpoints(app.pool)).map(endpointOf);
      },
      webhookEndpoint: async (_root: unknown, rawArgs: unknown, context: RequestContext) =>
        endpointOf(await manageableEndpoint(app, context.viewer, idArgs.parse(rawArgs).id)),
    },
    Mutation: {
      createWebhookEndpoint: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const session = requireRoles(context.viewer, 'regular');
        await actions.hit(session.id);
        const input = webhookEndpointInputSchema.parse((rawArgs as { input?: unknown }).input);
        if (input.scope === 'SITE' && !isAdmin(context.viewer))
          throw new DomainError('FORBIDDEN', 'Only admins register site-wide endpoints.');
        if ((await countEndpointsOf(app.pool, session.id)) >= MAX_ENDPOINTS_PER_OWNER)
          throw new DomainError(
            'BAD_USER_INPUT',
            `You can have at most ${MAX_ENDPOINTS_PER_OWNER} endpoints.`,
            'url',
          );
        await checkAddress(app, input.url);
        const secret = newWebhookSecret();
        const row = await insertEndpoint(app.pool, {
          ownerId: session.id,
          scope: input.scope,
          url: input.url,
          eventTypes: [...new Set(input.eventTypes)],
          secret,
        });
        return withSecret(row, secret);
      },
      rotateWebhookSecret: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const endpoint = await manageableEndpoint(app, context.viewer, idArgs.parse(rawArgs).id);
        await actions.hit(requireRoles(context.viewer, 'regular').id);
        const secret = newWebhookSecret();
        return withSecret(await rotateSecret(app.pool, endpoint.id, secret), secret);
      },
      deleteWebhookEndpoint: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const endpoint = await manageableEndpoint(app, context.viewer, idArgs.parse(rawArgs).id);
        await deleteEndpoint(app.pool, endpoint.id);
        return true;
      },
      resumeWebhookEndpoint: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const endpoint = await manageableEndpoint(app, context.viewer, idArgs.parse(rawArgs).id);
        const session = requireRoles(context.viewer, 'regular');
        await resumeEndpoint(
          app,
          { endpointId: endpoint.id, ownerId: endpoint.owner_id },
          { userId: session.id, admin: isAdmin(context.viewer) },
          context.request.id,
        );
        return endpointOf((await endpointById(app.pool, endpoint.id))!);
      },
      resendWebhookDelivery: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const { id } = idArgs.parse(rawArgs);
        const delivery = await deliveryById(app.pool, id);
        const endpoint = delivery
          ? await manageableEndpoint(app, context.viewer, delivery.endpoint_id).catch(() => null)
          : null;
        requireRoles(context.viewer, 'regular');
        if (!delivery || !endpoint) throw new DomainError('NOT_FOUND', 'There is no such webhook delivery.');
        await actions.hit(requireRoles(context.viewer, 'regular').id);
        if (endpoint.status === 'PAUSED')
          throw new DomainError('CONFLICT', 'This endpoint is paused: resume it first, then resend.');
        const resent = await app.pool.transaction(async (tx) => {
          const row = await resendDelivery(tx, delivery.id);
          await notifyWebhookSender(tx);
          return row;
        });
        return deliveryOf(resent);
      },
    },
  };
}
