import { BackendTerminatedUnexpectedlyError, ConnectionError, StatementTimeoutError } from 'slonik';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { isServiceUnavailableError } from './service-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which errors mean the database is unavailable (answered 503 with Retry-After)', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['slonik giving up on connecting', new ConnectionError('timeout exceeded when trying to connect')],
    [
      'a lost backend',
      new BackendTerminatedUnexpectedlyError(new Error('Connection terminated unexpectedly')),
    ],
    [
      'a statement timeout',
      new StatementTimeoutError(withCode('canceling statement due to statement timeout', '57014')),
    ],
    ['a lock timeout', withCode('canceling statement due to lock timeout', '55P03')],
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['a cause further down', new Error('wrapped', { cause: withCode('refused', 'ECONNREFUSED') })],
    ['Fastify answering late', withCode('Request timed out', 'FST_ERR_HANDLER_TIMEOUT')],
  ])('%s', (_name, error) => {
    expect(isServiceUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a missing relation', withCode('relation "secret_table" does not exist', '42P01')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a refusal of the rules', new DomainError('NOT_FOUND', 'No such skin.')],
    ['not an error', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isServiceUnavailableError(error)).toBe(false);
  });
});
