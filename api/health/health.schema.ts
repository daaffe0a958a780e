export const healthSchema = /* GraphQL */ `
  type ProjectionHealth {
    name: String!
    mode: String!
    "Committed events after the checkpoint; a lower bound when eventsBehindIsLowerBound."
    eventsBehind: Int!
    eventsBehindIsLowerBound: Boolean!
    "Age in seconds of the oldest event not yet processed; 0 when caught up."
    secondsBehind: Float!
    lastError: String
  }
  type Health {
    status: String!
    databaseLatencyMs: Float
    uptimeSeconds: Float!
    "A projection further behind than this many seconds makes the status degraded."
    degradedAfterSeconds: Float!
    projections: [ProjectionHealth!]!
  }
  extend type Query {
    health: Health!
  }
`;
