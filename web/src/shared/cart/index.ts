export { useCart } from './use-cart';
export { usePurchaseResult } from './use-purchase-result';
export { thankForPurchase } from './purchase-thanks';
export { addToCartWithToast } from './cart-toast';
export { cartFeedbackMessages } from './cart-feedback.messages';
