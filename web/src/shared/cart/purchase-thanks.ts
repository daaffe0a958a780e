import { notifications } from '@mantine/notifications';
import { cartCount, clearCart, readCart } from './cart.store';
import { purchaseResultMessages as messages } from './purchase-result.messages';

/** Spec 9: the purchase toast stays 10 s. */
export const PURCHASE_TOAST_MS = 10_000;

/**
 * After a paid checkout: thanks the buyer (10 s) and empties the cart, only when the cart still held
 * the bought items, so a reload of the page does not thank twice. Answers whether it did.
 */
export function thankForPurchase(): boolean {
  if (cartCount(readCart()) === 0) return false;
  clearCart();
  notifications.show({
    id: 'purchase-result',
    color: 'teal',
    message: messages.thanks,
    autoClose: PURCHASE_TOAST_MS,
  });
  return true;
}
