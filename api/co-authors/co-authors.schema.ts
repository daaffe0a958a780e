/*
 * Co-authors (docs/co-authors.md): the owner of a skin or bundle invites registered users to share
 * its sales by weight; the invitee accepts or declines; the owner previews and changes the weights.
 * Item and author pages name the accepted co-authors to everyone.
 */
export const coAuthorsSchema = /* GraphQL */ `
  enum CoAuthorItemType {
    SKIN
    BUNDLE
  }

  enum CoAuthorRole {
    "The item's owner: its author, who invites and sets the weights."
    OWNER
    "Invited, not answered yet: gets nothing until they accept."
    INVITED
    "A co-author: every later sale gives them a part by their weight."
    ACCEPTED
  }

  "One author of a co-authored item, as its authors and admins see it."
  type ItemAuthor {
    author: User!
    role: CoAuthorRole!
    "The share weight: a sale gives each accepted author weight / (sum of their weights) of the author share."
    weight: Int!
    invitedAt: String
    acceptedAt: String
  }

  "Who shares a skin's or bundle's author share."
  type ItemCoAuthors {
    itemType: CoAuthorItemType!
    itemId: ID!
    title: String!
    "Whether the viewer owns the item (and so may invite, set weights and remove)."
    viewerIsOwner: Boolean!
    "The owner first, then the co-authors and invitations in the order they were invited."
    authors: [ItemAuthor!]!
    "The most authors an item may have, the owner included."
    maxAuthors: Int!
    minWeight: Int!
    maxWeight: Int!
  }

  input CoAuthorWeightInput {
    authorId: ID!
    weight: Int!
  }

  "What one author would have earned from the item's recent sales."
  type CoAuthorSplitPreviewLine {
    author: User!
    "The weight asked for."
    weight: Int!
    "The weight in force now."
    currentWeight: Int!
    "Euros the sales give this author under the weights in force now."
    current: Float!
    "Euros they would give under the weights asked for."
    preview: Float!
  }

  "The item's sales of the last 30 days (paid, not refunded) split again under other weights."
  type CoAuthorSplitPreview {
    from: String!
    to: String!
    saleCount: Int!
    "The sales' author shares in all, in euros (what the lines split)."
    authorShare: Float!
    "The owner and the accepted co-authors; an open invitation gets nothing until accepted."
    lines: [CoAuthorSplitPreviewLine!]!
  }

  "An open invitation to co-author someone else's item."
  type CoAuthorInvitation {
    itemType: CoAuthorItemType!
    itemId: ID!
    title: String!
    owner: User!
    weight: Int!
    invitedAt: String!
  }

  extend type Skin {
    "The accepted co-authors besides its author (the owner), who share its sales."
    coAuthors: [User!]!
  }

  extend type Bundle {
    "The accepted co-authors besides its author (the owner), who share its sales."
    coAuthors: [User!]!
  }

  extend type Author {
    "Published skins of other authors this author co-authors, newest acceptance first."
    coAuthoredSkins: [Skin!]!
    "Published bundles of other authors this author co-authors, newest acceptance first."
    coAuthoredBundles: [Bundle!]!
  }

  extend type Query {
    "An item's authors with their weights and invitations: for its owner, its co-authors and invitees, and admins."
    itemCoAuthors(itemType: CoAuthorItemType!, itemId: ID!): ItemCoAuthors!
    "What the item's last 30 days of sales would have paid each author under these weights (the owner, or an admin)."
    coAuthorSplitPreview(
      itemType: CoAuthorItemType!
      itemId: ID!
      weights: [CoAuthorWeightInput!]!
    ): CoAuthorSplitPreview!
    "The signed-in user's open invitations to co-author items."
    myCoAuthorInvitations: [CoAuthorInvitation!]!
  }

  extend type Mutation {
    "The owner invites a registered user, by username, to co-author the item with a weight."
    inviteCoAuthor(itemType: CoAuthorItemType!, itemId: ID!, username: String!, weight: Int!): ItemCoAuthors!
    "The invitee accepts or declines; returns whether they are a co-author now."
    answerCoAuthorInvitation(itemType: CoAuthorItemType!, itemId: ID!, accept: Boolean!): Boolean!
    "The owner sets every author's weight (theirs and every co-author's and invitee's); applies to later sales."
    setCoAuthorWeights(
      itemType: CoAuthorItemType!
      itemId: ID!
      weights: [CoAuthorWeightInput!]!
    ): ItemCoAuthors!
    "The owner removes a co-author or withdraws an invitation; applies to later sales."
    removeCoAuthor(itemType: CoAuthorItemType!, itemId: ID!, authorId: ID!): ItemCoAuthors!
    "A co-author stops co-authoring the item; applies to later sales."
    leaveCoAuthorship(itemType: CoAuthorItemType!, itemId: ID!): Boolean!
  }
`;
