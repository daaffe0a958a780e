import { formatDate, formatPrice } from '../format';

export const saleMessages = {
  badge: (percentOff: number) => `−${percentOff} %`,
  saleBadge: 'Sale',
  until: (endsAt: string) => `Sale until ${formatDate(endsAt)}`,
  reference: (price: number) => `Lowest price in the 30 days before the sale: ${formatPrice(price)}`,
  /** A checkout line: the reduction the server applied, included in the total below. */
  checkoutReduction: (label: string, item: string) => `${label} on ${item} (included)`,
} as const;
