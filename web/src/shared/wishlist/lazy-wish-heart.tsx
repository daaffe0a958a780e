import { lazy, Suspense } from 'react';
import type { WishHeartProps } from './wish-heart';

const WishHeartButton = lazy(() =>
  import('./wish-heart').then((module) => ({ default: module.WishHeartButton })),
);

/**
 * The wishlist heart of the skin and bundle cards. Its code loads after the page's first render (the
 * cards are on every listing and their first load is budgeted); where it appears moves nothing
 * (over the skin card's picture, left of the bundle card's price button).
 */
export function WishHeart(props: WishHeartProps) {
  return (
    <Suspense fallback={null}>
      <WishHeartButton {...props} />
    </Suspense>
  );
}
