import { graphql } from '../../../shared/graphql/generated';

// Spec 2.11 and 7.2: the author's payouts (10 a page, newest first, optionally one status) and one
// payout with its items (also the printable statement).
export const MyPayoutsQuery = graphql(`
  query MyPayouts($page: PageInput!, $status: PayoutStatus) {
    myPayouts(page: $page, status: $status) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        ...PayoutCardFields
      }
    }
  }
`);

export const MyPayoutQuery = graphql(`
  query MyPayout($id: ID!) {
    payout(id: $id) {
      ...PayoutCardFields
      author {
        id
        username
      }
      items {
        ...PayoutItemFields
      }
      totals {
        ...PayoutTotalsFields
      }
    }
  }
`);
