import { ItemCardSkeleton } from '../item-card/item-card-skeleton';
import classes from './skin-card.module.css';

/** The card's shape while the list loads. */
export function SkinCardSkeleton() {
  return <ItemCardSkeleton className={classes.card} lineWidths={['75%', '45%']} footerStartHeight={14} />;
}
