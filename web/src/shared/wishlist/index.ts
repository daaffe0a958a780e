// The wishlist heart of cards and item pages.
export { REFRESHED_BY_WISHES, WishHeart } from './wish-heart';
export type { WishHeartProps } from './wish-heart';
export { wishlistMessages } from './wishlist.messages';
