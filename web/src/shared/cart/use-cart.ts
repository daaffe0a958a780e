import { useSyncExternalStore } from 'react';
import { addToCart, cartCount, clearCart, readCart, removeFromCart, subscribeToCart } from './cart.store';
import type { CartContents, CartItemKind } from './cart.store';

const emptyCart: CartContents = { skins: [], bundles: [] };

export interface CartValue {
  /** Skin and bundle ids in the cart, in the order they were added. */
  items: CartContents;
  /** Number of skins plus bundles. */
  count: number;
  add: (kind: CartItemKind, id: number) => void;
  remove: (kind: CartItemKind, id: number) => void;
  contains: (kind: CartItemKind, id: number) => boolean;
  clear: () => void;
}

/** The cart in localStorage, kept in sync across components and browser tabs. */
export function useCart(): CartValue {
  const items = useSyncExternalStore(subscribeToCart, readCart, () => emptyCart);
  return {
    items,
    count: cartCount(items),
    add: addToCart,
    remove: removeFromCart,
    contains: (kind, id) => (kind === 'skin' ? items.skins : items.bundles).includes(id),
    clear: clearCart,
  };
}
