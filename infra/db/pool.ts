import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  createPool,
  createTypeParserPreset,
  type DatabasePool,
  type DatabaseTransactionConnection,
  type Interceptor,
  type QueryResultRow,
  SchemaValidationError,
} from 'slonik';
import type { DatabaseTimeouts } from '../config';

export type { DatabasePool, DatabaseTransactionConnection };
/** Anything that can run a query: the pool, a pooled connection or a transaction. */
export type Queryable = Pick<
  DatabasePool,
  'query' | 'one' | 'maybeOne' | 'many' | 'any' | 'oneFirst' | 'maybeOneFirst' | 'anyFirst' | 'exists'
>;

/**
 * slonik does not validate rows against `sql.type(schema)` by itself: this interceptor runs the
 * schema (any Standard Schema, zod here) on every row of a typed query and replaces the row with
 * the parsed value, so readers get the types they declared or a clear error.
 */
const resultParser: Interceptor = {
  name: 'result-parser',
  // Synchronous on purpose: an async hook costs a promise per row, which dominated large reads.
  transformRow: (context, query, row) => {
    const parser = context.resultParser as StandardSchemaV1 | undefined;
    if (!parser) return row;
    const result = parser['~standard'].validate(row);
    if (result instanceof Promise) throw new TypeError('Row schemas must be synchronous.');
    if (result.issues) throw new SchemaValidationError(query, row, result.issues);
    return result.value as QueryResultRow;
  },
};

/**
 * int8 arrives as a JavaScript number: positions, counts and cent sums stay far below 2^53, and a
 * value beyond it fails loudly instead of losing precision.
 */
const int8AsNumber = {
  name: 'int8',
  parse: (value: string) => {
    const number = Number(value);
    if (!Number.isSafeInteger(number))
      throw new RangeError(`int8 value ${value} exceeds the safe integer range.`);
    return number;
  },
};

/** The pool's time limits when the caller names none (the app passes the configured ones). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
  connectMs: 5_000,
};

/**
 * Every session of the pool carries a statement, a lock and an idle-in-transaction timeout (set
 * when it connects), and a connection attempt gives up after `connectMs`: a slow or stuck database
 * turns into errors the API answers with 503 instead of requests that wait without end.
 */
export async function createDatabasePool(
  url: string,
  options: {
    maxPoolSize?: number;
    /** Overrides `timeouts.statementMs` (restore and benches run long statements on purpose). */
    statementTimeoutMs?: number;
    timeouts?: Partial<DatabaseTimeouts>;
  } = {},
): Promise<DatabasePool> {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  return createPool(withLockTimeout(url, timeouts.lockMs), {
    interceptors: [resultParser],
    typeParsers: [...createTypeParserPreset().filter((parser) => parser.name !== 'int8'), int8AsNumber],
    maxPoolSize: options.maxPoolSize ?? 10,
    statementTimeout: options.statementTimeoutMs ?? timeouts.statementMs,
    idleInTransactionSessionTimeout: timeouts.idleInTransactionMs,
    connectionTimeout: timeouts.connectMs,
    // Transactions here append events with an expected version: a retry must decide again, so the
    // command handler, not the pool, owns retries.
    transactionRetryLimit: 0,
    queryRetryLimit: 0,
    captureStackTrace: false,
    // slonik runs DISCARD ALL on every release: a round trip per query or transaction. The app keeps
    // no session state (settings are per transaction, advisory locks transaction-scoped).
    resetConnection: async () => {},
  });
}

/**
 * slonik sets statement and idle-in-transaction timeouts but not lock_timeout: it goes in the
 * connection's startup `options` (`-c lock_timeout=…`), after any options the URL already has.
 */
function withLockTimeout(url: string, lockMs: number): string {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.set('options', [given, `-c lock_timeout=${lockMs}`].filter(Boolean).join(' '));
  return parsed.toString();
}
