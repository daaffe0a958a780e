/** Discount codes (docs/sales-and-codes.md, "Discount codes"). Money in euros. */
export const discountCodesSchema = /* GraphQL */ `
  enum DiscountCodeKind {
    PERCENT
    AMOUNT
  }

  type DiscountCodeItem {
    itemType: PurchaseItemType!
    itemId: ID!
    "The item's title now (null when it was deleted)."
    name: String
  }

  "Only buyers who bought this item, paid and not refunded, before this time may use the code."
  type DiscountCodeEarlierBuyers {
    item: DiscountCodeItem!
    before: String!
  }

  "An order's use of a code, as its author sees it (never the buyer)."
  type DiscountCodeRedemption {
    orderNumber: String
    "The order's payment status now."
    status: PaymentStatus
    "Euros taken off the order's items."
    reduction: Float!
    items: [DiscountCodeRedemptionItem!]!
    redeemedAt: String!
    "When the order closed unpaid and the use was given back."
    releasedAt: String
    releaseReason: String
  }

  type DiscountCodeRedemptionItem {
    itemType: PurchaseItemType!
    itemId: ID!
    reduction: Float!
  }

  type DiscountCode {
    code: String!
    kind: DiscountCodeKind!
    "Whole percent off each item (PERCENT)."
    percent: Int
    "Euros off the order's items together (AMOUNT)."
    amount: Float
    "For every item of the author, also later ones."
    allItems: Boolean!
    items: [DiscountCodeItem!]!
    "How many orders may use it; null: no limit."
    maxUses: Int
    "Orders that used it (paid or awaiting payment; uses given back by unpaid orders are not counted)."
    uses: Int!
    expiresAt: String
    expired: Boolean!
    earlierBuyersOf: DiscountCodeEarlierBuyers
    active: Boolean!
    deactivatedAt: String
    createdAt: String!
    "Newest first: its author and admins only."
    redemptions: [DiscountCodeRedemption!]!
  }

  input DiscountCodeItemInput {
    itemType: PurchaseItemType!
    itemId: ID!
  }

  input DiscountCodeEarlierBuyersInput {
    itemType: PurchaseItemType!
    itemId: ID!
    "ISO 8601 time: the purchase must have been paid before it."
    before: String!
  }

  input CreateDiscountCodeInput {
    "3-32 letters, digits, - or _; case does not matter, it is stored in capitals."
    code: String!
    kind: DiscountCodeKind!
    percent: Int
    "Euros."
    amount: Float
    allItems: Boolean!
    items: [DiscountCodeItemInput!]
    maxUses: Int
    "ISO 8601 time."
    expiresAt: String
    earlierBuyersOf: DiscountCodeEarlierBuyersInput
  }

  "A line of the cart the code took something off."
  type AppliedDiscountCodeItem {
    itemType: PurchaseItemType!
    itemId: ID!
    name: String!
    "Euros the code took off."
    reduction: Float!
    "The price after it."
    price: Float!
    "The code was capped here: the item costs the lowest price a paid item may have."
    atMinimum: Boolean!
  }

  "The code the quote applied, in euros."
  type AppliedDiscountCode {
    code: String!
    reduction: Float!
    items: [AppliedDiscountCodeItem!]!
    "What the buyer reads when the floor capped the code on some item; null otherwise."
    note: String
  }

  extend input CheckoutQuoteInput {
    "A discount code (case does not matter); the quote applies it or refuses it with the reason."
    code: String
  }

  extend type CheckoutQuote {
    discountCode: AppliedDiscountCode
  }

  "The code an order used, what it took off in all and per item (euros)."
  type OrderDiscountCode {
    code: String!
    reduction: Float!
    items: [DiscountCodeRedemptionItem!]!
  }

  extend type OrderConfirmation {
    discountCode: OrderDiscountCode
  }

  extend type Query {
    "The signed-in author's codes, newest first."
    myDiscountCodes: [DiscountCode!]!
    "One code with its redemptions: its author or an admin; anyone else gets NOT_FOUND."
    discountCode(code: String!): DiscountCode!
  }

  extend type Mutation {
    createDiscountCode(input: CreateDiscountCodeInput!): DiscountCode!
    "Its author or an admin; it is refused from then on (orders that used it keep their reduction)."
    deactivateDiscountCode(code: String!): DiscountCode!
  }
`;
