export const socialSchema = /* GraphQL */ `
  enum SocialNetwork {
    TWITTER
    INSTAGRAM
  }

  "How posts reach a network: its API (keys configured) or the local outbox."
  enum SocialDelivery {
    API
    OUTBOX
  }

  enum SocialResultType {
    SUCCESS
    ERROR
  }

  enum SocialPostStatus {
    PUBLISHED
    FAILED
  }

  "A post of a skin (or of an author's skins): the message, the images in the order chosen, the author it is about."
  input SocialPublishInput {
    message: String!
    "Resource ids of skin images; the first leads the post."
    imageIds: [ID!]!
    "The author the post is about; the images must show their skins."
    authorId: ID
  }

  type SocialPublishResult {
    "The post's address (or its id when the network gives none, or the outbox file)."
    data: String
    "Success!, or what went wrong."
    message: String
    type: SocialResultType!
  }

  "A network as the site is set up for it (admins)."
  type SocialNetworkSetup {
    network: SocialNetwork!
    delivery: SocialDelivery!
    maxImages: Int!
  }

  "One publication to one network, as its event recorded it."
  type SocialPost {
    id: ID!
    network: SocialNetwork!
    status: SocialPostStatus!
    delivery: SocialDelivery
    message: String!
    at: String!
    "The admin who published it."
    actor: User
    author: User
    "The skins the images show (those the admin may still see)."
    skins: [Skin!]!
    imageIds: [ID!]!
    postId: String
    url: String
    outboxFile: String
    "RATE_LIMITED, REJECTED or UNAVAILABLE."
    errorKind: String
    error: String
  }

  type SocialPostPage {
    pageInfo: PageInfo!
    content: [SocialPost!]!
  }

  type SocialOutboxImage {
    filename: String!
    "Where the site serves the image."
    url: String!
  }

  "A post written to the local outbox ($DATA_DIR/outbox/social)."
  type SocialOutboxEntry {
    id: String!
    network: SocialNetwork!
    message: String!
    writtenAt: String!
    file: String!
    images: [SocialOutboxImage!]!
  }

  type SocialOutboxPage {
    pageInfo: PageInfo!
    content: [SocialOutboxEntry!]!
  }

  extend type Query {
    "Admins: how each network is reached."
    socialNetworks: [SocialNetworkSetup!]!
    "Admins: publications, newest first, 20 a page; of one skin or one author when given."
    socialPosts(page: PageInput, skinId: ID, authorId: ID): SocialPostPage!
    "Admins: the local outbox, newest first."
    socialOutbox(page: PageInput): SocialOutboxPage!
  }

  extend type Mutation {
    "Admins: post a skin on Instagram (a carousel for several images)."
    publishSkinOnInstagram(dto: SocialPublishInput!): SocialPublishResult!
    "Admins: post a skin on X (Twitter), with up to 4 images."
    publishSkinOnTwitter(dto: SocialPublishInput!): SocialPublishResult!
  }
`;
