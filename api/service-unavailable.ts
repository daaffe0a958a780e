import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  ConnectionError,
  IdleTransactionTimeoutError,
  StatementTimeoutError,
} from 'slonik';
import type { AppContext } from './app-context';

/** How long a client is asked to wait: about what a restart of the embedded database takes. */
export const RETRY_AFTER_SECONDS = 5;

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The marketplace cannot reach its database right now. Please try again in a few seconds.';

export const SERVICE_UNAVAILABLE_CODE = 'SERVICE_UNAVAILABLE';

/** PostgreSQL's codes for a server going away or not accepting connections (class 08, 57P0x, 53300). */
const UNAVAILABLE_SQL_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // A statement or lock timeout: the database is overloaded or stuck, not the request wrong.
  '57014',
  '55P03',
]);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'connection timeout',
  'query read timeout',
];

/**
 * Whether an error means the database is gone, restarting, frozen or overloaded (rather than a
 * bug): those are answered 503 with Retry-After, since the same request will work once it is back.
 */
export function isServiceUnavailableError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (
    error instanceof ConnectionError ||
    error instanceof BackendTerminatedError ||
    error instanceof BackendTerminatedUnexpectedlyError ||
    error instanceof StatementTimeoutError ||
    error instanceof IdleTransactionTimeoutError
  ) {
    return true;
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQL_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  // Fastify's own 503: the answer was not ready within HTTP_HANDLER_TIMEOUT_MS.
  if (code === 'FST_ERR_HANDLER_TIMEOUT') return true;
  const message = error.message.toLowerCase();
  if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isServiceUnavailableError(inner, depth + 1))
  ) {
    return true;
  }
  return isServiceUnavailableError((error as { cause?: unknown }).cause, depth + 1);
}

/** The GraphQL shape of the refusal, for requests refused before Mercurius runs. */
export function graphQLServiceUnavailableBody() {
  return {
    data: null,
    errors: [{ message: SERVICE_UNAVAILABLE_MESSAGE, extensions: { code: SERVICE_UNAVAILABLE_CODE } }],
  };
}

export function sendServiceUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
  if (request.routeOptions.url === '/graphql') return reply.send(graphQLServiceUnavailableBody());
  return reply.send({ field: null, message: SERVICE_UNAVAILABLE_MESSAGE });
}

/** Routes that answer without the database, or must report on it: never refused. */
const ANSWERED_WITHOUT_DATABASE = new Set(['/api/health', '/metrics']);

/** GraphQL, the REST API, the feeds and the sitemaps read the database; the web app's files do not. */
const NEEDS_DATABASE = /^\/(?:graphql$|api\/|feeds\/|sitemap)/;

/**
 * While the database monitor finds the database down (infra/db/database-monitor.ts), API requests
 * are answered at once with 503 and Retry-After instead of waiting on a pool whose connections
 * cannot be made or hang on a frozen server; requests already waiting on it when it is found down
 * are answered so too (their work goes on and ends with the statement timeout or the server's
 * return; a reply already sent is not sent again). Health, metrics and the web app's files still
 * answer.
 */
export function registerServiceUnavailableGate(
  fastify: FastifyInstance,
  app: Pick<AppContext, 'database'>,
): void {
  const waiting = new Set<{ request: FastifyRequest; reply: FastifyReply }>();
  const entries = new WeakMap<FastifyRequest, { request: FastifyRequest; reply: FastifyReply }>();
  app.database.onUnavailable(() => {
    for (const entry of waiting) {
      if (!entry.reply.sent) void sendServiceUnavailable(entry.request, entry.reply);
    }
    waiting.clear();
  });
  const forget = async (request: FastifyRequest) => {
    const entry = entries.get(request);
    if (entry) waiting.delete(entry);
  };
  fastify.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || ANSWERED_WITHOUT_DATABASE.has(route) || !NEEDS_DATABASE.test(route)) return;
    if (!app.database.available) return sendServiceUnavailable(request, reply);
    const entry = { request, reply };
    entries.set(request, entry);
    waiting.add(entry);
  });
  fastify.addHook('onResponse', forget);
  fastify.addHook('onRequestAbort', forget);
}
