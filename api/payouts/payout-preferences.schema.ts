/** Authors' payout preferences and their balance (docs/payouts.md "Payout preferences", "Negative balances"). */
export const payoutPreferencesSchema = /* GraphQL */ `
  "Which bank payout dates an author is paid on: both (the 1st and the 16th), the 1st of each month, or the 1st of each quarter."
  enum PayoutSchedule {
    TWICE_MONTHLY
    MONTHLY
    QUARTERLY
  }

  type PayoutPreferences {
    "The balance (euros) from which the schedule locks the author's payout; at least minimumThreshold."
    threshold: Float!
    schedule: PayoutSchedule!
    "The author holds their payouts: nothing is locked until they release them."
    held: Boolean!
    "The site's minimum payout: the lowest threshold."
    minimumThreshold: Float!
    maximumThreshold: Float!
    "When the author last changed them; null while they have the defaults."
    changedAt: String
  }

  input PayoutPreferencesInput {
    "Euros with at most two decimals, from the site's minimum payout to 10,000."
    threshold: Float!
    schedule: PayoutSchedule!
    held: Boolean!
  }

  "The next lock round of the author's schedule."
  type PlannedPayoutLock {
    "When the schedule locks the pending payout (ISO time, UTC)."
    lockAt: String!
    "The bank payout date it pays on (YYYY-MM-DD)."
    payoutDate: String!
  }

  "A refund of an item already paid out (or locked to be), taken back from the open payout."
  type PayoutRefundTakenBack {
    "The order people see (its number)."
    orderExternalId: String!
    "The item refunded."
    name: String!
    "The author's share taken back (negative)."
    amount: Float!
    "The payout that had paid (or was to pay) the item."
    fromPayoutId: ID
    "When the refund was booked."
    at: String!
  }

  "The viewer's payout settings and what their open payout holds now."
  type PayoutOverview {
    preferences: PayoutPreferences!
    "The payout method chosen in Profile Settings (null: none yet)."
    payoutMethod: PayoutMethod
    "The next scheduled lock for the viewer's bank payouts; null while held or for PayPal (sent on request)."
    nextLock: PlannedPayoutLock
    "The open (pending) payout's id; null when the viewer has none."
    openPayoutId: ID
    "What the open payout holds: sales minus refunds taken back; negative when refunds of items already paid out exceed the sales since."
    balance: Float!
    "What the viewer owes back (the negative balance as a positive amount; 0 otherwise): the next payouts settle it."
    owed: Float!
    "Why the open payout has no date (under the minimum or threshold, negative, held)."
    estimatedDateNote: PayoutDateNote
    "The refunds taken back in the open payout, newest first."
    refundsTakenBack: [PayoutRefundTakenBack!]!
  }

  extend type Query {
    "The viewer's payout preferences, next planned lock and balance (negative after late refunds)."
    myPayoutOverview: PayoutOverview!
  }

  extend type Mutation {
    "The viewer chooses a payout threshold and schedule, or holds their payouts."
    updateMyPayoutPreferences(input: PayoutPreferencesInput!): PayoutPreferences!
  }
`;
