import { graphql } from '../../../shared/graphql/generated';

// Spec 2.13 and 7.2: every payout (20 a page, newest first, optionally one status), one payout with
// its audit trail, and the admin's lock, send and failure.
export const AdminPayoutsQuery = graphql(`
  query AdminPayouts($page: PageInput!, $status: PayoutStatus) {
    allPayouts(page: $page, status: $status) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        ...PayoutCardFields
        author {
          id
          url
          username
          country
        }
      }
    }
  }
`);

export const AdminPayoutQuery = graphql(`
  query AdminPayout($id: ID!) {
    payout(id: $id) {
      ...PayoutCardFields
      author {
        id
        url
        username
        country
        email
      }
      items {
        ...PayoutItemFields
      }
      totals {
        ...PayoutTotalsFields
      }
      history {
        type
        at
        actor {
          id
          username
        }
        system
        reason
        amount
      }
    }
  }
`);

export const LockPayoutMutation = graphql(`
  mutation LockPayout($id: ID!) {
    lockPayout(id: $id) {
      id
      success
    }
  }
`);

export const SendPayoutMutation = graphql(`
  mutation SendPayout($id: ID!) {
    sendPayout(id: $id) {
      id
      success
    }
  }
`);

export const MarkPayoutFailedMutation = graphql(`
  mutation MarkPayoutFailed($id: ID!, $reason: String!) {
    markPayoutFailed(id: $id, reason: $reason) {
      id
      success
    }
  }
`);

export const WithdrawPayoutFromFileMutation = graphql(`
  mutation WithdrawPayoutFromFile($id: ID!, $reason: String!) {
    withdrawPayoutFromFile(id: $id, reason: $reason) {
      id
      success
    }
  }
`);

export const PayoutRegisterQuery = graphql(`
  query PayoutRegister($page: PageInput!, $from: String, $to: String, $status: PayoutStatus) {
    payoutRegister(page: $page, from: $from, to: $to, status: $status) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      totals {
        count
        amount
        sent
        locked
        failed
      }
      # Only what the register shows: a page of 100 stays within the cost limit.
      content {
        id
        amount
        payoutStatus
        payoutMethod
        lockedOn
        sentOn
        externalId
        exportBatchId
        exportedAt
        author {
          id
          url
          username
        }
      }
    }
  }
`);
