import type { OrderItemType } from './order.events';

export type CheckoutResultPages = { success: string; failed: string };

/**
 * Where a buyer lands after paying or cancelling (spec 2.1, 2.2): a signed-in buyer sees their
 * collection, a guest the list of what they bought (bundles when the order holds one, else skins),
 * each with the success or failed banner.
 */
export function checkoutResultPages(order: {
  guest: boolean;
  itemTypes: readonly OrderItemType[];
}): CheckoutResultPages {
  const base = !order.guest ? '/me/collection' : order.itemTypes.includes('BUNDLE') ? '/bundles' : '/skins';
  return { success: `${base}/success`, failed: `${base}/failed` };
}

/**
 * The confirmation page a buyer lands on after paying: the order's number and the key signed for
 * the order (what lets a guest, who has no session, read it).
 */
export function orderConfirmationPath(externalId: string, key: string): string {
  return `/orders/${encodeURIComponent(externalId)}?k=${encodeURIComponent(key)}`;
}
