import { graphql } from '../graphql/generated';

// The viewer's wished ids, asked once and shared by every heart on the page.
export const ViewerWishesQuery = graphql(`
  query ViewerWishes {
    viewerWishes {
      skinIds
      bundleIds
    }
  }
`);

/** Queries that show wishes refetch after a wish or an unwish (urql's document cache, by type). */
export const REFRESHED_BY_WISHES = { additionalTypenames: ['WishResult'] };
