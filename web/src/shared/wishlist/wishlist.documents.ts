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

export const WishItemMutation = graphql(`
  mutation WishItem($itemType: WishItemType!, $itemId: Long!) {
    wishItem(itemType: $itemType, itemId: $itemId) {
      itemType
      itemId
      wished
    }
  }
`);

export const UnwishItemMutation = graphql(`
  mutation UnwishItem($itemType: WishItemType!, $itemId: Long!) {
    unwishItem(itemType: $itemType, itemId: $itemId) {
      itemType
      itemId
      wished
    }
  }
`);
