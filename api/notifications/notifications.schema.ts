export const notificationsSchema = /* GraphQL */ `
  "What a notification is about (docs/community.md, Notifications)."
  enum NotificationKind {
    "A followed author published a skin or bundle."
    NEW_ITEM
    "A new version of a skin one owns (or of a followed author's skin)."
    NEW_VERSION
    "A wished skin or bundle got cheaper."
    PRICE_DROP
    "A wished skin joined a bundle."
    JOINED_BUNDLE
    "An order with the author's items was paid."
    SALE
    "An admin took down one of the author's skins or bundles."
    TAKEN_DOWN
    "An admin restored one of the author's skins or bundles."
    RESTORED
    "One of the author's payouts was sent."
    PAYOUT_SENT
    "One of the viewer's webhook endpoints was paused after failing for too long."
    WEBHOOK_PAUSED
    "A statement of reasons: an admin took down, removed, blocked or held something of the viewer's."
    STATEMENT_OF_REASONS
    "An admin answered the viewer's appeal."
    APPEAL_DECIDED
    "The viewer's report arrived."
    REPORT_RECEIVED
    "The viewer's report was answered."
    REPORT_RESOLVED
  }

  "Something the signed-in viewer was told about."
  type Notification {
    id: ID!
    "The position of the fact in the event feed: mark read up to it."
    position: Long!
    kind: NotificationKind!
    "One line in plain text."
    message: String!
    "The site-relative address of what it is about."
    link: String!
    createdAt: String!
    read: Boolean!
  }

  type NotificationPage {
    pageInfo: PageInfo!
    content: [Notification!]!
  }

  type NotificationReadMark {
    "Everything up to this position counts as read."
    readUpToPosition: Long!
    unreadCount: Int!
  }

  extend type Query {
    "The viewer's notifications, newest first (signed in only)."
    myNotifications(page: PageInput): NotificationPage!
    "How many of the viewer's notifications are unread (signed in only)."
    unreadNotificationCount: Int!
  }

  extend type Mutation {
    "Marks the viewer's notifications read up to a position (never back; at most their newest)."
    markNotificationsRead(upToPosition: Long!): NotificationReadMark!
  }
`;
