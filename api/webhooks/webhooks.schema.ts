export const webhooksSchema = /* GraphQL */ `
  "Whose facts an endpoint is told: AUTHOR, its owner's own; SITE, the whole site's (admins)."
  enum WebhookScope {
    AUTHOR
    SITE
  }

  enum WebhookEndpointStatus {
    ACTIVE
    "Paused after failing for too long: nothing is sent until its owner resumes it."
    PAUSED
  }

  enum WebhookDeliveryStatus {
    PENDING
    SUCCEEDED
    "Every attempt of its round failed; its owner may resend it."
    FAILED
  }

  enum WebhookAttemptOutcome {
    SUCCESS
    HTTP_ERROR
    NETWORK_ERROR
    TIMEOUT
    REFUSED_ADDRESS
  }

  "An address told about facts, signed with its secret (docs/webhooks.md)."
  type WebhookEndpoint {
    id: ID!
    scope: WebhookScope!
    url: String!
    eventTypes: [String!]!
    status: WebhookEndpointStatus!
    pauseReason: String
    pausedAt: String
    "Failed attempts in a row (any delivery); a success resets it."
    consecutiveFailures: Int!
    createdAt: String!
    secretRotatedAt: String
    "Newest first."
    deliveries(page: Int = 0, size: Int = 20): WebhookDeliveryPage!
  }

  type WebhookDeliveryPage {
    content: [WebhookDelivery!]!
    totalElements: Int!
  }

  type WebhookDelivery {
    id: ID!
    "The envelope's id, the same on every attempt and resend."
    webhookId: String!
    eventType: String!
    status: WebhookDeliveryStatus!
    "Attempts of the current round."
    attempts: Int!
    createdAt: String!
    succeededAt: String
    nextAttemptAt: String
    "The JSON sent."
    body: String!
    "Every attempt, oldest first."
    attemptLog: [WebhookAttempt!]!
  }

  type WebhookAttempt {
    id: ID!
    attemptedAt: String!
    durationMs: Int!
    outcome: WebhookAttemptOutcome!
    statusCode: Int
    error: String
    "The first 1,000 characters of the answer."
    responseBody: String
  }

  "An endpoint with its signing secret: given once, when created or rotated."
  type WebhookEndpointWithSecret {
    endpoint: WebhookEndpoint!
    secret: String!
  }

  input WebhookEndpointInput {
    url: String!
    scope: WebhookScope = AUTHOR
    eventTypes: [String!]!
  }

  extend type Query {
    "Signed-in users: their own endpoints."
    myWebhookEndpoints: [WebhookEndpoint!]!
    "Admins: the site-wide endpoints."
    siteWebhookEndpoints: [WebhookEndpoint!]!
    "The owner (any admin for a site-wide one)."
    webhookEndpoint(id: ID!): WebhookEndpoint!
  }

  extend type Mutation {
    "Signed-in users (SITE: admins). The secret is shown this once."
    createWebhookEndpoint(input: WebhookEndpointInput!): WebhookEndpointWithSecret!
    "A new secret; the old one stops signing at once."
    rotateWebhookSecret(id: ID!): WebhookEndpointWithSecret!
    "Removes the endpoint with its deliveries and their log."
    deleteWebhookEndpoint(id: ID!): Boolean!
    resumeWebhookEndpoint(id: ID!): WebhookEndpoint!
    "A new round of attempts for any delivery of an active endpoint."
    resendWebhookDelivery(id: ID!): WebhookDelivery!
  }
`;
