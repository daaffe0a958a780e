/** The Creativity Dashboard's per-item figures (docs/statistics.md "Per item"). */
export const itemPerformanceSchema = /* GraphQL */ `
  "Where an item's price came from: a running sale, a discount code (without a sale), or neither."
  enum PriceSource {
    SALE
    CODE
    FULL_PRICE
  }

  "One item's sales of one price source, all time."
  type ItemSalesBySource {
    source: PriceSource!
    "Items sold (payments received)."
    purchases: Int!
    "What the buyers paid (price and tips, VAT included), in euros."
    revenue: Float!
    "The item's whole author share of them (before the split among co-authors), in euros."
    authorShare: Float!
    "The viewer's part of authorShare (after the split; all of it for an item sold alone), in euros."
    authorPart: Float!
    refunds: Int!
    "What refunds gave back, in euros."
    refunded: Float!
  }

  "One of the viewer's skins or bundles (owned or co-authored) with how it does, all time."
  type ItemPerformance {
    itemType: PurchaseItemType!
    itemId: ID!
    title: String!
    url: String!
    "Whether it is published (a hidden item still has its figures)."
    published: Boolean!
    "Whether the viewer owns the item (false: the viewer co-authors it, or did when its sales gave them a part)."
    viewerIsOwner: Boolean!
    "Views of its page since views are counted (viewsSince): bots and the author's own views are not counted."
    views: Int!
    "Downloads of the skin (null for a bundle: its skins count their own)."
    downloads: Int
    "Items sold, of every source."
    purchases: Int!
    "The purchases paid since views are counted (viewsSince) divided by the views; null without views. It may pass 1: a buyer may buy without a counted view (a link from a mail, a bundle page)."
    conversion: Float
    "What the buyers paid of every source, in euros."
    revenue: Float!
    "The item's whole author share of every source (before the split among co-authors), in euros."
    authorShare: Float!
    "The viewer's part of authorShare (after the split; all of it for an item sold alone), in euros."
    authorPart: Float!
    "Each source's sales; every source is listed, with zeros when it sold nothing."
    bySource: [ItemSalesBySource!]!
  }

  type ItemPerformanceReport {
    items: [ItemPerformance!]!
    "The first day (YYYY-MM-DD) a view of any item was counted; null when none was."
    viewsSince: String
  }

  extend type Query {
    "The viewer's own and co-authored skins and bundles with their views, downloads, purchases, conversion and revenue by price source; most revenue first."
    myItemPerformance: ItemPerformanceReport!
  }
`;
