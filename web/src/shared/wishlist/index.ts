// The wishlist heart of cards and item pages (its code loads lazily).
export { WishHeart } from './lazy-wish-heart';
export type { WishHeartProps } from './wish-heart';
export { REFRESHED_BY_WISHES } from './wishlist.documents';
export { wishlistMessages } from './wishlist.messages';
