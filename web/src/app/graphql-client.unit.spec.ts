import { gql } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphqlFailureOf } from '../shared/graphql/graphql-errors';
import { createGraphqlClient, GRAPHQL_ACCEPT } from './graphql-client';

// The web app's client against answers shaped as the server sends them (api/graphql/graphql-over-http.ts):
// a refusal before execution is a 4xx whose body holds the errors, read as GraphQL errors.
afterEach(() => {
  vi.unstubAllGlobals();
});

function serverAnswering(status: number, body: unknown, type = 'application/graphql-response+json') {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': `${type}; charset=utf-8` } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const QUERY = gql`
  query Skins {
    skins {
      content {
        id
      }
    }
  }
`;

const MUTATION = gql`
  mutation Rename($title: String!) {
    renameSkin(title: $title) {
      id
    }
  }
`;

describe('the GraphQL client', () => {
  it('asks for the GraphQL-over-HTTP media type, then JSON', async () => {
    const fetch = serverAnswering(200, { data: { skins: { content: [] } } });
    const result = await createGraphqlClient().query(QUERY, {}).toPromise();
    expect(result.data).toEqual({ skins: { content: [] } });
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.accept).toBe(GRAPHQL_ACCEPT);
  });

  it.each([400, 405, 413])(
    'reads a %s refusal as GraphQL errors, with their code and message',
    async (status) => {
      serverAnswering(status, {
        errors: [
          { message: 'The query selects too many fields.', extensions: { code: 'QUERY_TOO_COMPLEX' } },
        ],
      });
      const result = await createGraphqlClient().query(QUERY, {}).toPromise();
      expect(result.error?.networkError).toBeUndefined();
      expect(graphqlFailureOf(result.error!)).toEqual({
        code: 'QUERY_TOO_COMPLEX',
        field: null,
        message: 'The query selects too many fields.',
      });
    },
  );

  it('reads a field error of a form (200 with data) with its field', async () => {
    serverAnswering(200, {
      data: null,
      errors: [{ message: 'Title is too long.', extensions: { code: 'BAD_USER_INPUT', field: 'title' } }],
    });
    const result = await createGraphqlClient().mutation(MUTATION, { title: 'x' }).toPromise();
    expect(graphqlFailureOf(result.error!)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'title',
      message: 'Title is too long.',
    });
  });
});
