// The wishlist heart: `WishHeart` loads lazily (cards), `WishHeartButton` is the heart itself (item pages).
export { WishHeartButton } from './wish-heart';
export { REFRESHED_BY_WISHES } from './wishlist.documents';
