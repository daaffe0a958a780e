import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { formatPrice } from '../format';
import { saleMessages as messages } from './sale.messages';
import classes from './sale-note.module.css';

export interface RunningSaleView {
  name: string;
  salePrice: number;
  referencePrice: number;
  percentOff: number;
  endsAt: string;
}

/** What a buyer pays now: the sale price while a sale runs, the item's own price otherwise. */
export function askedPrice(item: { price: number; sale?: { salePrice: number } | null }): number {
  return item.sale?.salePrice ?? item.price;
}

/**
 * A running sale beside a price: the reduction against the reference price, that reference struck
 * through (the lowest price of the 30 days before the sale, Price Indication Directive Art. 6a) and
 * the sale's end. When the sale price is not below the reference, no reduction is claimed: only the
 * sale's name and end show.
 */
export function SaleNote({ sale, compact = false }: { sale: RunningSaleView; compact?: boolean }) {
  const reduced = sale.salePrice < sale.referencePrice && sale.percentOff > 0;
  return (
    <Group gap={6} wrap="wrap" className={classes.note} data-sale-note>
      <Badge color="red" variant="filled" size={compact ? 'sm' : 'md'} className={classes.badge}>
        {reduced ? messages.badge(sale.percentOff) : messages.saleBadge}
      </Badge>
      {reduced ? (
        <Text component="span" size={compact ? 'xs' : 'sm'} title={messages.reference(sale.referencePrice)}>
          <VisuallyHidden>{messages.reference(sale.referencePrice)}</VisuallyHidden>
          <s aria-hidden className={classes.reference}>
            {formatPrice(sale.referencePrice)}
          </s>
        </Text>
      ) : null}
      <Text component="span" size="xs" c="dimmed">
        {messages.until(sale.endsAt)}
      </Text>
    </Group>
  );
}

/** The full sentence a product page and the checkout show under the price. */
export function SaleReferenceLine({ sale }: { sale: RunningSaleView }) {
  return (
    <Text size="sm" c="dimmed" data-sale-reference>
      {sale.name}: {messages.reference(sale.referencePrice)}. {messages.until(sale.endsAt)}.
    </Text>
  );
}
