import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRefreshOwnership } from '../ownership';
import { purchaseResultMessages as messages } from './purchase-result.messages';
import { PURCHASE_TOAST_MS, thankForPurchase } from './purchase-thanks';

export type PurchaseResult = 'success' | 'failed';

export function purchaseResultOf(pathname: string): PurchaseResult | null {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/success')) return 'success';
  if (path.endsWith('/failed')) return 'failed';
  return null;
}

/**
 * The checkout result a page was opened with (/skins/success, /bundles/failed, /success, …), for its
 * banner. On arrival it shows the toast (10 s): on success only when the cart still held the bought
 * items (spec 2.5; a reload of the page does not thank twice), then empties the cart (spec 4) and
 * asks again what the viewer owns; on failure every time the page is opened.
 */
export function usePurchaseResult(): PurchaseResult | null {
  const { pathname, key } = useLocation();
  const result = purchaseResultOf(pathname);
  const refreshOwnership = useRefreshOwnership();
  const refreshRef = useRef(refreshOwnership);
  useEffect(() => {
    refreshRef.current = refreshOwnership;
  });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!result || handled.current === key) return;
    handled.current = key;
    if (result === 'failed') {
      notifications.show({
        id: 'purchase-result',
        color: 'red',
        message: messages.cancelled,
        autoClose: PURCHASE_TOAST_MS,
      });
      return;
    }
    if (thankForPurchase()) void refreshRef.current();
  }, [result, key]);

  return result;
}
