/*
 * Author sales (docs/sales-and-codes.md): authors schedule, change and cancel sales of their own
 * skins and bundles; every skin and bundle shows the sale running on it now, with its reference
 * price (the lowest of the 30 days before the sale, Price Indication Directive Art. 6a).
 */
export const salesSchema = /* GraphQL */ `
  enum SaleKind {
    PERCENT
    PRICE
  }

  enum SaleItemType {
    SKIN
    BUNDLE
  }

  enum SaleStatus {
    SCHEDULED
    RUNNING
    ENDED
    CANCELLED
  }

  "A sale running on a skin or bundle now. Prices in euros."
  type RunningSale {
    id: ID!
    name: String!
    "What the item costs during the sale (for a pay-what-you-want item: the least a buyer pays)."
    salePrice: Float!
    "The author's regular price now."
    regularPrice: Float!
    "The lowest price the item was offered at in the 30 days before the sale started."
    referencePrice: Float!
    "The reduction against the reference price, whole percent rounded down (0: not below the reference)."
    percentOff: Int!
    startsAt: String!
    "When the sale stops."
    endsAt: String!
  }

  extend interface CatalogueItem {
    "The sale running on the item now, or null."
    sale: RunningSale
  }

  extend type Skin {
    "The sale running on the skin now, or null."
    sale: RunningSale
  }

  extend type Bundle {
    "The sale running on the bundle now, or null."
    sale: RunningSale
  }

  type SaleItem {
    itemType: SaleItemType!
    itemId: ID!
    name: String!
    "The item's regular price now."
    price: Float!
  }

  "One of an author's sales as they defined it."
  type AuthorSale {
    id: ID!
    authorId: ID!
    name: String!
    kind: SaleKind!
    "For a PERCENT sale."
    percentOff: Int
    "For a PRICE sale: the price of each item during the sale."
    salePrice: Float
    startsAt: String!
    endsAt: String!
    cancelledAt: String
    "Whether it is scheduled, running, over or was cancelled, now."
    status: SaleStatus!
    items: [SaleItem!]!
  }

  input SaleInput {
    name: String!
    kind: SaleKind!
    "1 to 90, for a PERCENT sale."
    percentOff: Int
    "Euros, for a PRICE sale: below every item's price, at least 2."
    salePrice: Float
    skinIds: [ID!]
    bundleIds: [ID!]
    "ISO 8601; a start up to 5 minutes ago means now."
    startsAt: String!
    "ISO 8601; 1 hour to 31 days after the start."
    endsAt: String!
  }

  extend type Query {
    "The signed-in author's sales, newest start first (at most 200)."
    mySales: [AuthorSale!]!
    "Admins: an author's sales."
    authorSales(authorId: ID!): [AuthorSale!]!
  }

  extend type Mutation {
    "Schedules a sale of the signed-in author's own items."
    scheduleSale(input: SaleInput!): AuthorSale!
    "Changes the author's sale: anything before it starts, its name and end while it runs."
    changeSale(id: ID!, input: SaleInput!): AuthorSale!
    "Cancels a sale (the author, or an admin): a running sale ends now."
    cancelSale(id: ID!): AuthorSale!
  }
`;
