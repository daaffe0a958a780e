import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphqlFailureOf } from '../graphql/graphql-errors';
import { openAuthModal, useSession } from '../session';
import { UnwishItemMutation, ViewerWishesQuery, WishItemMutation } from './wishlist.documents';
import { wishlistMessages as messages } from './wishlist.messages';

/** Queries that show wishes refetch after a wish or an unwish (urql's document cache, by type). */
export const REFRESHED_BY_WISHES = { additionalTypenames: ['WishResult'] };

export interface WishHeartProps {
  itemType: 'SKIN' | 'BUNDLE';
  itemId: string;
  title: string;
  size?: ActionIconProps['size'];
  className?: string;
}

/**
 * The wishlist heart. Every heart of a page reads one shared query of the viewer's wished ids;
 * visitors are asked to sign in. The heart shows the change at once while it is saved, then what
 * the server answered (a refusal, such as an item already owned, is told in a toast).
 */
export function WishHeart({ itemType, itemId, title, size = 'lg', className }: WishHeartProps) {
  const { user } = useSession();
  const [{ data }] = useQuery({
    query: ViewerWishesQuery,
    pause: user === null,
    context: REFRESHED_BY_WISHES,
  });
  const [, wish] = useMutation(WishItemMutation);
  const [, unwish] = useMutation(UnwishItemMutation);
  const [pending, setPending] = useState<boolean | null>(null);
  const ids = itemType === 'SKIN' ? data?.viewerWishes.skinIds : data?.viewerWishes.bundleIds;
  const wished = pending ?? ids?.includes(itemId) ?? false;

  const toggle = async () => {
    if (!user) {
      openAuthModal('login');
      return;
    }
    if (pending !== null) return;
    const wanted = !wished;
    setPending(wanted);
    const variables = { itemType, itemId: Number(itemId) };
    const result = wanted ? await wish(variables) : await unwish(variables);
    setPending(null);
    if (result.error || !result.data) {
      notifications.show({
        color: 'red',
        message: result.error ? graphqlFailureOf(result.error).message : messages.failed,
      });
      return;
    }
    notifications.show({
      id: `wish-${itemType}-${itemId}`,
      color: 'teal',
      message: wanted ? messages.wished(title) : messages.unwished(title),
    });
  };

  return (
    <ActionIcon
      size={size}
      radius="xl"
      variant={wished ? 'filled' : 'default'}
      color={wished ? 'pink' : undefined}
      aria-pressed={wished}
      aria-label={wished ? messages.unwish(title) : messages.wish(title)}
      onClick={toggle}
      className={className}
      data-testid="wish-heart"
    >
      {wished ? <IconHeartFilled size="60%" aria-hidden /> : <IconHeart size="60%" aria-hidden />}
    </ActionIcon>
  );
}
