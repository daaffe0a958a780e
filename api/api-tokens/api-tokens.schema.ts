/** Personal API tokens: a signed-in person's keys for their own scripts and tools (docs/api-tokens.md). */
export const apiTokensSchema = /* GraphQL */ `
  "A personal API token as its owner sees it. The secret itself is shown only once, when it is created."
  type ApiToken {
    id: ID!
    "The name its owner gave it, to recognise the tool that uses it."
    name: String!
    "The token's first characters (tsk_ and eight more), to tell tokens apart."
    prefix: String!
    "What the token may do: public:read, sales:read, items:manage, admin:read, admin:manage."
    scopes: [String!]!
    createdAt: String!
    "When the token was last used, to the minute; null when never."
    lastUsedAt: String
    "When the token was revoked; null while it works."
    revokedAt: String
  }

  "A new token and its secret, which is never shown again."
  type CreatedApiToken {
    token: ApiToken!
    "The secret to send as Authorization: Bearer <secret>."
    secret: String!
  }

  input CreateApiTokenInput {
    "At most 60 characters."
    name: String!
    "At least one scope; admin:read and admin:manage for admins only."
    scopes: [String!]!
  }

  extend type Query {
    "The signed-in person's API tokens, newest first, revoked ones too (browser session only)."
    myApiTokens: [ApiToken!]!
  }

  extend type Mutation {
    "Creates an API token with the scopes chosen (browser session only); the answer holds its secret, once."
    createApiToken(input: CreateApiTokenInput!): CreatedApiToken!
    "Revokes one of the signed-in person's tokens: it is refused from the next request on."
    revokeApiToken(id: ID!): ApiToken!
  }
`;
