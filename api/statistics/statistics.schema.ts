/** Download statistics (spec 2.11 Creativity Dashboard, 2.13 admin dashboard, api-contract `site`). */
export const statisticsSchema = /* GraphQL */ `
  type DownloadFigures {
    total: Int!
    "One per user (or anonymous visitor) and skin."
    unique: Int!
  }

  type DownloadCountStats {
    allTime: DownloadFigures!
    last30Days: DownloadFigures!
    lastYear: DownloadFigures!
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

  extend type Query {
    "The caller's own skins' downloads; site: true for the whole site (admins)."
    downloadCount(site: Boolean = false): DownloadCountStats!
    "Monthly downloads per game, oldest month first (the last 24 months)."
    downloadHistory(site: Boolean = false): [DownloadHistoryEntry!]!
    "The most downloaded skins of the last 30 days and of the last year (length: 10 for authors, 5 for admins)."
    skinDownloadPopularity(length: Int = 10, site: Boolean = false): SkinDownloadPopularity!
  }
`;
