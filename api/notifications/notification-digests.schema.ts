export const notificationDigestsSchema = /* GraphQL */ `
  "How often the mail digest of unread notifications comes: never (the default), daily or weekly."
  enum DigestFrequency {
    OFF
    DAILY
    WEEKLY
  }

  extend type PrivateUser {
    "How often the user is mailed a digest of their unread notifications (OFF until they choose)."
    digestFrequency: DigestFrequency!
  }

  extend type Mutation {
    "Signed-in users: how often they are mailed a digest of their unread notifications (their own setting only)."
    setDigestFrequency(frequency: DigestFrequency!): PrivateUser!
  }
`;
