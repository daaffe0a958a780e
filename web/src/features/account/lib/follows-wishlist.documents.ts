import { graphql } from '../../../shared/graphql/generated';

// The authors the viewer follows, newest follow first.
export const MyFollowingQuery = graphql(`
  query MyFollowing($page: PageInput!) {
    myFollowing(page: $page) {
      pageInfo {
        totalPages
        totalElements
      }
      content {
        followedAt
        author {
          id
          url
          username
          country
          skinCount
          followerCount
          avatar {
            url
          }
        }
      }
    }
  }
`);

// The viewer's wishlist with each item's card (current price included), newest first.
export const MyWishlistQuery = graphql(`
  query MyWishlist($page: PageInput!) {
    myWishlist(page: $page) {
      pageInfo {
        totalPages
        totalElements
      }
      content {
        itemType
        wishedAt
        skin {
          ...SkinCardFields
        }
        bundle {
          ...BundleCardFields
        }
      }
    }
  }
`);
