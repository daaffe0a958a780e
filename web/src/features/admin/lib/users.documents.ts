import { graphql } from '../../../shared/graphql/generated';

// Spec 7.2: users(search, includeAnonymous false, page); admin lists are 20 a page.
export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $page: PageInput!) {
    users(search: $search, includeAnonymous: false, page: $page) {
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
        username
        email
        country
        createdAt
        avatar {
          url
        }
      }
    }
  }
`);
