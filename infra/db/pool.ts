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

export async function createDatabasePool(
  url: string,
  options: { maxPoolSize?: number; statementTimeoutMs?: number } = {},
): Promise<DatabasePool> {
  return createPool(url, {
    interceptors: [resultParser],
    typeParsers: [...createTypeParserPreset().filter((parser) => parser.name !== 'int8'), int8AsNumber],
    maxPoolSize: options.maxPoolSize ?? 10,
    statementTimeout: options.statementTimeoutMs ?? 60_000,
    idleInTransactionSessionTimeout: 60_000,
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
