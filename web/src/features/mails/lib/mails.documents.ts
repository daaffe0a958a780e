import { graphql } from '../../../shared/graphql/generated';

// The local outbox (decisions.md: without SMTP, mails go to a folder the running app shows).
export const MailOutboxQuery = graphql(`
  query MailOutbox($page: PageInput!) {
    mailOutbox(page: $page) {
      transport
      directory
      mails {
        pageInfo {
          pageNumber
          totalPages
          totalElements
        }
        content {
          id
          from
          to
          subject
          sentAt
          text
          html
        }
      }
    }
  }
`);
