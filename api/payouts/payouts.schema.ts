/** Payouts: the author's earnings batch by batch, and the admin's lock, send and audit. */
export const payoutsSchema = /* GraphQL */ `
  enum PurchaseItemType {
    BUNDLE
    SKIN
  }

  "A line of a payout: a sold item, or an adjustment taking a refunded item's share back (negative)."
  type PayoutItem {
    id: ID!
    name: String!
    "Base price in euros; for an adjustment, the share taken back (negative)."
    price: Float!
    "The author's share."
    authorReward: Float!
    tip: Float!
    "The site's fee."
    internalFee: Float!
    "The payment provider's fee."
    externalFee: Float!
    "Whether the sale was a bundle (a bundle is one item, paid to its author)."
    inBundle: Boolean!
    purchaseItemType: PurchaseItemType!
    "true for a refund adjustment."
    adjustment: Boolean!
    "The order it came from."
    orderExternalId: String!
    "When the buyer paid (items) or the refund was booked (adjustments)."
    occurredAt: String!
    "Adjustments: the payout that had held the refunded item."
    fromPayoutId: ID
  }

  "One step of a payout's history, as its event recorded it."
  type PayoutHistoryEntry {
    "The event type: PayoutOpened, PayoutItemAdded, PayoutLocked, PayoutSent, ..."
    type: String!
    at: String!
    "The admin or author who did it; null for the system."
    actor: User
    "The job or process that did it (payout-allocation, payout-schedule), when no person did."
    system: String
    "A failure's reason, or what the step was about."
    reason: String
    "The amount it moved or froze, in euros, when it has one."
    amount: Float
  }

  "A payout (spec 3): one author's earnings collected until it is locked and sent."
  type Payout {
    id: ID!
    "What it holds: items plus adjustments (an estimate while pending)."
    amount: Float!
    "The bank payout date ahead (YYYY-MM-DD); null for PayPal (on request) and once sent."
    estimatedPayoutDate: String
    "The transfer's reference: the SEPA file's message id or PayPal's payout batch id."
    externalId: String
    payoutStatus: PayoutStatus!
    sentOn: String
    lockedOn: String
    payoutMethod: PayoutMethod
    sendToIban: String
    sendToBic: String
    sendToPaypalAccount: String
    sendToName: String
    createdAt: String!
    skinCount: Int!
    bundleCount: Int!
    adjustmentCount: Int!
    "Why the transfer failed (ERROR)."
    failureReason: String
    "The SEPA file it last went into (bank payouts), while locked or sent."
    exportBatchId: String
    items: [PayoutItem!]!
    author: User!
    "Admins only: the payout's events, oldest first."
    history: [PayoutHistoryEntry!]
  }

  type PayoutPage {
    pageInfo: PageInfo!
    content: [Payout!]!
  }

  extend type Query {
    "The viewer's payouts, 10 a page, newest first."
    myPayouts(page: PageInput, status: PayoutStatus): PayoutPage!
    "A payout for its author or an admin (NOT_FOUND for anyone else)."
    payout(id: ID!): Payout
    "Admin: every payout, 20 a page, newest first."
    allPayouts(page: PageInput, status: PayoutStatus): PayoutPage!
  }

  extend type Mutation {
    "Admin: lock a pending payout (or lock a failed one again with the author's current details)."
    lockPayout(id: ID!): MutationResult!
    "Admin: send a locked payout (PayPal through the Payouts API; a bank payout once its SEPA file is paid)."
    sendPayout(id: ID!): MutationResult!
    "Admin: record that a locked or sent payout's transfer failed, with the reason the author will see."
    markPayoutFailed(id: ID!, reason: String!): MutationResult!
  }
`;
