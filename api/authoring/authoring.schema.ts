/** Author tools (issue 4): uploads are REST (POST /api/assets/temporary); these are the GraphQL parts. */
export const authoringSchema = /* GraphQL */ `
  "An image or skin source: a just-uploaded temporary asset, or a resource the item already has."
  input ResourceInput {
    id: ID!
    temporary: Boolean!
    type: ResourceType!
    order: Int!
  }

  input SkinInput {
    "Only for updateSkin."
    id: ID
    title: String!
    description: String
    type: GameType!
    "Euros; 0 or null is free, otherwise 2 to 500."
    price: Float
    availableAlone: Boolean
    videoUrl: String
    colorPrimary: String
    "Only when the skin has two colors."
    colorSecondary: String
    "The full list of the author's other skins for the same game that are color variations of this one (linked both ways)."
    colorVariations: [ID!]
    images: [ResourceInput!]!
    "The ZIP: a temporary upload, required by createSkin. In updateSkin a temporary upload replaces the skin's file; the kept one (temporary false) or none leaves it as it is."
    skinSource: ResourceInput
    "Link names of tags from the curated list (at most 5). Omitted, an updated skin keeps its tags."
    tags: [String!]
  }

  "A skin of the bundle: one of the author's own skins for the bundle's game."
  input BundleSkinInput {
    id: ID!
    "Read-only in the editor: not changed by the bundle's save."
    availableAlone: Boolean
    "Read-only in the editor: not changed by the bundle's save."
    price: Float
  }

  input BundleInput {
    "Only for updateBundle."
    id: ID
    title: String!
    description: String!
    type: GameType!
    price: Float
    videoUrl: String
    skins: [BundleSkinInput!]!
    images: [ResourceInput!]!
  }

  "What a save returns: the item's id and url, to open its page."
  type SavedItem {
    id: ID!
    url: String!
    success: Boolean!
  }

  extend type Query {
    "The viewer's own skins, hidden ones included, newest first (10 a page; 100 to link variations or bundle skins)."
    myCreatedSkins(page: PageInput, type: GameType): SkinPage!
    "The viewer's own bundles, hidden ones included, newest first."
    myCreatedBundles(page: PageInput): BundlePage!
  }

  extend type Mutation {
    createSkin(dto: SkinInput!): SavedItem!
    updateSkin(dto: SkinInput!): SavedItem!
    hideSkin(hide: Boolean!, id: ID!): MutationResult!
    createBundle(dto: BundleInput!): SavedItem!
    updateBundle(dto: BundleInput!): SavedItem!
    hideBundle(id: ID!, hide: Boolean!): MutationResult!
    "Give skin or bundle. At least 3 characters; plain text."
    createComment(skin: ID, bundle: ID, text: String!): Comment!
  }
`;
