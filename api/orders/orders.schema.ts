/** Buying (issue 5): checkout is REST (/api/stripe/*, /api/paypal/*); these are the GraphQL parts. */
export const ordersSchema = /* GraphQL */ `
  "A line of an order: a skin or a bundle, at the price the server charged."
  type PurchaseItem {
    id: ID!
    name: String!
    "Euros, two decimals."
    price: Float!
    tip: Float!
    skin: Skin
    bundle: Bundle
  }

  "An order (spec 3, Purchase)."
  type Purchase {
    id: ID!
    "The order number shown to the buyer."
    externalId: String!
    totalPrice: Float!
    paymentType: PaymentType!
    paymentReceivedAt: String
    paymentStatus: PaymentStatus!
    createdAt: String!
    items: [PurchaseItem!]!
    "Admin lists only: who bought."
    buyerEmail: String
    buyerName: String
    buyerCountry: String
    "Admin lists only: the site's fee on the order, in euros."
    siteFee: Float
    "Admin lists only: the payment provider's fee on the order, in euros."
    paymentFee: Float
    refundedAt: String
    "Whether an admin may refund it now (received within 7 days, nothing downloaded)."
    refundable: Boolean!
    "Admin only (null for others): the order's mails, oldest first."
    mails: [MailDelivery!]
  }

  """
  What an order mail is: the buyer's confirmation or refund notice, an author's sale notice, or the
  confirmation of the buyer's consent to immediate delivery given after checkout, or a gift's mail
  to its recipient with the claim link.
  """
  enum MailDeliveryKind {
    ORDER_CONFIRMATION
    ORDER_REFUND
    AUTHOR_SALE
    WITHDRAWAL_CONSENT
    GIFT_RECEIVED
  }

  "PENDING: not sent yet (or waiting for a retry); SENT; FAILED: given up after the last attempt."
  enum MailDeliveryStatus {
    PENDING
    SENT
    FAILED
  }

  "One mail of an order and where its delivery stands (admins only)."
  type MailDelivery {
    id: ID!
    kind: MailDeliveryKind!
    recipient: String!
    status: MailDeliveryStatus!
    attempts: Int!
    lastError: String
    createdAt: String!
    lastAttemptAt: String
    "When a pending delivery is tried next."
    nextAttemptAt: String
    sentAt: String
  }

  "A skin an order brought, and where its buyer downloads it."
  type OrderDownload {
    skinId: ID!
    title: String!
    "The skin's address (its page is /skins/{url})."
    url: String!
    "A guest's link signed for the order (works without an account), else the plain download address."
    downloadUrl: String!
  }

  "A line of an order on its confirmation page."
  type OrderConfirmationItem {
    id: ID!
    itemType: PurchaseItemType!
    name: String!
    "Euros, two decimals: the price paid, the tip, and both together."
    price: Float!
    tip: Float!
    total: Float!
    skin: Skin
    bundle: Bundle
    "Empty until the payment is received (and after a refund)."
    downloads: [OrderDownload!]!
  }

  "What the buyer sees after paying."
  type OrderConfirmation {
    externalId: String!
    paymentStatus: PaymentStatus!
    paymentType: PaymentType!
    totalPrice: Float!
    createdAt: String!
    paymentReceivedAt: String
    "Where the confirmation mail goes."
    buyerEmail: String!
    "Bought without an account."
    guest: Boolean!
    items: [OrderConfirmationItem!]!
  }

  type PurchasePage {
    pageInfo: PageInfo!
    content: [Purchase!]!
  }

  extend type Query {
    "Ids of the skins the viewer owns (bought alone or in a bundle)."
    myOwnedSkinIds: [ID!]!
    myOwnedBundleIds: [ID!]!
    "The viewer's collection, 10 a page, newest purchase first."
    myOwnedSkins(page: PageInput, type: GameType): SkinPage!
    "The viewer's orders, 10 a page, newest first."
    myPurchaseList(page: PageInput): PurchasePage!
    "Admin: every order, 20 a page, newest first; search by order number, email or name."
    purchaseList(search: String, page: PageInput, status: PaymentStatus): PurchasePage!
    """
    An order's confirmation page: for whoever holds the key signed for it (the address checkout
    sends the buyer to), its signed-in buyer and admins; NOT_FOUND for anyone else.
    """
    orderConfirmation(externalId: String!, key: String): OrderConfirmation!
  }

  extend type Mutation {
    "Admin: refund a received order within 7 days when none of its items was downloaded."
    refundOrder(id: ID!): MutationResult!
    "Admin: try a FAILED mail delivery again (a fresh round of attempts)."
    retryMailDelivery(id: ID!): MailDelivery!
  }
`;
