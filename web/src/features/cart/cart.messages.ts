// Texts of the cart and checkout screen (spec 2.12).
export const cartMessages = {
  title: 'Shopping cart',
  eyebrow: 'Checkout',
  empty: 'There are no items in your shopping cart.',
  exploreSkins: 'Explore skins',
  exploreBundles: 'Browse bundles',
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  skinCount: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'}`,
  bundleCount: (count: number) => `${count} ${count === 1 ? 'bundle' : 'bundles'}`,
  inYourCart: 'In your cart',
  clubAccessTitle: 'Trackmania (2020) skins need club access',
  clubAccessText:
    'Custom skins can only be used in the 2020 edition with the paid club access. Players without it have no known way to use them.',
  clear: 'Empty the cart',
} as const;
