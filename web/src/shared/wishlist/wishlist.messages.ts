// Texts of the wishlist heart (cards, skin and bundle pages).
export const wishlistMessages = {
  wish: (title: string) => `Add ${title} to your wishlist`,
  unwish: (title: string) => `Remove ${title} from your wishlist`,
  wished: (title: string) => `${title} is on your wishlist.`,
  unwished: (title: string) => `${title} was removed from your wishlist.`,
  failed: 'Your wishlist could not be changed. Please try again.',
};
