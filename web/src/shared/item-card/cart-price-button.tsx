import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconShoppingCartCheck, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { addToCartWithToast, cartFeedbackMessages, useCart } from '../cart';
import { formatPrice } from '../format';
import { useOwnership } from '../ownership';
import { askedPrice } from '../sale';
import { itemCardMessages as messages } from './item-card.messages';
import classes from './price-button.module.css';

export interface CartPriceButtonProps {
  kind: 'skin' | 'bundle';
  /** `sale`: the sale running on it, whose price the button shows (the server applies it at checkout). */
  item: { id: string; title: string; price: number; sale?: { salePrice: number } | null };
  size: ButtonProps['size'];
  fullWidth: boolean;
  className?: string;
  iconSize: number;
}

/**
 * The price button of a paid skin or bundle the viewer neither wrote nor owns: its price (adds it to
 * the cart), or 'In cart' (a link to the cart) once it is there.
 */
export function CartPriceButton({ kind, item, size, fullWidth, className, iconSize }: CartPriceButtonProps) {
  const cart = useCart();
  const ownership = useOwnership();
  const id = Number(item.id);
  const common = { size, fullWidth, className };
  if (cart.contains(kind, id)) {
    return (
      <Button
        {...common}
        // In the cart: a link to it (the visitor's next step), not a dead button.
        component={Link}
        to="/cart/summary"
        variant="default"
        leftSection={<IconShoppingCartCheck size={iconSize} aria-hidden />}
        aria-label={cartFeedbackMessages.inCartLink(item.title)}
      >
        {messages.inCart}
      </Button>
    );
  }
  return (
    <Button
      {...common}
      // Until the owned ids are known, a signed-in viewer cannot add it (it may be theirs already).
      disabled={!ownership.ready}
      onClick={() => addToCartWithToast(kind, id, item.title)}
      leftSection={<IconShoppingCartPlus size={iconSize} aria-hidden />}
      aria-label={messages.addToCart(item.title, askedPrice(item))}
    >
      <span className={classes.price}>{formatPrice(askedPrice(item))}</span>
    </Button>
  );
}

/** The price button's icon size for a button size. */
export const priceIconSize = (size: ButtonProps['size']) => (size === 'lg' || size === 'xl' ? 20 : 16);
