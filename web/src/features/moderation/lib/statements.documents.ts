import { graphql } from '../../../shared/graphql/generated';

export const StatementFieldsFragment = graphql(`
  fragment StatementFields on StatementOfReasons {
    id
    kind
    itemType
    itemId
    itemLabel
    itemUrl
    facts
    ground
    groundRule
    groundText
    automated
    issuedAt
    appealUntil
    canAppeal
    appeal {
      text
      appealedAt
      outcome
      reason
      decidedAt
    }
  }
`);

export const MyStatementsQuery = graphql(`
  query MyStatements($page: PageInput!) {
    myStatements(page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...StatementFields
      }
    }
  }
`);

export const AppealsQuery = graphql(`
  query Appeals($status: AppealFilter, $page: PageInput!) {
    appeals(status: $status, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...StatementFields
        user {
          id
          url
          username
        }
        decidedBy {
          id
          username
        }
        appeal {
          decidedBy {
            id
            username
          }
        }
      }
    }
  }
`);

export const AppealDecisionMutation = graphql(`
  mutation AppealDecision($statementId: ID!, $text: String!) {
    appealDecision(statementId: $statementId, text: $text) {
      id
      success
    }
  }
`);

export const DecideAppealMutation = graphql(`
  mutation DecideAppeal($statementId: ID!, $outcome: AppealOutcome!, $reason: String!) {
    decideAppeal(statementId: $statementId, outcome: $outcome, reason: $reason) {
      id
      success
    }
  }
`);

export const StatementByAppealLinkQuery = graphql(`
  query StatementByAppealLink($token: String!) {
    statementByAppealLink(token: $token) {
      ...StatementFields
    }
  }
`);

export const AppealByLinkMutation = graphql(`
  mutation AppealByLink($token: String!, $text: String!) {
    appealByLink(token: $token, text: $text) {
      id
      success
    }
  }
`);
