import { formatPrice } from '../format';

// Texts the skin and bundle cards and pages share (the author line, the paid button's two states,
// the status badges).
export const itemCardMessages = {
  byAuthor: 'by',
  hiddenBadge: 'Hidden',
  inCart: 'In cart',
  addToCart: (title: string, price: number) => `Add ${title} to the cart for ${formatPrice(price)}`,
} as const;
