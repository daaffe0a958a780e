import { graphql } from '../../../shared/graphql/generated';

// Spec 2.11 and 7.2: the owned skins (10 a page, optionally one game) and the user's orders (10 a page).
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

export const MyPurchaseListQuery = graphql(`
  query MyPurchaseList($page: PageInput!) {
    myPurchaseList(page: $page) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        ...PurchaseFields
      }
    }
  }
`);
