import { describe, expect, it } from 'vitest';
import {
  answerKindOf,
  checkGraphQLParams,
  GRAPHQL_RESPONSE_JSON,
  negotiateMediaType,
  PLAIN_JSON,
  statusCodeFor,
} from './graphql-over-http';

describe('negotiateMediaType', () => {
  it.each([
    [undefined, PLAIN_JSON],
    ['', PLAIN_JSON],
    ['*/*', PLAIN_JSON],
    ['application/*', PLAIN_JSON],
    [`${GRAPHQL_RESPONSE_JSON}, ${PLAIN_JSON}`, GRAPHQL_RESPONSE_JSON],
    [`${PLAIN_JSON}, ${GRAPHQL_RESPONSE_JSON}`, PLAIN_JSON],
    [`${PLAIN_JSON};q=0.9, ${GRAPHQL_RESPONSE_JSON}`, GRAPHQL_RESPONSE_JSON],
    [`${GRAPHQL_RESPONSE_JSON};q=0, */*`, PLAIN_JSON],
    ['text/html', null],
    [`${GRAPHQL_RESPONSE_JSON};q=0`, null],
  ])('%s → %s', (accept, expected) => {
    expect(negotiateMediaType(accept)).toBe(expected);
  });
});

describe('checkGraphQLParams', () => {
  it('hands on a POST body with its absent parameters as null', () => {
    expect(checkGraphQLParams('POST', { query: '{ a }' })).toEqual({
      params: { query: '{ a }', operationName: null, variables: null, extensions: null },
    });
  });

  it("reads a GET's variables and extensions as JSON", () => {
    expect(checkGraphQLParams('GET', { query: '{ a }', variables: '{"x":1}', extensions: 'null' })).toEqual({
      params: { query: '{ a }', operationName: null, variables: { x: 1 }, extensions: null },
    });
  });

  it.each([
    ['POST', null],
    ['POST', [{ query: '{ a }' }]],
    ['POST', { query: 1 }],
    ['POST', { query: '' }],
    ['POST', { query: '{ a }', operationName: false }],
    ['POST', { query: '{ a }', variables: [] }],
    ['POST', { query: '{ a }', variables: '{}' }],
    ['POST', { query: '{ a }', extensions: 0 }],
    ['GET', { query: ['{ a }', '{ b }'] }],
    ['GET', { query: '{ a }', variables: '[]' }],
    ['GET', { query: '{ a }', variables: '{' }],
  ])('refuses %s %j as a bad request', (method, source) => {
    expect(checkGraphQLParams(method, source)).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each([
    ['POST', { query: '{ a(b: "\0") }' }],
    ['POST', { query: String.raw`{ a(b: "\u0000") }` }],
    ['POST', { query: String.raw`{ a(b: "\u{0}") }` }],
    ['POST', { query: '{ a }', variables: { x: ['\0'] } }],
    ['GET', { query: '{ a }', variables: JSON.stringify({ x: 'a\0' }) }],
    ['GET', { query: '{ a }', variables: JSON.stringify({ ['k\0']: 1 }) }],
  ])('refuses a NUL in %s %j as bad user input', (method, source) => {
    expect(checkGraphQLParams(method, source)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('the status of an answer with errors', () => {
  const never = () => false;

  it('is 200 for an operation that ran, whatever its errors', () => {
    const kind = answerKindOf({ data: null, errors: [{ originalError: { statusCode: 400 } }] }, never, true);
    expect(kind).toBe('executed');
    expect(statusCodeFor(GRAPHQL_RESPONSE_JSON, kind)).toBe(200);
    expect(statusCodeFor(PLAIN_JSON, kind)).toBe(200);
  });

  it('is 400 with graphql-response+json and 200 with application/json for a refused operation', () => {
    for (const kind of [
      answerKindOf(
        { errors: [{ originalError: { code: 'MER_ERR_GQL_VALIDATION', statusCode: 400 } }] },
        never,
        false,
      ),
      answerKindOf({ errors: [{ originalError: { statusCode: 400 } }] }, () => true, false),
      answerKindOf({ errors: [{}] }, never, false),
    ]) {
      expect(kind).toBe('refused-operation');
      expect(statusCodeFor(GRAPHQL_RESPONSE_JSON, kind)).toBe(400);
      expect(statusCodeFor(PLAIN_JSON, kind)).toBe(200);
    }
  });

  it("keeps an HTTP refusal's own status under both media types", () => {
    const kind = answerKindOf({ errors: [{ originalError: { statusCode: 405 } }] }, never, false);
    expect(statusCodeFor(GRAPHQL_RESPONSE_JSON, kind)).toBe(405);
    expect(statusCodeFor(PLAIN_JSON, kind)).toBe(405);
  });

  it('is 500 for an unexpected failure before the operation ran', () => {
    const kind = answerKindOf({ errors: [{ originalError: new Error('pool closed') }] }, never, true);
    expect(kind).toBe('server-failure');
    expect(statusCodeFor(GRAPHQL_RESPONSE_JSON, kind)).toBe(500);
    expect(statusCodeFor(PLAIN_JSON, kind)).toBe(500);
  });
});
