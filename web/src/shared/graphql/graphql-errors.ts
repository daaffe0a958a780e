import type { CombinedError } from 'urql';

/** The first GraphQL error's `extensions.code`, `extensions.field` and message (API contract). */
export interface GraphqlFailure {
  code: string | null;
  field: string | null;
  message: string;
}

export function graphqlFailureOf(error: CombinedError): GraphqlFailure {
  const first = error.graphQLErrors[0];
  if (!first)
    return { code: error.networkError ? 'NETWORK_ERROR' : null, field: null, message: error.message };
  const { code, field } = first.extensions ?? {};
  return {
    code: typeof code === 'string' ? code : null,
    field: typeof field === 'string' ? field : null,
    message: first.message,
  };
}
