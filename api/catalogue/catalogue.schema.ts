export const catalogueSchema = /* GraphQL */ `
  type Rating {
    "Average of the votes, two decimals; 0 without votes."
    average: Float!
    totalRatings: Int!
    "The signed-in viewer's own vote, or null."
    usersRating: Int
  }

  type Resource {
    id: ID!
    title: String
    description: String
    filename: String!
    type: ResourceType!
    order: Int!
    "Full size (images) at /public/{filename}; null for skin sources, which download from /assets/skin/{url}."
    url: String
    "16:9 card picture (640x360)."
    cardUrl: String
    "Gallery preview, 440 px high."
    previewUrl: String
    width: Int
    height: Int
  }

  type ColorVariation {
    id: ID!
    url: String!
    title: String!
    colors: [String!]!
    colorPrimary: String
    colorSecondary: String
    availableAlone: Boolean!
    resources: [Resource!]!
  }

  type DownloadCount {
    total: Int!
    unique: Int!
  }

  """
  What a skin and a bundle both are: a published item of one author, with its pictures and price.
  Lets a client select the fields they share once (one fragment for both editors and both cards).
  """
  interface CatalogueItem {
    id: ID!
    url: String!
    title: String!
    description: String!
    type: GameType!
    published: Boolean!
    videoUrl: String
    createdAt: String!
    deletedAt: String
    "Euros, two decimals; 0 is free."
    price: Float!
    author: User!
    resources: [Resource!]!
    "The first image: the thumbnail."
    thumbnail: Resource
  }

  type Skin implements CatalogueItem {
    id: ID!
    url: String!
    title: String!
    description: String!
    type: GameType!
    published: Boolean!
    availableAlone: Boolean!
    videoUrl: String
    colorPrimary: String
    colorSecondary: String
    createdAt: String!
    modifiedAt: String!
    deletedAt: String
    "Euros, two decimals; 0 is free."
    price: Float!
    rating: Rating!
    author: User!
    resources: [Resource!]!
    "The first image: the thumbnail."
    thumbnail: Resource
    colorVariations: [ColorVariation!]!
    downloads: DownloadCount!
    "What is in the skin's zip; null when it has none or it cannot be read."
    archive: SkinArchive
  }

  "A skin's zip: its size and the files in it, as the upload check read them."
  type SkinArchive {
    "The zip's own size in bytes."
    sizeBytes: Float!
    files: [SkinArchiveFile!]!
  }

  "One file inside a skin's zip."
  type SkinArchiveFile {
    "Its path inside the zip."
    name: String!
    "Unpacked size in bytes."
    sizeBytes: Float!
  }

  type SkinPage {
    pageInfo: PageInfo!
    content: [Skin!]!
  }

  "A month's winner (decided at the start of the following month)."
  type SkinOfTheMonthEntry {
    month: String!
    votes: Int!
    average: Float!
    skin: Skin!
  }

  "Filters skins by price. Prices in euros, bounds included."
  input PriceFilter {
    "true: free skins only; false: paid skins only; unset: both. Free skins take no range."
    free: Boolean
    "The lowest price, not negative."
    minPrice: Float
    "The highest price, not below minPrice."
    maxPrice: Float
  }

  extend type Query {
    "The latest Skin of the Month, or null before the first one is chosen."
    skinOfTheMonth: Skin
    "Earlier winners, newest first (at most 24)."
    skinOfTheMonthHistory: [SkinOfTheMonthEntry!]!
    skin(url: String!): Skin
    """
    Published skins. page.sortBy: createdAt (default; newest first), author, price, title, downloads
    (most downloaded first), rating (top rated first: a Bayesian average of the votes), trending (most
    downloads in the last 7 days first, then all-time downloads), trendingWeek and trendingMonth (the
    downloads and votes of the last 7 or 30 UTC days, each weighed down by its age (half-life 2 or 7
    days; a vote of 4 or 5 stars counts as 5 downloads, of 3 stars as 2), highest first, then the
    newest) or relevance (default with a search: best match first). type: one game, or every game when unset. price: a price filter. tags: link
    names; the skins carrying every one of them (at most 5).
    """
    skins(search: String, page: PageInput, type: GameType, price: PriceFilter, tags: [String!]): SkinPage!
    skinsById(ids: [ID!]!): [Skin!]!
    mostDownloadedSkins(
      search: String
      page: PageInput
      type: GameType
      price: PriceFilter
      tags: [String!]
    ): SkinPage!
  }

  extend type Mutation {
    rateSkin(rating: Int!, skinId: Long!): Rating!
  }
`;

export const bundlesAuthorsCommentsSchema = /* GraphQL */ `
  type Bundle implements CatalogueItem {
    id: ID!
    url: String!
    title: String!
    description: String!
    type: GameType!
    published: Boolean!
    videoUrl: String
    createdAt: String!
    deletedAt: String
    "Euros, two decimals; 0 is free."
    price: Float!
    author: User!
    resources: [Resource!]!
    thumbnail: Resource
    "The bundle's skins the viewer may see, in the bundle's order."
    skins: [Skin!]!
  }

  type BundlePage {
    pageInfo: PageInfo!
    content: [Bundle!]!
  }

  "An author's public page (spec 3, author view)."
  type Author {
    id: ID!
    url: String!
    username: String!
    country: String
    avatar: Avatar
    description: String
    facebook: String
    twitter: String
    twitch: String
    instagram: String
    discord: String
    website: String
    createdAt: String!
    skinCount: Int!
    "Published skins, newest first."
    skins: [Skin!]!
  }

  type AuthorPage {
    pageInfo: PageInfo!
    content: [Author!]!
  }

  type Comment {
    id: ID!
    text: String!
    createdAt: String!
    user: User!
  }

  type CommentPage {
    pageInfo: PageInfo!
    content: [Comment!]!
  }

  extend type Query {
    bundle(url: String!): Bundle
    bundles(search: String, page: PageInput, type: GameType): BundlePage!
    bundlesById(ids: [ID!]!): [Bundle!]!
    authors(search: String, page: PageInput): AuthorPage!
    "An author's page by its url, or by the author's id (give one)."
    author(url: String, id: ID): Author
    "Comments of a skin or a bundle (give one), newest first, 10 a page."
    comments(skin: ID, bundle: ID, page: PageInput): CommentPage!
  }
`;
