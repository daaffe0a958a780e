import { Anchor, Badge, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconStack2, IconStackFront } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { BundleCardFieldsFragment } from '../graphql/generated/graphql';
import { gameNames } from '../skin-card/game-types';
import { WishHeart } from '../wishlist/lazy-wish-heart';
import { useFirstScreenShown } from '../ui/after-first-screen';
import { bundleCardMessages as messages } from './bundle-card.messages';
import { BundlePriceButton } from './bundle-price-button';
import { askedPrice, SaleNote } from '../sale';
import { bundleSavings } from './bundle-savings';
import { ItemCardAuthor } from '../item-card/item-card-author';
import base from '../item-card/item-card.module.css';
import classes from './bundle-card.module.css';

export interface BundleCardProps {
  bundle: BundleCardFieldsFragment;
  /** The level of the card's title in the page outline. */
  headingOrder?: 2 | 3 | 4;
  /** Shows the purchase button (spec 2.8: optional). */
  withButton?: boolean;
  /** The whole card links to the bundle (spec 2.8: when enabled). */
  linked?: boolean;
  /** A card at the top of its page: its picture loads at once and first (the page's largest paint). */
  lead?: boolean;
}

/**
 * The bundle card of spec 2.8: the thumbnail, the title, the author's flag and name (a link to the
 * author), the description, and the purchase button. The title's link stretches over the whole card,
 * so a click anywhere opens the bundle, while the author's link and the button stay their own
 * controls (no link inside a link).
 */
export function BundleCard({
  bundle,
  headingOrder = 3,
  withButton = true,
  linked = true,
  lead = false,
}: BundleCardProps) {
  const titleId = useId();
  // As a skin card's: the lead picture first, the others once the first screen is shown.
  const pictureShown = useFirstScreenShown() || lead;
  const bundlePath = `/bundles/${encodeURIComponent(bundle.url)}`;
  const game = gameNames[bundle.type];
  const savings = bundleSavings(askedPrice(bundle), bundle.skins);
  const description = bundle.description.trim();

  return (
    <article
      className={`${base.card} ${classes.card}`}
      aria-labelledby={titleId}
      data-linked={linked || undefined}
    >
      {/* The edges of the skins stacked behind the picture: a bundle is a set. */}
      <div className={classes.stack} aria-hidden="true">
        <span className={classes.layerBack} />
        <span className={classes.layerMid} />
      </div>
      <div className={`${base.media} ${classes.media}`}>
        {bundle.thumbnail?.cardUrl ? (
          <img
            className={base.image}
            src={pictureShown ? bundle.thumbnail.cardUrl : undefined}
            alt={bundle.title}
            width={640}
            height={360}
            loading={lead ? 'eager' : 'lazy'}
            fetchPriority={lead ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div
            className={`${base.placeholder} ${classes.placeholder}`}
            role="img"
            aria-label={`${bundle.title}: ${messages.noPicture}`}
          >
            <IconStackFront size={44} stroke={1.3} aria-hidden />
          </div>
        )}
        <Badge className={base.overlayBadge} data-position="start" radius="sm" size="sm" variant="filled">
          <span aria-hidden>{game.short}</span>
          <VisuallyHidden>{game.name}</VisuallyHidden>
        </Badge>
        <Badge
          className={base.overlayBadge}
          data-position="end"
          radius="sm"
          size="sm"
          variant="filled"
          leftSection={<IconStack2 size={12} aria-hidden />}
        >
          {messages.skinCount(bundle.skins.length)}
        </Badge>
        {bundle.published ? null : (
          <Badge className={classes.hidden} radius="sm" size="sm" color="magenta" variant="filled">
            {messages.hidden}
          </Badge>
        )}
      </div>

      <div className={base.body}>
        <Title order={headingOrder} className={base.title} id={titleId}>
          {linked ? (
            <Anchor
              component={Link}
              to={bundlePath}
              className={`${base.titleLink} ${classes.titleLink}`}
              lineClamp={1}
            >
              {bundle.title}
            </Anchor>
          ) : (
            bundle.title
          )}
        </Title>

        <ItemCardAuthor author={bundle.author} linkClassName={classes.raised} />

        {description ? (
          <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
            {description}
          </Text>
        ) : null}

        {bundle.sale ? <SaleNote sale={bundle.sale} compact /> : null}
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm" className={base.footer}>
          {savings > 0 ? (
            <Badge
              variant="light"
              color="magenta"
              radius="sm"
              size="lg"
              className={classes.savings}
              aria-label={messages.saveLabel(savings)}
            >
              {messages.save(savings)}
            </Badge>
          ) : (
            <span />
          )}
          {withButton ? (
            <Group gap={8} wrap="nowrap" className={classes.raised}>
              <WishHeart itemType="BUNDLE" itemId={bundle.id} title={bundle.title} size="lg" />
              <BundlePriceButton bundle={bundle} />
            </Group>
          ) : null}
        </Group>
      </div>
    </article>
  );
}
