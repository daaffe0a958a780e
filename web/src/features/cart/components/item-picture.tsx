import { IconStack2, IconSteeringWheel } from '@tabler/icons-react';
import classes from './item-picture.module.css';

/**
 * A skin's or bundle's 16:9 card picture in the cart and on the order confirmation page; without
 * a picture, a placeholder with the kind's icon under the same name.
 */
export function ItemPicture({
  kind,
  src,
  alt,
}: {
  kind: 'skin' | 'bundle';
  src: string | null | undefined;
  alt: string;
}) {
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        className={classes.picture}
        width={160}
        height={90}
        loading="lazy"
        decoding="async"
      />
    );
  return (
    <div className={classes.picture} role="img" aria-label={alt}>
      {kind === 'bundle' ? (
        <IconStack2 size={28} stroke={1.4} aria-hidden />
      ) : (
        <IconSteeringWheel size={28} stroke={1.4} aria-hidden />
      )}
    </div>
  );
}
