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
    "Whether this instance runs the catch-up projections and scheduled jobs (one instance of all those on the database does); null when it holds no lease."
    leader: Boolean
  }
  extend type Query {
    health: Health!
  }
`;
