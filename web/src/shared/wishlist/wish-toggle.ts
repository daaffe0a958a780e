import { notifications } from '@mantine/notifications';
import type { Client } from 'urql';
import { graphqlFailureOf } from '../graphql/graphql-errors';
import { graphql } from '../graphql/generated';
import { wishlistMessages as messages } from './wishlist.messages';

// Here rather than in wishlist.documents.ts: only this lazily loaded module carries them.
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

/**
 * Saves a heart's change and tells how it went; loaded on the first click, so the cards on every
 * listing carry only the heart itself. Returns whether the item is wished afterwards (null: unchanged,
 * the failure was told).
 */
export async function toggleWish(
  client: Client,
  item: { itemType: 'SKIN' | 'BUNDLE'; itemId: string; title: string },
  wanted: boolean,
): Promise<boolean | null> {
  const variables = { itemType: item.itemType, itemId: Number(item.itemId) };
  const result = wanted
    ? await client.mutation(WishItemMutation, variables).toPromise()
    : await client.mutation(UnwishItemMutation, variables).toPromise();
  if (result.error || !result.data) {
    notifications.show({
      color: 'red',
      message: result.error ? graphqlFailureOf(result.error).message : messages.failed,
    });
    return null;
  }
  notifications.show({
    id: `wish-${item.itemType}-${item.itemId}`,
    color: 'teal',
    message: wanted ? messages.wished(item.title) : messages.unwished(item.title),
  });
  return wanted;
}
