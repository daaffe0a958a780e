import { Anchor, Badge, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SkinCardFieldsFragment } from '../graphql/generated/graphql';
import { gameNames } from './game-types';
import { skinCardMessages as messages } from './skin-card.messages';
import { SkinPriceButton } from './skin-price-button';
import { SkinStars } from './skin-stars';
import { SkinThumbnail } from './skin-thumbnail';
import { SocialShortcut } from './social-shortcut';
import { DeferredTooltip } from '../ui/deferred-tooltip';
import { WishHeart } from '../wishlist/lazy-wish-heart';
import { ItemCardAuthor } from '../item-card/item-card-author';
import { SaleNote } from '../sale';
import base from '../item-card/item-card.module.css';
import classes from './skin-card.module.css';

/** A card shows the first tags only (the list's order: style first); the skin page shows them all. */
const CARD_TAGS_MAX = 3;

export interface SkinCardProps {
  skin: SkinCardFieldsFragment;
  /** The level of the card's title in the page outline. */
  headingOrder?: 2 | 3 | 4;
  /** Hides the price button (previews). */
  withButton?: boolean;
  /** A card at the top of its page: its picture loads at once (see SkinThumbnail). */
  lead?: boolean;
}

/**
 * DESIGN.md's skin card: the 16:9 picture, the title, the author's flag and name, the stars with the
 * count, the downloads, the game, and the price button. The picture and the title lead to the skin, the name to the
 * author; the card itself is no link, so each control keeps its own focus and name.
 */
export function SkinCard({ skin, headingOrder = 3, withButton = true, lead = false }: SkinCardProps) {
  const titleId = useId();
  const skinPath = `/skins/${encodeURIComponent(skin.url)}`;
  const game = gameNames[skin.type];

  return (
    <article className={`${base.card} ${classes.card}`} aria-labelledby={titleId}>
      <div className={base.media}>
        {/* The title link below is the same destination for keyboards and screen readers. */}
        <Link to={skinPath} className={classes.mediaLink} tabIndex={-1} aria-hidden="true">
          <SkinThumbnail src={skin.thumbnail?.cardUrl} alt={skin.title} lead={lead} />
        </Link>
        <DeferredTooltip label={game.name} withArrow openDelay={300}>
          <Badge className={base.overlayBadge} data-position="start" radius="sm" size="sm" variant="filled">
            <span aria-hidden>{game.short}</span>
            <VisuallyHidden>{game.name}</VisuallyHidden>
          </Badge>
        </DeferredTooltip>
        {skin.published ? null : (
          <Badge className={classes.hidden} radius="sm" size="sm" color="magenta" variant="filled">
            {messages.hidden}
          </Badge>
        )}
        <SocialShortcut kind="skin" url={skin.url} title={skin.title} className={classes.socialShortcut} />
        {/* Over the picture's top corner, where a hidden skin's badge would be: only listed skins can be wished. */}
        {withButton && skin.published ? (
          <WishHeart itemType="SKIN" itemId={skin.id} title={skin.title} className={classes.wish} />
        ) : null}
      </div>

      <div className={base.body}>
        <Title order={headingOrder} className={base.title} id={titleId}>
          <Anchor component={Link} to={skinPath} className={base.titleLink} lineClamp={1}>
            {skin.title}
          </Anchor>
        </Title>

        <ItemCardAuthor author={skin.author} linkClassName={classes.authorLink} />

        {skin.tags.length > 0 ? (
          <ul className={classes.tags} aria-label={messages.tagsLabel} data-testid="skin-card-tags">
            {skin.tags.slice(0, CARD_TAGS_MAX).map((tag) => (
              <li key={tag.id} className={classes.tag} data-tag={tag.slug}>
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}

        {skin.sale ? <SaleNote sale={skin.sale} compact /> : null}
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm" className={base.footer}>
          <Group gap={10} className={classes.stats}>
            <SkinStars average={skin.rating.average} count={skin.rating.totalRatings} />
            <Group
              gap={3}
              wrap="nowrap"
              role="img"
              aria-label={messages.downloadsLabel(skin.downloads.total)}
              className={classes.downloads}
              data-downloads={skin.downloads.total}
            >
              <IconDownload size={14} aria-hidden />
              <Text component="span" size="xs" aria-hidden>
                {messages.downloadsShort(skin.downloads.total)}
              </Text>
            </Group>
          </Group>
          {withButton ? <SkinPriceButton skin={skin} /> : null}
        </Group>
      </div>
    </article>
  );
}
