// The wishlist heart: `WishHeart` loads lazily (cards), `WishHeartButton` is the heart itself (item pages).
export { WishHeart } from './lazy-wish-heart';
export { WishHeartButton } from './wish-heart';
export type { WishHeartProps } from './wish-heart';
export { REFRESHED_BY_WISHES } from './wishlist.documents';
export { wishlistMessages } from './wishlist.messages';
