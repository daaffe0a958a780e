import { graphql } from '../../../shared/graphql/generated';

// Spec 7.2: users(search, includeAnonymous false, page); admin lists are 20 a page. `blocked: true`
// lists blocked accounts only; each user carries its roles and its block (admins only).
export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $blocked: Boolean, $page: PageInput!) {
    users(search: $search, includeAnonymous: false, blocked: $blocked, page: $page) {
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
        roles
        blocked
        avatar {
          url
        }
        block {
          at
          reason
          by {
            id
            username
          }
        }
      }
    }
  }
`);

export const EraseGuestBuyerMutation = graphql(`
  mutation EraseGuestBuyer($input: EraseGuestBuyerInput!) {
    eraseGuestBuyer(input: $input) {
      success
      orders
    }
  }
`);
