export const statementsSchema = /* GraphQL */ `
  "A rule of the terms of service a moderation decision rests on (the terms page numbers them)."
  enum TermsGround {
    UNSUITABLE_CONTENT
    NO_RIGHTS
    MALWARE
    MANIPULATION
    HARASSMENT_OR_SPAM
    SHARING_PAID_FILES
    ATTACKS
    MISLEADING_ITEM
    PAYOUT_DETAILS
  }

  "What a statement of reasons is about."
  enum StatementKind {
    TAKEDOWN
    COMMENT_REMOVAL
    ACCOUNT_BLOCK
    PAYOUT_HOLD
  }

  enum AppealOutcome {
    "The decision stands."
    UPHELD
    "The decision was undone."
    REVERSED
  }

  enum AppealFilter {
    "Appeals waiting for an answer."
    OPEN
    ANSWERED
    ALL
  }

  "The appeal against a decision, and the admin's answer once given."
  type Appeal {
    text: String!
    appealedAt: String!
    outcome: AppealOutcome
    reason: String
    decidedAt: String
    "Admins only."
    decidedBy: User
  }

  "A statement of reasons (Digital Services Act Art. 17): sent to the person a decision restricts."
  type StatementOfReasons {
    "The position of the decision's event."
    id: ID!
    kind: StatementKind!
    "The skin, bundle, comment, account or payout it is about: SKIN, BUNDLE, COMMENT, ACCOUNT or PAYOUT."
    itemType: String!
    itemId: ID!
    "A title, a comment's first words, a username or 'Payout 12' (null once deleted)."
    itemLabel: String
    itemUrl: String
    "The facts and circumstances, as the admin wrote them."
    facts: String!
    ground: TermsGround!
    "The rule's number on the terms page, e.g. 14.2."
    groundRule: String!
    "The rule in words."
    groundText: String!
    "Whether the decision was taken by automated means."
    automated: Boolean!
    issuedAt: String!
    "The last day an appeal is taken (six months after the decision)."
    appealUntil: String!
    "Whether the person can still appeal (not yet appealed, within the time)."
    canAppeal: Boolean!
    appeal: Appeal
    "Admins only: the person it concerns, and the admin who decided."
    user: User
    decidedBy: User
  }

  type StatementOfReasonsPage {
    pageInfo: PageInfo!
    content: [StatementOfReasons!]!
  }

  extend type ModerationLogEntry {
    "The statement of reasons this step sent (takedowns, removals and blocks), with its appeal."
    statement: StatementOfReasons
  }

  extend type Query {
    "The signed-in user's statements of reasons, newest first."
    myStatements(page: PageInput): StatementOfReasonsPage!
    "One statement: its person or an admin (NOT_FOUND for anyone else)."
    statementOfReasons(id: ID!): StatementOfReasons
    "The statement an appeal link names (mailed to a person who cannot sign in); NOT_FOUND when the link does not work."
    statementByAppealLink(token: String!): StatementOfReasons!
    "Admins: appealed statements, latest appeal first (OPEN: waiting for an answer)."
    appeals(page: PageInput, status: AppealFilter = OPEN): StatementOfReasonsPage!
  }

  extend type Mutation {
    "The person a statement was sent to appeals the decision, once, within six months (10-2000 characters)."
    appealDecision(statementId: ID!, text: String!): MutationResult!
    "The appeal through a mailed appeal link, once, within six months (10-2000 characters), without signing in."
    appealByLink(token: String!, text: String!): MutationResult!
    "Admins: answer an appeal; REVERSED also restores the item or unblocks the account."
    decideAppeal(statementId: ID!, outcome: AppealOutcome!, reason: String!): MutationResult!
  }
`;
