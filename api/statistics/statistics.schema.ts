/** Download and sales statistics (docs/statistics.md). */
export const statisticsSchema = /* GraphQL */ `
  enum StatisticsWindow {
    LAST_30_DAYS
    LAST_YEAR
    ALL_TIME
  }

  """
  The period a dashboard shows: either a window that ends now, or whole UTC months from fromMonth
  to toMonth (YYYY-MM, both included). Monthly figures cover the months the period touches.
  """
  input StatisticsPeriodInput {
    window: StatisticsWindow
    fromMonth: String
    toMonth: String
  }

  type DownloadFigures {
    total: Int!
    "One per user (or anonymous visitor) and skin."
    unique: Int!
  }

  type DownloadCountStats {
    allTime: DownloadFigures!
    last30Days: DownloadFigures!
    lastYear: DownloadFigures!
    "The downloads in any period; unique counts a downloader once per skin."
    inPeriod(period: StatisticsPeriodInput!): DownloadFigures!
  }

  "Downloads of one game's skins in one month (UTC)."
  type DownloadHistoryEntry {
    game: GameType!
    year: Int!
    month: Int!
    total: Int!
    unique: Int!
  }

  type SkinDownloads {
    skin: Skin!
    total: Int!
    unique: Int!
  }

  type SkinDownloadPopularity {
    last30Days: [SkinDownloads!]!
    lastYear: [SkinDownloads!]!
  }

  """
  Orders of one UTC month with one payment status and type: PAYMENT_RECEIVED counts payments that
  arrived in the month, REFUNDED the refunds made in it, CANCELLED the cancellations. For an author,
  the orders holding their items, and totalPrice sums only their items (price and tip).
  """
  type PurchaseHistoryEntry {
    month: Int!
    year: Int!
    paymentStatus: PaymentStatus!
    paymentType: PaymentType!
    totalCount: Int!
    "Gross: what the buyers paid (or got back), VAT included."
    totalPrice: Float!
    "The VAT in totalPrice, as the orders recorded it (0 for orders placed before VAT)."
    vat: Float!
    "totalPrice - vat."
    net: Float!
  }

  "The site's payments received in a window, their fees, and the refunds made in it."
  type MoneySpentFigures {
    "What buyers paid (order totals, gross: VAT included)."
    totalSpent: Float!
    "The VAT the orders of those payments recorded (0 for orders placed before VAT)."
    vatTotal: Float!
    "totalSpent - vatTotal: what the fees and the author shares split."
    netTotal: Float!
    "The payment providers' fees of those payments."
    externalFeesTotal: Float!
    "The site's fees of those payments."
    internalFeesTotal: Float!
    paymentCount: Int!
    "What went back to buyers in refunds."
    refundedTotal: Float!
    "The VAT of the refunded orders."
    refundedVatTotal: Float!
    refundCount: Int!
  }

  type MoneySpentStats {
    allTime: MoneySpentFigures!
    last30Days: MoneySpentFigures!
    lastYear: MoneySpentFigures!
    inPeriod(period: StatisticsPeriodInput!): MoneySpentFigures!
  }

  type MonthCount {
    year: Int!
    month: Int!
    count: Int!
  }

  type DayCount {
    "A UTC day, YYYY-MM-DD."
    day: String!
    count: Int!
  }

  "What happened on the site in a period (admins)."
  type SiteActivity {
    "Accounts created per month (not guest buyers)."
    newUsers: [MonthCount!]!
    "Skins created per month."
    newSkins: [MonthCount!]!
    "Events recorded per day: every command that changed something."
    eventsPerDay: [DayCount!]!
  }

  """
  A skin's sales (sold alone, not in a bundle): price and tips paid, and refunds. An author's list
  holds every skin they have a part in (co-authored skins too) with the skin's whole figures.
  """
  type SkinPurchases {
    skin: Skin!
    "Gross: price and tips paid, VAT included."
    totalPrice: Float!
    "The VAT in totalPrice (0 for orders placed before VAT)."
    totalVat: Float!
    "totalPrice - totalVat."
    totalNet: Float!
    totalCount: Int!
    refundedPrice: Float!
    "The VAT in refundedPrice."
    refundedVat: Float!
    refundCount: Int!
    "The skin's whole author share of these sales, before the split among co-authors; null on the site's list."
    authorShare: Float
    "The viewer's part of authorShare, after the split (all of it for a skin sold alone); null on the site's list."
    authorPart: Float
  }

  """
  An author's items sold and earnings in one UTC month, and what refunds took back: the items they
  have a part in (co-authored items too, whole) and their own parts of the author shares. The
  site's entries count each item once with its whole author share.
  """
  type EarningsHistoryEntry {
    year: Int!
    month: Int!
    itemsSold: Int!
    "Gross: price and tips of the items sold, VAT included."
    totalPrice: Float!
    "The VAT carved out of totalPrice (0 for orders placed before VAT)."
    vat: Float!
    "totalPrice - vat: what the site fee, the payment fee and the author's share split."
    net: Float!
    "The author's share of them (the net after the site and payment fees): for a co-authored item, the author's part after the split."
    earnings: Float!
    itemsRefunded: Int!
    refundedPrice: Float!
    "The VAT in refundedPrice."
    refundedVat: Float!
    "The author shares (the author's parts) refunds took back."
    refundedEarnings: Float!
  }

  extend type Query {
    "The caller's own skins' downloads; site: true for the whole site (admins)."
    downloadCount(site: Boolean = false): DownloadCountStats!
    "Monthly downloads per game, oldest month first (the period's months; without one, the last 24 months)."
    downloadHistory(site: Boolean = false, period: StatisticsPeriodInput): [DownloadHistoryEntry!]!
    "The most downloaded skins of the last 30 days and of the last year (length: 10 for authors, 5 for admins)."
    skinDownloadPopularity(length: Int = 10, site: Boolean = false): SkinDownloadPopularity!
    "The most downloaded skins in a period (length at most 50)."
    topDownloadedSkins(
      period: StatisticsPeriodInput!
      length: Int = 10
      site: Boolean = false
    ): [SkinDownloads!]!
    "Orders per month, payment status and type, oldest month first."
    purchaseHistory(site: Boolean = false, period: StatisticsPeriodInput): [PurchaseHistoryEntry!]!
    "The whole site's money spent, fees and refunds: all time, last 30 days, last year (admins)."
    moneySpent: MoneySpentStats!
    "The skins that brought the most money, all time or in a period's months (length: 10 for authors, 5 for admins; at most 50)."
    skinPurchasePopularity(
      length: Int = 10
      site: Boolean = false
      period: StatisticsPeriodInput
    ): [SkinPurchases!]!
    "Items sold and earnings per month, oldest first; site: true sums every author's."
    earningsHistory(site: Boolean = false, period: StatisticsPeriodInput): [EarningsHistoryEntry!]!
    "New accounts and skins per month and events per day in a period (admins)."
    siteActivity(period: StatisticsPeriodInput!): SiteActivity!
  }
`;
