import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cartCount, clearCart, readCart } from './cart.store';

export type PurchaseResult = 'success' | 'failed';

export function purchaseResultOf(pathname: string): PurchaseResult | null {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/success')) return 'success';
  if (path.endsWith('/failed')) return 'failed';
  return null;
}

/**
 * The checkout result a page was opened with (/skins/success, /bundles/failed, /success, …).
 * On success the cart is cleared (spec 4); `onSuccess` learns whether it held anything.
 */
export function usePurchaseResult(onSuccess?: (cartHadItems: boolean) => void): PurchaseResult | null {
  const { pathname } = useLocation();
  const result = purchaseResultOf(pathname);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });

  useEffect(() => {
    if (result !== 'success') return;
    const cartHadItems = cartCount(readCart()) > 0;
    if (cartHadItems) clearCart();
    onSuccessRef.current?.(cartHadItems);
  }, [result, pathname]);

  return result;
}
