import { ItemCardSkeleton } from '../item-card/item-card-skeleton';
import classes from './bundle-card.module.css';

/** The card's shape while the list loads: the stacked edges, the title, author and description lines. */
export function BundleCardSkeleton() {
  return (
    <ItemCardSkeleton
      top={<div className={classes.stack} />}
      lineWidths={['70%', '40%', '90%']}
      footerStartHeight={24}
    />
  );
}
