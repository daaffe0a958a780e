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
    "The author's share: for a co-authored item, this author's part of it."
    authorReward: Float!
    "A co-authored item: its whole author share before the split (null for an item sold by its owner alone)."
    itemAuthorShare: Float
    "A co-authored item: this author's weight, out of shareTotalWeight."
    shareWeight: Int
    shareTotalWeight: Int
    tip: Float!
    "An item's gross, price + tip: what the buyer paid for it, VAT included (null for an adjustment)."
    gross: Float
    "The VAT carved out of the gross, as the order recorded it; 0 for orders placed before VAT (null for an adjustment)."
    vat: Float
    "gross - vat: what the site fee, the payment fee and the author's share split (null for an adjustment)."
    net: Float
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

  "A payout statement's totals, computed once for the pages, the printable statement and the CSV."
  type PayoutTotals {
    itemCount: Int!
    adjustmentCount: Int!
    "The sold items' base prices, in euros."
    price: Float!
    "The buyers' tips on them."
    tip: Float!
    "price + tip: what buyers paid for the items, VAT included."
    gross: Float!
    "The VAT carved out of the items (0 for orders placed before VAT)."
    vat: Float!
    "gross - vat."
    net: Float!
    paymentFee: Float!
    siteFee: Float!
    "What co-authored items gave their other authors (0 when there are none)."
    coAuthors: Float!
    "What refund adjustments took back (negative or 0)."
    adjustments: Float!
    "net - paymentFee - siteFee - coAuthors + adjustments: the payout's amount."
    authorShare: Float!
  }

  "Why a payout shows no estimated date."
  enum PayoutDateNote {
    "Pending under the minimum payout amount: it waits until the balance reaches it."
    UNDER_MINIMUM
    "Pending under the author's own payout threshold: it waits until the balance reaches it."
    UNDER_THRESHOLD
    "Pending while the author holds their payouts: it keeps collecting until they release them."
    HELD
    "Pending and negative (refunds of items already paid): carried into the author's next payout."
    CARRIED_OVER
  }

  "One step of a payout's history, as its event recorded it."
  type PayoutHistoryEntry {
    "The event type: PayoutOpened, PayoutItemAdded, PayoutLocked, PayoutSent, ..."
    type: String!
    at: String!
    "The admin or author who did it (for a refund's step, who refunded the order); null for the system."
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
    "The bank payout date ahead (YYYY-MM-DD), never a past day; null for PayPal (on request), once sent, and with a dateNote."
    estimatedPayoutDate: String
    "Why a pending payout has no date."
    estimatedDateNote: PayoutDateNote
    "The minimum a payout must hold to be locked, in euros."
    minimumAmount: Float!
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
    "The message id of the SEPA file that holds it (bank payouts), while locked or sent; null once withdrawn from it."
    exportBatchId: String
    "The stored SEPA file that holds it (admins download it by this id)."
    exportFileId: ID
    "When it went into that file."
    exportedAt: String
    "Its transfer's end-to-end id in the file (TSP-<payout id>, the same in every file)."
    endToEndId: String
    items: [PayoutItem!]!
    "The statement's totals over its items (tips included) and adjustments."
    totals: PayoutTotals!
    author: User!
    "Admins only: the payout's events, oldest first."
    history: [PayoutHistoryEntry!]
  }

  type PayoutPage {
    pageInfo: PageInfo!
    content: [Payout!]!
  }

  "The totals of a register selection, in euros."
  type PayoutRegisterTotals {
    count: Int!
    amount: Float!
    sent: Float!
    locked: Float!
    failed: Float!
  }

  type PayoutRegister {
    pageInfo: PageInfo!
    content: [Payout!]!
    totals: PayoutRegisterTotals!
  }

  extend type Query {
    "The viewer's payouts, 10 a page, newest first."
    myPayouts(page: PageInput, status: PayoutStatus): PayoutPage!
    "A payout for its author or an admin (NOT_FOUND for anyone else)."
    payout(id: ID!): Payout
    "Admin: every payout, 20 a page, newest first."
    allPayouts(page: PageInput, status: PayoutStatus): PayoutPage!
    "Admin: the payouts register, the payouts locked, exported or sent between two days (YYYY-MM-DD, inclusive), 20 a page, newest first, with the selection's totals."
    payoutRegister(from: String, to: String, status: PayoutStatus, page: PageInput): PayoutRegister!
  }

  extend type Mutation {
    "Admin: lock a pending payout (or lock a failed one again with the author's current details)."
    lockPayout(id: ID!): MutationResult!
    "Admin: send a locked payout (PayPal through the Payouts API; a bank payout once its SEPA file is paid)."
    sendPayout(id: ID!): MutationResult!
    "Admin: record that a locked or sent payout's transfer failed, with the reason the author will see."
    markPayoutFailed(id: ID!, reason: String!): MutationResult!
    "Admin: take a locked payout out of the SEPA file that holds it, with the reason; it may then go into a new file."
    withdrawPayoutFromFile(id: ID!, reason: String!): MutationResult!
  }
`;
