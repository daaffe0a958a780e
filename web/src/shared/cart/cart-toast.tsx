import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { addToCart } from './cart.store';
import type { CartItemKind } from './cart.store';
import { cartFeedbackMessages as messages } from './cart-feedback.messages';

const TOAST_ID = 'cart-added';

/**
 * Puts an item in the cart and says so in a toast with a "View cart" link, so the visitor sees
 * that the click did something and where the cart is. One toast at a time: a second add replaces it.
 */
export function addToCartWithToast(kind: CartItemKind, id: number, title: string): void {
  addToCart(kind, id);
  notifications.hide(TOAST_ID);
  notifications.show({
    id: TOAST_ID,
    color: 'teal',
    title: messages.added(title),
    message: (
      <Anchor component={Link} to="/cart/summary" fw={700} onClick={() => notifications.hide(TOAST_ID)}>
        {messages.viewCart}
      </Anchor>
    ),
  });
}
