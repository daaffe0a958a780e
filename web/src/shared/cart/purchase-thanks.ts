import { notifications } from '@mantine/notifications';
import { cartCount, clearCart, readCart } from './cart.store';
import { purchaseResultMessages as messages } from './purchase-result.messages';

/** Spec 9: the purchase toast stays 10 s. */
export const PURCHASE_TOAST_MS = 10_000;

/**
 * After a paid checkout: thanks the buyer (10 s) and empties the cart, only when the cart still held
 * the bought items, so a reload of the page does not thank twice. Answers whether it did. The order
 * confirmation page passes `toast: false`: its heading already thanks the buyer and says where the
 * links are, and a toast would cover that heading on a phone.
 */
export function thankForPurchase({ toast = true }: { toast?: boolean } = {}): boolean {
  if (cartCount(readCart()) === 0) return false;
  clearCart();
  if (!toast) return true;
  notifications.show({
    id: 'purchase-result',
    color: 'teal',
    message: messages.thanks,
    autoClose: PURCHASE_TOAST_MS,
  });
  return true;
}
