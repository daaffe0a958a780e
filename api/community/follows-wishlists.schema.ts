/*
 * Follows and wishlists (docs/community.md): the follower count every author page shows, and the
 * signed-in viewer's own follows and wishes. What differs per viewer is asked apart from the shared
 * catalogue answers, like viewerSkinStates.
 */
export const followsWishlistsSchema = /* GraphQL */ `
  enum WishItemType {
    SKIN
    BUNDLE
  }

  extend type Author {
    "How many people follow the author."
    followerCount: Int!
  }

  extend type ViewerSkinState {
    "Whether the skin is on the viewer's wishlist."
    wished: Boolean!
  }

  extend type ViewerBundleState {
    "Whether the bundle is on the viewer's wishlist."
    wished: Boolean!
  }

  "What differs for the signed-in viewer on an author's page (or next to an author's name)."
  type ViewerAuthorState {
    id: ID!
    "Whether the viewer follows the author."
    following: Boolean!
  }

  "The items on the signed-in viewer's wishlist (the newest 500), for the hearts on cards."
  type ViewerWishes {
    skinIds: [ID!]!
    bundleIds: [ID!]!
  }

  type FollowedAuthor {
    author: Author!
    followedAt: String!
  }

  type FollowedAuthorPage {
    pageInfo: PageInfo!
    content: [FollowedAuthor!]!
  }

  "A wished item with its current card data (price included); exactly one of skin and bundle is set."
  type WishlistEntry {
    itemType: WishItemType!
    wishedAt: String!
    skin: Skin
    bundle: Bundle
  }

  type WishlistPage {
    pageInfo: PageInfo!
    content: [WishlistEntry!]!
  }

  type FollowResult {
    authorId: ID!
    following: Boolean!
    "The author's follower count after the change."
    followerCount: Int!
  }

  type WishResult {
    itemType: WishItemType!
    itemId: ID!
    wished: Boolean!
  }

  extend type Query {
    "The signed-in viewer's state of each author asked (at most 100, each once), in the order asked."
    viewerAuthorStates(ids: [ID!]!): [ViewerAuthorState!]!
    "The signed-in viewer's wished items."
    viewerWishes: ViewerWishes!
    "The authors the signed-in viewer follows, newest follow first (blocked accounts left out)."
    myFollowing(page: PageInput): FollowedAuthorPage!
    "The signed-in viewer's wishlist, newest first; items no longer listed are left out."
    myWishlist(page: PageInput): WishlistPage!
    "The newest listed skins of the authors the viewer follows (1 to 12, 8 by default); empty for anonymous visitors."
    fromFollowedAuthors(length: Int = 8): [Skin!]!
  }

  extend type Mutation {
    "Follow an author (signed-in; not oneself). Following again changes nothing."
    followAuthor(authorId: Long!): FollowResult!
    "Stop following an author. Unfollowing an author not followed changes nothing."
    unfollowAuthor(authorId: Long!): FollowResult!
    "Put a listed skin or bundle on one's wishlist (signed-in; not one's own, not one already owned)."
    wishItem(itemType: WishItemType!, itemId: Long!): WishResult!
    "Take an item off one's wishlist."
    unwishItem(itemType: WishItemType!, itemId: Long!): WishResult!
  }
`;
