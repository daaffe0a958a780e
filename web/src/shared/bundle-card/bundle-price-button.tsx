import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconGift, IconStack2 } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { CartPriceButton, priceIconSize } from '../item-card/cart-price-button';
import classes from '../item-card/price-button.module.css';
import { useOwnership } from '../ownership';
import { useSession } from '../session';
import { bundleCardMessages as messages } from './bundle-card.messages';

// The contents dialog (Mantine's Modal, its scroll area and positioning code, the skin cards' grid)
// loads when first opened, not with every bundle card.
const BundleContentsModal = lazy(() =>
  import('./bundle-contents-modal').then((module) => ({ default: module.BundleContentsModal })),
);

export interface PricedBundle {
  id: string;
  url: string;
  title: string;
  /** Euros; 0 is free. */
  price: number;
  /** The sale running on it now (the button shows the sale price). */
  sale?: { salePrice: number } | null;
  author: { id: string };
  /** Only counted (the modal's skeleton while the contents load). */
  skins?: readonly unknown[];
}

export interface BundlePriceButtonProps {
  bundle: PricedBundle;
  /** The viewer bought it; by default the viewer's owned bundles say so (`useOwnership`). */
  owned?: boolean;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  className?: string;
}

/**
 * The bundle's button in the states of spec 4: the author's own bundle 'My Bundle' (hover:
 * Contents), an owned one 'Owned' (Contents), one in the cart 'In cart' (disabled), a paid one its
 * price (adds it to the cart), a free one 'Free'. 'Contents' and 'Free' open the modal with the
 * bundle's skins, from where free skins download one by one.
 */
export function BundlePriceButton({
  bundle,
  owned,
  size = 'sm',
  fullWidth = false,
  className,
}: BundlePriceButtonProps) {
  const { user } = useSession();
  const ownership = useOwnership();
  const [modalOpen, setModalOpen] = useState(false);
  // The modal mounts on first use and stays for its closing transition.
  const [modalUsed, setModalUsed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const buttonClass = `${classes.button} ${className ?? ''}`;
  const common = { size, fullWidth };
  const iconSize = priceIconSize(size);

  const openContents = () => {
    setModalUsed(true);
    setModalOpen(true);
  };
  const modal = modalUsed ? (
    <Suspense fallback={null}>
      <BundleContentsModal
        bundle={bundle}
        opened={modalOpen}
        onClose={() => setModalOpen(false)}
        onExited={() => opener.current?.focus()}
      />
    </Suspense>
  ) : null;

  const isAuthor = user !== null && String(user.id) === bundle.author.id;
  const isOwned = owned ?? ownership.ownsBundle(bundle.id);
  if (isAuthor || isOwned) {
    return (
      <>
        <Button
          {...common}
          className={`${buttonClass} ${classes.swap}`}
          variant="light"
          ref={opener}
          onClick={openContents}
          aria-haspopup="dialog"
          leftSection={<IconStack2 size={iconSize} aria-hidden />}
          aria-label={isAuthor ? messages.myBundleLabel(bundle.title) : messages.ownedLabel(bundle.title)}
        >
          <span className={classes.idleLabel}>{isAuthor ? messages.myBundle : messages.owned}</span>
          <span className={classes.hoverLabel}>{messages.contents}</span>
        </Button>
        {modal}
      </>
    );
  }

  if (bundle.price > 0) {
    return (
      <CartPriceButton kind="bundle" item={bundle} iconSize={iconSize} className={buttonClass} {...common} />
    );
  }

  return (
    <>
      <Button
        {...common}
        className={buttonClass}
        variant="outline"
        ref={opener}
        onClick={openContents}
        aria-haspopup="dialog"
        leftSection={<IconGift size={iconSize} aria-hidden />}
        aria-label={messages.freeLabel(bundle.title)}
      >
        {messages.free}
      </Button>
      {modal}
    </>
  );
}
