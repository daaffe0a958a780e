// The GraphQL side of the admin's mail outbox (mail-outbox.resolvers.ts).

export const mailOutboxSchema = /* GraphQL */ `
  "How the app sends mail: by SMTP (SMTP_URL set), or into the local outbox folder."
  enum MailTransport {
    SMTP
    LOCAL_OUTBOX
  }

  "A mail written to the local outbox: a file of \`$DATA_DIR/outbox/\`."
  type OutboxMail {
    "The file name."
    id: ID!
    from: String!
    to: String!
    subject: String!
    sentAt: String!
    text: String!
    html: String!
  }

  type OutboxMailPage {
    pageInfo: PageInfo!
    content: [OutboxMail!]!
  }

  type MailOutbox {
    transport: MailTransport!
    "The local outbox folder (mails are written there only without SMTP)."
    directory: String!
    mails: OutboxMailPage!
  }

  extend type Query {
    "Admins: how mail is sent, and the local outbox, newest first (20 a page)."
    mailOutbox(page: PageInput): MailOutbox!
  }
`;
