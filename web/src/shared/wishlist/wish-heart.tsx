import { ActionIcon } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { useOwnership } from '../ownership/use-ownership';
import { openAuthModal, useSession } from '../session';
import { REFRESHED_BY_WISHES, ViewerWishesQuery } from './wishlist.documents';
import { wishlistMessages as messages } from './wishlist.messages';

export interface WishHeartProps {
  itemType: 'SKIN' | 'BUNDLE';
  itemId: string;
  title: string;
  /** ActionIcon's lg (cards, the default) or xl (item pages). */
  size?: 'lg' | 'xl';
  className?: string;
}

/**
 * The wishlist heart (loaded lazily through `WishHeart`, lazy-wish-heart.tsx). Every heart of a page reads one shared query of the viewer's wished ids;
 * visitors are asked to sign in. The heart shows the change at once while it is saved, then what
 * the server answered (a refusal, such as an item already owned, is told in a toast).
 */
export function WishHeartButton({ itemType, itemId, title, size = 'lg', className }: WishHeartProps) {
  const { user } = useSession();
  const client = useClient();
  const [{ data }] = useQuery({
    query: ViewerWishesQuery,
    pause: user === null,
    context: REFRESHED_BY_WISHES,
  });
  const [pending, setPending] = useState<boolean | null>(null);
  const ownership = useOwnership();
  const ids = itemType === 'SKIN' ? data?.viewerWishes.skinIds : data?.viewerWishes.bundleIds;
  const wished = pending ?? ids?.includes(itemId) ?? false;

  const toggle = async () => {
    if (!user) {
      openAuthModal('login');
      return;
    }
    if (pending !== null) return;
    setPending(!wished);
    try {
      const { toggleWish } = await import('./wish-toggle');
      await toggleWish(client, { itemType, itemId, title }, !wished);
    } finally {
      setPending(null);
    }
  };

  // What the viewer owns is not wished for (the server refuses it): no heart, unless wished before.
  const owned = itemType === 'SKIN' ? ownership.ownsSkin(itemId) : ownership.ownsBundle(itemId);
  if (owned && !wished) return null;

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
      <IconHeart size="60%" fill={wished ? 'currentColor' : 'none'} aria-hidden />
    </ActionIcon>
  );
}
