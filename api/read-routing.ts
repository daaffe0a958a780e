import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST, type DocumentNode } from 'graphql';
import { StatementTimeoutError } from 'slonik';
import { bearerToken, cookieValue, SESSION_COOKIE } from '../infra/auth/session-tokens';
import { lsnNumber, lsnText } from '../infra/db/read-replica';
import type { DatabasePool } from '../infra/db/pool';
import type { AppContext } from './app-context';
import type { RequestContext } from './auth/viewer';
import { graphqlParamsOf } from './graphql/graphql-over-http';
import { isServiceUnavailableError } from './service-unavailable';

/**
 * The WAL position of a visitor's last write on the primary (set on every answer to a request that
 * may write, when a replica is configured): until the replica has replayed past it, the visitor's
 * reads go to the primary, so a guest who just bought or claimed something reads it.
 */
export const READ_AFTER_COOKIE = 'read_after';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** GraphQL requests that ran a mutation (their answer carries the read-after cookie). */
const mayWrite = new WeakSet<FastifyRequest>();

/** Whether the request carries a session or API token (a signed-in person's, valid or not). */
function hasCredential(request: FastifyRequest): boolean {
  return (
    bearerToken(request.headers.authorization) !== null ||
    cookieValue(request.headers.cookie, SESSION_COOKIE) !== null
  );
}

/**
 * A statement the replica could not answer, that the primary may: the replica is away, or it
 * cancelled the statement in a conflict with its replay. A statement that ran out of time is not
 * tried again (it would take as long on the primary).
 */
function replicaUnavailable(error: unknown): boolean {
  if (error instanceof StatementTimeoutError) return false;
  return isServiceUnavailableError(error) || isRecoveryConflict(error);
}

/** A hot standby cancels a query whose rows its replay must remove (SQLSTATE 40001, "conflict with recovery"). */
function isRecoveryConflict(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (/conflict with recovery/i.test(error.message)) return true;
  return isRecoveryConflict(error.cause, depth + 1);
}

/** The WAL position the request's read-after cookie names; null without one (or a malformed one). */
function readAfterOf(request: FastifyRequest): number | null {
  const value = cookieValue(request.headers.cookie, READ_AFTER_COOKIE);
  if (!value) return null;
  try {
    return lsnNumber(value);
  } catch {
    return null;
  }
}

/**
 * The pool an anonymous visitor's read uses: the replica while it serves (fresh, within its lag
 * limit, past the last catalogue change and the visitor's own last write), else the primary.
 * Signed-in people, and every write, always use the primary.
 */
function anonymousReadPool(
  app: Pick<AppContext, 'pool' | 'replica'>,
  request: FastifyRequest,
  withDownloads: boolean,
): DatabasePool {
  if (!app.replica || hasCredential(request)) return app.pool;
  return app.replica.serves({ after: readAfterOf(request), withDownloads })
    ? app.replica.requestPool(replicaUnavailable)
    : app.pool;
}

/** The pool a REST read (GET) uses: the replica for an anonymous visitor while it serves, else the primary. */
export function readPoolOf(app: Pick<AppContext, 'pool' | 'replica'>, request: FastifyRequest): DatabasePool {
  if (!READ_METHODS.has(request.method)) return app.pool;
  return anonymousReadPool(app, request, false);
}

/**
 * With a replica (DATABASE_REPLICA_URL): an anonymous GraphQL query runs with the replica as its
 * services' pool (resolvers and loaders read `services.pool`); mutations and signed-in people's
 * operations keep the primary. Every answer to a request that may have written carries the
 * read-after cookie. Without a replica nothing is registered.
 */
export function registerReadRouting(fastify: FastifyInstance, app: AppContext): void {
  const replica = app.replica;
  if (!replica) return;
  fastify.graphql.addHook(
    'preExecution',
    async (_schema, document: DocumentNode, context: RequestContext) => {
      const request = context.request;
      const operation = getOperationAST(document, graphqlParamsOf(request)?.operationName ?? undefined);
      if (operation && operation.operation !== 'query') mayWrite.add(request);
      if (operation?.operation !== 'query' || context.viewer !== null) return;
      // An answer the response cache keeps must show every change heard of, download counts included.
      const slot = (request as { cacheSlot?: { readsDownloads: boolean } }).cacheSlot;
      const pool = anonymousReadPool(app, request, slot?.readsDownloads ?? false);
      if (pool !== app.pool) context.services = { ...context.services, pool };
    },
  );
  fastify.addHook('onSend', async (request, reply, payload) => {
    const isGraphQL = request.routeOptions.url === '/graphql';
    if (isGraphQL ? !mayWrite.has(request) : READ_METHODS.has(request.method) || request.method === 'OPTIONS')
      return payload;
    try {
      const lsn = await replica.primaryLsn();
      const maxAge = Math.ceil(replica.state.maxLagSeconds) + 10;
      reply.header(
        'set-cookie',
        `${READ_AFTER_COOKIE}=${lsnText(lsn)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${app.config.publicUrl.startsWith('https:') ? '; Secure' : ''}`,
      );
    } catch {
      // The primary is away: the answer goes without the cookie (its write, if any, failed too).
    }
    return payload;
  });
}
