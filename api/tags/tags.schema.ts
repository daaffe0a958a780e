/** Tags: the curated list admins keep, authors' tags on skins, the skins list's tag filter (docs/catalogue.md). */
export const tagsSchema = /* GraphQL */ `
  enum TagGroup {
    STYLE
    COLOR
    LIVERY
    TEAM
  }

  type Tag {
    id: ID!
    "The link name: /skins?tag={slug}. Fixed once the tag exists."
    slug: String!
    name: String!
    group: TagGroup!
    "Order within the group."
    position: Int!
    "A retired tag is not offered, shown or filterable; skins keep it for when it is restored."
    retired: Boolean!
  }

  "A tag and the number of listed skins carrying it (within the filter asked)."
  type TagCount {
    tag: Tag!
    count: Int!
  }

  "A tag as admins see it: listed skins carrying it, and every skin (hidden ones too) carrying it."
  type TagUsage {
    tag: Tag!
    listed: Int!
    uses: Int!
  }

  enum TagLogAction {
    CREATED
    UPDATED
    RETIRED
    RESTORED
  }

  "A tag as it was before or after a change."
  type TagSnapshot {
    slug: String!
    name: String!
    group: TagGroup!
    position: Int!
  }

  "One admin change to the tag list."
  type TagLogEntry {
    id: ID!
    at: String!
    action: TagLogAction!
    by: User
    before: TagSnapshot
    after: TagSnapshot!
  }

  input TagInput {
    name: String!
    "Only for createTag; made from the name when empty."
    slug: String
    group: TagGroup!
    position: Int
  }

  extend type Skin {
    "Its tags from the curated list (retired ones left out), in the list's order."
    tags: [Tag!]!
  }

  extend type Query {
    """
    The active tags, in the list's order, each with the number of listed skins of the game
    (all games without type) that carry it and every tag of withTags (the filter already chosen).
    """
    tags(type: GameType, withTags: [String!]): [TagCount!]!
    "Admins: every tag, retired ones too, with its usage."
    allTags: [TagUsage!]!
    "Admins: the latest changes to the tag list, newest first (50 by default, at most 200)."
    tagLog(limit: Int): [TagLogEntry!]!
  }

  extend type Mutation {
    createTag(input: TagInput!): Tag!
    "Renames, regroups or reorders; the link name stays."
    updateTag(id: ID!, input: TagInput!): Tag!
    retireTag(id: ID!): Tag!
    restoreTag(id: ID!): Tag!
  }
`;
