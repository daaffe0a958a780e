/** Your data: the deletion of an account (docs/account-deletion.md); the export is a REST download. */
export const accountDataSchema = /* GraphQL */ `
  "What deleting the signed-in person's account would do, counted before they confirm."
  type AccountDeletionPreview {
    "Why the account cannot be deleted yet (money on its way, an admin role); empty when it can."
    mustFinish: [String!]!
    "Earnings in a pending payout under the minimum payout, given up by deleting (euros)."
    earningsGivenUp: Float!
    "Invoices and credit notes of the person's orders: kept 10 years, as accounting and VAT law asks."
    invoices: Int!
    creditNotes: Int!
    "Payout records: kept 10 years too."
    payouts: Int!
    "Published skins and bundles, unpublished by the deletion (buyers keep theirs)."
    publishedSkins: Int!
    publishedBundles: Int!
    "Comments and ratings, which stay, shown as by a deleted user."
    comments: Int!
    ratings: Int!
  }

  "An account deleted, as the admins' log shows it."
  type AccountDeletion {
    userId: ID!
    deletedAt: String!
    "SELF or ADMIN."
    by: String!
    "The admin who deleted it at the person's request; null when they deleted it themselves."
    admin: User
    "Why an admin deleted it (the request it answered)."
    reason: String
    "Pending earnings under the minimum the person gave up (euros)."
    earningsGivenUp: Float!
    "A guest buyer (no account) whose data an admin erased on request."
    guestBuyer: Boolean!
  }

  type AccountDeletionPage {
    pageInfo: PageInfo!
    content: [AccountDeletion!]!
  }

  input DeleteMyAccountInput {
    "The account's username, typed as it is."
    username: String!
    "The account's password (the person signs in again, in effect)."
    password: String!
    "The person gives up pending earnings under the minimum payout (needed only when there are some)."
    giveUpEarnings: Boolean
  }

  input DeleteAccountInput {
    userId: ID!
    "The request this answers (at least 5 characters), logged for the other admins."
    reason: String!
    "The person gave up pending earnings under the minimum payout in their request."
    giveUpEarnings: Boolean
  }

  "A guest buyer (who bought without an account), named by exactly one of the two."
  input EraseGuestBuyerInput {
    "The email address they bought with."
    email: String
    "The number of one of their orders."
    orderNumber: String
    "The request this answers (at least 5 characters), logged for the other admins."
    reason: String!
  }

  type GuestBuyerErasure {
    success: Boolean!
    "The guest orders whose buyer name and address now read 'deleted user' (the orders and invoices stay)."
    orders: Int!
  }

  extend type Query {
    "What deleting the signed-in person's account would do (browser session only)."
    myAccountDeletionPreview: AccountDeletionPreview!
    "The log of deleted accounts, newest first (admins, browser session only)."
    accountDeletions(page: PageInput): AccountDeletionPage!
  }

  extend type Mutation {
    "Deletes the signed-in person's account (browser session only); every session ends at once."
    deleteMyAccount(input: DeleteMyAccountInput!): MutationResult!
    "An admin deletes an account at its owner's request (never an admin's, never their own)."
    deleteAccount(input: DeleteAccountInput!): MutationResult!
    "An admin erases a guest buyer's personal data at their request (browser session only)."
    eraseGuestBuyer(input: EraseGuestBuyerInput!): GuestBuyerErasure!
  }
`;
