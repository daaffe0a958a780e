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
  "The streaming read replica (DATABASE_REPLICA_URL) as last measured."
  type ReplicaHealth {
    "ok: serves anonymous reads; lagging: further behind than maxLagSeconds; down: unreachable or not a standby. Reads go to the primary unless ok."
    status: String!
    "WAL the primary has written that the replica has not replayed yet, in bytes; null when unknown."
    lagBytes: Float
    "Seconds since the replica last replayed a commit while it is behind; 0 when caught up; null when unknown."
    lagSeconds: Float
    maxLagSeconds: Float!
    "Reads this instance has sent to the replica since it started."
    readsServed: Float!
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
    "The read replica; null when none is configured. Not ok makes the status degraded."
    replica: ReplicaHealth
  }
  extend type Query {
    health: Health!
  }
`;
