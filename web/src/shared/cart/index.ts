export { useCart } from './use-cart';
export type { CartValue } from './use-cart';
export {
  addToCart,
  CART_STORAGE_KEYS,
  cartCount,
  clearCart,
  isInCart,
  parseCartIds,
  readCart,
  removeFromCart,
  subscribeToCart,
} from './cart.store';
export type { CartContents, CartItemKind } from './cart.store';
export { purchaseResultOf, usePurchaseResult } from './use-purchase-result';
export { PURCHASE_TOAST_MS, thankForPurchase } from './purchase-thanks';
export { purchaseResultMessages } from './purchase-result.messages';
export type { PurchaseResult } from './use-purchase-result';
export { addToCartWithToast } from './cart-toast';
export { cartFeedbackMessages } from './cart-feedback.messages';
