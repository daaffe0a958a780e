export const moderationSchema = /* GraphQL */ `
  "What an admin can take down and anyone signed in can report."
  enum ModeratedItemType {
    SKIN
    BUNDLE
    COMMENT
  }

  "Why a user reports an item (the report form's list)."
  enum ReportReason {
    STOLEN
    INAPPROPRIATE
    MISLEADING
    MALWARE
    SPAM
    HARASSMENT
    OTHER
  }

  enum ReportStatus {
    "No admin answered it yet."
    OPEN
    "An admin took the item down."
    UPHELD
    "An admin found nothing wrong."
    DISMISSED
  }

  "An admin's takedown of a skin or bundle, or removal of a comment. The author sees it with its reason; only admins see who."
  type Takedown {
    at: String!
    reason: String!
    by: User
  }

  "An admin's block of an account (admins only)."
  type AccountBlock {
    at: String!
    reason: String!
    by: User
  }

  type Report {
    "Admins only; a user reading their own report gets themselves."
    reporter: User
    reason: ReportReason!
    text: String!
    reportedAt: String!
    status: ReportStatus!
    resolvedAt: String
    "Admins only."
    resolvedBy: User
    "The admin's reason for the takedown or their note on the dismissal."
    note: String
  }

  type ReportReasonCount {
    reason: ReportReason!
    count: Int!
  }

  "A reported skin, bundle or comment with its reports (admins)."
  type ReportedItem {
    itemType: ModeratedItemType!
    itemId: ID!
    "The item (for a skin or bundle: also when hidden or taken down); null once deleted."
    skin: Skin
    bundle: Bundle
    comment: Comment
    openReports: Int!
    totalReports: Int!
    "The open reports by reason (every report when none is open), most given first."
    reasons: [ReportReasonCount!]!
    lastReportedAt: String!
    "The item's takedown, when it is taken down."
    takedown: Takedown
    "Every report of the item, newest first."
    reports: [Report!]!
  }

  type ReportedItemPage {
    pageInfo: PageInfo!
    content: [ReportedItem!]!
  }

  "One step of the moderation history, as its event recorded it."
  type ModerationLogEntry {
    "The event's position in the store."
    id: ID!
    at: String!
    "ItemReported, ItemTakenDown, ItemRestored, ReportsDismissed, AccountBlocked or AccountUnblocked."
    action: String!
    "SKIN, BUNDLE, COMMENT or ACCOUNT."
    itemType: String!
    itemId: ID!
    "What the item is: a title, a comment's first words, a username (null once deleted)."
    itemLabel: String
    "The page the item is on."
    itemUrl: String
    "The admin who acted, or the user who reported."
    actor: User
    "The report's reason, the admin's reason or note."
    reason: String
  }

  type ModerationLogPage {
    pageInfo: PageInfo!
    content: [ModerationLogEntry!]!
  }

  extend interface CatalogueItem {
    "The author and admins: the admin's takedown, when the item is taken down."
    takedown: Takedown
  }

  extend type Skin {
    "The author and admins: the admin's takedown, when the skin is taken down."
    takedown: Takedown
  }

  extend type Bundle {
    "The author and admins: the admin's takedown, when the bundle is taken down."
    takedown: Takedown
  }

  extend type Comment {
    "The comment's writer (the same as user)."
    author: User!
    "The skin or the bundle the comment is on, as the viewer may see it."
    skin: Skin
    bundle: Bundle
    "Admins: the removal, when an admin removed the comment (removed comments show to admins only)."
    removal: Takedown
  }

  extend type User {
    "Admins: the block, when the account is blocked."
    block: AccountBlock
  }

  extend type Query {
    "Admins: every comment, removed ones included (removedOnly: just those), newest first, 20 a page."
    allComments(page: PageInput, removedOnly: Boolean = false): CommentPage!
    "Admins: reported items; status OPEN (the default) lists those with open reports, most reported first; null lists all."
    reportedItems(page: PageInput, status: ReportStatus = OPEN): ReportedItemPage!
    "Admins: the moderation history, newest first, 20 a page; of one item or account (itemType and itemId), or of one admin (actorId)."
    moderationLog(page: PageInput, itemType: String, itemId: ID, actorId: ID): ModerationLogPage!
    "The signed-in user's own report of an item, if they made one."
    myReport(itemType: ModeratedItemType!, itemId: ID!): Report
  }

  extend type Mutation {
    "Anyone signed in: report a skin, bundle or comment they can see, once per item."
    reportItem(
      itemType: ModeratedItemType!
      itemId: ID!
      reason: ReportReason!
      text: String
    ): MutationResult!
    "Admins: hide a skin or bundle from everyone but its author, or remove a comment; upholds its open reports."
    takeDownItem(
      itemType: ModeratedItemType!
      itemId: ID!
      "The rule of the terms the item breaks: the statement of reasons to its author names it."
      ground: TermsGround!
      reason: String!
    ): MutationResult!
    "Admins: bring a taken-down item back."
    restoreItem(itemType: ModeratedItemType!, itemId: ID!, reason: String): MutationResult!
    "Admins: close an item's open reports without taking it down."
    dismissReports(itemType: ModeratedItemType!, itemId: ID!, note: String): MutationResult!
    "Admins: block an account (it cannot sign in; what it made is hidden; its purchases stay)."
    blockUser(id: ID!, ground: TermsGround!, reason: String!): MutationResult!
    unblockUser(id: ID!, reason: String): MutationResult!
  }
`;
