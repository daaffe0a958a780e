import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { GameType } from '../graphql/generated/graphql';
import { useOwnership } from '../ownership';
import { useSession } from '../session';
import { skinCardMessages as messages } from './skin-card.messages';
import { CartPriceButton, priceIconSize } from '../item-card/cart-price-button';
import classes from '../item-card/price-button.module.css';
import { useSkinDownload } from './use-skin-download';

export interface PricedSkin {
  id: string;
  url: string;
  title: string;
  /** Euros; 0 is free. */
  price: number;
  /** The sale running on it now (the button shows the sale price). */
  sale?: { salePrice: number } | null;
  author: { id: string };
  /** The skin's game: the download's toast then shows where the file goes. */
  type?: GameType;
}

export interface SkinPriceButtonProps {
  skin: PricedSkin;
  /** The viewer bought it; by default the viewer's owned skins say so (`useOwnership`). */
  owned?: boolean;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /** The download's toast shows where the file goes; off where the page shows the helper itself. */
  installHint?: boolean;
}

/**
 * The skin's button in the states of spec 4: the author's own skin 'My Skin' (hover: Download),
 * an owned one 'Owned' (Download), one in the cart 'In cart' (disabled), a paid one its price (adds
 * it to the cart), a free one 'Free' (downloads; disabled for 5 s after a click).
 */
export function SkinPriceButton({
  skin,
  owned,
  size = 'sm',
  fullWidth = false,
  installHint = true,
}: SkinPriceButtonProps) {
  const { user } = useSession();
  const ownership = useOwnership();
  const { download, locked } = useSkinDownload();
  const isOwned = owned ?? ownership.ownsSkin(skin.id);
  const common = { size, fullWidth, className: classes.button };
  const iconSize = priceIconSize(size);

  const isAuthor = user !== null && String(user.id) === skin.author.id;
  if (isAuthor || isOwned) {
    return (
      <Button
        {...common}
        className={`${classes.button} ${classes.swap}`}
        variant="light"
        disabled={locked}
        onClick={() => download(skin.url, installHint ? skin.type : undefined)}
        leftSection={<IconDownload size={iconSize} aria-hidden />}
        aria-label={isAuthor ? messages.downloadOwn(skin.title) : messages.downloadOwned(skin.title)}
      >
        <span className={classes.idleLabel}>{isAuthor ? messages.mySkin : messages.owned}</span>
        <span className={classes.hoverLabel}>{messages.download}</span>
      </Button>
    );
  }

  if (skin.price > 0) {
    return <CartPriceButton kind="skin" item={skin} iconSize={iconSize} {...common} />;
  }

  return (
    <Button
      {...common}
      variant="outline"
      disabled={locked}
      onClick={() => download(skin.url, installHint ? skin.type : undefined)}
      leftSection={<IconDownload size={iconSize} aria-hidden />}
      aria-label={messages.downloadFree(skin.title)}
    >
      {messages.free}
    </Button>
  );
}
