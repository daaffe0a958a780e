import { lazy, Suspense } from 'react';
import type { WishHeartProps } from './wish-heart';

const WishHeartButton = lazy(() =>
  import('./wish-heart').then((module) => ({ default: module.WishHeartButton })),
);

/**
 * The wishlist heart of cards and item pages. Its code loads after the page's first render (the
 * cards are on every listing and their first load is budgeted), keeping its place meanwhile (the
 * sizes are ActionIcon's lg and xl).
 */
export function WishHeart(props: WishHeartProps) {
  const size = props.size === 'xl' ? '2.75rem' : '2.125rem';
  return (
    <Suspense
      fallback={
        <span aria-hidden style={{ display: 'inline-block', flex: 'none', width: size, height: size }} />
      }
    >
      <WishHeartButton {...props} />
    </Suspense>
  );
}
