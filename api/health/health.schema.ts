export const healthSchema = /* GraphQL */ `
  type ProjectionHealth {
    name: String!
    mode: String!
    eventsBehind: Int
    secondsBehind: Float
    lastError: String
  }
  type Health {
    status: String!
    databaseLatencyMs: Float
    uptimeSeconds: Float!
    projections: [ProjectionHealth!]!
  }
  extend type Query {
    health: Health!
  }
`;
