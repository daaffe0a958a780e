/** Skin versions with changelogs (docs/community.md, "Skin versions"). */
export const skinVersionsSchema = /* GraphQL */ `
  "One published file of a skin. Version 1 is the file the skin was first released with."
  type SkinVersion {
    version: Int!
    "What changed, plain text; null for version 1 (the first release)."
    changelog: String
    publishedAt: String!
    "The zip's size in bytes."
    size: Long!
    "Whether this is the version downloads serve today (the newest)."
    current: Boolean!
    "Where this version downloads: /assets/skin/{url}/versions/{n}. Free skins: anyone; paid ones: owners, the author and admins."
    downloadUrl: String!
  }

  extend type Skin {
    "The skin's version history, newest first (a skin without a file has none)."
    versions: [SkinVersion!]!
  }

  extend type ViewerSkinState {
    "Whether the viewer may download the skin's versions: a free skin, or a paid one they own, wrote or administer."
    canDownloadVersions: Boolean!
  }

  extend type Mutation {
    "A new file for a published skin, with what changed (3-1000 characters, plain text): the skin's author or an admin. file: the temporary upload's id (POST /api/assets/temporary?type=SKIN_SOURCE)."
    publishSkinVersion(skinId: ID!, file: ID!, changelog: String!): SkinVersion!
  }
`;
