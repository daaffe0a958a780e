import { graphql } from '../../../shared/graphql/generated';

// The tokens page (docs/api-tokens.md): the person's tokens, creating one, revoking one.

export const ApiTokenFieldsFragment = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    prefix
    scopes
    createdAt
    lastUsedAt
    revokedAt
  }
`);

export const MyApiTokensQuery = graphql(`
  query MyApiTokens {
    myApiTokens {
      ...ApiTokenFields
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      secret
      token {
        ...ApiTokenFields
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      ...ApiTokenFields
    }
  }
`);
