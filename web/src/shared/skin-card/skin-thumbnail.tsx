import { IconSteeringWheel } from '@tabler/icons-react';
import { skinCardMessages as messages } from './skin-card.messages';
import classes from './skin-card.module.css';

/** The 16:9 card picture (640x360 webp), lazy-loaded; a drawn placeholder when there is none. */
export function SkinThumbnail({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) {
    return (
      <div className={classes.placeholder} role="img" aria-label={`${alt}: ${messages.noPicture}`}>
        <IconSteeringWheel size={44} stroke={1.3} aria-hidden />
        <span className={classes.placeholderText} aria-hidden>
          {messages.noPicture}
        </span>
      </div>
    );
  }
  return (
    <img
      className={classes.image}
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
    />
  );
}
