import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorCode } from '../domain/errors';
import { installValidationMessages, personMessageOf } from '../domain/text/validation-messages';
import { ConcurrencyError } from '../infra/event-store/event-store';
import { ServerBusyError } from './graphql/heavy-query-gate';
import {
  isServiceUnavailableError,
  sendServiceUnavailable,
  SERVICE_UNAVAILABLE_CODE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from './service-unavailable';

const httpStatusOf: Record<DomainErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 422,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

/** A REST answer with a status the API contract fixes for one call (e.g. 410 for a used reset code). */
export class HttpRefusal extends Error {
  override name = 'HttpRefusal';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field: string | null = null,
    /** A code for answers a client acts on (`ACCOUNT_BLOCKED`), sent beside the message. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

// Every zod failure the API answers with is in a person's words, whichever schema it came from.
installValidationMessages();

export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** Turns what a handler threw into the answer the contract promises: a code, a message, a field. */
export function describeError(
  error: unknown,
): { code: DomainErrorCode; message: string; field?: string } | null {
  if (error instanceof DomainError) {
    return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
  }
  if (error instanceof ConcurrencyError) {
    return { code: 'CONFLICT', message: 'Someone else changed this at the same time. Please try again.' };
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return {
      code: 'BAD_USER_INPUT',
      message: issue?.message ?? personMessageOf({ code: 'custom', input: undefined }),
      ...(issue && issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
    };
  }
  return null;
}

/** REST: known errors answer with their status and `{ field, message }`; the rest with a generic 500. */
export function restErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpRefusal) {
    return reply
      .status(error.statusCode)
      .send({ field: error.field, message: error.message, ...(error.code ? { code: error.code } : {}) });
  }
  const known = describeError(error);
  if (known) {
    return reply
      .status(httpStatusOf[known.code])
      .send({ field: known.field ?? null, message: known.message });
  }
  if (error.validation) {
    return reply.status(400).send({ field: null, message: error.message });
  }
  if (typeof error.statusCode === 'number' && error.statusCode < 500) {
    return reply.status(error.statusCode).send({ field: null, message: error.message });
  }
  if (isServiceUnavailableError(error)) {
    // The database is gone, restarting or stuck: the same request works again once it is back.
    request.log.warn({ err: error }, 'answered 503: the database is unavailable');
    return sendServiceUnavailable(request, reply);
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ field: null, message: GENERIC_ERROR_MESSAGE, requestId: request.id });
}

/**
 * GraphQL: each error carries `extensions.code`. Unexpected errors are logged with the request id
 * and replaced by a generic message, so no stack trace or SQL reaches a user.
 */
export function toGraphQLError(error: GraphQLError, request: FastifyRequest | undefined): GraphQLError {
  if (error.extensions?.code && !error.originalError) return error;
  const original = error.originalError ?? error;
  // Mercurius' own refusals (invalid query, too deep) already say what is wrong.
  if (String((original as { code?: unknown }).code ?? '').startsWith('MER_ERR_')) return error;
  const known = describeError(original);
  if (known) {
    return new GraphQLError(known.message, {
      path: error.path,
      extensions: { code: known.code, ...(known.field ? { field: known.field } : {}) },
    });
  }
  const status = (original as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Refused before execution (body too large, malformed JSON): the message says why.
    return new GraphQLError(original.message, { path: error.path, extensions: { code: 'BAD_REQUEST' } });
  }
  if (!error.originalError) {
    // Parse and validation errors: the query itself is wrong, and the message says how.
    return new GraphQLError(error.message, {
      path: error.path,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  }
  if (original instanceof ServerBusyError) {
    return new GraphQLError(original.message, { path: error.path, extensions: { code: original.code } });
  }
  if (isServiceUnavailableError(original)) {
    // The answer turns into HTTP 503 with Retry-After (the error formatter in api/server.ts).
    request?.log.warn(
      { err: original, path: error.path },
      'GraphQL field unavailable: the database is unavailable',
    );
    return new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
      path: error.path,
      extensions: { code: SERVICE_UNAVAILABLE_CODE },
    });
  }
  if ((original as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    // The client left while a (compressed) answer was streaming: nothing failed on this side.
    request?.log.debug({ err: original }, 'client closed the connection mid-answer');
  } else {
    request?.log.error({ err: original, path: error.path }, 'unexpected GraphQL error');
  }
  return new GraphQLError(GENERIC_ERROR_MESSAGE, {
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: request?.id },
  });
}
