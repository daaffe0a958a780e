import { IconSteeringWheel } from '@tabler/icons-react';
import { useFirstScreenShown } from '../ui/after-first-screen';
import { skinCardMessages as messages } from './skin-card.messages';
import base from '../item-card/item-card.module.css';
import classes from './skin-card.module.css';

/**
 * The 16:9 card picture (640x360 webp); a drawn placeholder when there is none. A `lead` card's, at
 * the top of a page, is fetched at once and first: it is the page's largest paint. The others are
 * lazy-loaded, and asked only once the first screen is shown, so that they do not share the
 * connection with it.
 */
export function SkinThumbnail({
  src,
  alt,
  lead = false,
}: {
  src: string | null | undefined;
  alt: string;
  lead?: boolean;
}) {
  const shown = useFirstScreenShown();
  if (!src) {
    return (
      <div
        className={`${base.placeholder} ${classes.placeholder}`}
        role="img"
        aria-label={`${alt}: ${messages.noPicture}`}
      >
        <IconSteeringWheel size={44} stroke={1.3} aria-hidden />
        <span className={classes.placeholderText} aria-hidden>
          {messages.noPicture}
        </span>
      </div>
    );
  }
  return (
    <img
      className={base.image}
      src={lead || shown ? src : undefined}
      alt={alt}
      width={640}
      height={360}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : undefined}
      decoding="async"
    />
  );
}
