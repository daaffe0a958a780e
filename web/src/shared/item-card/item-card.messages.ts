import { formatPrice } from '../format';

// Texts the skin card and the bundle card share (the author line, the paid button's two states).
export const itemCardMessages = {
  byAuthor: 'by',
  inCart: 'In cart',
  addToCart: (title: string, price: number) => `Add ${title} to the cart for ${formatPrice(price)}`,
} as const;
