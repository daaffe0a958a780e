import { graphql } from '../../../shared/graphql/generated';

// Spec 2.11 and 7.2: the owned skins (10 a page, optionally one game).
export const MyOwnedSkinsQuery = graphql(`
  query MyOwnedSkins($page: PageInput!, $type: GameType) {
    myOwnedSkins(page: $page, type: $type) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        id
        url
        title
        type
        thumbnail {
          id
          cardUrl
        }
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

// Paid orders whose downloads wait for the buyer's consent (docs/withdrawal.md).
export const MyOrdersAwaitingConsentQuery = graphql(`
  query MyOrdersAwaitingConsent {
    myWaitingSkinIds
    myOrdersAwaitingConsent {
      id
      externalId
      totalPrice
      withdrawal {
        ...WithdrawalStatusFields
      }
      items {
        id
        name
        skin {
          id
        }
        bundle {
          id
          skins {
            id
          }
        }
      }
    }
  }
`);
